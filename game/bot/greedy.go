package bot

import (
	"math/rand/v2"

	"shogi/game"
)

// Greedy looks one move ahead. For the side to move it:
//
//  1. plays a move that checkmates at once, if there is one (chosen at
//     random among several);
//  2. otherwise scores every legal move by its material result and plays
//     one of the best-scored moves, chosen at random among equals.
//
// A move's score is the value of the piece it captures, plus the value a
// promotion adds, minus what the opponent then wins by the best sequence of
// captures on the destination square (a static exchange evaluation: each
// side recaptures with its least valuable piece and may stop when going on
// would lose). Only the destination square is examined: a move that leaves
// another piece hanging is not seen as a loss. A quiet move to a safe square
// scores 0, so when nothing wins material Greedy plays a random move among
// those that lose nothing; when every move loses, it plays one that loses
// least.
//
// Piece values are those in Value: 歩 1, 香 3, 桂 4, 銀 5, 金 6, 角 8, 飛 10,
// と/杏/圭/全 6, 馬 10, 龍 12.
type Greedy struct{ r *rand.Rand }

// NewGreedy returns a Greedy bot using r to break ties.
func NewGreedy(r *rand.Rand) *Greedy { return &Greedy{r: r} }

// Name returns "greedy".
func (*Greedy) Name() string { return "greedy" }

var values = [game.NumPieceTypes]int{
	game.Pawn: 1, game.Lance: 3, game.Knight: 4, game.Silver: 5, game.Gold: 6,
	game.Bishop: 8, game.Rook: 10, game.King: 1000,
	game.ProPawn: 6, game.ProLance: 6, game.ProKnight: 6, game.ProSilver: 6,
	game.Horse: 10, game.Dragon: 12,
}

// Value returns the material value Greedy gives a piece type (the king's is
// large, though it is never captured in legal play).
func Value(t game.PieceType) int { return values[t%game.NumPieceTypes] }

// Move returns Greedy's choice as described on the type.
func (b *Greedy) Move(p game.Position) (game.Move, error) {
	moves := p.LegalMoves(nil)
	if len(moves) == 0 {
		return game.NoMove, ErrNoMove
	}
	var mates []game.Move
	for _, m := range moves {
		after := p.Play(m)
		if after.IsCheckmate() {
			mates = append(mates, m)
		}
	}
	if len(mates) > 0 {
		return mates[b.r.IntN(len(mates))], nil
	}
	best, bestScore := []game.Move(nil), 0
	for _, m := range moves {
		s := Score(&p, m)
		switch {
		case best == nil || s > bestScore:
			best, bestScore = append(best[:0], m), s
		case s == bestScore:
			best = append(best, m)
		}
	}
	return best[b.r.IntN(len(best))], nil
}

// Score is Greedy's material score of the legal move m in p: what m
// captures and gains by promoting, minus what the opponent wins back by the
// exchange on m's destination.
func Score(p *game.Position, m game.Move) int {
	gain := immediate(m)
	after := p.Play(m)
	return gain - exchange(&after, m.To())
}

// immediate is the material m wins by itself: the captured piece and the
// promotion's increase.
func immediate(m game.Move) int {
	g := 0
	if c := m.Captured(); c != game.NoPiece {
		g += Value(c.Type())
	}
	if m.IsPromotion() {
		t := m.Piece().Type()
		g += Value(t.Promote()) - Value(t)
	}
	return g
}

// exchange is the most the side to move in p can win by capturing on s
// with its least valuable piece and letting the exchange run on; 0 if it
// does better not to capture. Legal moves are used, so pinned pieces and a
// king walking into check are left out.
func exchange(p *game.Position, s game.Square) int {
	var attacker game.Move
	for _, m := range p.LegalMoves(nil) {
		if m.To() != s || m.IsDrop() || m.Captured() == game.NoPiece {
			continue
		}
		if attacker == game.NoMove || lessValuable(m, attacker) {
			attacker = m
		}
	}
	if attacker == game.NoMove {
		return 0
	}
	after := p.Play(attacker)
	if v := immediate(attacker) - exchange(&after, s); v > 0 {
		return v
	}
	return 0
}

// lessValuable orders capturing moves: the cheaper piece first and, for the
// same piece, promoting first (it gains more and the piece is the same).
func lessValuable(a, b game.Move) bool {
	va, vb := Value(a.Piece().Type()), Value(b.Piece().Type())
	if va != vb {
		return va < vb
	}
	return a.IsPromotion() && !b.IsPromotion()
}
