package tui

import (
	"bytes"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"example.com/shogi/game"
)

// Command-line mistakes are reported before any screen opens.
func TestOpenUsage(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		status int
		say    string
	}{
		{nil, 2, "want one record file, or - for stdin"},
		{[]string{"a.kif", "b.kif"}, 2, "want one record file"},
		{[]string{"--style", "fancy", "a.kif"}, 2, `unknown piece style "fancy"`},
		{[]string{"--width", "huge", "a.kif"}, 2, `unknown width "huge"`},
		{[]string{"--notation", "morse", "a.kif"}, 2, "morse"},
		{[]string{"a.kif", "--style", "fancy"}, 2, `unknown piece style "fancy"`}, // flags after the file
		{[]string{"testdata/study/no-such-file.kif", "--ply", "3"}, 1, "no such file"},
		{[]string{"testdata/study/no-such-file.kif"}, 1, "no such file"},
		{[]string{"-h"}, 0, "usage: shogi open"},
	} {
		var out, errOut bytes.Buffer
		got := Open(tc.args, strings.NewReader(""), &out, &errOut)
		if got != tc.status || !strings.Contains(errOut.String(), tc.say) {
			t.Errorf("Open(%q) = %d, stderr %q; want %d and %q", tc.args, got, errOut.String(), tc.status, tc.say)
		}
	}
}

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
	s := reviewGame(studyCommon(100, 30), reviewGameMsg{g: g, players: [2]string{"human", "greedy"}})
	mustShow(t, s, "shogi study: this game (modified)", "手数 2/2  △３四歩", "まで2手で後手の勝ち (先手投了)",
		"▲先手 human", "△後手 greedy")
	studyPress(t, s, "h")
	mustShow(t, s, "手数 1/2  ▲７六歩")
}

// The root model opens a played game in the study when asked.
func TestRootReviewsAGame(t *testing.T) {
	m, err := New(Options{StateDir: t.TempDir()})
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
	m.Update(reviewGameMsg{g: g, players: [2]string{"human", "random"}})
	if m.mode != modeStudy {
		t.Fatalf("mode %v, want study", m.mode)
	}
	if v := stripSGR(m.View()); !strings.Contains(v, "手数 1/1  ▲２六歩") || !strings.Contains(v, "△後手 random") {
		t.Fatalf("review of a one-move game:\n%s", v)
	}
}
