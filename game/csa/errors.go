package csa

import (
	"fmt"

	"shogi/game"
)

// Kind says what went wrong with a server or the way to it.
type Kind uint8

// The kinds of fault.
const (
	Unreachable Kind = iota + 1 // the address could not be reached
	Dropped                     // the connection closed or broke
	Timeout                     // no answer within the deadline
	Garbage                     // a line that is not the protocol where it came
	BadSummary                  // a game summary that does not read or contradicts itself
	Refused                     // the login was refused (LOGIN:incorrect)
	Rejected                    // the game was rejected (REJECT:… by someone)
	ServerError                 // the server said ##[ERROR]
	Closed                      // the client was used after Close
)

var kindNames = [...]string{Unreachable: "unreachable", Dropped: "dropped", Timeout: "timeout",
	Garbage: "garbage", BadSummary: "bad summary", Refused: "refused", Rejected: "rejected",
	ServerError: "server error", Closed: "closed"}

func (k Kind) String() string {
	if int(k) < len(kindNames) && kindNames[k] != "" {
		return kindNames[k]
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// Error is a fault of a server or of the connection to it. Its message
// names the server, says what the client was doing and what happened:
// "csa 127.0.0.1:4081: waiting for the opponent's move 12: the connection
// dropped (EOF)". Line is the line at fault, when one was.
type Error struct {
	Server string // host:port
	Kind   Kind
	Op     string // what the client was doing: "login", "waiting for START"
	Line   string // the line at fault, cut short when long
	Msg    string
	Err    error
}

func (e *Error) Error() string {
	s := "csa " + e.Server + ": "
	if e.Op != "" {
		s += e.Op + ": "
	}
	s += e.Msg
	if e.Line != "" {
		s += fmt.Sprintf(" (the line: %q)", e.Line)
	}
	if e.Err != nil {
		s += " (" + e.Err.Error() + ")"
	}
	return s
}

func (e *Error) Unwrap() error { return e.Err }

// SyntaxError is a line that is not the protocol.
type SyntaxError struct {
	Line string // cut short when long
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("csa: %q: %s", e.Line, e.Msg) }

func syntaxError(line, format string, args ...any) *SyntaxError {
	return &SyntaxError{Line: clip(line), Msg: fmt.Sprintf(format, args...)}
}

// SummaryError is a game summary that does not read or contradicts
// itself: Line counts from its BEGIN Game_Summary line (1), and Text is
// that line (empty for what only the whole shows, Line then 0).
type SummaryError struct {
	Line int
	Text string
	Msg  string
	// Warnings are what makes the summary's position one that cannot
	// arise in play, when that is the fault.
	Warnings []game.Warning
}

func (e *SummaryError) Error() string {
	if e.Line == 0 {
		return "game summary: " + e.Msg
	}
	return fmt.Sprintf("game summary line %d %q: %s", e.Line, e.Text, e.Msg)
}

// clip shortens a line for messages: a server flooding garbage must not
// flood the log with one error.
func clip(s string) string {
	const max = 120
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xc0 == 0x80 { // do not split a UTF-8 sequence
		cut--
	}
	return s[:cut] + "…"
}
