package bot

import (
	"testing"

	"shogi/game"
)

// mirror returns p with the colours swapped and the board turned round:
// the same position seen from the other side.
func mirror(p *game.Position) game.Position {
	q := game.EmptyPosition()
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.NoPiece {
			q.Put(game.NumSquares-1-s, game.NewPiece(pc.Color().Other(), pc.Type()))
		}
	}
	for _, c := range []game.Color{game.Black, game.White} {
		for _, t := range game.HandTypes {
			q.SetHand(c.Other(), t, p.Hand(c, t))
		}
	}
	q.SetSideToMove(p.SideToMove().Other())
	return q
}

// The evaluation is from the side to move's view and knows no colour: a
// position and its mirror image score the same. A weight indexed the
// wrong way round for White shows up here.
func TestEvaluationIsSymmetric(t *testing.T) {
	for _, p := range samplePositions(t, 60, 150) {
		q := mirror(&p)
		if a, b := evaluate(&p), evaluate(&q); a != b {
			t.Fatalf("%s scores %d, its mirror %s scores %d", p.SFEN(), a, q.SFEN(), b)
		}
	}
}

func TestEvaluationSeesMaterial(t *testing.T) {
	start := game.StartPosition()
	for _, c := range []struct {
		name string
		sfen string
	}{
		{"a rook up", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
		{"a bishop in hand", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b B 1"},
		{"a tokin on 3c", "lnsgkgsnl/1r5b1/pppppp+Ppp/9/9/9/PPPPPP1PP/1B5R1/LNSGKGSNL b P 1"},
	} {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := evaluate(&p), evaluate(&start); a <= b+200 {
			t.Errorf("%s: %d, the start %d", c.name, a, b)
		}
	}
	// The same piece is worth more in hand than on the board.
	if handValue[game.Gold] <= pieceValue[game.Gold] || handValue[game.Pawn] <= pieceValue[game.Pawn] {
		t.Error("pieces in hand are not worth more than on the board")
	}
}

func TestSEE(t *testing.T) {
	for _, c := range []struct {
		sfen, move string
		want       int
	}{
		// Rook takes a pawn the gold on 5b defends: it wins the pawn and loses the rook.
		{"8k/4g4/4p4/9/9/9/9/4R4/K8 b - 1", "5h5c", captureValue(game.Pawn) - captureValue(game.Rook)},
		// Undefended: the pawn for free.
		{"8k/9/4p4/9/9/9/9/4R4/K8 b - 1", "5h5c", captureValue(game.Pawn)},
		// Promoting on the capture adds the dragon's gain, and the gold takes the dragon.
		{"8k/4g4/4p4/9/9/9/9/4R4/K8 b - 1", "5h5c+", captureValue(game.Pawn) + promoteGain(game.Rook) - captureValue(game.Dragon)},
		// A pawn takes a silver the gold defends: silver for pawn.
		{"8k/4g4/4s4/4P4/9/9/9/9/K8 b - 1", "5d5c", captureValue(game.Silver) - captureValue(game.Pawn)},
		// The lance behind the rook x-rays through it: rook takes, gold takes, lance takes back.
		{"8k/4g4/4p4/9/9/9/9/4R4/K3L4 b - 1", "5h5c", captureValue(game.Pawn) - captureValue(game.Rook) + captureValue(game.Gold)},
		// A drop onto a square the king alone guards, with a defender: the king may not take.
		{"9/9/9/9/9/3S5/9/4k4/K8 b G 1", "G*5g", 0},
		// The same drop undefended: the king takes it.
		{"9/9/9/9/9/9/9/4k4/K8 b G 1", "G*5g", -captureValue(game.Gold)},
		// A quiet move to a safe square.
		{"8k/4g4/4p4/9/9/9/9/4R4/K8 b - 1", "5h6h", 0},
	} {
		p, err := game.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseUSI(c.move)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("%s in %s: %v", c.move, c.sfen, err)
		}
		if !m.IsDrop() {
			m = p.NewMove(m.From(), m.To(), m.IsPromotion())
		}
		if got := see(&p, m); got != c.want {
			t.Errorf("see(%s, %s) = %d, want %d", c.sfen, c.move, got, c.want)
		}
	}
}
