package engine

import (
	"time"

	"shogi/game"
)

// Bound says whether a score is exact or only a bound (USI's lowerbound and
// upperbound), as engines report while a search is failing high or low.
type Bound uint8

// The bounds a score can carry.
const (
	Exact Bound = iota
	Lower
	Upper
)

// Score is an engine's evaluation from the side to move's point of view.
type Score struct {
	// Mate is set when Value counts plies to mate rather than centipawns:
	// Value > 0 means the side to move mates in Value plies, Value < 0 that
	// it is mated in -Value plies. USI's "mate +" and "mate -" (a mate of
	// unknown length) are MateUnknown and -MateUnknown.
	Mate  bool
	Value int
	Bound Bound
}

// MateUnknown is the Value of a mate whose length the engine did not give.
const MateUnknown = 1 << 20

// Info is what an engine reports while it searches (a USI info line, or
// the built-in search's progress). Fields the engine did not send are zero;
// HasScore tells a score of 0 from no score.
type Info struct {
	Depth    int
	SelDepth int
	Time     time.Duration
	Nodes    uint64
	NPS      uint64
	HashFull int // per mille
	MultiPV  int // 1-based line number; 0 when the engine did not say
	HasScore bool
	Score    Score
	CurrMove game.Move
	// PV is the principal variation, checked against the position: a PV
	// that turns illegal is cut before the first illegal move.
	PV     []game.Move
	String string // the free text of "info string"
}

// Merge returns i updated by a later line of the same search: an engine
// may send depth, nodes, score and PV on separate lines, so each field
// the later line carries replaces the earlier one and the rest are kept.
func (i Info) Merge(next Info) Info {
	if next.Depth > 0 {
		i.Depth, i.SelDepth = next.Depth, next.SelDepth
	}
	if next.Nodes > 0 {
		i.Nodes, i.NPS = next.Nodes, next.NPS
	}
	if next.NPS > 0 {
		i.NPS = next.NPS
	}
	if next.Time > 0 {
		i.Time = next.Time
	}
	if next.HasScore {
		i.HasScore, i.Score = true, next.Score
	}
	if len(next.PV) > 0 {
		i.PV = next.PV
	}
	if next.HashFull > 0 {
		i.HashFull = next.HashFull
	}
	if next.MultiPV > 0 {
		i.MultiPV = next.MultiPV
	}
	return i
}

// Limits are what a search may spend: the clock, or a fixed budget (the
// fields of a USI go command).
// Zero fields are not sent.
type Limits struct {
	BTime, WTime time.Duration // main time left for Black (sente) and White
	Byoyomi      time.Duration
	BInc, WInc   time.Duration // Fischer increments
	MoveTime     time.Duration
	Depth        int
	Nodes        uint64
	Infinite     bool
	Ponder       bool
}

// BestMove is an engine's answer to go: a move (with the move it expects
// in reply), a resignation, or an entering-king declaration.
type BestMove struct {
	Move   game.Move
	Ponder game.Move
	Resign bool // bestmove resign
	Win    bool // bestmove win: the engine declares (入玉宣言)
}
