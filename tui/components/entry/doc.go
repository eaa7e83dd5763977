// Package entry is a person's way of making a move on a board: the
// cursor, the piece picked and its targets, the hand tray, the typed move
// line and the promotion question. The play screen, the tsume screen and
// the next-move quizzes share it; each owns its position and judges the
// move the entry hands back. It also holds the words for a typed move
// that was refused (ExplainMove), which the study uses too.
package entry
