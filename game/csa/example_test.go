package csa_test

import (
	"fmt"
	"os"

	"shogi/game/csa"
)

func ExampleParseLine() {
	for _, line := range []string{"+7776FU,T3", "%TORYO", "#RESIGN", "#WIN", "##[LIST] +OK"} {
		m, _ := csa.ParseLine(line)
		fmt.Printf("%T %+v\n", m, m)
	}
	// Output:
	// csa.Move {Text:+7776FU Time:3 HasTime:true Comment:}
	// csa.Special {Word:TORYO Time:0 HasTime:false}
	// csa.ResultLine {Reason:RESIGN Outcome:}
	// csa.ResultLine {Reason: Outcome:WIN}
	// csa.X1 {Tag:LIST Text:+OK}
}

// A summary the reference server sent for a buoy game with four moves
// played already and a Fischer clock.
func ExampleParseSummary() {
	text, _ := os.ReadFile("testdata/shogi-server/x1-buoy-30-5F.txt")
	s, err := csa.ParseSummary(string(text))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Names, "we play", s.YourTurn)
	fmt.Println(s.Time[0].Total, "+", s.Time[0].Increment, "a move")
	fmt.Println(len(s.Moves), "moves played; left:", s.Clock().Left)
	// Output:
	// [erin frank] we play Black
	// 30s + 5s a move
	// 4 moves played; left: [38s 38s]
}
