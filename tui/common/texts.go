package common

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"shogi/app/words"
	"shogi/game/match"
)

// SaveFailure says why path could not be written, naming the user's path
// and never the temporary file the atomic write went through.
func SaveFailure(w *words.Words, path string, err error) string {
	dir := filepath.Dir(path)
	if fi, serr := os.Stat(dir); errors.Is(serr, os.ErrNotExist) {
		return fmt.Sprintf(w.SaveNoFolder, path, dir)
	} else if serr == nil && !fi.IsDir() {
		return fmt.Sprintf(w.SaveNotFolder, path, dir)
	}
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return fmt.Sprintf(w.SaveFailed, path, err)
}

// TimeControlText describes both sides' allowances for the title: one
// when they agree, Black's then White's when they differ.
func TimeControlText(w *words.Words, tc [2]match.TimeControl) string {
	if tc[0] == tc[1] {
		return w.TimeControl(tc[0])
	}
	return "▲" + w.TimeControl(tc[0]) + " △" + w.TimeControl(tc[1])
}
