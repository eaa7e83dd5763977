package common

import tea "charm.land/bubbletea/v2"

// PlayMsg asks the root to push the game screen for Setup over the
// screen that sent it: a game that screen runs elsewhere (Setup.Table: a
// CSA server's game), whose lines and keys it adds through
// Setup.Table.Host. When the game screen leaves, the sender's
// Uncover(above) is given it, a HostedGame, to learn how it was left.
type PlayMsg struct{ Setup Setup }

// GameHost is the screen beneath a game screen it pushed (PlayMsg), as
// the game screen sees it: rows of its own under the game (what the
// server said), keys it takes before the game's (reconnect after a
// dropped connection), and whether it is still busy with the game (the
// game being kept once it ended).
type GameHost interface {
	// Rows is how many rows under the game the host's Lines take.
	Rows() int
	// Lines are the host's rows, each at most width columns.
	Lines(width int) []string
	// Key takes a key before the game screen does; ok reports it took it.
	Key(msg tea.KeyPressMsg) (cmd tea.Cmd, ok bool)
	// Quiet reports whether nothing the host runs will change the screen
	// until something comes from outside.
	Quiet() bool
}

// HostedGame is a game screen pushed by another screen, as that screen
// sees it when it leaves (Uncover(above)).
type HostedGame interface {
	// Again reports whether the person asked for another game (the
	// game-end screen's "new game") rather than leaving.
	Again() bool
}

// Addressed is a message for one screen wherever it stands in the stack
// (a connection's news for a screen its game covers): the root delivers
// it to that screen instead of to the one on top.
type Addressed interface {
	Deliver() tea.Cmd
}

// GameScreen is the game screen as a screen that shows it inside its own
// sees it (the SSH lobby, whose table or game against the computer is the
// game screen under the lobby's chat).
type GameScreen interface {
	Screen
	// Over reports whether the game is over.
	Over() bool
	// Say puts text on the game's status line, as an error or not.
	Say(text string, isErr bool)
	// Asking reports whether the game screen takes every key now: a
	// move being typed, a question asked.
	Asking() bool
	// Margin is the blank columns at either edge of the game's layout, to
	// line up what is drawn under it.
	Margin() int
}

// NewGameScreen makes the game screen for a set-up: the root hands it to
// the screens that show a game inside their own, which do not import the
// game screen's package.
type NewGameScreen func(c *Common, s Setup) GameScreen
