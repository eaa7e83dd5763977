package notation_test

import (
	"errors"
	"fmt"

	"shogi/game"
	"shogi/game/notation"
)

func ExampleFormat() {
	p := game.StartPosition()
	m, _ := p.ParseUSI("7g7f")
	for _, s := range notation.Styles() {
		fmt.Printf("%-10v %s\n", s, notation.Format(&p, m, s, game.NoMove))
	}
	// Output:
	// ki2        ▲７六歩
	// western    P-7f
	// hosking    P-76
	// romaji     76 Fu
	// sassersson 76fu
	// kif        ７六歩(77)
	// csa        +7776FU
	// usi        7g7f
}

func ExampleParseAny() {
	// Three golds can reach 7八 (Wikipedia's example).
	p, _ := game.ParseSFEN("4k4/9/9/9/9/9/2G6/3G5/2G1K4 b - 1")
	for _, text := range []string{"７八金寄", "G7i-7h", "78 Kin Hiku", "G-7h"} {
		m, err := notation.ParseAny(&p, text, game.NoMove)
		var amb *notation.AmbiguousError
		if errors.As(err, &amb) {
			fmt.Printf("%s: %v\n", text, err)
			continue
		}
		fmt.Printf("%s: %s\n", text, m.USI())
	}
	// Output:
	// ７八金寄: 6h7h
	// G7i-7h: 7i7h
	// 78 Kin Hiku: 7g7h
	// G-7h: ambiguous: G7g-7h, G6h-7h, G7i-7h
}

func ExampleCheckSyntax() {
	for _, text := range []string{"P-7", "P-7f", "P-7z"} {
		fmt.Println(text, notation.CheckSyntax(text))
	}
	// Output:
	// P-7 partial
	// P-7f complete
	// P-7z invalid
}
