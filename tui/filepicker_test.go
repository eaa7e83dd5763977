package tui

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
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

func pickerKey(t *testing.T, p *pickerModel, k string) (studyMode, tea.Cmd) {
	t.Helper()
	var m studyMode = p
	var cmd tea.Cmd
	if isNamedKey(k) {
		return p.update(keyMsg(k))
	}
	for _, r := range k {
		if m, cmd = p.update(keyMsg(string(r))); m != studyMode(p) {
			break
		}
	}
	return m, cmd
}

func TestPickerListsRecordsAndRemembersTheFolder(t *testing.T) {
	dir := pickerDir(t)
	c := studyCommon(80, 24)
	c.stateDir = t.TempDir()

	p := newPicker(c, dir)
	if got, want := pickerNames(p), []string{"..", "sub", "a.kif", "b.csa"}; !reflect.DeepEqual(got, want) {
		t.Fatalf("entries %q, want %q", got, want)
	}
	if v, _ := p.view(); !strings.Contains(stripSGR(v), "> sub/") && !strings.Contains(stripSGR(v), "> ../") {
		t.Fatalf("no cursor on screen:\n%s", v)
	}
	pickerKey(t, p, "jjk")   // a burst: down, down, up
	pickerKey(t, p, "enter") // into sub
	if p.dir != filepath.Join(dir, "sub") || !reflect.DeepEqual(pickerNames(p), []string{"..", "c.kif"}) {
		t.Fatalf("in %s: %q", p.dir, pickerNames(p))
	}
	pickerKey(t, p, "left")
	if p.dir != dir {
		t.Fatalf("left went to %s, want %s", p.dir, dir)
	}
	pickerKey(t, p, "G")
	pickerKey(t, p, "k") // a.kif
	m, _ := pickerKey(t, p, "enter")
	s, ok := m.(*studyModel)
	if !ok {
		t.Fatalf("choosing a.kif gave %T", m)
	}
	if s.rec == nil || s.last() != 14 {
		t.Fatalf("a.kif opened with %v", s.loadErr)
	}

	// The next picker starts where the record came from.
	if p2 := newPicker(c, ""); p2.dir != dir {
		t.Fatalf("second picker starts in %s, want %s", p2.dir, dir)
	}
	// Without a remembered folder it starts in the current directory.
	c.stateDir = t.TempDir()
	wd, _ := os.Getwd()
	if p3 := newPicker(c, ""); p3.dir != wd {
		t.Fatalf("fresh picker starts in %s, want %s", p3.dir, wd)
	}
	// q goes back.
	_, cmd := pickerKey(t, newPicker(c, dir), "q")
	if _, ok := cmd().(toMenuMsg); !ok {
		t.Fatal("q does not return to the menu")
	}
}

// The root model opens the picker for a folder and the study for a file,
// and leaving the study returns to the menu.
func TestRootOpensStudy(t *testing.T) {
	dir := pickerDir(t)
	m, err := New(Options{StateDir: t.TempDir(), Lang: Japanese})
	if err != nil {
		t.Fatal(err)
	}
	send := func(msg tea.Msg) {
		t.Helper()
		_, cmd := m.Update(msg)
		for cmd != nil {
			next := cmd()
			if next == nil {
				return
			}
			_, cmd = m.Update(next)
		}
	}
	send(tea.WindowSizeMsg{Width: 100, Height: 30})
	send(openMsg{path: dir})
	if _, ok := m.study.(*pickerModel); !ok || m.mode != modeStudy {
		t.Fatalf("opening a folder gave %T in mode %v", m.study, m.mode)
	}
	send(keyMsg("j"))
	send(keyMsg("j"))
	send(keyMsg("enter"))
	if _, ok := m.study.(*studyModel); !ok {
		t.Fatalf("choosing a.kif gave %T", m.study)
	}
	for range 3 {
		send(keyMsg("l"))
	}
	if v := stripSGR(m.View().Content); !strings.Contains(v, "手数 3/13") || !strings.Contains(v, "3 ▲２六歩") {
		t.Fatalf("study through the root:\n%s", v)
	}
	send(keyMsg("q"))
	if m.mode != modeMenu {
		t.Fatalf("q left the study for mode %v", m.mode)
	}
	send(openMsg{path: filepath.Join(dir, "b.csa")})
	if v := stripSGR(m.View().Content); !strings.Contains(v, "手数 0/1") {
		t.Fatalf("b.csa through the root:\n%s", v)
	}
}
