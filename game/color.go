package game

// Color is a side: Black (sente, moves first in even games) or White (gote).
type Color uint8

const (
	Black Color = iota
	White
)

// Other returns the opponent.
func (c Color) Other() Color { return c ^ 1 }

func (c Color) String() string {
	if c == Black {
		return "Black"
	}
	return "White"
}

// Japanese returns 先手 or 後手.
func (c Color) Japanese() string {
	if c == Black {
		return "先手"
	}
	return "後手"
}
