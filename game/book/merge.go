package book

import (
	"errors"
	"io"
)

// MergeEntries returns a and b, entries of the same position, as one: the
// lower move number, both comments, and every move of either. A move in
// both has its counts and results summed; its score is the one searched
// deeper, or, when both scores are what their results make (ResultScore),
// the score of the summed results; otherwise the first's. The moves are
// then sorted as YaneuraOu sorts them (SortMoves).
func MergeEntries(a, b *Entry) *Entry {
	out := &Entry{Key: a.Key, Ply: a.Ply, Comment: joinComments(a.Comment, b.Comment)}
	if out.Ply == 0 || b.Ply != 0 && b.Ply < out.Ply {
		out.Ply = b.Ply
	}
	out.Moves = append(make([]Move, 0, len(a.Moves)+len(b.Moves)), a.Moves...)
	for _, m := range b.Moves {
		i := indexOf(out.Moves, m)
		if i < 0 {
			out.Moves = append(out.Moves, m)
			continue
		}
		out.Moves[i] = mergeMove(out.Moves[i], m)
	}
	SortMoves(out.Moves)
	return out
}

func indexOf(moves []Move, m Move) int {
	for i := range moves {
		if moves[i].Move.SameAs(m.Move) {
			return i
		}
	}
	return -1
}

func mergeMove(a, b Move) Move {
	out := a
	out.Count, out.HasCount = a.Count+b.Count, a.HasCount || b.HasCount
	out.Results = a.Results.Add(b.Results)
	if out.Ponder == 0 {
		out.Ponder = b.Ponder
	}
	switch {
	case b.HasScore && (!a.HasScore || b.HasDepth && (!a.HasDepth || b.Depth > a.Depth)):
		out.Score, out.HasScore, out.Depth, out.HasDepth = b.Score, true, b.Depth, b.HasDepth
	case a.HasScore && b.HasScore && a.Depth == b.Depth && derived(a) && derived(b):
		out.Score = ResultScore(out.Results)
	}
	out.Comment = joinComments(a.Comment, b.Comment)
	return out
}

// derived reports whether m's score is the one its results make.
func derived(m Move) bool { return m.Results.Known() && m.Score == ResultScore(m.Results) }

func joinComments(a, b string) string {
	switch {
	case b == "" || a == b:
		return a
	case a == "":
		return b
	}
	return a + "\n" + b
}

// Merge returns a new book with every position of a and b, those in both
// merged by MergeEntries.
func Merge(a, b *Book) *Book {
	out := New()
	for k, e := range a.entries {
		out.entries[k] = e
	}
	for k, e := range b.entries {
		if old := out.entries[k]; old != nil {
			out.entries[k] = MergeEntries(old, e)
		} else {
			out.entries[k] = e
		}
	}
	return out
}

// Input is a book to read: its text and its name for messages.
type Input struct {
	R    io.Reader
	Name string
}

// MergeSorted merges sorted books into w, an entry at a time, so memory
// stays small whatever the books' sizes; a position in several is merged
// by MergeEntries, in the order the books are given. A book out of order
// gives a *ParseError wrapping an *UnsortedError (read such books with
// Read and use Merge).
func MergeSorted(w io.Writer, books ...Input) error {
	heads := make([]*Entry, len(books))
	readers := make([]*sortedReader, len(books))
	for i, in := range books {
		readers[i] = newSortedReader(in.R, in.Name)
		e, err := readers[i].next()
		if err != nil {
			return err
		}
		heads[i] = e
	}
	bw := NewWriter(w)
	for {
		key := ""
		for _, e := range heads {
			if e != nil && (key == "" || e.Key < key) {
				key = e.Key
			}
		}
		if key == "" {
			return bw.Close()
		}
		var out *Entry
		for i, e := range heads {
			if e == nil || e.Key != key {
				continue
			}
			if out == nil {
				out = e
			} else {
				out = MergeEntries(out, e)
			}
			var err error
			if heads[i], err = readers[i].next(); err != nil {
				return err
			}
		}
		if err := bw.Write(out); err != nil {
			return err
		}
	}
}

// sortedReader reads a sorted book's entries, one per position: a
// position listed twice in a row keeps the entry with the lower move
// number, as Read does.
type sortedReader struct {
	r    *Reader
	peek *Entry
	done bool
}

func newSortedReader(r io.Reader, name string) *sortedReader {
	rd := NewReader(r, name)
	rd.Sorted = true
	return &sortedReader{r: rd}
}

// next returns the next position's entry, or nil at the end.
func (s *sortedReader) next() (*Entry, error) {
	e := s.peek
	s.peek = nil
	for !s.done {
		n, err := s.r.Next()
		if errors.Is(err, io.EOF) {
			s.done = true
			break
		}
		if err != nil {
			return nil, err
		}
		switch {
		case e == nil:
			e = n
		case n.Key == e.Key:
			if n.Ply < e.Ply {
				e = n
			}
		default:
			s.peek = n
			return e, nil
		}
	}
	return e, nil
}
