// Package play is the play screen: a view of a game, through a
// match.Control — a match the app runs between people, built-in levels and
// engines (session.go starts it, keeps it after every move with package
// kept and writes the finished record), or a game run elsewhere (a table
// of shogi serve, as a seat or a spectator). The screen draws the game's
// snapshot and holds UI state only: the cursor, the piece picked, the text
// typed, the question asked. play.go holds its state and the game's
// events; play_keys.go the keyboard and mouse on the board and hands;
// play_typed.go the typed move line and pastes; play_ask.go the questions
// (promotion, resign …), undo, pause and review; play_view.go the drawing;
// save.go saving a record.
package play
