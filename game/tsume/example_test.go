package tsume_test

import (
	"context"
	"fmt"

	"shogi/game/tsume"
)

// An attempt at 大地詰 (a published mate in 7): a move that is not a
// check is refused, each check is answered with the longest defence, and
// the mate is accepted with how it went.
func ExampleSession() {
	start, err := tsume.ParseSFEN("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1")
	if err != nil {
		panic(err)
	}
	s := tsume.NewSession(tsume.Problem{ID: "taichi", Start: start}, tsume.NewDefender(tsume.Options{}), nil)
	for _, text := range []string{"G*4b", "S*1c", "G*1b", "3b2a", "3a3b"} {
		p := s.Position()
		m, _ := p.ParseUSI(text)
		out, err := s.Attack(context.Background(), m)
		if err != nil {
			panic(err)
		}
		switch out.Verdict {
		case tsume.Refused:
			fmt.Println(text, "refused: not a check:", out.Refusal == tsume.NotCheck)
		case tsume.Defended:
			fmt.Println(text, out.Reply, "mate in", out.Remaining, "more")
		case tsume.Solved:
			fmt.Println(text, "mate in", out.Result.Plies, "of", out.Result.Length, "pieces left:", len(out.Result.Left))
		}
	}
	// Output:
	// G*4b refused: not a check: true
	// S*1c 2a1c mate in 5 more
	// G*1b 2b1b mate in 3 more
	// 3b2a 1b2b mate in 1 more
	// 3a3b mate in 7 of 7 pieces left: 0
}

// A composer's problem checked: two first moves mate, and a pawn is left.
func ExampleCheck() {
	start, _ := tsume.ParseSFEN("8k/9/8G/9/9/9/9/9/9 b GP 1")
	r := tsume.Check(context.Background(), tsume.Problem{Start: start}, tsume.Options{})
	fmt.Println("mate in", r.Length, "first moves", r.FirstMoves, "left", r.Left, "grade", r.Grade == tsume.NoGrade)
	// Output: mate in 1 first moves [G*2b G*1b] left [pawn] grade true
}
