package csatest

import (
	"net"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/csa"
)

// Declarable is a game from the even start, in USI moves, that reaches a
// position where Black, to move, can declare an entering-king win (the
// 27-point rule: the king in the zone, ten pieces there, 28 points with
// the hand). A cooperative greedy search found it (both sides helping
// Black). Tests give it to the reference server as a buoy game and check
// that it accepts Black's %KACHI.
const Declarable = `
5i6h 5a6b 8g8f 4c4d 8f8e 8c8d 8e8d 8b8c 8d8c 1c1d R*5a 9c9d 5a4a+ 6b7b G*3b 7c7d
3b2b 3c3d B*6b 9d9e 2b3a 2c2d S*5b 9a9b 6b7a 7b7c S*5a 7c8d 3a2a 8d8e N*9c 8e7e
9c8a+ 7e8d N*9c 5c5d 5b6a+ 3d3e G*9a 9e9f 9g9f 4d4e 9a9b 8d7c L*6b 7c7b 2a1a 4e4f
4g4f 3e3f 3g3f 7b7c L*4b 7d7e 3f3e 7e7f 7g7f 6c6d 8h2b+ 7c7b 6h7g 7b7c 7g6f 2d2e
6f7e 7c7b 7e7d 6d6e 9i9g 5d5e 3e3d 1d1e 8i7g 2e2f 2i3g 2f2g+ P*2e 2g1g P*1b 1e1f
2e2d 6e6f 7g6e 6f6g P*6c 6g6h 6e7c 1g1h 2h2e 1h2i 1i1f 2i3i 9f9e 3i2i 1f1c+ 6h6i+
3d3c+ 5e5f P*3b 5f5g+ P*5c 5g5f 5c5b+ 6i6h P*5c 6h5h 7f7e 5f6g 3g4e 6g6f 8c8b 6f6g
7i7h 6g6f 4i5h 6f6g 7h6g 2i2h 9g9f 2h1i 6g5f P*2a 5f5e P*4c 2d2c+ P*9d P*2d P*8c
2b2a 4c4d 7d6d S*2b 9e9d G*4c 3b3a+ 8c8d P*3b 8d8e 9f9e 8e8f 5e4d 7b8c 1c2b 8c7b
S*1c 8f8g+ 5h6g 4c3d 4d4c 7b8c 9b9a 1i2i 6g7f 8g9g 7e7d 3d4d 7f6e 4d3d 6d5d 8c7b
6e7e 9g8g 2e3e 7b8c 3e3d 8g9h G*9b 9h9i 7e6e 8c8d 6e6d 2i1i 3d4d 8d8e 4c3d 8e8f
5d4c 8f8e
`

// DeclarableMoves returns Declarable's moves as the protocol writes them,
// checking that they reach a position where Black may declare.
func DeclarableMoves(t testing.TB) []string {
	t.Helper()
	var out []string
	g := game.NewGame(game.StartPosition())
	for _, u := range strings.Fields(Declarable) {
		p := g.Position()
		m, err := p.ParseUSI(u)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			t.Fatalf("Declarable: move %d %s: %v", g.Len()+1, u, err)
		}
		out = append(out, csa.FormatMove(g.LastMove()))
	}
	if p := g.Position(); p.SideToMove() != game.Black || p.CanDeclare() != nil {
		t.Fatalf("Declarable does not reach a declaration: %v", p.CanDeclare())
	}
	return out
}

// SetBuoy asks an x1 server (the reference server) for a buoy game: a
// game name whose games start after moves (as the protocol writes them).
func SetBuoy(t testing.TB, addr, name string, moves []string) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(time.Minute)) // a loaded machine slows Ruby down
	conn.Write([]byte("LOGIN buoysetter pw x1\n%%SETBUOY " + name + " " + strings.Join(moves, "") + " 1\n"))
	var got []byte
	buf := make([]byte, 4096)
	for !strings.Contains(string(got), "##[SETBUOY] +OK") {
		n, err := conn.Read(buf)
		if err != nil {
			t.Fatalf("%%%%SETBUOY: %v after %q", err, got)
		}
		got = append(got, buf[:n]...)
		if strings.Contains(string(got), "##[ERROR]") {
			t.Fatalf("%%%%SETBUOY: %s", got)
		}
	}
}
