// Package kifu reads and writes shogi game records: KIF, KI2, CSA, USI,
// SFEN, JKF and Western text. A Record holds the headers, the start
// position, a tree of moves with comments, bookmarks and times, and how
// the game ended. Records are edited in place (edit.go: moves and
// variations the way ShogiHome makes them, endings, comments, bookmarks,
// headers); Losses says what a format would lose before writing.
//
// Reading decodes the bytes first (UTF-8 with or without a BOM, or
// Shift_JIS, told apart by the bytes and never by what the file declares),
// then finds the format by content, then by the file name. Every move is
// checked against the rules. An illegal move the file does not mark as a
// foul stops the reading: Read returns the record up to the move before it
// together with a *ParseError giving the file, line and ply, which unwraps
// to the *game.IllegalMoveError naming the rule.
//
// Writing follows the conventions other programs expect: Shift_JIS for
// .kif and .ki2, UTF-8 (announced by a #KIF line) otherwise; 手合割 alone
// only for the ten handicaps every program knows, with a board diagram for
// any other start; a KI2 game's ending as its closing まで line.
package kifu

import (
	"fmt"
	"time"

	"shogi/game"
)

// Header is one record header, kept in file order. Keys are as the file
// wrote them (KIF: 先手, 開始日時; CSA: N+, $EVENT; Western: Black …).
type Header struct {
	Key, Value string
}

// Ending is a special move that ends a line: resignation, repetition …
type Ending uint8

const (
	NoEnding     Ending = iota
	Resign              // 投了, %TORYO
	Mate                // 詰み, %TSUMI
	Sennichite          // 千日手, %SENNICHITE
	Jishogi             // 持将棋, %JISHOGI
	EnteringKing        // 入玉勝ち, %KACHI
	Interrupt           // 中断, %CHUDAN
	Timeout             // 切れ負け, %TIME_UP
	IllegalWin          // 反則勝ち: the side to move wins by the opponent's foul
	IllegalLoss         // 反則負け: the side to move loses by a foul
	Forfeit             // 不戦敗
	Draw                // %HIKIWAKE
	OtherEnding         // any other special word (封じ手 …), kept as the node's Word
)

// Node is a position in the move tree: the root (no move) or a move, or a
// special ending. The first child continues the line the node is on;
// further children are branches (変化) starting at the same ply.
//
// A node is 64 bytes, so that a file of a thousand games reads into a few
// megabytes: children are a linked list (FirstChild, NextSibling), and the
// comment, bookmark, ending word and evaluation, which most moves lack,
// sit apart behind one pointer (Comment, SetComment …).
type Node struct {
	Move    game.Move // game.NoMove on the root and on endings
	Ending  Ending    // NoEnding unless this node is a special ending
	HasTime bool
	Ply     int // 0 on the root, then 1, 2, …
	Elapsed time.Duration
	Total   time.Duration // total time used by the mover so far, when the file has it
	Parent  *Node

	first, next *Node // the first child; the next sibling
	notes       *notes
}

// notes are what a node rarely has.
type notes struct {
	comment, word, bookmark string
	eval                    *Evaluation
}

// Comment returns the comment after this move (on the root: before the
// first move).
func (n *Node) Comment() string {
	if n.notes == nil {
		return ""
	}
	return n.notes.comment
}

// SetComment replaces the comment.
func (n *Node) SetComment(c string) {
	if n.ensureNotes(c != "") {
		n.notes.comment = c
		n.dropEmptyNotes()
	}
}

// Word returns an ending's word as written, for OtherEnding (封じ手 …).
func (n *Node) Word() string {
	if n.notes == nil {
		return ""
	}
	return n.notes.word
}

// Bookmark returns the name the position has for jumping to it (しおり; a
// KIF or KI2 `&name` line), or "".
func (n *Node) Bookmark() string {
	if n.notes == nil {
		return ""
	}
	return n.notes.bookmark
}

// SetBookmark sets the bookmark as it is, unchecked (Record.SetBookmark
// cleans the name and refuses one another node has).
func (n *Node) SetBookmark(name string) {
	if n.ensureNotes(name != "") {
		n.notes.bookmark = name
		n.dropEmptyNotes()
	}
}

// Eval returns the engine's verdict that came with the move (a game an
// engine played), or nil; the writers add it to the comment in each
// format's form. Readers leave such lines in the comment.
func (n *Node) Eval() *Evaluation {
	if n.notes == nil {
		return nil
	}
	return n.notes.eval
}

// SetEval sets the engine's verdict (nil for none).
func (n *Node) SetEval(e *Evaluation) {
	if n.ensureNotes(e != nil) {
		n.notes.eval = e
		n.dropEmptyNotes()
	}
}

// ensureNotes makes room for a note, when one is set: it reports whether
// there is a note to change (false when clearing one that is not there).
func (n *Node) ensureNotes(set bool) bool {
	if n.notes == nil {
		if !set {
			return false
		}
		n.notes = &notes{}
	}
	return true
}

// dropEmptyNotes lets go of notes that hold nothing any more.
func (n *Node) dropEmptyNotes() {
	if *n.notes == (notes{}) {
		n.notes = nil
	}
}

// Record is a game record.
type Record struct {
	Headers  []Header
	Start    game.Position
	Handicap string // the handicap's Japanese name (平手, 香落ち …) when the start is one
	Root     *Node
	Warnings []string // what is odd about the start position or the file
	// Games holds every further game of a multi-game CSA file (the first
	// game is the record itself).
	Games []*Record

	slab     []Node // nodes handed out by AddMove, allocated in blocks
	slabSize int
}

// NewRecord returns an empty record starting at start.
func NewRecord(start game.Position) *Record {
	return &Record{Start: start, Root: &Node{}}
}

// Header returns the first value of key, or "".
func (r *Record) Header(key string) string {
	for _, h := range r.Headers {
		if h.Key == key {
			return h.Value
		}
	}
	return ""
}

// MainLine returns the nodes of the main line after the root, the ending
// node (if any) last.
func (r *Record) MainLine() []*Node {
	var out []*Node
	for n := r.Root.first; n != nil; n = n.first {
		out = append(out, n)
	}
	return out
}

// ParseError is a problem in a record file, with where it is.
type ParseError struct {
	File string // may be empty
	Line int    // 1-based; 0 if unknown
	Ply  int    // the ply of the offending move, 0 if not a move
	Err  error
}

func (e *ParseError) Error() string {
	loc := e.File
	if loc == "" {
		loc = "record"
	}
	if e.Line > 0 {
		loc = fmt.Sprintf("%s:%d", loc, e.Line)
	}
	if e.Ply > 0 {
		return fmt.Sprintf("%s: move %d: %v", loc, e.Ply, e.Err)
	}
	return fmt.Sprintf("%s: %v", loc, e.Err)
}

func (e *ParseError) Unwrap() error { return e.Err }
