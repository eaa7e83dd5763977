package lobby

import (
	"errors"
	"fmt"
	"strings"

	"shogi/game"
	"shogi/game/match"
)

// ErrNothingToAdopt refuses to take over a table whose game is not in
// progress: one still waiting for its second player closed with its
// creator's node, and a finished one was written by its referee.
var ErrNothingToAdopt = errors.New("that table has no game in progress to take over")

// Adopt sets up again, in this lobby, a table whose referee (another
// node) is gone, from the state it last saved (TableStore): the same
// code, seats, colours, furigoma, moves with their times and chat, and
// the draw offer that stood. Nobody is seated yet: each seat waits for
// its person (Join, as after a dropped connection) for the grace period,
// counted from now, and a person not back by then loses. The clocks
// stand as the moves left them and the game is paused until the side to
// move is back: neither side is charged for the takeover (the side to
// move thinks its turn again from where it began).
//
// The cluster calls Adopt once it holds the table's lease; the table is
// then this lobby's, saved in its Store and listed in its Directory.
func (l *Lobby) Adopt(st TableState) (*Table, error) {
	st.Code = NormalizeCode(st.Code)
	if err := adoptable(st); err != nil {
		return nil, fmt.Errorf("table %s: %w", st.Code, err)
	}
	t := &Table{l: l, done: make(chan struct{}), code: st.Code, opts: st.Options, handicap: st.Handicap, start: st.Start,
		created: st.Created, began: st.Began, toss: st.Toss, chat: append([]ChatEvent(nil), st.Chat...),
		listeners: map[*Feed]struct{}{}, held: true}
	deadline := l.ts.Now().Add(l.cfg.Grace)
	for k, s := range st.Seats {
		t.seats[k] = &seatState{person: Person{Name: s.Name, Key: s.Key}, deadline: deadline}
		t.colour[k] = s.Colour
	}
	notes := make([]match.MoveNote, len(st.Spent))
	for i, d := range st.Spent {
		notes[i] = match.MoveNote{Spent: d}
	}

	l.mu.Lock()
	switch {
	case l.shutdown:
		l.mu.Unlock()
		return nil, ErrShutdown
	case l.tables[st.Code] != nil:
		l.mu.Unlock()
		return nil, fmt.Errorf("table %s: %w", st.Code, ErrCodeTaken)
	case len(l.tables) >= l.cfg.MaxTables:
		l.mu.Unlock()
		return nil, ErrTooMany
	}
	// The game starts with the lobby locked, so that a Shutdown finds it
	// running and interrupts it, and paused before anyone can join. No
	// lock of the lobby's is taken by the match's loop, and nobody else
	// holds the new table's.
	t.mu.Lock()
	err := t.play(st.Moves, notes)
	t.mu.Unlock()
	if err != nil {
		l.mu.Unlock()
		return nil, fmt.Errorf("table %s: %w", st.Code, err)
	}
	if c := t.m.Snapshot().Clock; st.Clock.Control == c.Control && st.Clock.Main != c.Main {
		// The moves' times are the truth the record holds; say so when
		// the clock saved beside them disagrees.
		l.log.Warn("the clocks saved differ from the moves' times", "code", t.code,
			"saved", fmt.Sprint(st.Clock.Main), "replayed", fmt.Sprint(c.Main))
	}
	// No seat is taken and no move can come before the pause: the turn
	// the match began is cancelled, not charged.
	if err := t.m.Pause(); err != nil {
		l.log.Warn("cannot pause the game taken over", "code", t.code, "err", err)
	}
	if st.Offer != nil {
		if err := t.m.OfferDraw(*st.Offer); err != nil {
			l.log.Warn("cannot restore the draw offer", "code", t.code, "err", err)
		}
	}
	l.tables[st.Code] = t
	l.mu.Unlock()
	l.serve(t)
	t.mu.Lock()
	for k, s := range t.seats {
		// The timer starts here, so that a test's fake clock moved on
		// after Adopt returns always fires it.
		wait, stop := l.ts.After(l.cfg.Grace)
		go t.grace(k, s.gen, wait, stop)
	}
	t.keep()
	t.mu.Unlock()
	l.log.Info("game taken over", "code", t.code, "black", t.names[game.Black], "white", t.names[game.White],
		"moves", len(st.Moves), "grace", l.cfg.Grace.String())
	return t, nil
}

// adoptable checks a saved state before a table is set up from it; the
// moves and their times are checked by the match.
func adoptable(st TableState) error {
	switch {
	case !st.Started || st.Over:
		return ErrNothingToAdopt
	case len(st.Code) != codeLen || strings.Trim(st.Code, codeAlphabet) != "":
		return fmt.Errorf("code %q", st.Code)
	case st.Offer != nil && *st.Offer != game.Black && *st.Offer != game.White:
		// The match takes a colour on trust.
		return fmt.Errorf("draw offer by colour %d", *st.Offer)
	case st.Seats[0].Colour == st.Seats[1].Colour:
		return errors.New("both seats have the same colour")
	case len(st.Spent) != len(st.Moves):
		return fmt.Errorf("%d moves but %d times spent", len(st.Moves), len(st.Spent))
	}
	for k, s := range st.Seats {
		if !s.Taken || s.Name == "" || CleanName(s.Name) != s.Name {
			return fmt.Errorf("seat %d: no player, or the name %q", k+1, s.Name)
		}
		if s.Colour != game.Black && s.Colour != game.White {
			return fmt.Errorf("seat %d: colour %d", k+1, s.Colour)
		}
	}
	if err := st.Options.Time.Validate(); err != nil {
		return err
	}
	// The start is the handicap's (the even game's): as Create sets it.
	want := game.StartPosition()
	if st.Handicap != "" {
		h, ok := game.FindHandicap(st.Handicap)
		if !ok {
			return fmt.Errorf("unknown handicap %q", st.Handicap)
		}
		want = h.Position()
	}
	if sp := st.Start; want.SFEN() != sp.SFEN() {
		return fmt.Errorf("the start position %s is not the handicap %q's", sp.SFEN(), handicapName(st.Handicap))
	}
	return nil
}

// resume goes on with a game taken over once the side to move is back.
// t.mu is not held: the match's loop answers.
func (t *Table) resume() {
	if err := t.m.Resume(); err != nil && !errors.Is(err, match.ErrOver) {
		t.l.log.Warn("cannot go on with the game taken over", "code", t.code, "err", err)
	}
}

// heldFor reports whether the game is paused for a takeover until the
// person of seat idx is back, and ends the hold if so; t.mu is held.
func (t *Table) heldFor(idx int) bool {
	if !t.held || t.m == nil {
		return false
	}
	snap := t.m.Snapshot()
	toMove := t.start.SideToMove()
	if len(snap.Moves)%2 == 1 {
		toMove = toMove.Other()
	}
	if t.colour[idx] != toMove {
		return false
	}
	t.held = false
	return true
}
