// Package usi speaks the Universal Shogi Interface: the vocabulary every
// engine shares (an engine's score, its info lines, the limits of a search,
// its best move), the wire format in both directions, and a client that
// runs one engine process.
//
// The types are shared by the built-in engine (game/bot), the match layer
// (game/match) and the TUI, so an engine's thinking looks the same
// whichever program produced it.
//
// The wire format lives in one place (wire.go) for both sides of the
// protocol: what a GUI sends (FormatPosition, FormatGo, FormatSetOption)
// and reads (ParseInfo, ParseBestMove, ParseCheckmate, ParseOption), and
// what an engine reads (ParsePosition, ParseGo, ParseSetOption) and sends
// (FormatInfo, FormatBestMove, FormatCheckmate, FormatOption). Moves are
// read against the position: an illegal PV is cut, an illegal position is
// refused.
//
// Engine runs a program: Start reads its id and options up to usiok, sets
// options it declared (values checked against their types) and waits for
// readyok; Go sends the position and limits and waits for bestmove,
// sending stop when its context ends. Every wait has a deadline. The
// engine's stderr and the transcript go to a log, never to the terminal.
// Whatever the engine does wrong — it cannot be run, exits, closes its
// output, does not answer, sends an unreadable move or a flood of junk,
// will not quit — comes back as an *Error naming the engine and the
// fault; a process that stops answering is killed.
//
// The package imports only the standard library and game.
package usi
