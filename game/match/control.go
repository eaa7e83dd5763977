package match

import (
	"errors"

	"shogi/game"
)

// Control is a game as a screen drives it: the state to draw, the events
// to follow, and what a person at the screen may ask. A local *Match is
// one; a seat at a table of shogi serve is another (its requests are the
// seat's side's only), and so are a spectator's view (which may ask
// nothing), a game on a CSA server and a tsume. The screen holds no copy
// of the game: it draws the snapshot and refreshes it on each event and
// after each request, which the game has applied when the call returns.
type Control interface {
	Snapshot() Snapshot
	Subscribe() *Subscription
	// SubmitMove plays a person's move for side c; Resign resigns for
	// c; Declare declares c's win by entering king (入玉宣言).
	SubmitMove(c game.Color, mv game.Move) error
	Resign(c game.Color) error
	Declare(c game.Color) error
	// Undo takes back n moves.
	Undo(n int) error
	Pause() error
	Resume() error
	Step() error
	// OfferDraw offers a draw for c, or accepts the other side's offer;
	// DeclineDraw turns one down.
	OfferDraw(c game.Color) error
	DeclineDraw(c game.Color) error
	// Impasse ends the game by the 24-point rule, by agreement or claim.
	Impasse() error
}

var _ Control = (*Match)(nil)

// ErrNotAllowed refuses a request the game does not take from this
// screen: taking back or pausing a game at a table, any request from a
// spectator.
var ErrNotAllowed = errors.New("match: not allowed here")

// Watch is a spectator's Control of a game: it follows the game and asks
// nothing of it.
func Watch(g Control) Control { return watcher{g} }

type watcher struct{ g Control }

func (w watcher) Snapshot() Snapshot                   { return w.g.Snapshot() }
func (w watcher) Subscribe() *Subscription             { return w.g.Subscribe() }
func (watcher) SubmitMove(game.Color, game.Move) error { return ErrNotAllowed }
func (watcher) Resign(game.Color) error                { return ErrNotAllowed }
func (watcher) Declare(game.Color) error               { return ErrNotAllowed }
func (watcher) Undo(int) error                         { return ErrNotAllowed }
func (watcher) Pause() error                           { return ErrNotAllowed }
func (watcher) Resume() error                          { return ErrNotAllowed }
func (watcher) Step() error                            { return ErrNotAllowed }
func (watcher) OfferDraw(game.Color) error             { return ErrNotAllowed }
func (watcher) DeclineDraw(game.Color) error           { return ErrNotAllowed }
func (watcher) Impasse() error                         { return ErrNotAllowed }
