package game

var (
	zobPiece [NumPieces][NumSquares]uint64
	zobHand  [2][8]uint64
	zobSide  uint64
)

// initZobrist fills the keys from a fixed splitmix64 stream, so hashes are
// the same in every run (and can be stored).
func initZobrist() {
	x := uint64(0x5EED5B0B1CEC0DE)
	next := func() uint64 {
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ z>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		return z ^ z>>31
	}
	for p := range zobPiece {
		for s := range zobPiece[p] {
			zobPiece[p][s] = next()
		}
	}
	for c := range zobHand {
		for t := range zobHand[c] {
			zobHand[c][t] = next()
		}
	}
	zobSide = next()
}
