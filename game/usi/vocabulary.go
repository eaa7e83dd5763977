package usi

import "shogi/game/engine"

// The engine vocabulary lives in game/engine; these names keep code
// written against the old place compiling while branches merge. New code
// uses game/engine.
type (
	// Deprecated: use engine.Request.
	Request = engine.Request
	// Deprecated: use engine.Searcher.
	Searcher = engine.Searcher
	// Deprecated: use engine.Bound.
	Bound = engine.Bound
	// Deprecated: use engine.Score.
	Score = engine.Score
	// Deprecated: use engine.Info.
	Info = engine.Info
	// Deprecated: use engine.Limits.
	Limits = engine.Limits
	// Deprecated: use engine.BestMove.
	BestMove = engine.BestMove
)

// Deprecated: use engine.Exact, engine.Lower, engine.Upper and
// engine.MateUnknown.
const (
	Exact       = engine.Exact
	Lower       = engine.Lower
	Upper       = engine.Upper
	MateUnknown = engine.MateUnknown
)
