package analysis

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi"
)

var twelve = []string{"7g7f", "3c3d", "2g2f", "4c4d", "2f2e", "2b3c", "3i4h", "8b4b", "5i6h", "5a6b", "6h7h", "6b7b"}

func TestRunEveryPosition(t *testing.T) {
	e, lb := startFake(t, "")
	defer e.Close()
	moves := playLine(t, twelve...)
	var seen []Progress
	rep, err := Run(context.Background(), e, game.StartPosition(), moves, Options{Limits: engine.Limits{Depth: 1}, MultiPV: 2},
		func(p Progress) { seen = append(seen, p) })
	if err != nil {
		t.Fatal(err)
	}
	if rep.From != 1 || rep.To != 12 || rep.Engine != "fake" || len(rep.Results) != 13 {
		t.Fatalf("report %+v", rep)
	}
	for ply, r := range rep.Results {
		// The fake scores 10 + ply for the side to move at depth 1.
		want := 10 + ply
		if ply%2 == 1 {
			want = -want
		}
		if !r.Done || r.Ply != ply || r.Value != Centipawns(want) || len(r.Lines) != 2 || r.Best == game.NoMove {
			t.Errorf("position %d: %+v", ply, r)
		}
	}
	if len(seen) != 13 || seen[12].Done != 13 || seen[12].Total != 13 || seen[12].ETA != 0 || seen[0].Ply != 0 {
		t.Errorf("progress %+v", seen)
	}
	if n := strings.Count(lb.String(), "> go depth 1"); n != 13 {
		t.Errorf("%d searches", n)
	}
}

func TestRunRange(t *testing.T) {
	e, _ := startFake(t, "")
	defer e.Close()
	moves := playLine(t, twelve...)
	rep, err := Run(context.Background(), e, game.StartPosition(), moves, Options{Limits: engine.Limits{Depth: 1}, From: 5, To: 7}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for ply, r := range rep.Results {
		if r.Done != (ply >= 4 && ply <= 7) {
			t.Errorf("position %d done %v", ply, r.Done)
		}
	}
	if js := rep.Judge(DefaultThresholds); len(js) != 3 || js[0].Ply != 5 {
		t.Errorf("judgements %+v", js)
	}
	for _, o := range []Options{{From: 13}, {From: 8, To: 3}, {From: -1}} {
		if _, err := Run(context.Background(), e, game.StartPosition(), moves, o, nil); err == nil {
			t.Errorf("%+v: no error", o)
		}
	}
	// --to past the end is the end.
	if first, last, err := (Options{To: 99}).Range(12); err != nil || first != 0 || last != 12 {
		t.Errorf("Range: %d %d %v", first, last, err)
	}
}

// An engine that crashes half-way leaves the first half analysed and
// says where it stopped.
func TestRunEngineCrashKeepsTheFirstHalf(t *testing.T) {
	e, _ := startFake(t, "name=crasher,crash=6")
	defer e.Close()
	moves := playLine(t, twelve...)
	rep, err := Run(context.Background(), e, game.StartPosition(), moves, Options{Limits: engine.Limits{Depth: 1}}, nil)
	var se *StopError
	if !errors.As(err, &se) || se.Ply != 6 {
		t.Fatalf("err %v", err)
	}
	var ue *usi.Error
	if !errors.As(err, &ue) || ue.Fault != usi.Exited || !strings.Contains(err.Error(), "after move 6") {
		t.Errorf("err %v", err)
	}
	for ply, r := range rep.Results {
		if r.Done != (ply < 6) {
			t.Errorf("position %d done %v", ply, r.Done)
		}
	}
}

func TestRunCancelKeepsWhatIsDone(t *testing.T) {
	e, _ := startFake(t, "think=20ms")
	defer e.Close()
	moves := playLine(t, twelve...)
	ctx, cancel := context.WithCancel(context.Background())
	rep, err := Run(ctx, e, game.StartPosition(), moves, Options{Limits: engine.Limits{MoveTime: time.Second}}, func(p Progress) {
		if p.Done == 4 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	for ply, r := range rep.Results {
		if r.Done != (ply < 4) {
			t.Errorf("position %d done %v", ply, r.Done)
		}
	}
}

// A line that ends in mate: the last position is lost for the side to
// move without asking the engine.
func TestRunMatedPosition(t *testing.T) {
	e, _ := startFake(t, "")
	defer e.Close()
	p, err := game.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	m, _ := p.ParseUSI("G*5b")
	rep, err := Run(context.Background(), e, p, []game.Move{m}, Options{Limits: engine.Limits{Depth: 1}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r := rep.Results[1]; !r.Done || r.Value != MateBy(game.Black, 0) {
		t.Errorf("mated: %+v", r)
	}
}

func fairyStockfish(t *testing.T) match.Spec {
	t.Helper()
	const path = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(path); err != nil {
		t.Skip("no Fairy-Stockfish at " + path)
	}
	sp, err := match.ParseSpec("usi:" + path + ",Threads=1,Hash=16")
	if err != nil {
		t.Fatal(err)
	}
	return sp
}

// Fairy-Stockfish, a real engine: a pass, then three lines that deepen.
// One engine does both (a start of Fairy-Stockfish costs 0.4 s of CPU):
// the pass first, since the session closes the engine it is given.
func TestFairyStockfish(t *testing.T) {
	sp := fairyStockfish(t)
	e, err := Start(context.Background(), sp, usi.Config{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	start := game.StartPosition()
	moves := playLine(t, twelve[:4]...)
	rep, err := Run(context.Background(), e, start, moves, Options{Limits: engine.Limits{Depth: 4}}, nil)
	if err != nil {
		e.Close()
		t.Fatal(err)
	}
	for _, r := range rep.Results {
		if !r.Done || !r.Value.Known() || r.Depth != 4 || r.Best == game.NoMove {
			t.Errorf("position %d: %+v", r.Ply, r)
		}
	}

	s := NewSession(t.Context(), e)
	defer s.Close()
	id := s.Analyse(engine.Request{Start: start, MultiPV: 3})
	sn := waitFor(t, s, "three lines at depth 6", func(sn Snapshot) bool {
		return sn.ID == id && len(sn.Lines) == 3 && sn.Lines[2].Depth >= 6 && sn.Lines[0].Depth >= 6
	})
	seen := map[game.Move]bool{}
	for _, l := range sn.Lines {
		if !l.HasScore || len(l.PV) == 0 || seen[l.PV[0]] {
			t.Errorf("line %+v", l)
		}
		seen[l.PV[0]] = true
	}
	s.Stop()
}
