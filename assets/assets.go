// Package assets holds the data the terminal app ships inside the binary:
// the help text, the piece glyph table and a sample game record.
package assets

import (
	"embed"
	"fmt"
	"strings"
)

// Help is the full key list shown by `?` in play mode.
//
//go:embed help.txt
var Help string

//go:embed pieces.tsv
var piecesTSV string

// Samples holds sample records (samples/*.kif), for trying the study mode.
//
//go:embed samples
var Samples embed.FS

// Glyph is how one piece type is drawn in each piece style.
type Glyph struct {
	SFEN    string // the type as SFEN writes it for Black: "P", "+R"
	Kanji   string // one kanji (two columns wide)
	Western string // one or two letters: "P", "+P"
}

// Glyphs returns the piece glyph table from pieces.tsv, keyed by SFEN letters.
// The table is read from embedded data, so an error means the binary was
// built from a broken file.
func Glyphs() (map[string]Glyph, error) {
	out := map[string]Glyph{}
	for i, line := range strings.Split(piecesTSV, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("pieces.tsv:%d: want 3 tab-separated fields, got %d", i+1, len(f))
		}
		out[f[0]] = Glyph{SFEN: f[0], Kanji: f[1], Western: f[2]}
	}
	return out, nil
}
