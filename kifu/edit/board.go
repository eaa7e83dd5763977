package edit

import (
	"fmt"

	"shogi/game"
	"shogi/kifu"
)

// Board is a position being set up, square by square and hand by hand,
// within one set of pieces: a piece put on the board or in a hand comes
// from the box (the pieces neither on the board nor in a hand), else
// from White's hand, else from Black's (so that a tsume set-up, with
// every spare piece in White's hand, gives up its pieces as they are
// placed); a piece taken off goes back to the box. Each side has at most
// one king. Every change can be undone and redone.
//
// What the rules make of the position comes as data: Warnings (a king
// missing, a piece that can never move, nifu, the side not to move in
// check, more pieces than a set has), Playable and TsumeWarnings.
type Board struct {
	pos          game.Position
	past, future []game.Position
}

// maxBoardHistory is how many changes Undo can take back.
const maxBoardHistory = 1000

// NewBoard starts setting up from p, keeping its move number (an SFEN's
// fourth field says which move comes next).
func NewBoard(p game.Position) *Board {
	return &Board{pos: p}
}

// Position returns the position as it stands.
func (b *Board) Position() game.Position { return b.pos }

// BoardRefusal says why a change to a Board is refused.
type BoardRefusal int

const (
	SetExhausted  BoardRefusal = iota + 1 // every piece of Type is in use (Limit in a set)
	SecondKing                            // Color has a king already, on Square
	NotHeld                               // Type is never held in hand (a king, a promoted piece)
	NoneInHand                            // Color holds no Type
	CannotPromote                         // the piece on Square neither promotes nor is promoted
	EmptySquare                           // no piece on Square
	OffBoard                              // Square is not a square of the board
)

// BoardError is a refused change, as data.
type BoardError struct {
	Refusal BoardRefusal
	Type    game.PieceType
	Color   game.Color
	Square  game.Square
	Limit   int
}

func (e *BoardError) Error() string {
	switch e.Refusal {
	case SetExhausted:
		return fmt.Sprintf("a set has %d %ss, and all are in use", e.Limit, e.Type)
	case SecondKing:
		return fmt.Sprintf("%s has a king already, on %s", e.Color, e.Square)
	case NotHeld:
		return fmt.Sprintf("a %s is never held in hand", e.Type)
	case NoneInHand:
		return fmt.Sprintf("%s holds no %s", e.Color, e.Type)
	case CannotPromote:
		return fmt.Sprintf("the %s on %s does not promote", e.Type, e.Square)
	case EmptySquare:
		return fmt.Sprintf("no piece on %s", e.Square)
	case OffBoard:
		return fmt.Sprintf("square %d is not on the board", int(e.Square))
	}
	return fmt.Sprintf("refused (%d)", int(e.Refusal))
}

// change replaces the position with p as one undoable step.
func (b *Board) change(p game.Position) {
	if p.Equal(&b.pos) {
		return
	}
	b.past = append(b.past, b.pos)
	if len(b.past) > maxBoardHistory {
		b.past = append(b.past[:0], b.past[1:]...)
	}
	b.future = b.future[:0]
	b.pos = p
}

// Undo takes back the last change; false when there is none.
func (b *Board) Undo() bool {
	if len(b.past) == 0 {
		return false
	}
	b.future = append(b.future, b.pos)
	b.pos = b.past[len(b.past)-1]
	b.past = b.past[:len(b.past)-1]
	return true
}

// Redo makes the last undone change again; false when there is none.
func (b *Board) Redo() bool {
	if len(b.future) == 0 {
		return false
	}
	b.past = append(b.past, b.pos)
	b.pos = b.future[len(b.future)-1]
	b.future = b.future[:len(b.future)-1]
	return true
}

// CanUndo and CanRedo report whether Undo and Redo would do anything.
func (b *Board) CanUndo() bool { return len(b.past) > 0 }
func (b *Board) CanRedo() bool { return len(b.future) > 0 }

// InBox returns how many pieces of t's kind are neither on the board nor
// in a hand (promoted pieces count as their base kind); less than zero
// when the position has more than a set (an SFEN given).
func (b *Board) InBox(t game.PieceType) int { return inBox(&b.pos, t.Unpromote()) }

func inBox(p *game.Position, base game.PieceType) int {
	used := p.Hand(game.Black, base) + p.Hand(game.White, base)
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := p.At(s); pc != game.NoPiece && pc.Type().Unpromote() == base {
			used++
		}
	}
	return game.SetCount(base) - used
}

// take finds a piece of kind base for p: from the box, else from White's
// hand, else from Black's, and takes it from the hand it came from.
func take(p *game.Position, base game.PieceType) bool {
	if inBox(p, base) > 0 {
		return true
	}
	if base == game.King {
		return false
	}
	for _, c := range [2]game.Color{game.White, game.Black} {
		if n := p.Hand(c, base); n > 0 {
			p.SetHand(c, base, n-1)
			return true
		}
	}
	return false
}

// Place puts pc on s (the piece there goes back to the box).
func (b *Board) Place(s game.Square, pc game.Piece) error {
	if !s.Valid() {
		return &BoardError{Refusal: OffBoard, Square: s}
	}
	if pc == game.NoPiece {
		b.Clear(s)
		return nil
	}
	if b.pos.At(s) == pc {
		return nil
	}
	p := b.pos
	p.Put(s, game.NoPiece)
	t := pc.Type()
	if t == game.King {
		if k := p.KingSquare(pc.Color()); k != game.NoSquare {
			return &BoardError{Refusal: SecondKing, Color: pc.Color(), Square: k, Type: t}
		}
	}
	if !take(&p, t.Unpromote()) {
		return &BoardError{Refusal: SetExhausted, Type: t.Unpromote(), Limit: game.SetCount(t)}
	}
	p.Put(s, pc)
	b.change(p)
	return nil
}

// Clear empties s (its piece goes back to the box).
func (b *Board) Clear(s game.Square) {
	if s.Valid() && b.pos.At(s) != game.NoPiece {
		p := b.pos
		p.Put(s, game.NoPiece)
		b.change(p)
	}
}

// Promote turns the piece on s over: promotes it, or unpromotes a
// promoted one.
func (b *Board) Promote(s game.Square) error {
	if !s.Valid() {
		return &BoardError{Refusal: OffBoard, Square: s}
	}
	pc := b.pos.At(s)
	if pc == game.NoPiece {
		return &BoardError{Refusal: EmptySquare, Square: s}
	}
	t := pc.Type()
	switch {
	case t.IsPromoted():
		t = t.Unpromote()
	case t.CanPromote():
		t = t.Promote()
	default:
		return &BoardError{Refusal: CannotPromote, Square: s, Type: t, Color: pc.Color()}
	}
	p := b.pos
	p.Put(s, game.NewPiece(pc.Color(), t))
	b.change(p)
	return nil
}

// AddToHand puts one piece of kind t in c's hand.
func (b *Board) AddToHand(c game.Color, t game.PieceType) error {
	if t < game.Pawn || t > game.Gold {
		return &BoardError{Refusal: NotHeld, Type: t, Color: c}
	}
	p := b.pos
	// A piece for c's hand comes from the box, else from the other hand.
	switch {
	case inBox(&p, t) > 0:
	case p.Hand(c.Other(), t) > 0:
		p.SetHand(c.Other(), t, p.Hand(c.Other(), t)-1)
	default:
		return &BoardError{Refusal: SetExhausted, Type: t, Limit: game.SetCount(t), Color: c}
	}
	p.SetHand(c, t, p.Hand(c, t)+1)
	b.change(p)
	return nil
}

// TakeFromHand puts one of c's pieces of kind t back in the box.
func (b *Board) TakeFromHand(c game.Color, t game.PieceType) error {
	if t < game.Pawn || t > game.Gold {
		return &BoardError{Refusal: NotHeld, Type: t, Color: c}
	}
	n := b.pos.Hand(c, t)
	if n == 0 {
		return &BoardError{Refusal: NoneInHand, Type: t, Color: c}
	}
	p := b.pos
	p.SetHand(c, t, n-1)
	b.change(p)
	return nil
}

// RestToHand puts every piece in the box but kings in c's hand (the usual
// tsume setting gives them all to White) and returns how many moved.
func (b *Board) RestToHand(c game.Color) int {
	p := b.pos
	moved := 0
	for _, t := range game.HandTypes {
		if n := inBox(&p, t); n > 0 {
			p.SetHand(c, t, p.Hand(c, t)+n)
			moved += n
		}
	}
	b.change(p)
	return moved
}

// SetSideToMove says whose turn it is.
func (b *Board) SetSideToMove(c game.Color) {
	p := b.pos
	p.SetSideToMove(c)
	b.change(p)
}

// Flip swaps the sides: the board turned round, every piece and hand
// changing colour, and the other side to move, so that the position is
// the same one seen from the other chair.
func (b *Board) Flip() {
	p := game.EmptyPosition()
	for s := game.Square(0); s < game.NumSquares; s++ {
		if pc := b.pos.At(s); pc != game.NoPiece {
			p.Put(game.NumSquares-1-s, game.NewPiece(pc.Color().Other(), pc.Type()))
		}
	}
	for _, c := range [2]game.Color{game.Black, game.White} {
		for _, t := range game.HandTypes {
			p.SetHand(c.Other(), t, b.pos.Hand(c, t))
		}
	}
	p.SetSideToMove(b.pos.SideToMove().Other())
	b.change(p)
}

// Load replaces the whole position (a preset, a pasted SFEN) as one
// change, its move number kept. Any position is taken; Warnings says
// what is odd about it.
func (b *Board) Load(p game.Position) {
	b.change(p)
}

// Preset is a named start the editor offers.
type Preset struct {
	Key      string // as game.Handicap's: even, lance, tsume, empty …; tsume2 for two-king tsume
	Name     string // English
	Japanese string
	SFEN     string
}

// Position returns the preset's position.
func (p Preset) Position() game.Position {
	pos, err := game.ParseSFEN(p.SFEN)
	if err != nil {
		panic("edit: bad preset " + p.Key + ": " + err.Error())
	}
	return pos
}

// twoKingTsume is the start of a tsume with both kings (双玉): White's
// king on 5a, Black's on 5i, every other piece in White's hand.
var twoKingTsume = Preset{Key: "tsume2", Name: "two-king tsume", Japanese: "双玉詰将棋", SFEN: "4k4/9/9/9/9/9/9/9/4K4 b 2r2b4g4s4n4l18p 1"}

// Presets lists the starts the editor offers: the even game, every
// handicap the rules know, the tsume start (White's king alone, every
// other piece in White's hand), the empty board, and two-king tsume.
func Presets() []Preset {
	var out []Preset
	for _, h := range game.Handicaps() {
		out = append(out, Preset{Key: h.Key, Name: h.Name, Japanese: h.Japanese, SFEN: h.SFEN})
	}
	return append(out, twoKingTsume)
}

// Warnings lists what the rules find odd about the position, as data.
func (b *Board) Warnings() []game.Warning { return b.pos.Warnings() }

// Playable reports whether a game can be played from the position: both
// kings, no piece that can never move, no nifu, the side not to move not
// in check, no more pieces than a set has.
func (b *Board) Playable() bool { return len(b.pos.Warnings()) == 0 }

// TsumeWarnings lists what stops the position from being a tsume: as
// Warnings, except that the side to move (the attacker) needs no king.
// A tsume with one king (White's, Black to move) or two is valid when
// this is empty.
func (b *Board) TsumeWarnings() []game.Warning { return b.pos.StartWarnings() }

// CheckStart is the one start check (game.Position.CheckStart) of the
// position: nil when a game can start from it.
func (b *Board) CheckStart() error { return b.pos.CheckStart() }

// SFEN returns the position in SFEN.
func (b *Board) SFEN() string { return b.pos.SFEN() }

// Diagram returns the position as a KIF board diagram.
func (b *Board) Diagram() string { return kifu.Diagram(&b.pos) }

// CSA returns the position as a CSA file gives a start.
func (b *Board) CSA() string { return kifu.CSAPosition(&b.pos) }

// Record returns a new record starting at the position (named when it is
// a handicap's start), to study or save.
func (b *Board) Record() *kifu.Record {
	r := kifu.NewRecord(b.pos)
	if h, ok := game.HandicapBySFEN(&b.pos); ok {
		r.Handicap = h.Japanese
	}
	return r
}
