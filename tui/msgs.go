package tui

import (
	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"

	"charm.land/bubbles/v2/key"
)

// toMenuMsg returns to the menu; newGame opens the new-game form.
type toMenuMsg struct{ newGame bool }

// startMsg starts a game.
type startMsg struct{ setup setup }

// openMsg asks to study a record file.
type openMsg struct{ path string }

// shutdownMsg ends the program once a game has been stopped and kept.
type shutdownMsg struct{}

// openHelpMsg opens the ? screen with a screen's keys and notes.
type openHelpMsg struct {
	groups [][]key.Binding
	notes  string
}

// reviewGameMsg asks the app to study a game just played (the game-end
// screen's "study").
type reviewGameMsg struct {
	rec   *kifu.Record // the game as a record, times and evaluations included
	saved string       // the file the whole game was saved to, if it was
}

// playFromMsg asks the app to start a game from node's position, players
// given by colour; the moves played come back through studyModel.addLine
// as a new branch.
type playFromMsg struct {
	node    *kifu.Node
	pos     game.Position
	players [2]match.Spec
	names   [2]string
}
