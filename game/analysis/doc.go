// Package analysis puts an engine to work on a record, as players use
// ShogiHome for: a Session keeps an engine on "go infinite" for the
// position being looked at and restarts it on every step; Run walks a
// line of moves with a budget per position (the whole-record analysis);
// Judge marks each move by the winning chances it lost (緩手, 疑問手 ?!,
// 悪手 ?, 大悪手 ??) and Summarize gives each side's record.
//
// An Engine is either a USI program (USI, over game/usi) or the built-in
// search (Builtin, over game/bot), behind one interface, and Start makes
// one from a game/match Spec, so "usi:PATH,…" and a level name mean the
// same here as in a match. Neither a Session nor a Run ever blocks its
// caller on the engine: a Session works on its own goroutine and hands
// out Snapshots; a Run is meant for a goroutine of the caller's, reports
// Progress, stops when its context ends and keeps what it has done.
//
// Scores are Values from Black's side (+ is good for Black), the sign
// records use; the engine's own side-to-move scores stay in each Line.
//
// The package imports only the standard library and the game packages.
package analysis
