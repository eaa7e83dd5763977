// Package notation reads and writes a single shogi move in every notation
// players use: USI, CSA, Western (Hodges), Hosking numeric, Japanese (KI2
// and KIF forms), romaji, and the kanji-free "new method". Each style is
// both a formatter and a parser; ParseAny tries them all.
package notation

import (
	"errors"
	"fmt"
	"strings"

	"shogi/game"
)

// Style is a notation system.
type Style int

const (
	USI        Style = iota // 7g7f, 8h2b+, P*5e
	CSA                     // +7776FU, -3334FU, +0055KA
	Western                 // Hodges: P-7f, Sx3c+, G6h-7h, L*5e
	Hosking                 // numeric Western: P-76, S33-22+, P*22
	KI2                     // Japanese: ▲７六歩, △同　歩, ▲２二銀左成
	KIF                     // Japanese with origin: ７六歩(77), 同　歩(34), ５五角打
	Romaji                  // 76 Fu, 33 Gin Hidari Agaru Narazu, Dou Gin Nari
	Sassersson              // new method: 22gin↗+, 22to↓, 22gin□, 〃gin
)

// Styles lists every style, in the order the TUI cycles through them.
var Styles = []Style{KI2, Western, Hosking, Romaji, Sassersson, KIF, CSA, USI}

var styleKeys = map[Style]string{USI: "usi", CSA: "csa", Western: "western", Hosking: "hosking",
	KI2: "ki2", KIF: "kif", Romaji: "romaji", Sassersson: "sassersson"}

// String returns the style's key: "usi", "western", …
func (s Style) String() string {
	if k, ok := styleKeys[s]; ok {
		return k
	}
	return fmt.Sprintf("style(%d)", int(s))
}

// ParseStyle returns the style for a key (case-insensitive).
func ParseStyle(key string) (Style, error) {
	k := strings.ToLower(strings.TrimSpace(key))
	for s, name := range styleKeys {
		if name == k {
			return s, nil
		}
	}
	switch k {
	case "hodges":
		return Western, nil
	case "japanese", "kanji":
		return KI2, nil
	case "new", "newmethod":
		return Sassersson, nil
	}
	return 0, fmt.Errorf("unknown notation %q (want usi, csa, western, hosking, ki2, kif, romaji or sassersson)", key)
}

// ErrNotImplemented marks a style not written yet.
var ErrNotImplemented = errors.New("notation: not implemented")

// Format writes m, which must be legal in p, in style s. prev is the move
// played just before (game.NoMove if none), so 同 / Dou / 〃 come out right.
func Format(p *game.Position, m game.Move, s Style, prev game.Move) string {
	return m.USI()
}

// Parse reads text in style s as exactly one legal move in p. prev is the
// previous move, for 同 / Dou / 〃.
func Parse(p *game.Position, text string, s Style, prev game.Move) (game.Move, error) {
	return game.NoMove, ErrNotImplemented
}

// ParseAny reads text in whichever style it is written in.
func ParseAny(p *game.Position, text string, prev game.Move) (game.Move, error) {
	return game.NoMove, ErrNotImplemented
}
