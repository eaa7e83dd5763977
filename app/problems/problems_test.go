package problems

import (
	"shogi/game"
	"testing"
)

// Whatever a file holds, reading its problems names each one and says
// why one does not read; none panics.
func FuzzRead(f *testing.F) {
	f.Add([]byte("6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1 moves S*1c 2a1c\n# c\nk7k/9/9/9/9/9/9/9/9 b G 1\n"))
	f.Add([]byte("x\t1\tclassic\t6k2/9/6P2/9/9/9/9/9/9 b G 1\tG*3b\n"))
	f.Add([]byte("P1 *  *  *  *  *  *  *  * -OU\nP-00AL\n+\n+0012KI\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, np := range Read(data, "f") {
			if np.Name == "" || np.Err == nil && np.Problem.Start.KingSquare(np.Problem.Start.SideToMove().Other()) == game.NoSquare {
				t.Fatalf("%q: %+v", data, np)
			}
		}
	})
}
