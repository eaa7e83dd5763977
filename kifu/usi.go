package kifu

import (
	"errors"
	"fmt"
	"strings"

	"shogi/game"
)

// USI: `position startpos moves 7g7f …`, `position sfen … moves …`, or a
// bare `sfen … [moves …]` or SFEN line. Only the first non-empty line is
// the record; USI has no headers, comments or endings.

func readUSI(text string) (*Record, error) { return readUSIIn(text, nil) }

// readUSIIn is readUSI with the nodes taken from blk (see nodeBlock).
func readUSIIn(text string, blk *nodeBlock) (*Record, error) {
	s := scanner{text: text}
	var line string
	for s.next() {
		if line = strings.TrimSpace(s.cur); line != "" && !strings.HasPrefix(line, "#") {
			break
		}
	}
	if line == "" {
		return nil, &ParseError{Err: errors.New("empty USI record")}
	}
	n := s.line
	line = strings.TrimPrefix(line, "position ")
	posText, movesText, _ := strings.Cut(line, " moves")
	if movesText != "" && movesText[0] != ' ' {
		return nil, &ParseError{Line: n, Err: fmt.Errorf("cannot read %q", clip(line))}
	}
	posText = strings.TrimSpace(posText)
	var start game.Position
	var err error
	if posText == "startpos" {
		start = game.StartPosition()
	} else {
		start, err = game.ParseSFEN(posText)
		if err != nil {
			return nil, &ParseError{Line: n, Err: err}
		}
	}
	r := NewRecord(start)
	blk.give(r, strings.Count(movesText, " ")+2)
	r.nameStart()
	r.warnStart()
	b := newBuilder(r)
	b.line = n
	for tok := range strings.FieldsSeq(movesText) {
		if err := b.canMove(); err != nil {
			return r, err
		}
		m, err := b.position().ParseUSI(tok)
		if err != nil {
			return r, b.errorf(b.cur.Ply+1, "%v", err)
		}
		if err := b.play(m); err != nil {
			return r, err
		}
	}
	for s.next() {
		if t := strings.TrimSpace(s.cur); t != "" && !strings.HasPrefix(t, "#") {
			return r, &ParseError{Line: s.line, Err: errors.New("a USI record is one line; this file has more")}
		}
	}
	return r, b.finish()
}

// writeUSI writes `position startpos|sfen … moves …` for the main line.
func writeUSI(b *strings.Builder, r *Record) {
	b.WriteString("position ")
	if r.Start.SFEN() == game.StartSFEN {
		b.WriteString("startpos")
	} else {
		b.WriteString("sfen ")
		b.WriteString(r.Start.SFEN())
	}
	moves := r.MainMoves()
	if len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteByte(' ')
			b.WriteString(m.USI())
		}
	}
	b.WriteByte('\n')
}
