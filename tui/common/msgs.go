package common

import (
	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"

	"charm.land/bubbles/v2/key"
)

// ToMenuMsg leaves the screen on top for the one it was opened from (the
// menu at the bottom of the app's stack); NewGame opens the new-game form
// instead, from Start when it is given (a position set up in the editor)
// rather than a handicap.
type ToMenuMsg struct {
	NewGame bool
	Start   *game.Position
}

// TsumeMsg asks the app to solve Start as a mate problem (the tsume
// screen): the side to move mates the other side's king.
type TsumeMsg struct{ Start game.Position }

// EditPositionMsg opens the position editor on Start (the study's "edit
// this position"; the menu's "set up a position" starts from the even
// game).
type EditPositionMsg struct{ Start game.Position }

// StudyRecordMsg opens a record that no file holds in the study (a
// position set up in the editor, a pasted record): saving it asks for a
// name. Name is what the study calls it; Err is what reading a pasted
// record said. Ply is the ply the study opens at (a game from the games
// database, where it reached the explorer's position).
type StudyRecordMsg struct {
	Rec  *kifu.Record
	Name string
	Err  error
	Ply  int
}

// QuizzesMsg asks the app for the next-move quizzes of Rec, a record
// analysed as a whole, which the study calls Name.
type QuizzesMsg struct {
	Rec  *kifu.Record
	Name string
}

// StartMsg starts a game.
type StartMsg struct{ Setup Setup }

// OnlineMsg opens the online screens (a game on a CSA server).
type OnlineMsg struct{}

// OpenMsg asks to study a record file.
type OpenMsg struct{ Path string }

// ShutdownMsg ends the program once a game has been stopped and kept.
type ShutdownMsg struct{}

// OpenHelpMsg opens the ? screen with a screen's keys and notes.
type OpenHelpMsg struct {
	Groups [][]key.Binding
	Notes  string
}

// ReviewGameMsg asks the app to study a game just played (the game-end
// screen's "study").
type ReviewGameMsg struct {
	Rec   *kifu.Record // the game as a record, times and evaluations included
	Saved string       // the file the whole game was saved to, if it was
}

// PlayFromMsg asks the app to start a game from node's position in
// Record (the study's, which it calls Source), players given by colour;
// the moves played come back to the study as a new branch (Played).
type PlayFromMsg struct {
	Node    *kifu.Node
	Pos     game.Position
	Players [2]match.Spec
	Names   [2]string
	Record  *kifu.Record
	Source  string
}

// Played is a screen that played a game from a node of a record (a
// study's "play from here"): the study beneath it takes the moves back
// as a branch when the game's screen leaves.
type Played interface {
	Played() (rec *kifu.Record, from *kifu.Node, moves []game.Move, res game.Result)
}
