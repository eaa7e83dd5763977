// Package match plays a game between two players under a clock and tells
// listeners what happens.
//
// A Player chooses moves: a built-in bot (Bot, over any engine.Searcher), a
// USI engine (Engine, over a usi.Engine), or a person (Human), whose moves
// the caller hands to Match.Submit. A Match owns the game, the clock and
// both players: it alone decides whose turn it is, starts the player's
// thinking with the remaining times, checks every answer against the
// rules, and ends the game — mate, resignation, sennichite, perpetual
// check, declaration, impasse, an illegal move, time, or an engine's
// fault — with a Result that says why and keeps everything a record
// needs. In a game a person plays, an engine's fault (a crash, a hang,
// garbage) pauses the game instead (FaultEvent, Snapshot.Fault) until
// Replace fills the seat again. Undo cancels any thinking and sets both
// clocks back; Pause, Step and a move delay let people follow a game
// between bots.
//
// Events (a turn begins, a player's progress, a move, an undo, the end)
// go to every Subscription; a listener that falls behind never holds the
// game up. Time comes from a TimeSource, so tests drive the clock by hand
// (FakeTime).
//
// ParseSpec reads a player as the command line names it ("greedy",
// "usi:/usr/games/fairy-stockfish,Skill Level=-20"), with the built-in
// names taken from game/bot. Elo, LOS and SPRT judge a series of games.
//
// The package imports only the standard library and game's packages.
package match
