// Package notation reads and writes a single shogi move in every notation
// players use: USI, CSA, Western (Hodges), Hosking numeric, Japanese (KI2
// and KIF forms), romaji, and the kanji-free "new method". Each style is
// both a formatter and a parser; ParseAny tries them all.
//
// Formatting is exact: the CSA, KIF and KI2 text is what ShogiHome writes
// and the Western text is what lishogi writes, so records made here read the
// same there. Parsing is lenient in what it accepts (full-width digits, kanji
// numerals, alternate piece names, side marks, move numbers) and strict in
// what it returns: exactly one legal move, or an error that says why
// (*SyntaxError, *AmbiguousError, *NoPieceError, *IllegalError wrapping a
// *game.IllegalMoveError, *SameSquareError; use errors.As).
//
// Rivals — the other pieces of a kind that make a mark necessary (the
// Western origin square, 右 左 直 上 引 寄 打, their romaji words, the new
// method's arrows) — are those that could reach the square ignoring pins,
// as both reference programs count them. A reader accepts a text with or
// without the mark a pinned rival calls for. The Japanese marks follow
// ShogiHome's rule, which assumes at most two dragons or two horses: in a
// set-up with three of them, which no game reaches, a mark may fit more
// than one move and reading it back reports the ambiguity.
package notation

import (
	"fmt"
	"slices"
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

var styles = []Style{KI2, Western, Hosking, Romaji, Sassersson, KIF, CSA, USI}

// Styles returns every style, in the order the TUI cycles through them.
func Styles() []Style { return slices.Clone(styles) }

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

// marksPromotion reports whether the style writes a mark both when a piece
// promotes and when it declines, so that a missing mark is a question, not
// a refusal.
func (s Style) marksPromotion() bool {
	switch s {
	case Western, Hosking, KI2, Romaji, Sassersson:
		return true
	}
	return false
}

// Format writes m, which must be legal in p, in style s. prev is the move
// played just before (game.NoMove if none), so 同 / Dou / 〃 come out right.
func Format(p *game.Position, m game.Move, s Style, prev game.Move) string {
	var b strings.Builder
	AppendFormat(&b, p, m, s, prev)
	return b.String()
}

// AppendFormat writes m as Format does, into b, so a list of moves can be
// written without a string per move.
func AppendFormat(b *strings.Builder, p *game.Position, m game.Move, s Style, prev game.Move) {
	same := prev != game.NoMove && prev.To() == m.To()
	switch s {
	case USI:
		b.WriteString(m.USI())
	case CSA:
		formatCSA(b, m)
	case Western:
		formatWestern(b, p, m, false)
	case Hosking:
		formatWestern(b, p, m, true)
	case KI2:
		formatKI2(b, p, m, same)
	case KIF:
		formatKIF(b, m, same)
	case Romaji:
		formatRomaji(b, p, m, same)
	case Sassersson:
		formatSassersson(b, p, m, same)
	default:
		b.WriteString(m.USI())
	}
}

// Parse reads text in style s as exactly one legal move in p. prev is the
// previous move, for 同 / Dou / 〃. Styles that share a grammar read each
// other's text (KIF and KI2; Western and Hosking; romaji and the new
// method); s decides what a missing promotion mark means.
func Parse(p *game.Position, text string, s Style, prev game.Move) (game.Move, error) {
	g, ok := grammarOf[s]
	if !ok {
		return game.NoMove, fmt.Errorf("unknown notation %v", s)
	}
	sp, err := scan(text, []grammar{g})
	if err != nil {
		return game.NoMove, err
	}
	sp.style = s
	return resolve(p, sp, prev)
}

// ParseAny reads text in whichever style it is written in. A missing
// promotion mark means "does not promote" in the exact styles (USI, CSA,
// KIF with its origin) and is ambiguous in the others.
func ParseAny(p *game.Position, text string, prev game.Move) (game.Move, error) {
	sp, err := scan(text, allGrammars)
	if err != nil {
		return game.NoMove, err
	}
	return resolve(p, sp, prev)
}

// Detect returns the style text appears to be written in, by its grammar
// alone (no position is needed), or an error saying where it stops reading.
func Detect(text string) (Style, error) {
	sp, err := scan(text, allGrammars)
	if err != nil {
		return 0, err
	}
	return sp.style, nil
}

// Syntax is how far a text gets toward being a move.
type Syntax int

const (
	SyntaxInvalid  Syntax = iota // no style reads it, however it goes on
	SyntaxPartial                // the start of a move: more must follow
	SyntaxComplete               // a whole move in some style (which may still be illegal or ambiguous)
)

func (s Syntax) String() string {
	switch s {
	case SyntaxPartial:
		return "partial"
	case SyntaxComplete:
		return "complete"
	}
	return "invalid"
}

// CheckSyntax tells whether text is a whole move, the start of one, or
// neither, in any style; a move-entry box can colour its text as it is typed.
func CheckSyntax(text string) Syntax {
	_, err := scan(text, allGrammars)
	if err == nil {
		return SyntaxComplete
	}
	if se, ok := err.(*SyntaxError); ok && se.Incomplete {
		return SyntaxPartial
	}
	return SyntaxInvalid
}
