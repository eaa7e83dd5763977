package common

import (
	"shogi/app/settings"
	"shogi/app/words"
	"shogi/game"
)

// PieceStyle is how pieces and coordinates are drawn: a value of the
// settings file, named here for the screens.
type PieceStyle = settings.PieceStyle

const (
	Kanji          = settings.Kanji
	Western        = settings.Western
	ASCII          = settings.ASCII
	KIF            = settings.KIF
	NumPieceStyles = settings.NumPieceStyles
)

// ParsePieceStyle reads "kanji", "western", "ascii" or "kif".
func ParsePieceStyle(name string) (PieceStyle, error) { return settings.ParsePieceStyle(name) }

// SideLabel names a side for the screen: ▲先手, △White, or Black where
// the terminal shows no marks.
func SideLabel(c game.Color, w *words.Words, ascii bool) string {
	if ascii {
		return w.SideName(c)
	}
	if c == game.White {
		return "△" + w.SideName(c)
	}
	return "▲" + w.SideName(c)
}
