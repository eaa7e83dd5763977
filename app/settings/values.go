package settings

import (
	"fmt"
	"strings"
	"time"

	"shogi/game/match"
	"shogi/game/notation"
)

// The display settings are plain values here, with their names and
// parsing; the screens map them to styles, palettes and words.

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

// Japanese reports whether the style writes kanji and kanji coordinates.
func (s PieceStyle) Japanese() bool { return s == Kanji || s == KIF }

// Theme chooses the palette: the light or dark one, or whichever suits the
// background the terminal reports.
type Theme int

const (
	ThemeAuto Theme = iota
	ThemeLight
	ThemeDark
)

var themeNames = []string{"auto", "light", "dark"}

func (t Theme) String() string { return themeNames[int(t)%len(themeNames)] }

// ParseTheme reads "auto", "light" or "dark".
func ParseTheme(s string) (Theme, error) {
	for i, n := range themeNames {
		if strings.EqualFold(s, n) {
			return Theme(i), nil
		}
	}
	return ThemeAuto, fmt.Errorf("unknown theme %q (want auto, light or dark)", s)
}

// WidthPolicy is how wide the app takes East Asian "ambiguous" characters
// (▲△, ×, box drawing, arrows) to be. Most terminals draw them one column
// wide, CJK ones two. The board grid uses none of them, so it lines up
// under either policy; the policy only decides how the text around the
// board is padded.
type WidthPolicy int

const (
	Narrow WidthPolicy = iota // ambiguous characters take one column
	Wide                      // ambiguous characters take two columns
)

func (p WidthPolicy) String() string {
	if p == Wide {
		return "wide"
	}
	return "narrow"
}

// ParseWidthPolicy reads "narrow" or "wide".
func ParseWidthPolicy(s string) (WidthPolicy, error) {
	switch strings.ToLower(s) {
	case "narrow":
		return Narrow, nil
	case "wide":
		return Wide, nil
	}
	return Narrow, fmt.Errorf("unknown width %q (want narrow or wide)", s)
}

// Lang is the language of the app's own words. Move notation and piece
// style are separate settings: an English screen may show kanji pieces
// and KI2 moves, and a Japanese one Western notation.
type Lang int

const (
	English Lang = iota
	Japanese
)

func (l Lang) String() string {
	if l == Japanese {
		return "ja"
	}
	return "en"
}

// ParseLang reads "en" or "ja" (or "english", "japanese", "日本語").
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(s) {
	case "en", "english":
		return English, nil
	case "ja", "japanese", "日本語":
		return Japanese, nil
	}
	return English, fmt.Errorf("unknown language %q (want en or ja)", s)
}

// Bell is when the terminal's bell rings in a game, as lishogi's clock
// sounds do: on the opponent's move, on each of the person's last five
// seconds (of byōyomi, or of the main time), or both.
type Bell int

// The bell settings.
const (
	BellOff   Bell = iota // never
	BellMoves             // the opponent's move
	BellClock             // each of the person's last five seconds
	BellAll               // both
	NumBells
)

var bellNames = [NumBells]string{"off", "moves", "clock", "all"}

func (b Bell) String() string { return bellNames[int(b)%len(bellNames)] }

// OnMoves reports whether the bell rings on the opponent's move.
func (b Bell) OnMoves() bool { return b == BellMoves || b == BellAll }

// OnClock reports whether the bell rings on the last seconds.
func (b Bell) OnClock() bool { return b == BellClock || b == BellAll }

// ParseBell reads "off", "moves", "clock" or "all".
func ParseBell(s string) (Bell, error) {
	for i, n := range bellNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Bell(i), nil
		}
	}
	return BellOff, fmt.Errorf("unknown bell %q (want off, moves, clock or all)", s)
}

// The wrappers below read and write the settings' values as the names
// the command line uses.

type (
	PieceSetting    PieceStyle
	NotationSetting notation.Style
	ThemeSetting    Theme
	LangSetting     Lang
	WidthSetting    WidthPolicy
	BellSetting     Bell
	Duration        time.Duration
)

func (v *PieceSetting) UnmarshalText(b []byte) error {
	x, err := ParsePieceStyle(string(b))
	*v = PieceSetting(x)
	return err
}

func (v PieceSetting) MarshalText() ([]byte, error) { return []byte(PieceStyle(v).String()), nil }

func (v *NotationSetting) UnmarshalText(b []byte) error {
	x, err := notation.ParseStyle(string(b))
	*v = NotationSetting(x)
	return err
}

func (v NotationSetting) MarshalText() ([]byte, error) {
	return []byte(strings.ToLower(notation.Style(v).String())), nil
}

func (v *ThemeSetting) UnmarshalText(b []byte) error {
	x, err := ParseTheme(string(b))
	*v = ThemeSetting(x)
	return err
}

func (v ThemeSetting) MarshalText() ([]byte, error) { return []byte(Theme(v).String()), nil }

func (v *LangSetting) UnmarshalText(b []byte) error {
	x, err := ParseLang(string(b))
	*v = LangSetting(x)
	return err
}

func (v LangSetting) MarshalText() ([]byte, error) { return []byte(Lang(v).String()), nil }

func (v *WidthSetting) UnmarshalText(b []byte) error {
	x, err := ParseWidthPolicy(string(b))
	*v = WidthSetting(x)
	return err
}

func (v WidthSetting) MarshalText() ([]byte, error) { return []byte(WidthPolicy(v).String()), nil }

func (v *BellSetting) UnmarshalText(b []byte) error {
	x, err := ParseBell(string(b))
	*v = BellSetting(x)
	return err
}

func (v BellSetting) MarshalText() ([]byte, error) { return []byte(Bell(v).String()), nil }

func (v *Duration) UnmarshalText(b []byte) error {
	s := strings.TrimSpace(string(b))
	if s == "" || s == "0" {
		*v = 0
		return nil
	}
	x, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("%q is not a duration (write it as 10m, 30s, 1h30m, 500ms)", s)
	}
	if x < 0 {
		return fmt.Errorf("%q: a time cannot be negative", s)
	}
	*v = Duration(x)
	return nil
}

func (v Duration) MarshalText() ([]byte, error) {
	return []byte(match.ShortDuration(time.Duration(v))), nil
}
