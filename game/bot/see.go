package bot

import "example.com/shogi/game"

// seeOrder ranks attackers for the static exchange: the cheapest piece
// captures first, the king last.
var seeOrder = func() [game.NumPieceTypes]int {
	var o [game.NumPieceTypes]int
	for t := range o {
		o[t] = pieceValue[t]
	}
	o[game.King] = 1 << 20
	return o
}()

// see is the static exchange evaluation of the legal move m: the material
// its mover wins (negative: loses) when both sides keep capturing on m's
// destination with their cheapest piece and either may stop. Pins are
// ignored and recaptures do not promote, as is usual.
func see(p *game.Position, m game.Move) int {
	to := m.To()
	var gain [40]int
	gain[0] = 0
	if c := m.Captured(); c != game.NoPiece {
		gain[0] = captureValue(c.Type())
	}
	if m.IsPromotion() {
		gain[0] += promoteGain(m.Piece().Type())
	}
	occ := occupied(p)
	if !m.IsDrop() {
		occ = occ.andNot(setOf(m.From()))
	}
	occ.add(to)
	onSquare := m.PieceAfter().Type() // what the next capture takes
	side := m.Color().Other()
	n := 0
	for n+1 < len(gain) {
		att := attackersTo(p, to, occ)
		// The mover's own piece stands on to and is not in occ's attackers
		// of itself; pick side's cheapest attacker still present.
		best, bestSq := game.NoPieceType, game.NoSquare
		for a := att; !a.Empty(); {
			s := a.Pop()
			pc := p.At(s)
			if pc.Color() != side {
				continue
			}
			if best == game.NoPieceType || seeOrder[pc.Type()] < seeOrder[best] {
				best, bestSq = pc.Type(), s
			}
		}
		if best == game.NoPieceType {
			break
		}
		if best == game.King {
			// The king may take only if the other side has nothing left
			// bearing on the square.
			rest := att.andNot(setOf(bestSq))
			defended := false
			for a := rest; !a.Empty(); {
				if p.At(a.Pop()).Color() != side {
					defended = true
					break
				}
			}
			if defended {
				break
			}
		}
		n++
		gain[n] = captureValue(onSquare) - gain[n-1]
		onSquare = best
		occ = occ.andNot(setOf(bestSq))
		side = side.Other()
	}
	for ; n > 0; n-- {
		gain[n-1] = -max(-gain[n-1], gain[n])
	}
	return gain[0]
}
