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
	data, ext, err := marshalKIF(rec)
	if err != nil {
		return "", err
	}
	base := began.Format("20060102-1504") + " " + fileSafe(names[game.Black]) + " vs " + fileSafe(names[game.White])
	path := uniquePath(filepath.Join(dir, base+ext))
	if err := kifu.WriteFileAtomic(path, data); err != nil {
		return "", err
	}
	return path, nil
}

// WriteKIF writes rec to path (a .kif) as KIF in Shift_JIS, or, when
// the record holds a character Shift_JIS lacks (a name), in UTF-8 beside
// it as path+"u" (.kifu). It returns the file written; the folder is made
// when missing. The SSH lobby writes its games with it, after every move.
func WriteKIF(path string, rec *kifu.Record) (string, error) {
	data, ext, err := marshalKIF(rec)
	if err != nil {
		return "", err
	}
	if ext == ".kifu" {
		path += "u"
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	if err := kifu.WriteFileAtomic(path, data); err != nil {
		return "", err
	}
	return path, nil
}

// marshalKIF is rec as KIF in Shift_JIS, as the format is (ext ".kif"),
// or in UTF-8 (".kifu") when Shift_JIS cannot spell it.
func marshalKIF(rec *kifu.Record) (data []byte, ext string, err error) {
	data, err = kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.ShiftJIS})
	if err == nil {
		return data, ".kif", nil
	}
	data, err = kifu.Marshal(rec, kifu.KIF, kifu.WriteOptions{Encoding: kifu.UTF8})
	return data, ".kifu", err
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
