package tui

import (
	"os"
	"path/filepath"
	"shogi/app/words"
	"shogi/game"
	"shogi/kifu"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"
	"shogi/tui/study"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// The study as the app shows it: opened from the menu, the editor and a
// game, and the screens it opens; the study alone is tested in tui/study.

func TestPickerListsRecordsAndRemembersTheFolder(t *testing.T) {
	dir := pickerDir(t)
	h := newHarness(t, Options{StateDir: t.TempDir(), Lang: words.Japanese})
	picker := func() *study.Screen {
		t.Helper()
		p := h.m.studyTop()
		if h.m.mode() != modeStudy || !p.Picking() {
			t.Fatalf("the screen is not the picker:\n%s", h.screen())
		}
		return p
	}
	h.send(common.OpenMsg{Path: dir})
	p := picker()
	if sc := h.screen(); !inOrder(sc, "../", "sub/", "a.kif", "b.csa") || strings.Contains(sc, "notes.md") || strings.Contains(sc, "hidden") {
		t.Fatalf("the entries are not .., sub, a.kif, b.csa:\n%s", sc)
	}
	if v, _ := p.View(); !strings.Contains(ansi.Strip(v), "> sub/") && !strings.Contains(ansi.Strip(v), "> ../") {
		t.Fatalf("no cursor on screen:\n%s", v)
	}
	h.press("j", "j", "k") // a burst: down, down, up
	h.press("enter")       // into sub
	if p.Folder() != filepath.Join(dir, "sub") || !inOrder(h.screen(), "../", "c.kif") {
		t.Fatalf("in %s:\n%s", p.Folder(), h.screen())
	}
	h.press("left")
	if p.Folder() != dir {
		t.Fatalf("left went to %s, want %s", p.Folder(), dir)
	}
	h.press("G", "k", "enter") // a.kif
	if s := h.m.studyTop(); s.Picking() || s.Record() == nil || !strings.Contains(h.screen(), "手数 0/13") {
		t.Fatalf("a.kif opened:\n%s", h.screen())
	}

	// The next picker starts where the record came from.
	h.press("q")
	h.send(common.OpenMsg{})
	if p := picker(); p.Folder() != dir {
		t.Fatalf("second picker starts in %s, want %s", p.Folder(), dir)
	}
	// Once there is a games folder, it starts there.
	if err := os.MkdirAll(h.m.c.GamesDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	h.press("q")
	h.send(common.OpenMsg{})
	if p := picker(); p.Folder() != h.m.c.GamesDir() {
		t.Fatalf("picker starts in %s, want the games folder %s", p.Folder(), h.m.c.GamesDir())
	}
	// Without either it starts in the current directory.
	h.m.c.StateDir, h.m.c.Settings.KeepGames = t.TempDir(), false
	h.press("q")
	h.send(common.OpenMsg{})
	wd, _ := os.Getwd()
	if p := picker(); p.Folder() != wd {
		t.Fatalf("fresh picker starts in %s, want %s", p.Folder(), wd)
	}
	// q goes back.
	h.press("q")
	if h.m.mode() != modeMenu {
		t.Fatal("q does not return to the menu")
	}
}

// The root model opens the picker for a folder and the study for a file,
// and leaving the study returns to the menu.
func TestRootOpensStudy(t *testing.T) {
	dir := pickerDir(t)
	h := newHarness(t, Options{StateDir: t.TempDir(), Lang: words.Japanese})
	m := h.m
	h.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	h.send(common.OpenMsg{Path: dir})
	if m.mode() != modeStudy || !m.studyTop().Picking() {
		t.Fatalf("opening a folder gave mode %v:\n%s", m.mode(), h.screen())
	}
	h.press("j", "j", "enter")
	if m.studyTop().Picking() {
		t.Fatalf("choosing a.kif:\n%s", h.screen())
	}
	h.press("l", "l", "l")
	if v := ansi.Strip(m.View().Content); !strings.Contains(v, "手数 3/13") || !strings.Contains(v, "3 ▲２六歩") {
		t.Fatalf("study through the root:\n%s", v)
	}
	h.press("q")
	if m.mode() != modeMenu {
		t.Fatalf("q left the study for mode %v", m.mode())
	}
	h.send(common.OpenMsg{Path: filepath.Join(dir, "b.csa")})
	if v := ansi.Strip(m.View().Content); !strings.Contains(v, "手数 0/1") {
		t.Fatalf("b.csa through the root:\n%s", v)
	}
}

// The menu's "Set up a position" opens the editor; studying the position
// opens a new record with no file behind it (w asks for a name), and the
// study's z edits the position shown, coming back to the study.
func TestEditorFromMenuAndStudy(t *testing.T) {
	h := newHarness(t, Options{Lang: words.English})
	h.menuItem("Set up a position")
	if h.m.mode() != modeEditor {
		t.Fatalf("Set up a position:\n%s", h.screen())
	}
	h.press("m", "enter") // the presets open on the even game
	h.press("enter", "s")
	st := h.m.studyTop()
	if h.m.mode() != modeStudy || st.Picking() || !st.Unsaved() {
		t.Fatalf("studying the position:\n%s", h.screen())
	}
	h.press("7g7f", "enter", "w")
	if !strings.Contains(h.screen(), "Save as") {
		t.Fatalf("w on a new record does not ask for a name:\n%s", h.screen())
	}
	h.press("esc", "z")
	if h.m.mode() != modeEditor || h.m.studyTop() != st {
		t.Fatalf("z:\n%s", h.screen())
	}
	if got := h.m.editorShown().Board().SFEN(); got != "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1" {
		t.Errorf("the editor has %s", got)
	}
	h.press("q")
	if h.m.mode() != modeStudy || h.m.studyTop() != st {
		t.Fatalf("leaving the editor did not return to the study:\n%s", h.screen())
	}
	// t solves the position as a tsume; leaving comes back to the editor.
	h.press("z", "enter", "t")
	if h.m.mode() != modeTsume || !strings.Contains(h.screen(), "Tsume: your position") {
		t.Fatalf("t:\n%s", h.screen())
	}
	h.press("q")
	if h.m.mode() != modeEditor {
		t.Errorf("leaving the tsume screen did not return to the editor:\n%s", h.screen())
	}
}

// Edits are kept after every edit and outlive the app: a new app on the
// same state directory offers them on the menu, and enter opens the
// record as it was, still to save.
func TestKeptEditsResume(t *testing.T) {
	state := t.TempDir()
	h := newHarness(t, Options{StateDir: state, Lang: words.English})
	h.send(common.OpenMsg{Path: filepath.Join("study", "testdata", "study", "branches.kif")})
	h.press("2", "enter", ":", "5g5f", "enter", "n", "kept?", "esc")
	want := recordText(t, h.m.studyTop().Record())
	// The app ends as ctrl+c ends it: nothing is discarded.
	h.press("ctrl+c")

	h2 := newHarness(t, Options{StateDir: state, Lang: words.English})
	if !strings.Contains(h2.screen(), "Resume editing (1 kept)") {
		t.Fatalf("the menu offers no kept edits:\n%s", h2.screen())
	}
	h2.press("enter") // the first item
	if !strings.Contains(h2.screen(), "branches.kif") {
		t.Fatalf("the kept edits' list:\n%s", h2.screen())
	}
	h2.press("enter")
	st2 := h2.m.studyTop()
	if h2.m.mode() != modeStudy || st2.Picking() {
		t.Fatalf("enter did not open the kept record:\n%s", h2.screen())
	}
	if got := recordText(t, st2.Record()); got != want {
		t.Fatalf("restored:\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(h2.screen(), "(modified)") {
		t.Error("the restored record is not marked modified")
	}
}

// A whole record pasted into the study opens it (no file behind it); a
// pasted move goes into the move line; a paste over unsaved edits asks.
func TestStudyPaste(t *testing.T) {
	h := newHarness(t, Options{Lang: words.English})
	h.send(common.OpenMsg{Path: filepath.Join("study", "testdata", "study", "branches.kif")})
	first := h.m.studyTop()
	h.paste("7g7f")
	if !strings.Contains(h.screen(), "> 7g7f") {
		t.Fatalf("a pasted move:\n%s", h.screen())
	}
	h.press("enter", ":", "8c8d", "enter") // a new variation: the record is modified
	h.paste("V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n")
	if !strings.Contains(h.screen(), "Open the pasted record?") {
		t.Fatalf("a paste over edits:\n%s", h.screen())
	}
	h.press("y")
	st := h.m.studyTop()
	if st == first || st.Record().Root.FirstChild().FirstChild().Move.USI() != "3c3d" || !st.Unsaved() {
		t.Fatalf("the pasted CSA:\n%s", h.screen())
	}
	h.paste("not a record at all")
	if h.m.studyTop() != st || !strings.Contains(h.screen(), "cannot be read") {
		t.Fatalf("a paste that is no record:\n%s", h.screen())
	}
	// 10 MB: refused at once with the limit, on the study and on the menu.
	big := strings.Repeat("▲７六歩\n", 10<<20/12)
	h.paste(big)
	if h.m.studyTop() != st || !strings.Contains(h.screen(), "MB") {
		t.Fatalf("a 10 MB paste:\n%s", h.screen())
	}
	h.press("q")
	h.paste(big)
	if h.m.mode() != modeMenu || !strings.Contains(h.screen(), "MB") {
		t.Fatalf("a 10 MB paste on the menu:\n%s", h.screen())
	}
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

// inOrder reports whether screen holds texts, in order.
func inOrder(screen string, texts ...string) bool {
	for _, x := range texts {
		i := strings.Index(screen, x)
		if i < 0 {
			return false
		}
		screen = screen[i+len(x):]
	}
	return true
}

// pickerDir makes a folder of records for the file picker.
func pickerDir(t testing.TB) string {
	return screentest.PickerDir(t, filepath.Join("study", "testdata", "study", "branches.kif"))
}
