// Package game implements the rules of shogi: the board, pieces and hands,
// legal move generation (drops, promotion, nifu, uchifuzume, dead pieces),
// SFEN, handicap starts, furigoma and the ways a game ends (checkmate,
// sennichite, jishōgi, entering-king declaration, resignation, fouls).
//
// Squares are named as players name them: file 1–9 counted from Black's
// right, rank 1–9 (or a–i) from White's side. Black (sente, ▲) moves up the
// board toward rank 1; White (gote, △) moves down.
//
// A Position is a small value: Play returns a new one, so a history is a
// slice of positions and a bot can think on a copy without locks. It keeps
// the board twice, as a piece per square and as SquareSets (bitboards) by
// colour and kind; move generation works on the sets, and a search gets
// the same tools: Attackers, AttacksFrom, GivesCheck, SEE, and moves in
// stages (LegalCaptures, LegalQuiets, LegalChecks).
//
// The package imports only the standard library.
package game
