package edit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/internal/testenv"
	"shogi/kifu"
)

// tracker follows an editor through a run of edits and checks, after
// each: the tree is sound; an undo or redo gives back exactly the record
// as it was at that point of the history; an edit refused changes
// nothing; and the kept copy on disk is the record in memory, exactly.
type tracker struct {
	e      *Editor
	views  []string          // views[i]: the record after the first i edits of the history
	memory map[string][]byte // the kept files, when kept in memory
}

// keepInMemory makes the editor keep its copy in memory: the same bytes
// the file would hold, without the disk's milliseconds.
func (tr *tracker) keepInMemory() {
	tr.memory = map[string][]byte{}
	tr.e.keep.dir = "memory"
	tr.e.keep.put = func(path string, data []byte) error {
		tr.memory[path] = data
		return nil
	}
}

func newTracker(e *Editor) *tracker {
	return &tracker{e: e, views: []string{view(e.Record(), kifu.Unknown)}}
}

// after checks the editor after an edit; before is len(e.done) before it,
// history whether it was an undo or a redo.
func (tr *tracker) after(t testing.TB, before int, history bool, what string) {
	t.Helper()
	r := tr.e.Record()
	if err := r.Verify(); err != nil {
		t.Fatalf("after %s: %v", what, err)
	}
	cur := view(r, kifu.Unknown)
	d := len(tr.e.done)
	switch {
	case history || d == before:
		if d >= len(tr.views) || tr.views[d] != cur {
			t.Fatalf("after %s: the record is not as it was after %d edits", what, d)
		}
	case d == before+1:
		tr.views = append(tr.views[:d], cur)
	default:
		t.Fatalf("after %s: history went from %d to %d", what, before, d)
	}
	if err := tr.e.KeepError(); err != nil {
		t.Fatalf("after %s: %v", what, err)
	}
	if !tr.e.Modified() {
		if tr.e.KeptPath() != "" {
			t.Fatalf("after %s: unmodified, but kept in %s", what, tr.e.KeptPath())
		}
		return
	}
	if tr.e.keep.dir == "" {
		return
	}
	var data []byte
	var err error
	if tr.memory != nil {
		data = tr.memory[tr.e.KeptPath()]
	} else {
		data, err = os.ReadFile(tr.e.KeptPath())
	}
	if err != nil {
		t.Fatalf("after %s: %v", what, err)
	}
	kept, _, err := unmarshalKept(data)
	if err != nil {
		t.Fatalf("after %s: the kept copy does not read: %v", what, err)
	}
	if got := view(kept, kifu.Unknown); got != cur {
		t.Fatalf("after %s: the kept copy differs, %s", what, diffLines(cur, got))
	}
}

// run makes n random edits through the tracker's editor.
func (tr *tracker) run(t testing.TB, pk picker, n int, stop func() bool) []string {
	var log []string
	var cursor *kifu.Node
	for range n {
		if stop != nil && stop() {
			break
		}
		var what string
		what, cursor = randomEdit(pk, tr.e, cursor, func(before int, history bool, what string) {
			tr.after(t, before, history, what)
		})
		log = append(log, what)
	}
	return log
}

// TestEditsUndoneAndKept drives hundreds of random edit runs and checks
// every step (see tracker), then undoes every edit back to the record
// read and redoes them all.
//
// Every edit writes the kept copy, which costs milliseconds on a slow
// disk, so the first runs keep it on disk, the rest in memory (the same
// bytes).
//
// 40 edited records in the default run, 300 in the long tier.
func TestEditsUndoneAndKept(t *testing.T) {
	count, onDisk := 40, 2
	if testenv.Long() {
		count, onDisk = 300, 5
	}
	for seed := range count {
		pk := randFor(uint64(seed))
		dir := "memory"
		if seed < onDisk {
			dir = t.TempDir()
		}
		e := New(baseRecord(pk), Options{StateDir: dir, Source: "base.kif"})
		tr := newTracker(e)
		if seed >= onDisk {
			tr.keepInMemory()
		}
		tr.run(t, pk, 80, nil)
		final := tr.views[len(tr.views)-1] // the furthest point of the history (the run may end with undos)
		for e.CanUndo() {
			e.Undo()
		}
		if got := view(e.Record(), kifu.Unknown); got != tr.views[0] {
			t.Fatalf("seed %d: undoing every edit does not give the record back: %s", seed, diffLines(tr.views[0], got))
		}
		if e.Modified() || e.KeptPath() != "" {
			t.Errorf("seed %d: back as read, yet modified %v, kept in %q", seed, e.Modified(), e.KeptPath())
		}
		for e.CanRedo() {
			e.Redo()
		}
		if got := view(e.Record(), kifu.Unknown); got != final {
			t.Fatalf("seed %d: redoing every edit: %s", seed, diffLines(final, got))
		}
	}
}

func TestModifiedSavedDiscarded(t *testing.T) {
	dir := t.TempDir()
	r := kifu.NewRecord(game.StartPosition())
	e := New(r, Options{StateDir: dir})
	if e.Modified() || e.KeptPath() != "" {
		t.Fatal("a new editor is modified")
	}
	p := game.StartPosition()
	n, err := e.Play(r.Root, mustUSI(t, &p, "7g7f"))
	if err != nil {
		t.Fatal(err)
	}
	kept := e.KeptPath()
	if !e.Modified() || kept == "" || filepath.Dir(kept) != filepath.Join(dir, "edits") {
		t.Fatalf("after a move: modified %v, kept %q", e.Modified(), kept)
	}
	// Following the move that is there is no edit.
	before := len(e.done)
	if m, err := e.Play(r.Root, mustUSI(t, &p, "7g7f")); err != nil || m != n || len(e.done) != before {
		t.Errorf("following an existing move: %v, history %d → %d", err, before, len(e.done))
	}
	if err := e.Saved(filepath.Join(dir, "game.kif")); err != nil {
		t.Fatal(err)
	}
	if e.Modified() || e.KeptPath() != "" || e.Source() != filepath.Join(dir, "game.kif") {
		t.Errorf("after saving: modified %v kept %q source %q", e.Modified(), e.KeptPath(), e.Source())
	}
	if _, err := os.Stat(kept); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the kept copy is still there after saving: %v", err)
	}
	// An edit after saving, undone: back as saved, nothing kept.
	e.SetComment(n, "memo")
	if !e.Modified() || e.KeptPath() == "" {
		t.Error("a comment after saving is not kept")
	}
	e.Undo()
	if e.Modified() || e.KeptPath() != "" {
		t.Error("undone back to the saved record, yet modified")
	}
	// Undo past the save, then a new edit: the saved record cannot come back.
	e.Undo()
	e.SetHeader(kifu.KeyBlack, "x")
	for e.CanUndo() {
		e.Undo()
		if !e.Modified() {
			t.Fatal("the saved state came back after its branch of the history was cut")
		}
	}
	e.SetHeader(kifu.KeyWhite, "y")
	if err := e.Discard(); err != nil || e.KeptPath() != "" {
		t.Errorf("discard: %v %q", err, e.KeptPath())
	}
	if left, _ := os.ReadDir(filepath.Join(dir, "edits")); len(left) != 0 {
		t.Errorf("files left: %v", left)
	}
}

func TestRestore(t *testing.T) {
	dir := t.TempDir()
	now = func() time.Time { return time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC) }
	defer func() { now = time.Now }()
	e, _ := generate(7, dir)
	for !e.Modified() { // make sure something is kept
		e.SetComment(e.Record().Root, "restore me")
	}
	want := view(e.Record(), kifu.Unknown)
	path := e.KeptPath()
	list, err := ListKept(dir)
	if err != nil || len(list) != 1 || list[0].Path != path || !list[0].Saved.Equal(now()) || list[0].Err != nil {
		t.Fatalf("ListKept: %+v %v", list, err)
	}
	back, err := Restore(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := view(back.Record(), kifu.Unknown); got != want {
		t.Fatalf("restored record differs: %s", diffLines(want, got))
	}
	if !back.Modified() || back.KeptPath() != path || back.CanUndo() {
		t.Errorf("restored: modified %v kept %q undo %v", back.Modified(), back.KeptPath(), back.CanUndo())
	}
	// It goes on keeping in the same file.
	back.SetHeader("備考", "after the crash")
	if got, _ := os.ReadFile(path); !strings.Contains(string(got), "after the crash") {
		t.Error("an edit after restoring is not kept in the same file")
	}
	// A damaged kept file is listed with why, and not restored.
	bad := filepath.Join(dir, "edits", "bad.json")
	os.WriteFile(bad, []byte(`{"version":1,"record":{"start":"startpos","nodes":[{"p":-1},{"p":3,"m":"7g7f"}]}}`), 0o644)
	var ke *KeptError
	if _, err := Restore(bad); !errors.As(err, &ke) || ke.Path != bad {
		t.Errorf("restoring a bad file: %v", err)
	}
	list, _ = ListKept(dir)
	if len(list) != 2 {
		t.Fatalf("list %+v", list)
	}
	for _, junk := range []string{"", "{", `{"version":2}`, `{"version":1,"record":{"start":"x"}}`, `{"version":1,"record":{"start":"startpos","nodes":[]}}`,
		`{"version":1,"record":{"start":"startpos","nodes":[{"p":-1},{"p":5}]}}`, `{"version":1,"record":{"start":"startpos","nodes":[{"p":-1},{"p":0,"e":"nothing"}]}}`,
		`{"version":1,"record":{"start":"startpos","nodes":[{"p":-1},{"p":0,"m":"7g7f"},{"p":0,"m":"7g7f"}]}}`} {
		if _, _, err := unmarshalKept([]byte(junk)); err == nil {
			t.Errorf("kept file %s read without an error", junk)
		}
	}
}

func TestKeepError(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "state")
	os.WriteFile(blocker, nil, 0o644) // a file where the state directory should be
	r := kifu.NewRecord(game.StartPosition())
	e := New(r, Options{StateDir: blocker})
	if err := e.SetComment(r.Root, "x"); err != nil {
		t.Fatal(err)
	}
	if e.KeepError() == nil {
		t.Error("no error keeping under a file")
	}
	if r.Root.Comment() != "x" || !e.Modified() {
		t.Error("the edit did not stand")
	}
}

func TestHistoryLimit(t *testing.T) {
	r := kifu.NewRecord(game.StartPosition())
	e := New(r, Options{})
	e.Saved("x.kif")
	for i := range maxHistory + 10 {
		e.SetComment(r.Root, strings.Repeat("a", i%3+1))
	}
	undos := 0
	for e.CanUndo() {
		e.Undo()
		undos++
	}
	if undos != maxHistory || !e.Modified() {
		t.Errorf("%d undos, modified %v; want %d and modified (the saved state fell off)", undos, e.Modified(), maxHistory)
	}
}

func TestEditorRefusals(t *testing.T) {
	r := kifu.NewRecord(game.StartPosition())
	e := New(r, Options{})
	p := game.StartPosition()
	n, _ := e.Play(r.Root, mustUSI(t, &p, "7g7f"))
	e.Delete(n)
	var ee *kifu.EditError
	for name, err := range map[string]error{
		"comment":  e.SetComment(n, "x"),
		"bookmark": e.SetBookmark(n, "x"),
		"promote":  e.PromoteToMain(n),
		"up":       e.MoveUp(n),
	} {
		if !errors.As(err, &ee) || ee.Kind != kifu.DetachedNode {
			t.Errorf("%s on a deleted node: %v", name, err)
		}
	}
	if _, err := e.Delete(r.Root); !errors.As(err, &ee) || ee.Kind != kifu.RootEdit {
		t.Errorf("delete the root: %v", err)
	}
	if len(e.done) != 2 {
		t.Errorf("refusals entered the history: %d edits", len(e.done))
	}
}

func mustUSI(t testing.TB, p *game.Position, s string) game.Move {
	t.Helper()
	m, err := p.ParseUSI(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// The kept file's hand-written JSON carries any text: every ASCII
// control, quotes, backslashes, kanji.
func TestKeptText(t *testing.T) {
	var all strings.Builder
	for c := 1; c < 0x80; c++ {
		all.WriteByte(byte(c))
	}
	all.WriteString(`"\日本語\u2028`)
	r := kifu.NewRecord(game.StartPosition())
	r.Root.SetComment(all.String())
	r.Root.SetBookmark(`"quoted" \ back`)
	r.Headers = []kifu.Header{{Key: "備考", Value: all.String()}}
	r.Warnings = []string{"line\tone"}
	p := game.StartPosition()
	n := r.AddMove(r.Root, mustUSI(t, &p, "7g7f"))
	after := p.Play(n.Move)
	pv := []game.Move{mustUSI(t, &after, "3c3d")}
	n.SetEval(&kifu.Evaluation{Score: -35, HasScore: true, PV: pv, MorePVs: [][]game.Move{pv}, Depth: 12, Nodes: 1 << 40, Engine: "E", Verdict: "悪手"})
	m := r.AddMove(n, pv[0])
	m.SetEval(&kifu.Evaluation{Mate: -kifu.MateUnknown})
	data, err := marshalKept(r, `C:\records\"x".kif`)
	if err != nil {
		t.Fatal(err)
	}
	back, f, err := unmarshalKept(data)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if view(back, kifu.Unknown) != view(r, kifu.Unknown) || f.Source != `C:\records\"x".kif` || back.Warnings[0] != "line\tone" {
		t.Errorf("read back otherwise:\n%s\n%s", view(back, kifu.Unknown), view(r, kifu.Unknown))
	}
}
