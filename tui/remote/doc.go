// Package remote is the app as a person on an SSH connection to shogi
// serve sees it: the lobby's screens (a name, create a table, join one by
// its code, watch one, play the computer) and a table's screen — the game
// screen on the table's game through the person's seat (or as a
// spectator), with the table's chat beneath it. The lobby is its own root
// on the connection; it makes the game screen with the constructor
// tui.NewRemote hands it (common.NewGameScreen) and speaks to it through
// common.GameScreen, never importing tui/play.
package remote
