// Package online is the app's screens for a game on a CSA server
// (floodgate, or any server of the CSA protocol, through game/csa): a
// form (the server, the login, the x1 game asked for, who plays — the
// person, a built-in level or an engine of the settings — and the
// keep-alive), the servers it remembers, a waiting screen that can be
// cancelled, then the game screen on the server's game, which the root
// pushes over these screens when they ask (common.PlayMsg) and which adds
// this package's two rows and keys to its own (common.GameHost).
//
// The game screen learns nothing of CSA: it follows the game through a
// table link (common.TableLink with its Server set) as it follows a
// table of shogi serve, while this package runs the match (csa.Player as
// the opponent and the referee), keeps it after every move as the app
// keeps any game, writes its record to the games folder when the server
// rules, and says when the connection is lost, offering to log in again
// for a new game (a game on a server cannot be resumed: the kept game
// can be studied).
package online
