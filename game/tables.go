package game

// Directions, clockwise from Black's "forward" (toward rank 1).
const (
	dirN = iota
	dirNE
	dirE
	dirSE
	dirS
	dirSW
	dirW
	dirNW
)

var dirDelta = [8][2]int{{-1, 0}, {-1, 1}, {0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}} // row, column

func opposite(d int) int { return (d + 4) & 7 }

// flipDir mirrors a direction top to bottom: what Black calls forward,
// White calls backward.
func flipDir(d int) int { return (4 - d) & 7 }

var (
	// neighbor[s][d] is the next square from s in direction d, or NoSquare.
	neighbor [NumSquares][8]Square
	// knightTo[c][s] are the two squares a knight of colour c on s jumps to.
	knightTo [2][NumSquares][2]Square
	// stepDirs and slideDirs are bit sets of directions per coloured piece.
	stepDirs  [NumPieces]uint8
	slideDirs [NumPieces]uint8
	// between[a][b] lists the squares strictly between a and b on a line.
	lineDir [NumSquares][NumSquares]int8
	// relRankTable[c][s] is s's rank counted from c's far side (1 = last rank).
	relRankTable [2][NumSquares]int8
)

func bits(ds ...int) uint8 {
	var b uint8
	for _, d := range ds {
		b |= 1 << d
	}
	return b
}

func init() {
	for s := Square(0); s < NumSquares; s++ {
		r, c := int(s)/9, int(s)%9
		for d := 0; d < 8; d++ {
			nr, nc := r+dirDelta[d][0], c+dirDelta[d][1]
			neighbor[s][d] = NoSquare
			if nr >= 0 && nr < 9 && nc >= 0 && nc < 9 {
				neighbor[s][d] = Square(nr*9 + nc)
			}
		}
		for i, dc := range [2]int{-1, 1} {
			for col, dr := range [2]int{-2, 2} {
				nr, nc := r+dr, c+dc
				t := NoSquare
				if nr >= 0 && nr < 9 && nc >= 0 && nc < 9 {
					t = Square(nr*9 + nc)
				}
				knightTo[col][s][i] = t
			}
		}
		relRankTable[Black][s] = int8(r + 1)
		relRankTable[White][s] = int8(9 - r)
	}
	for s := Square(0); s < NumSquares; s++ {
		for t := Square(0); t < NumSquares; t++ {
			lineDir[s][t] = -1
		}
		for d := 0; d < 8; d++ {
			for t := neighbor[s][d]; t != NoSquare; t = neighbor[t][d] {
				lineDir[s][t] = int8(d)
			}
		}
	}
	gold := bits(dirN, dirNE, dirNW, dirE, dirW, dirS)
	all := bits(dirN, dirNE, dirE, dirSE, dirS, dirSW, dirW, dirNW)
	orth := bits(dirN, dirE, dirS, dirW)
	diag := bits(dirNE, dirSE, dirSW, dirNW)
	step := map[PieceType]uint8{
		Pawn: bits(dirN), Silver: bits(dirN, dirNE, dirNW, dirSE, dirSW), Gold: gold, King: all,
		ProPawn: gold, ProLance: gold, ProKnight: gold, ProSilver: gold, Horse: orth, Dragon: diag,
	}
	slide := map[PieceType]uint8{Lance: bits(dirN), Bishop: diag, Rook: orth, Horse: diag, Dragon: orth}
	for t := PieceType(1); t < NumPieceTypes; t++ {
		stepDirs[NewPiece(Black, t)] = step[t]
		slideDirs[NewPiece(Black, t)] = slide[t]
		stepDirs[NewPiece(White, t)] = flipBits(step[t])
		slideDirs[NewPiece(White, t)] = flipBits(slide[t])
	}
	initZobrist()
}

func flipBits(b uint8) uint8 {
	var out uint8
	for d := 0; d < 8; d++ {
		if b&(1<<d) != 0 {
			out |= 1 << flipDir(d)
		}
	}
	return out
}

// forward returns the direction c's pawns move in.
func forward(c Color) int {
	if c == Black {
		return dirN
	}
	return dirS
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
