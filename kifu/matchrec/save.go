package matchrec

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"shogi/game"
	"shogi/kifu"
)

// Save writes a finished game to dir as KIF, named by its date
// and players: 20260102-1504 山田 vs Fairy-Stockfish.kif. A name the
// KIF's Shift_JIS cannot spell makes it a UTF-8 .kifu instead.
func Save(dir string, rec *kifu.Record, names [2]string, began time.Time) (string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	base := began.Format("20060102-1504") + " " + fileSafe(names[game.Black]) + " vs " + fileSafe(names[game.White])
	for _, ext := range []string{".kif", ".kifu"} {
		path := uniquePath(filepath.Join(dir, base+ext))
		err := kifu.WriteFile(path, rec)
		if err == nil {
			return path, nil
		}
		os.Remove(path)
		if ext == ".kifu" {
			return "", err
		}
	}
	return "", nil
}

// uniquePath adds (2), (3) … before the extension while path exists.
func uniquePath(path string) string {
	ext := filepath.Ext(path)
	stem := strings.TrimSuffix(path, ext)
	p := path
	for i := 2; ; i++ {
		if _, err := os.Stat(p); errors.Is(err, os.ErrNotExist) {
			return p
		}
		p = fmt.Sprintf("%s (%d)%s", stem, i, ext)
	}
}

// fileSafe makes a player's name usable in a file name.
func fileSafe(s string) string {
	s = strings.Map(func(r rune) rune {
		switch r {
		case '/', '\\', ':', '*', '?', '"', '<', '>', '|', 0:
			return '-'
		}
		if r < ' ' {
			return -1
		}
		return r
	}, strings.TrimSpace(s))
	if s == "" {
		s = "-"
	}
	if r := []rune(s); len(r) > 40 {
		// Cut, and no space left before " vs " or the extension.
		s = strings.TrimSpace(string(r[:40]))
	}
	return s
}
