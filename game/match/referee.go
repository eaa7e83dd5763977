package match

import (
	"errors"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// Referee is a player that stands for a side played on a server which
// keeps the game's clock and rules on it: a CSA server's opponent
// (game/csa's Player). A match with a Referee among its players defers to
// the server:
//
//   - every answer, either side's, is put to the referee before the match
//     applies it (Judge). The other side's answers go to the server; a
//     move comes back with the time the server charged for it and both
//     sides' main time as the server keeps them, which replace the
//     match's own reckoning; an answer the server ends the game on (a
//     resignation, a declaration, an illegal move, a move too late) comes
//     back with that end;
//   - the server may end the game at any moment (Rulings): a side's time
//     ran out while it thought, the other side left, the game was
//     interrupted. The match stops the turn and ends the game so;
//   - the match's own clock only counts down between the server's
//     figures; its flag falls only past Config.Margin, which should cover
//     the server's own grace;
//   - taking moves back, pausing, stepping, impasse claims and draw offers
//     are refused (ErrRefereed): the server knows of none of them.
//
// Endings the rules decide by themselves (checkmate, repetition) end the
// match as they do in any game; the referee hears of them through
// GameOverer, when it implements it, to tell the server what it must hear.
type Referee interface {
	Player
	// Judge rules on side c's answer (a move, a resignation, a
	// declaration; info is the mover's last engine report) before the
	// match applies it. For the referee's own side it gives the figures of
	// the move it just returned from Play.
	Judge(c game.Color, b engine.BestMove, info *engine.Info) Ruling
	// Rulings delivers the endings the server rules while no answer is
	// being judged.
	Rulings() <-chan Result
}

// Ruling is a referee's word on an answer: the server's charge for a
// move it accepted, or the end of the game.
type Ruling struct {
	Spent time.Duration    // the time the move took, as the server charged it
	Main  [2]time.Duration // both sides' main time left after it
	// End, when not nil, ends the game: its game.Result, Why and figures
	// as for any result (Aborted with a Note when the server could not be
	// heard).
	End *Result
}

// ErrRefereed refuses a request the server of a refereed game cannot
// know of: taking back moves, pausing, stepping, claims and offers.
var ErrRefereed = errors.New("match: the game is played on a server, which does not allow that")

// referee returns the match's Referee, if a player is one.
func (m *Match) referee() (Referee, bool) {
	for _, p := range m.cfg.Players {
		if r, ok := p.(Referee); ok {
			return r, true
		}
	}
	return nil, false
}

// rulings is the referee's channel of endings, nil (never ready) without
// one.
func (m *Match) rulings() <-chan Result {
	if r, ok := m.referee(); ok {
		return r.Rulings()
	}
	return nil
}

// refereeRefuses refuses a request a refereed game does not allow.
func (m *Match) refereeRefuses(k reqKind) error {
	if _, ok := m.referee(); !ok {
		return nil
	}
	switch k {
	case reqUndo, reqPause, reqStep, reqImpasse, reqOffer:
		return ErrRefereed
	}
	return nil
}

// judge puts an answer to the referee, when there is one. It returns the
// end the referee ruled, or takes the server's charge for a move: the
// move's time, both clocks, and no fallen flag.
func (m *Match) judge(t *turn, r reply, spent *time.Duration, flagged *bool) (Result, bool) {
	ref, ok := m.referee()
	if !ok || r.err != nil {
		return Result{}, false
	}
	ru := ref.Judge(t.side, r.move, t.last)
	if ru.End != nil {
		return m.ruled(*ru.End), true
	}
	m.mu.Lock()
	*spent, *flagged = ru.Spent, false
	m.clock.main = ru.Main
	m.mu.Unlock()
	return Result{}, false
}

// ruled ends the game as the referee ruled.
func (m *Match) ruled(res Result) Result {
	m.mu.Lock()
	defer m.mu.Unlock()
	if !res.Aborted {
		m.g.Rule(res.Result)
		res.Result = m.g.Result()
	}
	return res
}
