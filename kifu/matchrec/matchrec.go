// Package matchrec turns a game a match played (a match.Result) into a
// record: headers, every move's time, each program's evaluation in the
// comment forms other programs read, and why the game ended. The app, the
// SSH lobby and shogi match all write their games with it.
package matchrec

import (
	"fmt"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/kifu"
)

// Record turns a game a match played into a record: the headers
// (start and, once it is over, end; the event when given; the time
// control as ShogiHome writes it; the players), every move's time, each
// program's last evaluation and line as comments in the forms other
// programs read, and why the game ended when that needs saying (a fault,
// a foul, time, the move limit, an interruption). A game still in
// progress (a Result with no ending, not aborted) is written without an
// ending. shogi match writes its games with it too.
func Record(res match.Result, event string) *kifu.Record {
	const stamp = "2006/01/02 15:04:05"
	headers := []kifu.Header{{Key: "開始日時", Value: res.Began.Format(stamp)}}
	if res.Over() || res.Aborted {
		headers = append(headers, kifu.Header{Key: "終了日時", Value: res.Ended.Format(stamp)})
	}
	if event != "" {
		headers = append(headers, kifu.Header{Key: "棋戦", Value: event})
	}
	if res.Time[0] == res.Time[1] {
		if !res.Time[0].IsZero() {
			headers = append(headers, kifu.Header{Key: "持ち時間", Value: res.Time[0].CSA()})
		}
	} else {
		headers = append(headers, kifu.Header{Key: "先手持ち時間", Value: res.Time[0].CSA()}, kifu.Header{Key: "後手持ち時間", Value: res.Time[1].CSA()})
	}
	headers = append(headers, kifu.Header{Key: "先手", Value: res.Names[game.Black]}, kifu.Header{Key: "後手", Value: res.Names[game.White]})
	r := kifu.FromGame(res.Game, headers, nil)
	var totals [2]time.Duration
	line := r.MainLine()
	for k, note := range res.Notes {
		i := res.Opening + k
		if i >= len(line) || !line[i].IsMove() {
			break
		}
		n := line[i]
		c := n.Move.Color()
		totals[c] += note.Spent
		n.Elapsed, n.Total, n.HasTime = note.Spent, totals[c], true
		n.SetEval(evaluation(note.Info, n.Move, res.Names[c]))
	}
	last := r.Root
	if len(line) > 0 {
		last = line[len(line)-1]
	}
	var end *kifu.Node
	switch {
	case res.Why == match.EngineFault:
		// No record format has a word for a program that crashed, hung
		// or spoke garbage: 反則負け is a broken rule, 不戦敗 a game not
		// played. The game stopped (中断, CSA's %CHUDAN), and the comment
		// says why and who the match scored the game for.
		if last.Ending != kifu.NoEnding {
			last.Ending = kifu.Interrupt
			end = last
		} else {
			end = r.AddEnding(last, kifu.Interrupt, "")
		}
	case res.Aborted:
		end = r.AddEnding(last, kifu.Interrupt, "")
	case res.MaxMoves:
		end = r.AddEnding(last, kifu.Jishogi, "")
	case last.Ending != kifu.NoEnding:
		end = last
	}
	// A person who left a table and did not come back is recorded as
	// resigning (投了); the comment says they left.
	if end != nil && (res.Fault != nil || res.Illegal != "" || res.Ending == game.TimeLoss || res.MaxMoves || res.Aborted || res.Why == match.Forfeited) {
		c := res.Reason()
		if w, ok := res.Winner(); ok && res.Why == match.EngineFault {
			c += fmt.Sprintf("; %s (%s) failed, and the match scored the game for %s", res.Names[res.Faulty], res.Faulty, w)
		}
		end.SetComment(c)
	}
	return r
}

// evaluation turns a mover's last engine report into the record's form:
// the score from Black's side, the PV after the move. A report whose PV
// does not begin with the move played says nothing about it (ShogiHome
// drops it too).
func evaluation(info *engine.Info, m game.Move, engineName string) *kifu.Evaluation {
	if info == nil || !info.HasScore && len(info.PV) == 0 {
		return nil
	}
	pv := info.PV
	if len(pv) > 0 {
		if pv[0] != m {
			return nil
		}
		pv = pv[1:]
	}
	sign := 1
	if m.Color() == game.White {
		sign = -1
	}
	e := &kifu.Evaluation{PV: pv, Depth: info.Depth, Nodes: info.Nodes, Engine: engineName}
	switch {
	case info.HasScore && info.Score.Mate:
		v := info.Score.Value
		switch {
		case v >= engine.MateUnknown:
			v = kifu.MateUnknown
		case v <= -engine.MateUnknown:
			v = -kifu.MateUnknown
		case v == 0:
			v = -1 // "mate 0": the side to move is mated now
		}
		e.Mate = sign * v
	case info.HasScore:
		e.Score, e.HasScore = sign*info.Score.Value, true
	}
	return e
}

// WithPrior puts a game played on from a record ("play from here") after
// the record's line: the record's start and moves up to from, then the
// game's moves, times and ending, under the record's headers followed by
// the game's own.
func WithPrior(played *kifu.Record, record *kifu.Record, from *kifu.Node) *kifu.Record {
	if record == nil || from == nil {
		return played
	}
	r := kifu.NewRecord(record.Start)
	r.Headers = append([]kifu.Header(nil), record.Headers...)
	for _, h := range played.Headers {
		if !hasHeader(r.Headers, h.Key) {
			r.Headers = append(r.Headers, h)
		}
	}
	n := r.Root
	for _, old := range from.Path() {
		n = r.AddMove(n, old.Move)
	}
	for _, p := range played.MainLine() {
		switch {
		case p.Parent == nil:
		case p.IsMove():
			n = r.AddMove(n, p.Move)
			n.Elapsed, n.Total, n.HasTime = p.Elapsed, p.Total, p.HasTime
			n.SetEval(p.Eval())
		default:
			n = r.AddEnding(n, p.Ending, p.Word())
			n.SetComment(p.Comment())
		}
	}
	return r
}

func hasHeader(hs []kifu.Header, key string) bool {
	for _, h := range hs {
		if h.Key == key {
			return true
		}
	}
	return false
}
