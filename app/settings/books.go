package settings

import (
	"os"
	"path/filepath"
	"strings"

	"shogi/game/book"
)

// BookSetting is the settings file's [book] table.
type BookSetting struct {
	Files []string    `toml:"files" comment:"opening books in YaneuraOu's text format (shogi book build makes one), consulted in this order:\nthe first that has a position answers for it (the study's book panel, the hint, the levels' play)"`
	Play  PickSetting `toml:"play" comment:"how the built-in levels play from the books: weighted (at random, in proportion to how often each move was played), best (the best score) or off"`
	Plies int         `toml:"plies" comment:"the levels play from the books while the position's move number is at most this (16: each side's first eight moves)"`
}

// PickSetting is book.Pick as the settings file writes it.
type PickSetting book.Pick

func (v *PickSetting) UnmarshalText(b []byte) error {
	x, err := book.ParsePick(string(b))
	*v = PickSetting(x)
	return err
}

func (v PickSetting) MarshalText() ([]byte, error) { return []byte(book.Pick(v).String()), nil }

// defaultBookSetting: no books; once there are, the levels play from them
// weighted by count for YaneuraOu's BookMoves plies.
func defaultBookSetting() BookSetting {
	return BookSetting{Play: PickSetting(book.Weighted), Plies: book.DefaultMoves}
}

// BookPlies are the values the settings page steps the plies through.
var BookPlies = []int{2, 4, 6, 8, 10, 12, 16, 20, 24, 30, 40, 60, 80}

// BookPaths are the settings' books, in order, with ~ read as the home
// directory.
func (s *Settings) BookPaths() []string {
	var out []string
	for _, f := range s.Book.Files {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, ExpandHome(f))
		}
	}
	return out
}

// BookOptions are how the built-in levels play from the books (the
// settings' paths); ok is false when there are no books or the setting
// is off.
func (s *Settings) BookOptions() (paths []string, o book.Options, ok bool) {
	paths = s.BookPaths()
	bs := s.Book
	if len(paths) == 0 || book.Pick(bs.Play) == book.Off || bs.Plies <= 0 {
		return nil, book.Options{}, false
	}
	o = book.Options{Pick: book.Pick(bs.Play), Moves: bs.Plies, EvalDiff: -1}
	if o.Pick == book.Best {
		o.EvalDiff = 0 // the best score only, at random among equals
	}
	return paths, o, true
}

// ExpandHome reads a leading ~/ as the home directory.
func ExpandHome(p string) string {
	if rest, ok := strings.CutPrefix(p, "~/"); ok {
		if h, err := os.UserHomeDir(); err == nil {
			return filepath.Join(h, rest)
		}
	}
	return p
}
