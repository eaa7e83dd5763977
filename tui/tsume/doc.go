// Package tsume is the app's training screens: mate problems (詰将棋)
// the player attacks while the program defends, and next-move quizzes
// (次の一手) from the player's own analysed games.
//
// The problem screen (Model) walks a Set — the collection shipped in
// assets, a file's problems, or one position from the editor or the
// study — one attempt at a time on a game/tsume Session: the player's
// moves (cursor, mouse, or typed in any notation, as on the play screen)
// go to the Session, which refuses a move that is not a check, answers
// with the Defender's longest defence, and says when the king escaped or
// was mated. Hints, the solution step by step, taking a check back, and
// the next or previous problem are keys; results go to a game/progress
// store in the state directory. The quiz screen (Quizzes) lists the
// quizzes a whole-record analysis makes (game/analysis, kifu/annotate)
// and judges each answer with an engine (Quiz.Check).
//
// Everything that thinks (the defender, the solver, the engine) runs in
// commands off the UI loop; the screens keep their own copy of what they
// draw, and never touch a Session while a command holds it.
package tsume
