// Package tsume is the engine side of mate problems (詰将棋): the
// program defending a problem's king (Defender, a match.Player), the
// judge of a player's attacking moves (Session: a move that is not a
// check is refused, any mate is accepted, an escape is reported), the
// checker a composer runs on a problem (Check: length, uniqueness of the
// first move and of the whole solution, alternative mates, pieces left),
// the positions a problem may start from (Prepare, ParseSFEN), and the
// collection's text format (ParseCollection, FormatCollection).
//
// Lengths follow tsume rules (see game/bot's Tsume): the attacker checks
// with every move and mates as quickly as possible; the defender holds
// every piece neither on the board nor in the attacker's hand and
// resists as long as possible, a futile interposition (無駄合) counting
// for nothing; among equally long defences it takes one after which the
// attacker ends with an empty hand. The game's rules hold throughout:
// no mate by a pawn drop (uchifuzume), no second pawn on a file, no
// piece where it can never move, and repeating a position by checks
// loses for the attacker.
//
// The package imports only the standard library and game's packages.
package tsume
