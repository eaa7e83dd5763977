package book

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"shogi/game"
)

// Header is the first line of a book in this format.
const Header = "#YANEURAOU-DB2016 1.00"

// Move is one move of a book position.
type Move struct {
	Move   game.Move // legal in the position
	Ponder game.Move // the reply expected, legal after Move; game.NoMove if none
	// Score is the evaluation after the move from the mover's side, in
	// centipawns (1 pawn = 100), when HasScore.
	Score    int
	HasScore bool
	Depth    int // the search depth behind Score, when HasDepth
	HasDepth bool
	Count    int64 // how often the move was played, when HasCount
	HasCount bool
	// Results are the games' outcomes for the mover, when known (a book
	// built from games keeps them; most books do not).
	Results Results
	Comment string // may hold several lines
}

// Results counts games by their outcome from one side.
type Results struct {
	Wins, Draws, Losses int64
}

// Games returns how many games the results count.
func (r Results) Games() int64 { return r.Wins + r.Draws + r.Losses }

// Known reports whether any game is counted.
func (r Results) Known() bool { return r.Games() > 0 }

// WinRate returns the share of points won, a draw counting half.
func (r Results) WinRate() float64 {
	if !r.Known() {
		return 0
	}
	return (float64(r.Wins) + float64(r.Draws)/2) / float64(r.Games())
}

// Add returns the sum of two counts.
func (r Results) Add(o Results) Results {
	return Results{r.Wins + o.Wins, r.Draws + o.Draws, r.Losses + o.Losses}
}

// ScoreScale is the score at which a side is expected to win 1/(1+e⁻¹)
// of its games: the logistic scale shogi engines and GUIs use to turn a
// score into a win rate and back (YaneuraOu and ShogiHome use 600).
const ScoreScale = 600

// maxScore bounds scores derived from results; engines' mate scores lie
// beyond it.
const maxScore = 30000

// ResultScore turns results into a score from the same side: the win rate
// with one win and one loss added (so that a move played once is not
// certain to win or lose), through the logistic curve of ScoreScale.
func ResultScore(r Results) int {
	p := (float64(r.Wins) + float64(r.Draws)/2 + 1) / (float64(r.Games()) + 2)
	s := math.Round(ScoreScale * math.Log(p/(1-p)))
	return int(max(-maxScore, min(maxScore, s)))
}

// WinRate returns the move's expected share of points for its mover: from
// the results when the book has them, else from the score through the
// logistic curve; ok is false when the move has neither.
func (m *Move) WinRate() (rate float64, ok bool) {
	switch {
	case m.Results.Known():
		return m.Results.WinRate(), true
	case m.HasScore:
		return 1 / (1 + math.Exp(-float64(m.Score)/ScoreScale)), true
	}
	return 0, false
}

// Entry is a book position and its moves.
type Entry struct {
	// Key is the position's SFEN without the move number: board, side to
	// move and hands, hands in the order R B G S N L P (see Key).
	Key string
	// Ply is the move number of the sfen line: where the position was
	// first met. 0 when the book does not say.
	Ply     int
	Comment string
	Moves   []Move // in the book's order (most played first in a built book)
	// Flipped is set on an entry found for the position turned round:
	// its moves have been turned back to fit the position asked about.
	Flipped bool
}

// Position returns the entry's position, its move number Ply (1 when the
// book does not say).
func (e *Entry) Position() (game.Position, error) {
	ply := max(e.Ply, 1)
	return game.ParseSFEN(fmt.Sprintf("%s %d", e.Key, ply))
}

// Count returns the sum of the moves' counts.
func (e *Entry) Count() int64 {
	var n int64
	for i := range e.Moves {
		n += e.Moves[i].Count
	}
	return n
}

// Key returns the text a book files p under: its SFEN without the move
// number.
func Key(p *game.Position) string {
	s := p.SFEN()
	return s[:strings.LastIndexByte(s, ' ')]
}

// SortMoves puts moves in the order YaneuraOu sorts them: most played
// first, then the best score, ties kept in their order.
func SortMoves(moves []Move) {
	slices.SortStableFunc(moves, func(a, b Move) int {
		if c := cmp.Compare(b.Count, a.Count); c != 0 {
			return c
		}
		return cmp.Compare(b.Score, a.Score)
	})
}

// Book is a book in memory: a position for each key.
type Book struct {
	entries map[string]*Entry
}

// New returns an empty book.
func New() *Book { return &Book{entries: map[string]*Entry{}} }

// Len returns the number of positions.
func (b *Book) Len() int { return len(b.entries) }

// Lookup returns the entry filed under key, or nil. The entry is the
// book's own: change it only to change the book.
func (b *Book) Lookup(key string) (*Entry, error) { return b.entries[key], nil }

// Put files e under e.Key, replacing any entry there.
func (b *Book) Put(e *Entry) { b.entries[e.Key] = e }

// Delete removes the entry filed under key.
func (b *Book) Delete(key string) { delete(b.entries, key) }

// Keys returns every key in the order the book is written: sorted by
// their bytes.
func (b *Book) Keys() []string {
	keys := make([]string, 0, len(b.entries))
	for k := range b.entries {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// Find returns the entry for p, or for p turned round with its moves
// turned back (see Flip); ok is false when the book has neither.
func (b *Book) Find(p *game.Position) (e Entry, ok bool, err error) { return Find(b, p, true) }

// Source is a book that answers look-ups by key: a *Book in memory, a
// *File on disk, or Sources.
type Source interface {
	Lookup(key string) (*Entry, error)
}

// Sources consults several books in turn: the first that has a position
// answers for it, as YaneuraOu reads its priority books.
type Sources []Source

// Lookup returns the first book's entry for key.
func (s Sources) Lookup(key string) (*Entry, error) {
	for _, src := range s {
		e, err := src.Lookup(key)
		if err != nil || e != nil && len(e.Moves) > 0 {
			return e, err
		}
	}
	return nil, nil
}

// Find looks p up in s; when flipped is set and p is not there, p turned
// round is looked up and its moves turned back. The entry's moves are
// legal in p (an entry from disk is checked as it is read). The moves of
// an unflipped entry from a *Book are the book's own: do not change them.
func Find(s Source, p *game.Position, flipped bool) (Entry, bool, error) {
	e, err := s.Lookup(Key(p))
	if err != nil {
		return Entry{}, false, err
	}
	if e != nil && len(e.Moves) > 0 {
		return *e, true, nil
	}
	if !flipped {
		return Entry{}, false, nil
	}
	f := Flip(p)
	e, err = s.Lookup(Key(&f))
	if err != nil || e == nil || len(e.Moves) == 0 {
		return Entry{}, false, err
	}
	out := *e
	out.Key, out.Flipped = Key(p), true
	out.Moves = make([]Move, len(e.Moves))
	for i, m := range e.Moves {
		m.Move = FlipMove(m.Move)
		m.Ponder = FlipMove(m.Ponder)
		out.Moves[i] = m
	}
	return out, true, nil
}
