package game_test

import (
	"fmt"

	"shogi/game"
)

func ExampleParseSFEN() {
	p, err := game.ParseSFEN("8k/9/6NG1/9/9/9/9/9/4K4 b P 1")
	if err != nil {
		panic(err)
	}
	drop, _ := p.ParseUSI("P*1b")
	fmt.Println(p.CheckMove(drop))
	fmt.Println(p.Warnings())
	// Output:
	// illegal move P*1b: checkmate by dropping a pawn (uchifuzume)
	// []
}

func ExamplePerft() {
	p := game.StartPosition()
	fmt.Println(game.Perft(&p, 3))
	// Output: 25470
}

func ExampleGame() {
	g := game.NewGame(game.StartPosition())
	for _, u := range []string{"7g7f", "3c3d", "8h2b+", "3a2b"} {
		p := g.Position()
		m, _ := p.ParseUSI(u)
		if err := g.Play(m); err != nil {
			panic(err)
		}
	}
	p := g.Position()
	fmt.Println(p.SFEN())
	// Output: lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5
}

func ExamplePosition_Attackers() {
	p := game.StartPosition()
	// Who defends 7g, the pawn in front of Black's bishop?
	for s := range p.Attackers(game.NewSquare(7, 7), game.Black).All() {
		fmt.Println(s, p.At(s))
	}
	// Output:
	// 8h Black bishop
	// 8i Black knight
}

func ExampleSquareSet() {
	p := game.StartPosition()
	rooks := p.Pieces(game.Black, game.Rook)
	moves := game.AttacksFrom(game.NewPiece(game.Black, game.Rook), rooks.Lowest(), p.Occupied())
	fmt.Println(moves.AndNot(p.OccupiedBy(game.Black)).Count(), "squares")
	fmt.Println(moves)
	// Output:
	// 6 squares
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . . .
	// . . . . . . . * .
	// . * * * * * * . *
	// . . . . . . . * .
}
