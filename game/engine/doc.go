// Package engine is the vocabulary every layer speaks to an engine in,
// apart from any protocol: a search request and its limits, the progress
// an engine reports (Info, Score) and its answer (BestMove). game/usi
// speaks it on the wire to engine processes and for `shogi usi`; the
// built-in search (game/bot), the match and analysis use it directly.
package engine
