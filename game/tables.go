package game

// relRankTable[c][s] is s's rank counted from c's far side (1 = last rank).
var relRankTable [2][NumSquares]int8

func init() {
	for s := range NumSquares {
		relRankTable[Black][s] = int8(s/9 + 1)
		relRankTable[White][s] = int8(9 - s/9)
	}
	initAttacks()
	initZobrist()
}

// mustPromote reports whether a piece of type t arriving on s would have no
// further move unpromoted (a "dead piece", 行き所のない駒).
func mustPromote(c Color, t PieceType, s Square) bool {
	switch t {
	case Pawn, Lance:
		return relRankTable[c][s] == 1
	case Knight:
		return relRankTable[c][s] <= 2
	}
	return false
}
