// Package csa is the client side of the CSA server protocol (version
// 1.2.1, with floodgate's x1 extensions): how engines and people play
// each other on floodgate and every server that speaks it.
//
// The wire format lives in wire.go for both directions: ParseLine reads
// one line from the server into a Message (a login answer, a move with
// its time and comment, a special move, a result, an x1 reply, a
// keep-alive); FormatMove writes a move and EngineComment an engine's
// view of it as floodgate shows it ("+7776FU,'* 52 -3334FU +2726FU").
// ParseSummary reads a game summary, every field of it, into a Summary
// (Summary.String writes it back); a summary that does not read or
// contradicts itself is a *SummaryError saying on which line and why.
// Clock keeps time as the server does. Results are data: a Reason (the
// server's # line) and an Outcome, which Result.Game turns into the
// rules' terms.
//
// Client is one connection: Dial connects and logs in (plainly, or with
// x1), Game asks for a game in x1 mode, List and Who read x1's lists,
// WaitSummary waits for a game to be proposed, Agree and Reject answer it.
// Agree returns a Game, which sends moves, resignations and declarations
// and reads what the server says of the game, up to its Result. Every read
// has a deadline; whatever the server or the network does wrong — the
// address does not answer, the connection drops, a line is not the
// protocol, no answer comes in time, a login is refused — comes back as
// an *Error with a Kind saying what and an Op saying where. A keep-alive
// goroutine sends a blank line when the client has been quiet for the
// configured interval. The password is never written to the log.
//
// Player makes the server's side of a game a match.Player and the
// match's referee (match.Referee), so the match (game/match) plays a
// server's game like any other, the server judging: see Player.
//
// The package imports only the standard library and game's packages.
package csa
