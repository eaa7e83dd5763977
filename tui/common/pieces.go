package common

import (
	"fmt"
	"strings"

	"shogi/game"
	"shogi/tui/words"
)

// PieceStyle is how pieces and coordinates are drawn.
type PieceStyle int

const (
	Kanji   PieceStyle = iota // 歩 香 … with v before White's pieces; ranks 一…九
	Western                   // P L N … +P, v before White's pieces; ranks a…i
	ASCII                     // SFEN letters, upper case Black, lower case White; 7-bit text only
	KIF                       // the board exactly as a KIF/BOD diagram, hands as 持駒 lines
	NumPieceStyles
)

var pieceStyleNames = [NumPieceStyles]string{"kanji", "western", "ascii", "kif"}

func (s PieceStyle) String() string { return pieceStyleNames[int(s)%int(NumPieceStyles)] }

// ParsePieceStyle reads "kanji", "western", "ascii" or "kif".
func ParsePieceStyle(name string) (PieceStyle, error) {
	for i, n := range pieceStyleNames {
		if strings.EqualFold(name, n) {
			return PieceStyle(i), nil
		}
	}
	return 0, fmt.Errorf("unknown piece style %q (want kanji, western, ascii or kif)", name)
}

// japaneseWords reports whether the style writes kanji and kanji coordinates.
func (s PieceStyle) Japanese() bool { return s == Kanji || s == KIF }

// sideLabel names a side for the screen: ▲先手, △White, or Black where
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
