package lobby

import (
	"shogi/game"
	"shogi/game/match"
)

// Control is the seat's match.Control of the table's game, for a screen
// that shows it: requests are the seat's side's only, refused once the
// seat is gone (ErrGone); taking back, pausing and claiming an impasse
// are not allowed at a table (a draw is offered instead). It needs the
// game to have begun.
func (s *Seat) Control() match.Control {
	if s.far != nil {
		return s.far.Control()
	}
	return seatControl{s}
}

type seatControl struct{ s *Seat }

func (c seatControl) Snapshot() match.Snapshot       { return c.s.Match().Snapshot() }
func (c seatControl) Subscribe() *match.Subscription { return c.s.Match().Subscribe() }

// side checks a request for side want against the seat.
func (c seatControl) side(want game.Color) (*match.Match, game.Color, error) {
	m, side, err := c.s.playing()
	if err != nil {
		return nil, 0, err
	}
	if want != side {
		return nil, 0, match.ErrNotYourTurn
	}
	return m, side, nil
}

func (c seatControl) SubmitMove(want game.Color, mv game.Move) error {
	m, side, err := c.side(want)
	if err != nil {
		return err
	}
	return m.SubmitMove(side, mv)
}

func (c seatControl) Resign(want game.Color) error {
	m, side, err := c.side(want)
	if err != nil {
		return err
	}
	return m.Resign(side)
}

func (c seatControl) Declare(want game.Color) error {
	m, side, err := c.side(want)
	if err != nil {
		return err
	}
	return m.Declare(side)
}

func (c seatControl) OfferDraw(want game.Color) error {
	m, side, err := c.side(want)
	if err != nil {
		return err
	}
	return m.OfferDraw(side)
}

func (c seatControl) DeclineDraw(want game.Color) error {
	m, side, err := c.side(want)
	if err != nil {
		return err
	}
	return m.DeclineDraw(side)
}

func (seatControl) Undo(int) error { return match.ErrNotAllowed }
func (seatControl) Pause() error   { return match.ErrNotAllowed }
func (seatControl) Resume() error  { return match.ErrNotAllowed }
func (seatControl) Step() error    { return match.ErrNotAllowed }
func (seatControl) Impasse() error { return match.ErrNotAllowed }
