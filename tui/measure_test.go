package tui

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"shogi/app/words"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/usi/usitest"
)

// BenchmarkViewEngineClock draws a frame of a game against an engine
// while it thinks: both clocks, the thinking panel with a score and a
// line, the move list. Compare with BenchmarkView (no clock, no panel).
func BenchmarkViewEngineClock(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		b.Run(sizeName(size), func(b *testing.B) {
			tc := match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}
			h := newHarness(b, Options{Play: true, White: "usi:" + fakeEngine(b), Time: [2]match.TimeControl{tc, tc},
				engineEnv: []string{usitest.Env + "=think=0"}, Lang: words.Japanese})
			h.send(windowSize(size[0], size[1]))
			for _, mv := range []string{"7g7f", "2g2f", "6g6f"} {
				h.typeMove(mv)
			}
			// Show the engine thinking: its last report stands in for a live one.
			p := h.m.playShown()
			p.TurnPly, p.TurnSide, p.ThinkPly = p.Game.Len(), game.White, p.Game.Len()
			notes := p.Notes()
			last := *notes[len(notes)-1].Info
			p.Think = &last
			p.Snap.Clock.Running, p.Snap.Clock.Side, p.Snap.Clock.Since = true, game.White, time.Now()
			if s := h.screen(); !strings.Contains(s, "評価値") || !strings.Contains(s, "秒読み") {
				b.Fatalf("no panel or clock:\n%s", s)
			}
			b.ReportAllocs()
			for b.Loop() {
				_ = h.m.View()
			}
		})
	}
}

// TestMeasureReplyLatency measures, for the report, how long the engine's
// reply takes to reach the screen beyond the engine's own thinking: from
// the key that plays the person's move to the frame that shows the reply,
// less the time the engine said it searched (its last info line's time).
// It runs only with SHOGI_MEASURE=1 (it times, it asserts nothing).
func TestMeasureReplyLatency(t *testing.T) {
	if os.Getenv("SHOGI_MEASURE") == "" {
		t.Skip("a measurement for the report: SHOGI_MEASURE=1 runs it")
	}
	for _, tc := range []struct{ name, engine, env string }{
		{"scripted engine (think=0)", "usi:" + fakeEngine(t), usitest.Env + "=think=0"},
		{"Fairy-Stockfish, 200ms byoyomi", "usi:/usr/games/fairy-stockfish", ""},
	} {
		if strings.Contains(tc.engine, "fairy") {
			if _, err := os.Stat("/usr/games/fairy-stockfish"); err != nil {
				continue
			}
		}
		clock := match.TimeControl{Byoyomi: 200 * time.Millisecond}
		h := newHarness(t, Options{Play: true, White: tc.engine, engineEnv: []string{tc.env}, Time: [2]match.TimeControl{clock, clock}})
		h.send(windowSize(120, 40))
		var over []time.Duration
		moves := []string{"7g7f", "2g2f", "6g6f", "1g1f", "9g9f", "3g3f", "4g4f", "5g5f", "8g8f", "6i7h", "4i5h", "7i6h"}
		for _, mv := range moves {
			n := h.game().Len()
			pos := h.game().Position()
			if m, err := pos.ParseUSI(mv); err != nil || !pos.IsLegal(m) {
				continue
			}
			start := time.Now()
			h.pressNow(mv, "enter")
			h.until("the reply", func() bool { return h.game().Len() == n+2 || h.m.playShown().Over() })
			_ = h.m.View()
			wall := time.Since(start)
			if h.m.playShown().Over() {
				break
			}
			think := time.Duration(0)
			if in := h.m.playShown().Notes()[n+1].Info; in != nil && !strings.Contains(tc.engine, fakeEngine(t)) {
				think = in.Time
			}
			over = append(over, wall-think)
			h.settle()
		}
		sort.Slice(over, func(i, j int) bool { return over[i] < over[j] })
		if len(over) > 0 {
			t.Logf("%s: %d replies, beyond the engine's time: median %v, max %v", tc.name, len(over), over[len(over)/2], over[len(over)-1])
		}
	}
}
