package game

import (
	"errors"
	"fmt"
	"slices"
)

// Ending is how a game ended.
type Ending uint8

const (
	Ongoing        Ending = iota
	Checkmate             // 詰み: the side to move is mated
	NoLegalMoves          // the side to move has no legal move and is not in check: it loses
	Resignation           // 投了
	Repetition            // 千日手: the same position four times, a draw
	PerpetualCheck        // 連続王手の千日手: the side that checked on every move of the cycle loses
	Impasse               // 持将棋 by the 24-point rule
	Declaration           // 入玉宣言: a won entering-king declaration (27-point rule)
	IllegalMove           // 反則負け: a foul the caller recorded
	TimeLoss              // 切れ負け: the clock ran out
)

var endingText = [...]string{"in progress", "checkmate", "no legal moves", "resignation", "repetition (sennichite)",
	"perpetual check", "impasse (jishōgi)", "entering-king declaration", "illegal move", "time"}

func (e Ending) String() string {
	if int(e) < len(endingText) {
		return endingText[e]
	}
	return fmt.Sprintf("ending %d", e)
}

// Outcome is who won.
type Outcome uint8

const (
	Undecided Outcome = iota
	BlackWins
	WhiteWins
	Draw
)

func (o Outcome) String() string {
	return [...]string{"undecided", "Black wins", "White wins", "draw"}[o&3]
}

// Win returns the outcome where c wins.
func Win(c Color) Outcome {
	if c == Black {
		return BlackWins
	}
	return WhiteWins
}

// Result is the outcome of a game and why.
type Result struct {
	Outcome Outcome
	Ending  Ending
}

// Over reports whether the game has ended.
func (r Result) Over() bool { return r.Ending != Ongoing }

// Winner returns the winning colour; ok is false for a draw or no result.
func (r Result) Winner() (c Color, ok bool) {
	switch r.Outcome {
	case BlackWins:
		return Black, true
	case WhiteWins:
		return White, true
	}
	return Black, false
}

func (r Result) String() string {
	if !r.Over() {
		return "in progress"
	}
	if r.Outcome == Draw {
		return "draw by " + r.Ending.String()
	}
	return fmt.Sprintf("%s by %s", r.Outcome, r.Ending)
}

// ErrGameOver is returned when a move is played after the game ended.
var ErrGameOver = errors.New("the game is over")

// Game is a start position, the moves played from it and the result. Its
// zero value is not usable: call NewGame.
type Game struct {
	positions []Position // positions[i] is the position after i moves
	moves     []Move
	result    Result
}

// NewGame starts a game from start.
func NewGame(start Position) *Game {
	g := &Game{positions: []Position{start}}
	g.result = g.automaticResult()
	return g
}

// Clone returns a copy of g that plays on, and is taken back, apart from g.
func (g *Game) Clone() *Game {
	return &Game{positions: slices.Clone(g.positions), moves: slices.Clone(g.moves), result: g.result}
}

// Start returns the start position.
func (g *Game) Start() Position { return g.positions[0] }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// PositionAt returns the position after n moves (0 is the start).
func (g *Game) PositionAt(n int) Position { return g.positions[n] }

// Moves returns the moves played so far. Do not modify the slice.
func (g *Game) Moves() []Move { return g.moves[:len(g.moves):len(g.moves)] }

// Len returns the number of moves played.
func (g *Game) Len() int { return len(g.moves) }

// LastMove returns the last move played, or NoMove.
func (g *Game) LastMove() Move {
	if len(g.moves) == 0 {
		return NoMove
	}
	return g.moves[len(g.moves)-1]
}

// Result returns the result so far.
func (g *Game) Result() Result { return g.result }

// Play plays m if it is legal; otherwise it returns an *IllegalMoveError
// and the game is unchanged. After the move it detects checkmate, no legal
// moves and sennichite.
func (g *Game) Play(m Move) error {
	if g.result.Over() {
		return ErrGameOver
	}
	p := g.Position()
	if err := p.CheckMove(m); err != nil {
		return err
	}
	// Fill in the captured piece from the board: callers may build moves
	// from text that did not know it.
	if !m.IsDrop() {
		m = p.NewMove(m.From(), m.To(), m.IsPromotion())
	}
	g.moves = append(g.moves, m)
	g.positions = append(g.positions, p.Play(m))
	g.result = g.automaticResult()
	return nil
}

// Undo takes back the last move (and any result it caused). It reports
// whether there was a move to take back.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	g.result = g.automaticResult()
	return true
}

// Resign ends the game: c resigns.
func (g *Game) Resign(c Color) {
	g.end(Result{Win(c.Other()), Resignation})
}

// Foul ends the game as a loss for c by an illegal move (反則負け).
func (g *Game) Foul(c Color) { g.end(Result{Win(c.Other()), IllegalMove}) }

// TimeUp ends the game as a loss on time for c.
func (g *Game) TimeUp(c Color) { g.end(Result{Win(c.Other()), TimeLoss}) }

// Rule ends the game with a result decided elsewhere: a server's ruling
// on a game played on it (time, a foul, a declaration the server judged).
// A game already over keeps its result.
func (g *Game) Rule(r Result) { g.end(r) }

func (g *Game) end(r Result) {
	if !g.result.Over() {
		g.result = r
	}
}

func (g *Game) automaticResult() Result {
	p := g.Position()
	if !p.HasLegalMove() {
		loser := p.SideToMove()
		if p.InCheck() {
			return Result{Win(loser.Other()), Checkmate}
		}
		return Result{Win(loser.Other()), NoLegalMoves}
	}
	return g.repetition()
}

// Repetitions returns how many times the current position has occurred
// (1 if it is new).
func (g *Game) Repetitions() int {
	n, _ := g.occurrences()
	return n
}

// occurrences counts the current position in the history and returns the
// index of its first occurrence.
func (g *Game) occurrences() (count, first int) {
	cur := &g.positions[len(g.positions)-1]
	h := cur.Hash()
	first = len(g.positions) - 1
	for i := len(g.positions) - 1; i >= 0; i-- {
		q := &g.positions[i]
		if q.Hash() == h && q.Equal(cur) {
			count++
			first = i
		}
	}
	return count, first
}

// repetition applies sennichite: on the fourth occurrence of a position
// the game is a draw, unless one side gave check with every one of its
// moves since the first occurrence: that side loses.
func (g *Game) repetition() Result {
	n, first := g.occurrences()
	if n < 4 {
		return Result{}
	}
	allChecks := [2]bool{true, true}
	for i := first; i < len(g.moves); i++ {
		mover := g.positions[i].SideToMove()
		if !g.positions[i+1].InCheck() {
			allChecks[mover] = false
		}
	}
	switch {
	case allChecks[Black] && !allChecks[White]:
		return Result{WhiteWins, PerpetualCheck}
	case allChecks[White] && !allChecks[Black]:
		return Result{BlackWins, PerpetualCheck}
	}
	return Result{Draw, Repetition}
}

// Impasse ends the game by the 24-point rule (持将棋), as when both
// players agree that neither king can be mated: a side with fewer than 24
// points loses; otherwise it is a draw.
func (g *Game) Impasse() Result {
	p := g.Position()
	b, w := p.Points(Black) >= 24, p.Points(White) >= 24
	r := Result{Draw, Impasse}
	switch {
	case b && !w:
		r.Outcome = BlackWins
	case w && !b:
		r.Outcome = WhiteWins
	}
	g.end(r)
	return g.result
}

// CanClaimImpasse checks whether the side to move may claim 持将棋 on its
// own, without the opponent agreeing (a program cannot agree): both kings
// stand in their promotion zones (both have entered, 相入玉), and the side
// to move is not in check. The 24-point count then decides (Impasse): a
// side with fewer than 24 points loses, otherwise it is a draw. Between
// two people the game may end by impasse whenever both agree.
func (p *Position) CanClaimImpasse() error {
	for _, c := range []Color{Black, White} {
		switch k := p.king[c]; {
		case k == NoSquare:
			return &ImpasseError{Cause: ImpasseNoKing, Side: c}
		case !InZone(c, k):
			return &ImpasseError{Cause: ImpasseNotEntered, Side: c}
		}
	}
	if p.InCheck() {
		return &ImpasseError{Cause: ImpasseInCheck, Side: p.side}
	}
	return nil
}

// ImpasseCause is why an impasse may not be claimed.
type ImpasseCause uint8

// The causes of an ImpasseError.
const (
	ImpasseNoKing     ImpasseCause = iota // Side has no king
	ImpasseNotEntered                     // Side's king is not in its promotion zone
	ImpasseInCheck                        // Side, to move, is in check
)

// ImpasseError says why an impasse may not be claimed: Side's king has
// not entered (or is missing), or the side to move is in check.
type ImpasseError struct {
	Cause ImpasseCause
	Side  Color
}

func (e *ImpasseError) Error() string {
	switch e.Cause {
	case ImpasseNoKing:
		return fmt.Sprintf("impasse refused: %s has no king", e.Side)
	case ImpasseNotEntered:
		return fmt.Sprintf("impasse refused: %s's king is not in its promotion zone", e.Side)
	}
	return "impasse refused: the king is in check"
}

// DeclarationCondition is the condition of the entering-king declaration
// that a DeclarationError says is not met.
type DeclarationCondition uint8

// The conditions of the declaration, in the order CanDeclare checks them.
const (
	DeclareNoKing    DeclarationCondition = iota // the side has no king
	DeclareNotInCamp                             // its king is not in the enemy camp
	DeclareInCheck                               // its king is in check
	DeclareFewPieces                             // Have pieces besides the king in the camp, Need (10)
	DeclareFewPoints                             // Have points, Need (28 for Black, 27 for White)
)

// DeclarationError says which condition of the entering-king declaration
// is not met, with the figures for the counting ones.
type DeclarationError struct {
	Condition  DeclarationCondition
	Have, Need int
}

func (e *DeclarationError) Error() string {
	why := ""
	switch e.Condition {
	case DeclareNoKing:
		why = "no king"
	case DeclareNotInCamp:
		why = "the king is not in the enemy camp"
	case DeclareInCheck:
		why = "the king is in check"
	case DeclareFewPieces:
		why = fmt.Sprintf("only %d pieces besides the king in the enemy camp, need %d", e.Have, e.Need)
	case DeclareFewPoints:
		why = fmt.Sprintf("%d points, need %d", e.Have, e.Need)
	}
	return "declaration refused: " + why
}

// CanDeclare checks the 27-point entering-king declaration (入玉宣言) for
// the side to move: its king in the enemy camp, at least ten other of its
// pieces there, not in check, and at least 28 points (Black) or 27 (White)
// counting its pieces in the camp and in hand. With a clock, time must
// also remain: the caller checks that.
func (p *Position) CanDeclare() error {
	us := p.side
	k := p.king[us]
	switch {
	case k == NoSquare:
		return &DeclarationError{Condition: DeclareNoKing}
	case !InZone(us, k):
		return &DeclarationError{Condition: DeclareNotInCamp}
	case p.InCheck():
		return &DeclarationError{Condition: DeclareInCheck}
	}
	pieces, points := 0, 0
	for s := Square(0); s < NumSquares; s++ {
		pc := p.board[s]
		if pc != NoPiece && pc.Color() == us && pc.Type() != King && InZone(us, s) {
			pieces++
			points += pieceValue(pc.Type())
		}
	}
	for t := Pawn; t <= Gold; t++ {
		points += int(p.hand[us][t]) * pieceValue(t)
	}
	need := 28
	if us == White {
		need = 27
	}
	if pieces < 10 {
		return &DeclarationError{Condition: DeclareFewPieces, Have: pieces, Need: 10}
	}
	if points < need {
		return &DeclarationError{Condition: DeclareFewPoints, Have: points, Need: need}
	}
	return nil
}

// Declare makes the entering-king declaration for the side to move; if the
// conditions hold, that side wins, otherwise the game goes on and the
// error says what is missing.
func (g *Game) Declare() error {
	if g.result.Over() {
		return ErrGameOver
	}
	p := g.Position()
	if err := p.CanDeclare(); err != nil {
		return err
	}
	g.end(Result{Win(p.SideToMove()), Declaration})
	return nil
}
