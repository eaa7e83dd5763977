package kifu

import (
	"strings"

	"shogi/game"
)

// Diagram returns p as a KIF board diagram (BOD): White's hand, the
// board with its frame, Black's hand and the side to move, the form a
// KIF file gives a start in and players copy positions as.
func Diagram(p *game.Position) string {
	var b strings.Builder
	writeBOD(&b, p)
	return b.String()
}

// CSAPosition returns p as a CSA file gives a start: PI with the pieces
// taken away when p is the even start less some pieces, else the nine
// rows P1…P9 and the hands; then the side to move.
func CSAPosition(p *game.Position) string {
	var b strings.Builder
	writeCSAPosition(&b, p)
	return b.String()
}
