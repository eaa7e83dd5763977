package game

import "math/rand/v2"

// PawnFace is how one tossed pawn landed.
type PawnFace uint8

const (
	FaceFu      PawnFace = iota // 歩 face up
	FaceTo                      // と face up
	FaceUncount                 // on its edge, or on another pawn: not counted
)

func (f PawnFace) String() string { return [...]string{"歩", "と", "・"}[f%3] }

// Furigoma is the result of the five-pawn toss (振り駒).
type Furigoma struct {
	Tosses        [][5]PawnFace // every toss, ties included; the last decided
	TosserIsBlack bool          // more 歩 than と: the tosser plays Black (sente)
}

// uncountedChance is how often a pawn lands standing or on another one.
const uncountedChance = 0.02

// TossPawns performs furigoma by the professional rule: five of one
// player's pawns are tossed; more 歩 face up means that player is Black,
// more と means the other player is Black. Pawns that land on their edge
// or on another pawn do not count, and a tie is tossed again.
func TossPawns(r *rand.Rand) Furigoma {
	var f Furigoma
	for {
		var toss [5]PawnFace
		fu, to := 0, 0
		for i := range toss {
			switch {
			case r.Float64() < uncountedChance:
				toss[i] = FaceUncount
			case r.IntN(2) == 0:
				toss[i] = FaceFu
				fu++
			default:
				toss[i] = FaceTo
				to++
			}
		}
		f.Tosses = append(f.Tosses, toss)
		if fu != to {
			f.TosserIsBlack = fu > to
			return f
		}
	}
}
