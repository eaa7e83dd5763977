package kifu_test

import (
	"errors"
	"fmt"
	"os"

	"shogi/game"
	"shogi/kifu"
)

func ExampleRead() {
	text := "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 投了\n"
	r, err := kifu.Read([]byte(text), "game.kif")
	if err != nil {
		panic(err)
	}
	e, _ := r.Ending()
	fmt.Println(r.Handicap, r.MainMoves(), e)
	// Output: 平手 [7g7f 3c3d 8h2b+] resign
}

func ExampleRead_illegalMove() {
	// The third move is not legal: the record comes back up to the move
	// before it, with an error saying where and why.
	text := "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２四歩(27)\n"
	r, err := kifu.Read([]byte(text), "game.kif")
	var pe *kifu.ParseError
	var ime *game.IllegalMoveError
	if errors.As(err, &pe) && errors.As(err, &ime) {
		fmt.Println(pe.Line, pe.Ply, ime.Rule)
	}
	fmt.Println(r.MainMoves())
	// Output:
	// 3 3 the piece cannot move there
	// [7g7f 3c3d]
}

func ExampleWrite() {
	r, _ := kifu.Read([]byte("position startpos moves 7g7f 3c3d"), "")
	if err := kifu.Write(os.Stdout, r, kifu.KI2, kifu.WriteOptions{}); err != nil {
		panic(err)
	}
	fmt.Println("---")
	kifu.Write(os.Stdout, r, kifu.CSA, kifu.WriteOptions{})
	// Output:
	// #KI2 version=2.0 encoding=UTF-8
	// 手合割：平手
	// ▲７六歩    △３四歩
	// ---
	// V2.2
	// PI
	// +
	// +7776FU
	// -3334FU
}
