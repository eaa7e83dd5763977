package tui

import (
	"strings"
	"testing"

	"shogi/tui/common"
	"shogi/app/words"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/game"
	"shogi/kifu"
)

// A game just played opens in the study at its end, with its result.
func TestReviewGame(t *testing.T) {
	// Two moves and Black resigns.
	g := game.NewGame(game.StartPosition())
	for _, u := range []string{"7g7f", "3c3d"} {
		p := g.Position()
		m, err := p.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	g.Resign(game.Black)
	rec := kifu.FromGame(g, []kifu.Header{{Key: "先手", Value: "human"}, {Key: "後手", Value: "greedy"}}, nil)
	s := reviewGame(studyCommon(100, 30), common.ReviewGameMsg{Rec: rec})
	mustShow(t, s, "検討: この対局 (未保存の変更あり)", "手数 2/2", "2 △３四歩", "まで2手で後手の勝ち (先手投了)",
		"▲先手 human", "△後手 greedy")
	studyPress(t, s, "h")
	mustShow(t, s, "手数 1/2", "1 ▲７六歩")
}

// The root model opens a played game in the study when asked.
func TestRootReviewsAGame(t *testing.T) {
	m, err := New(Options{StateDir: t.TempDir(), Lang: words.Japanese})
	if err != nil {
		t.Fatal(err)
	}
	m.Update(tea.WindowSizeMsg{Width: 100, Height: 30})
	g := game.NewGame(game.StartPosition())
	p := g.Position()
	mv, _ := p.ParseUSI("2g2f")
	if err := g.Play(mv); err != nil {
		t.Fatal(err)
	}
	m.Update(common.ReviewGameMsg{Rec: kifu.FromGame(g, []kifu.Header{{Key: "先手", Value: "human"}, {Key: "後手", Value: "random"}}, nil)})
	if m.mode() != modeStudy {
		t.Fatalf("mode %v, want study", m.mode())
	}
	if v := ansi.Strip(m.View().Content); !strings.Contains(v, "手数 1/1") || !strings.Contains(v, "1 ▲２六歩") || !strings.Contains(v, "△後手 random") {
		t.Fatalf("review of a one-move game:\n%s", v)
	}
}
