package common

import (
	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"

	"charm.land/bubbles/v2/key"
)

// toMenuMsg returns to the menu; newGame opens the new-game form.
type ToMenuMsg struct{ NewGame bool }

// startMsg starts a game.
type StartMsg struct{ Setup Setup }

// openMsg asks to study a record file.
type OpenMsg struct{ Path string }

// shutdownMsg ends the program once a game has been stopped and kept.
type ShutdownMsg struct{}

// openHelpMsg opens the ? screen with a screen's keys and notes.
type OpenHelpMsg struct {
	Groups [][]key.Binding
	Notes  string
}

// reviewGameMsg asks the app to study a game just played (the game-end
// screen's "study").
type ReviewGameMsg struct {
	Rec   *kifu.Record // the game as a record, times and evaluations included
	Saved string       // the file the whole game was saved to, if it was
}

// playFromMsg asks the app to start a game from node's position, players
// given by colour; the moves played come back through studyModel.addLine
// as a new branch.
type PlayFromMsg struct {
	Node    *kifu.Node
	Pos     game.Position
	Players [2]match.Spec
	Names   [2]string
}
