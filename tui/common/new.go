package common

import (
	"math/rand/v2"

	"shogi/app/settings"
	"shogi/app/shelf"
	"shogi/app/words"
	"shogi/game/match"
	"shogi/game/notation"
)

// Complete fills in what c leaves out — 80×24 in the dark palette until
// the terminal says otherwise, a seeded Rand, the default settings, the
// system's clock, a book shelf — and derives the rest: the notation (nota
// when the pieces allow it, else the one that goes with them), the width
// policy, the language and the styles. The root builds its Common so,
// and so do the screens' tests.
func Complete(c *Common, nota *notation.Style, width WidthPolicy, lang words.Lang) *Common {
	if c.Width == 0 && c.Height == 0 {
		c.Width, c.Height, c.Dark = 80, 24, true
	}
	if c.Rand == nil {
		c.Rand = rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
	}
	if c.Settings == nil {
		c.Settings = settings.Default()
	}
	if c.Clock == nil {
		c.Clock = match.RealTime{}
	}
	if c.Shelf == nil {
		c.Shelf = shelf.New()
	}
	c.AutoFlip = c.Settings.AutoFlip
	if c.ASCII {
		c.Pieces = ASCII
	}
	c.Notation = DefaultNotation(c.Pieces)
	if nota != nil && (!c.ASCII || AsciiNotation(*nota)) {
		c.Notation = *nota
	}
	c.SetPolicy(width)
	c.SetLang(lang)
	c.Restyle()
	return c
}
