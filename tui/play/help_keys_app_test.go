package play

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"shogi/app/words"
	"shogi/assets"
	"shogi/game"
	"shogi/game/match"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
)

// tableHarness is the game screen on a match it does not run, as a table
// of shogi serve or a game on a CSA server (server set) hands it: a
// person at Black.
func tableHarness(t *testing.T, lang words.Lang, server string) *harness {
	t.Helper()
	c := newCommon(t, Options{Lang: lang})
	mt, err := match.New(match.Config{Start: game.StartPosition(), Players: [2]match.Player{match.NewHuman("a"), match.NewHuman("b")}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); mt.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	human := match.Spec{Kind: match.HumanKind}
	s := common.Setup{Players: [2]match.Spec{human, human}, Names: [2]string{"a", "b"}, Start: game.StartPosition(),
		Table: &common.TableLink{Ctl: mt, Mine: [2]bool{true, false}, Server: server}}
	sc := &screen{m: New(c, s)}
	a, d := screentest.NewAlone(t, c, sc)
	return &harness{t: t, c: c, s: sc, a: a, d: d}
}

// ? opens the game's help, which speaks of the kind of game on screen:
// a game on this machine (against a person or a program), a game on a
// CSA server, a table of shogi serve; and each closes with esc.
func TestHelpOfEachGame(t *testing.T) {
	for _, tc := range []struct {
		name  string
		h     func(t *testing.T) *harness
		notes string
		keys  []string // what the key list says
		not   []string // what it must not say
	}{
		{"two people", func(t *testing.T) *harness { return newHarness(t, Options{}) }, assets.HelpPlay(false),
			[]string{"undo", "pause/resume", "flip every turn"}, []string{"leave (resigns)", "chat"}},
		{"a program", func(t *testing.T) *harness { return newHarness(t, Options{White: "greedy"}) }, assets.HelpPlay(false),
			[]string{"hint"}, []string{"leave (resigns)", "flip every turn"}},
		{"the computer over SSH", func(t *testing.T) *harness {
			h := newHarness(t, Options{White: "greedy"})
			h.c.Remote = true // as tui/remote runs it
			return h
		}, assets.HelpComputer(false),
			[]string{"copy game", "quit (nothing is kept)", "undo"}, []string{"save", "study the game", "game kept", "flip every turn"}},
		{"a CSA server", func(t *testing.T) *harness { return tableHarness(t, words.English, "127.0.0.1:4081") }, assets.HelpServer(false),
			[]string{"leave (resigns)", "quit (resigns)"}, []string{"undo", "hint", "chat", "quit (game kept)"}},
		{"a table", func(t *testing.T) *harness { return tableHarness(t, words.English, "") }, assets.HelpTable(false),
			[]string{"offer/accept a draw", "chat", "quit (leaves the table, as q does)"}, []string{"undo", "hint", "leave (resigns)"}},
		{"a table in Japanese", func(t *testing.T) *harness { return tableHarness(t, words.Japanese, "") }, assets.HelpTable(true),
			[]string{"チャット"}, []string{"待った"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := tc.h(t)
			h.press("?")
			got, ok := screentest.Last[common.OpenHelpMsg](h.a)
			if !ok || got.Notes != tc.notes || !h.a.HelpOpen() {
				t.Fatalf("? asked for %v, help open %v", h.a.Asked(), h.a.HelpOpen())
			}
			var descs []string
			for _, g := range got.Groups {
				for _, b := range g {
					descs = append(descs, b.Help().Desc)
				}
			}
			all := strings.Join(descs, "\n")
			for _, w := range tc.keys {
				if !strings.Contains(all, w) {
					t.Errorf("the keys lack %q:\n%s", w, all)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(all, w) {
					t.Errorf("the keys speak of %q:\n%s", w, all)
				}
			}
			first, _, _ := strings.Cut(h.d.Screen(), "\n")
			if !strings.Contains(first, h.c.Words.HelpTitle) {
				t.Errorf("the help's title: %q", first)
			}
			h.press("esc")
			if h.a.HelpOpen() {
				t.Error("esc did not close the help")
			}
		})
	}
}

// A table's player who left and did not come back within the grace
// period loses; the match records it as 投了, but the screen says they
// left (it said "wins by resignation").
func TestLeftTableResult(t *testing.T) {
	h := tableHarness(t, words.English, "")
	if err := h.p().Setup.Table.Ctl.(*match.Match).Forfeit(game.White, time.Minute); err != nil {
		t.Fatal(err)
	}
	h.until("the game's end", func() bool { return h.p().Over() })
	want := "Black wins by b leaving, not back within 1m0s after 0 moves"
	if got := h.p().ResultText(); got != want {
		t.Errorf("result %q, want %q", got, want)
	}
}

// q asks before leaving, and says what becomes of the game: a table's
// seat waits for the grace period (not "the menu resumes it"), a game
// against the computer over SSH is not kept.
func TestLeaveQuestionSaysWhatIsKept(t *testing.T) {
	for _, tc := range []struct {
		name      string
		h         func(t *testing.T) *harness
		want, not string
	}{
		{"a table", func(t *testing.T) *harness { return tableHarness(t, words.English, "") }, "Leave the table? You lose unless back within", "resumes it"},
		{"the computer over SSH", func(t *testing.T) *harness {
			h := newHarness(t, Options{White: "greedy"})
			h.c.Remote = true
			return h
		}, "nothing is kept", "resumes it"},
		{"this machine", func(t *testing.T) *harness { return newHarness(t, Options{White: "greedy"}) }, "the menu resumes it", "nothing is kept"},
	} {
		h := tc.h(t)
		// The question q puts once a move is played (with none, q
		// leaves at once), as drawn at 120 columns.
		h.p().ask(confirmLeave)
		if s := ansi.Strip(h.p().confirmLine(120)); !strings.Contains(s, tc.want) || strings.Contains(s, tc.not) {
			t.Errorf("%s: q asks %q", tc.name, s)
		}
	}
}
