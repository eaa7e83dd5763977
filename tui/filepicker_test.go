package tui

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"shogi/tui/common"
	"shogi/app/words"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// pickerDir makes a folder with two records, a file that is not one, a
// hidden record and a sub-folder holding a third record.
func pickerDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	rec, err := os.ReadFile(filepath.Join("testdata", "study", "branches.kif"))
	if err != nil {
		t.Fatal(err)
	}
	for name, data := range map[string][]byte{
		"a.kif": rec, "b.csa": []byte("PI\n+\n+7776FU\n"), "notes.md": []byte("# notes\n"),
		".hidden.kif": rec, filepath.Join("sub", "c.kif"): rec,
	} {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func pickerNames(p *pickerModel) []string {
	var out []string
	for _, e := range p.entries {
		out = append(out, e.name)
	}
	return out
}

func TestPickerListsRecordsAndRemembersTheFolder(t *testing.T) {
	dir := pickerDir(t)
	h := newHarness(t, Options{StateDir: t.TempDir(), Lang: words.Japanese})
	picker := func() *pickerModel {
		t.Helper()
		p, ok := h.m.studyTop().(*pickerModel)
		if !ok {
			t.Fatalf("the screen is %T, not the picker", h.m.studyTop())
		}
		return p
	}
	h.send(common.OpenMsg{Path: dir})
	p := picker()
	if got, want := pickerNames(p), []string{"..", "sub", "a.kif", "b.csa"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("entries %q, want %q", got, want)
	}
	if v, _ := p.View(); !strings.Contains(ansi.Strip(v), "> sub/") && !strings.Contains(ansi.Strip(v), "> ../") {
		t.Fatalf("no cursor on screen:\n%s", v)
	}
	h.press("j", "j", "k") // a burst: down, down, up
	h.press("enter")       // into sub
	if p.dir != filepath.Join(dir, "sub") || !reflect.DeepEqual(pickerNames(p), []string{"..", "c.kif"}) {
		t.Fatalf("in %s: %q", p.dir, pickerNames(p))
	}
	h.press("left")
	if p.dir != dir {
		t.Fatalf("left went to %s, want %s", p.dir, dir)
	}
	h.press("G", "k", "enter") // a.kif
	s, ok := h.m.studyTop().(*studyModel)
	if !ok {
		t.Fatalf("choosing a.kif gave %T", h.m.studyTop())
	}
	if s.rec == nil || s.last() != 14 {
		t.Fatalf("a.kif opened with %v", s.loadErr)
	}

	// The next picker starts where the record came from.
	h.press("q")
	h.send(common.OpenMsg{})
	if p := picker(); p.dir != dir {
		t.Fatalf("second picker starts in %s, want %s", p.dir, dir)
	}
	// Once there is a games folder, it starts there.
	if err := os.MkdirAll(h.m.c.GamesDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	h.press("q")
	h.send(common.OpenMsg{})
	if p := picker(); p.dir != h.m.c.GamesDir() {
		t.Fatalf("picker starts in %s, want the games folder %s", p.dir, h.m.c.GamesDir())
	}
	// Without either it starts in the current directory.
	h.m.c.StateDir, h.m.c.Settings.KeepGames = t.TempDir(), false
	h.press("q")
	h.send(common.OpenMsg{})
	wd, _ := os.Getwd()
	if p := picker(); p.dir != wd {
		t.Fatalf("fresh picker starts in %s, want %s", p.dir, wd)
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
	if _, ok := m.studyTop().(*pickerModel); !ok || m.mode() != modeStudy {
		t.Fatalf("opening a folder gave %T in mode %v", m.studyTop(), m.mode())
	}
	h.press("j", "j", "enter")
	if _, ok := m.studyTop().(*studyModel); !ok {
		t.Fatalf("choosing a.kif gave %T", m.studyTop())
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
