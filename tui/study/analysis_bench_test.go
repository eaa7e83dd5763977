package study

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"shogi/app/words"
	"shogi/tui/common"

	tea "charm.land/bubbletea/v2"

	"shogi/kifu"
	"shogi/kifu/annotate"
)

// BenchmarkStepToFirstLine is how long after a step the panel shows the
// new position's first line from Fairy-Stockfish: the key handled, the
// engine stopped and restarted, its first report read, the screen drawn.
// One op is one step (alternately forward and back), taken after the
// engine has thought about the position for 200 ms, as a person steps.
func BenchmarkStepToFirstLine(b *testing.B) {
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err != nil {
		b.Skip("no Fairy-Stockfish at " + fsf)
	}
	c := newCommon(Options{Pieces: common.Kanji, Lang: words.Japanese, Engine: "usi:" + fsf + ",Threads=1,Hash=16"})
	c.Width, c.Height = 120, 40
	s := loadStudy(c, filepath.Join("testdata", "study", "branches.kif"))
	defer s.closeEngines(true)
	s.goTo(6)
	_, cmd := s.Update(keyMsg("a"))
	feed := waitFirstLine(b, s, cmd)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		key := "right"
		if i%2 == 1 {
			key = "left"
		}
		b.StopTimer()
		feed = runFor(s, feed, 200*time.Millisecond)
		b.StartTimer()
		s.Update(keyMsg(key))
		feed = waitFirstLine(b, s, feed)
		s.View()
	}
}

// runFor runs the study's engine messages for d.
func runFor(s *studyModel, cmd tea.Cmd, d time.Duration) tea.Cmd {
	for end := time.Now().Add(d); time.Now().Before(end); {
		if a, ok := cmd().(studyAsync); ok {
			cmd = a.study().async(a)
		}
	}
	return cmd
}

// waitFirstLine runs the study's engine messages until the snapshot of
// the position shown has a scored line; it returns the command to go on
// with.
func waitFirstLine(b *testing.B, s *studyModel, cmd tea.Cmd) tea.Cmd {
	deadline := time.Now().Add(10 * time.Second)
	for {
		if sn, ok := s.snapshot(); ok && len(sn.Lines) > 0 && sn.Lines[0].HasScore {
			return cmd
		}
		if time.Now().After(deadline) || cmd == nil {
			b.Fatal("no line")
		}
		if a, ok := cmd().(studyAsync); ok {
			cmd = a.study().async(a)
		}
	}
}

// BenchmarkStudyViewGraph is one frame of the study with a whole-record
// analysis read back from a 120-move record's comments (graph, marks, the
// move's analysis), beside the same record without one, at each size.
func BenchmarkStudyViewGraph(b *testing.B) {
	rec, moves := randomRecord(b, 120, 7)
	plain, _ := randomRecord(b, 120, 7)
	line := annotate.MainLine(rec)
	for i, n := range line.Nodes {
		after := line.After[i]
		v := (i*37)%900 - 450
		n.SetAnalysis(&kifu.Evaluation{Score: v, HasScore: true, PV: after.LegalMoves(nil)[:1], Depth: 12, Engine: "E"}, after)
	}
	_ = moves
	for _, size := range goldenSizes {
		for _, r := range []struct {
			name string
			rec  *kifu.Record
		}{{"graph", rec}, {"plain", plain}} {
			b.Run(fmt.Sprintf("%s-%dx%d", r.name, size[0], size[1]), func(b *testing.B) {
				s := newStudy(studyCommon(size[0], size[1]), r.rec, "bench.kif", nil)
				s.goTo(60)
				b.ReportAllocs()
				b.ResetTimer()
				for i := 0; i < b.N; i++ {
					benchView, _ = s.View()
				}
			})
		}
	}
}
