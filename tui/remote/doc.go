// Package remote is the app as a person on an SSH connection to shogi
// serve sees it: the lobby's screens (a name, create a table, join one by
// its code, watch one, play the computer) and a table's screen — the play
// screen on the table's game through the person's seat (or as a
// spectator), with the table's chat beneath it.
package remote
