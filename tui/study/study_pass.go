package study

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/game/analysis"
	"shogi/game/engine"
	"shogi/kifu"
	"shogi/kifu/annotate"
)

// The whole-record analysis in the study: a pass over the main line on an
// engine of its own, its events fed back as messages, each position's
// result written into the record as it comes.

// recordPass is a whole-record analysis under way.
type recordPass struct {
	cancel   context.CancelFunc
	events   chan passEvent
	engine   string
	done     int
	total    int
	eta      time.Duration
	stopped  bool // cancelled by the user
	run      func()
	launch   sync.Once
	launched atomic.Bool
	finished chan struct{} // closed once run has closed its engine
}

// passEvent is one thing a pass reports: its engine is up, a position is
// done, or it ended.
type passEvent struct {
	engine   string
	progress *analysis.Progress
	end      bool
	err      error
}

// passFeed waits for the pass's next event; the first one sets the pass
// going on a goroutine of its own, which ends with the pass (cancel ends
// it early; the events channel holds every event, so it never blocks).
func (s *studyModel) passFeed(p *recordPass) tea.Cmd {
	return func() tea.Msg {
		p.launch.Do(func() {
			p.launched.Store(true)
			go p.run()
		})
		return passMsg{s: s, p: p, ev: <-p.events}
	}
}

// startPass begins the whole-record analysis of the main line on an
// engine of its own, pausing the live analysis.
func (s *studyModel) startPass() tea.Cmd {
	a := s.an
	aw := s.awords()
	line := annotate.MainLine(s.rec)
	if len(line.Moves) == 0 {
		s.say(aw.NoMoves, false)
		return nil
	}
	paused := ""
	if a.on {
		a.on = false
		if a.sess != nil {
			a.sess.Stop()
		}
		paused = " " + aw.PassPaused
	}
	if a.report == nil || len(a.report.Results) != len(line.Moves)+1 {
		a.report = &analysis.Report{Start: line.Start, Moves: line.Moves, Results: make([]analysis.Result, len(line.Moves)+1),
			From: 1, To: len(line.Moves)}
		a.judged = make([]analysis.Judgement, len(line.Moves)+1)
		a.marks = map[*kifu.Node]analysis.Mark{}
	}
	a.line = line
	ctx, cancel := context.WithCancel(s.c.Context())
	p := &recordPass{cancel: cancel, events: make(chan passEvent, len(line.Moves)+4), total: len(line.Moves) + 1,
		finished: make(chan struct{})}
	a.pass = p
	choice, logTo, per := a.choices[a.choice], a.log, a.passTime
	p.run = func() {
		defer close(p.finished)
		eng, err := startEngine(ctx, choice, logTo)
		if err != nil {
			p.events <- passEvent{end: true, err: err}
			return
		}
		p.events <- passEvent{engine: eng.Name()}
		_, err = analysis.Run(ctx, eng, line.Start, line.Moves, analysis.Options{Limits: engine.Limits{MoveTime: per}},
			func(pr analysis.Progress) { p.events <- passEvent{progress: &pr} })
		eng.Close()
		p.events <- passEvent{end: true, err: err}
	}
	s.say(fmt.Sprintf(aw.PassStarted, choice.Name, per)+paused, false)
	return s.passFeed(p)
}

// passEvent takes one event of the pass: each position's result goes
// into the record at once, so the graph grows and nothing done is lost.
func (s *studyModel) passEvent(ev passEvent) tea.Cmd {
	a := s.an
	aw := s.awords()
	p := a.pass
	switch {
	case ev.progress != nil:
		pr := ev.progress
		p.done, p.total, p.eta = pr.Done, pr.Total, pr.ETA
		r := pr.Result
		a.report.Results[r.Ply] = r
		a.report.Engine = p.engine
		s.judgeAndWrite(r.Ply)
		if r.Ply+1 < len(a.report.Results) && a.report.Results[r.Ply+1].Done {
			s.judgeAndWrite(r.Ply + 1) // a value kept from before now has its new neighbour
		}
	case ev.end:
		a.pass = nil
		var se *analysis.StopError
		switch {
		case ev.err == nil:
			s.say(aw.PassDone, false)
		case p.stopped && errors.Is(ev.err, context.Canceled):
			s.say(fmt.Sprintf(aw.PassCancelled, s.c.Words.Count(max(p.done-1, 0))), false)
		case errors.As(ev.err, &se):
			s.say(fmt.Sprintf(aw.PassFailed, se), true)
		default:
			s.say(fmt.Sprintf(aw.PassFailed, ev.err), true)
		}
		return nil
	default:
		p.engine = ev.engine
	}
	return s.passFeed(p)
}

// judgeAndWrite judges move ply from the values around it and writes its
// position's result into the move's comment.
func (s *studyModel) judgeAndWrite(ply int) {
	a := s.an
	if ply < 1 || ply > len(a.line.Nodes) {
		return
	}
	rep := a.report
	r := &rep.Results[ply]
	var j *analysis.Judgement
	if before := &rep.Results[ply-1]; before.Done && before.Value.Known() && r.Value.Known() {
		jj := analysis.JudgeMove(analysis.DefaultThresholds, ply, rep.Moves[ply-1], before.Value, r.Value, before.Best, before.PV())
		a.judged[ply] = jj
		j = &jj
	}
	node := a.line.Nodes[ply-1]
	a.line.Write(ply, r, rep.Engine, j)
	if j != nil && j.Mark != analysis.NoMark {
		a.marks[node] = j.Mark
	} else {
		delete(a.marks, node)
	}
	a.unsaved = true
	s.measureTexts()
}
