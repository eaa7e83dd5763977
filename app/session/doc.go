// Package session runs one game of any kind, without a screen: it takes
// the players its caller started (people, built-in levels, USI engines, a
// CSA server's side, the seats of an SSH table), runs their match, keeps
// the game after every move, writes the record when the game ends, and
// closes the players. The local game, the CSA game in the app, the
// lobby's tables and shogi csa differ only in the players they hand it,
// the Store that keeps their games, and the events they show.
//
// A session owns its goroutines: Start runs the match and the keeping on
// the caller's context, Wait returns once both have ended, and Close
// closes the players after them. Listeners (Subscribe) see each event
// after it was kept, so whatever a screen shows is already on disk.
package session
