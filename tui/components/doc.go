// Package components holds the pieces of the app's screens, each drawn by
// a pure function of its state: the board (board.go), the hands (駒台,
// hand.go), the move list, the clocks, the engine and analysis panels,
// the evaluation graph, the panel of facts, the footer and help, the typed
// line (input.go), and the layouts that place them by terminal size
// (layout.go). They hold no game: the screens hand them positions and
// texts.
package components
