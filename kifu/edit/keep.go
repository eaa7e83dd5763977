package edit

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"time"

	"shogi/game"
	"shogi/kifu"
)

// Edits are kept like unfinished games: each edited record in a file of
// its own under the state directory (edits/), written atomically (a
// temporary file renamed into place) after every edit, undo and redo, and
// removed when the record is saved, discarded, or undone back to what is
// on disk. The file holds the record exactly — every node with its move,
// ending, comment, bookmark, time and engine verdict, every header, the
// start and its name — so a restored record is the one that was edited.

// keptVersion is the kept file's format.
const keptVersion = 1

// keptFile is a kept file's content.
type keptFile struct {
	Version int        `json:"version"`
	Saved   time.Time  `json:"saved"`
	Source  string     `json:"source,omitempty"`
	Record  keptRecord `json:"record"`
}

type keptRecord struct {
	Headers  [][2]string  `json:"headers,omitempty"`
	Start    string       `json:"start"` // SFEN
	Handicap string       `json:"handicap,omitempty"`
	Warnings []string     `json:"warnings,omitempty"`
	Nodes    []keptNode   `json:"nodes"` // depth first, each after its parent, siblings in order; [0] is the root
	Games    []keptRecord `json:"games,omitempty"`
}

// keptNode is one node: its parent's index (-1 for the root), and its
// move in USI or its ending.
type keptNode struct {
	Parent   int       `json:"p"`
	Move     string    `json:"m,omitempty"`
	Ending   string    `json:"e,omitempty"`
	Word     string    `json:"w,omitempty"`
	Comment  string    `json:"c,omitempty"`
	Bookmark string    `json:"b,omitempty"`
	Time     *[2]int64 `json:"t,omitempty"` // elapsed and total, nanoseconds
	Eval     *keptEval `json:"v,omitempty"`
}

type keptEval struct {
	Score    *int       `json:"score,omitempty"` // nil when the engine gave none
	Mate     int        `json:"mate,omitempty"`
	PV       []string   `json:"pv,omitempty"` // USI, from the position after the node
	MorePVs  [][]string `json:"more,omitempty"`
	Depth    int        `json:"depth,omitempty"`
	Nodes    uint64     `json:"nodes,omitempty"`
	Engine   string     `json:"engine,omitempty"`
	Verdict  string     `json:"verdict,omitempty"`
	HasScore bool       `json:"has_score,omitempty"`
}

// endingNames are the kept file's names of endings.
var endingNames = func() map[string]kifu.Ending {
	m := map[string]kifu.Ending{}
	for e := kifu.Resign; e <= kifu.OtherEnding; e++ {
		m[e.String()] = e
	}
	return m
}()

// keeper writes an editor's kept copy.
type keeper struct {
	dir  string // the state directory; "" keeps nothing
	path string // the kept file, named at the first write
	err  error  // the last write's failure
	// put writes a kept file (kifu.WriteFileAtomic; tests keep in memory).
	put func(path string, data []byte) error
}

func (k *keeper) write(r *kifu.Record, source string) {
	if k.dir == "" {
		return
	}
	data, err := marshalKept(r, source)
	put := k.put
	if put == nil {
		put = kifu.WriteFileAtomic
		if err == nil && k.path == "" {
			err = os.MkdirAll(filepath.Join(k.dir, "edits"), 0o755)
		}
	}
	if err == nil && k.path == "" {
		k.path = filepath.Join(k.dir, "edits", fmt.Sprintf("%s-%04x.json", now().Format("20060102-150405"), rand.Uint32()&0xffff))
	}
	if err == nil {
		err = put(k.path, data)
	}
	k.err = err
}

func (k *keeper) remove() error {
	if k.path == "" {
		return nil
	}
	var err error
	if k.put == nil {
		err = os.Remove(k.path)
	}
	if errors.Is(err, os.ErrNotExist) {
		err = nil
	}
	k.path, k.err = "", err
	return err
}

// marshalKept returns the kept file for r. It is written by hand rather
// than by encoding/json's reflection: it runs after every edit, and a
// record may have tens of thousands of nodes (the file reads back with
// encoding/json, into keptFile).
func marshalKept(r *kifu.Record, source string) ([]byte, error) {
	b := make([]byte, 0, 4096)
	b = append(b, `{"version":`...)
	b = strconv.AppendInt(b, keptVersion, 10)
	b = append(b, `,"saved":`...)
	b = appendString(b, now().UTC().Format(time.RFC3339Nano))
	if source != "" {
		b = append(b, `,"source":`...)
		b = appendString(b, source)
	}
	b = append(b, `,"record":`...)
	b, err := appendRecord(b, r)
	if err != nil {
		return nil, err
	}
	return append(b, "}\n"...), nil
}

// appendRecord writes r as a keptRecord.
func appendRecord(b []byte, r *kifu.Record) ([]byte, error) {
	b = append(b, `{"start":`...)
	b = appendString(b, r.Start.SFEN())
	if len(r.Headers) > 0 {
		b = append(b, `,"headers":[`...)
		for i, h := range r.Headers {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '[')
			b = appendString(b, h.Key)
			b = append(b, ',')
			b = appendString(b, h.Value)
			b = append(b, ']')
		}
		b = append(b, ']')
	}
	if r.Handicap != "" {
		b = append(b, `,"handicap":`...)
		b = appendString(b, r.Handicap)
	}
	if len(r.Warnings) > 0 {
		b = append(b, `,"warnings":[`...)
		for i, w := range r.Warnings {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, w)
		}
		b = append(b, ']')
	}
	b = append(b, `,"nodes":[`...)
	type item struct {
		n      *kifu.Node
		parent int
	}
	stack := []item{{r.Root, -1}}
	for count := 0; len(stack) > 0; count++ {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := it.n
		if count > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"p":`...)
		b = strconv.AppendInt(b, int64(it.parent), 10)
		switch {
		case n.Ending != kifu.NoEnding:
			b = append(b, `,"e":`...)
			b = appendString(b, n.Ending.String())
			if n.Word() != "" {
				b = append(b, `,"w":`...)
				b = appendString(b, n.Word())
			}
		case n.Parent != nil:
			b = append(b, `,"m":"`...)
			b = append(b, n.Move.USI()...)
			b = append(b, '"')
		}
		if n.Comment() != "" {
			b = append(b, `,"c":`...)
			b = appendString(b, n.Comment())
		}
		if n.Bookmark() != "" {
			b = append(b, `,"b":`...)
			b = appendString(b, n.Bookmark())
		}
		if n.HasTime {
			b = append(b, `,"t":[`...)
			b = strconv.AppendInt(b, int64(n.Elapsed), 10)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(n.Total), 10)
			b = append(b, ']')
		}
		if n.Eval() != nil {
			v, err := json.Marshal(keptEvalOf(n.Eval()))
			if err != nil {
				return nil, err
			}
			b = append(b, `,"v":`...)
			b = append(b, v...)
		}
		b = append(b, '}')
		from := len(stack)
		for c := range n.Children() {
			stack = append(stack, item{c, count})
		}
		slices.Reverse(stack[from:]) // the first child comes off the stack first
	}
	b = append(b, ']')
	if len(r.Games) > 0 {
		b = append(b, `,"games":[`...)
		for i, g := range r.Games {
			if i > 0 {
				b = append(b, ',')
			}
			var err error
			if b, err = appendRecord(b, g); err != nil {
				return nil, err
			}
		}
		b = append(b, ']')
	}
	return append(b, '}'), nil
}

// appendString writes s as a JSON string (s is valid UTF-8: what is not
// would read back as U+FFFD).
func appendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
		}
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

func usiMoves(ms []game.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.USI()
	}
	return out
}

func keptEvalOf(e *kifu.Evaluation) *keptEval {
	k := &keptEval{Mate: e.Mate, PV: usiMoves(e.PV), Depth: e.Depth, Nodes: e.Nodes, Engine: e.Engine, Verdict: e.Verdict, HasScore: e.HasScore}
	if e.HasScore {
		s := e.Score
		k.Score = &s
	}
	for _, pv := range e.MorePVs {
		k.MorePVs = append(k.MorePVs, usiMoves(pv))
	}
	return k
}

// KeptError is a kept file that cannot be read back, with why.
type KeptError struct {
	Path string
	Err  error
}

func (e *KeptError) Error() string { return fmt.Sprintf("kept edits %s: %v", e.Path, e.Err) }
func (e *KeptError) Unwrap() error { return e.Err }

// unmarshalKept reads a kept file.
func unmarshalKept(data []byte) (*kifu.Record, keptFile, error) {
	var f keptFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, f, err
	}
	if f.Version != keptVersion {
		return nil, f, fmt.Errorf("kept by another version of the app (format %d)", f.Version)
	}
	r, err := recordOf(&f.Record)
	return r, f, err
}

func recordOf(k *keptRecord) (*kifu.Record, error) {
	start, err := game.ParseSFEN(k.Start)
	if err != nil {
		return nil, fmt.Errorf("start: %v", err)
	}
	r := kifu.NewRecord(start)
	r.Handicap, r.Warnings = k.Handicap, k.Warnings
	for _, h := range k.Headers {
		r.Headers = append(r.Headers, kifu.Header{Key: h[0], Value: h[1]})
	}
	if len(k.Nodes) == 0 || k.Nodes[0].Parent != -1 {
		return nil, errors.New("no root node")
	}
	nodes := make([]*kifu.Node, len(k.Nodes))
	after := make([]game.Position, len(k.Nodes))
	nodes[0], after[0] = r.Root, start
	setNode(r.Root, &k.Nodes[0])
	for i := 1; i < len(k.Nodes); i++ {
		kn := &k.Nodes[i]
		if kn.Parent < 0 || kn.Parent >= i {
			return nil, fmt.Errorf("node %d: parent %d does not come before it", i, kn.Parent)
		}
		parent, pos := nodes[kn.Parent], &after[kn.Parent]
		var n *kifu.Node
		after[i] = *pos
		if kn.Ending != "" {
			e, ok := endingNames[kn.Ending]
			if !ok || e == kifu.NoEnding {
				return nil, fmt.Errorf("node %d: unknown ending %q", i, kn.Ending)
			}
			n = r.AddEnding(parent, e, kn.Word)
		} else {
			m, err := pos.ParseUSI(kn.Move)
			if err != nil {
				return nil, fmt.Errorf("node %d: move %q: %v", i, kn.Move, err)
			}
			before := parent.NumChildren()
			n = r.AddMove(parent, m)
			if parent.NumChildren() == before {
				return nil, fmt.Errorf("node %d: the move %s twice", i, kn.Move)
			}
			if pos.IsLegal(m) {
				after[i] = pos.Play(m)
			}
		}
		setNode(n, kn)
		if kn.Eval != nil {
			e, err := evalOf(kn.Eval, after[i])
			if err != nil {
				return nil, fmt.Errorf("node %d: %v", i, err)
			}
			n.SetEval(e)
		}
		nodes[i] = n
	}
	if err := r.Verify(); err != nil {
		return nil, err
	}
	for i := range k.Games {
		g, err := recordOf(&k.Games[i])
		if err != nil {
			return nil, fmt.Errorf("game %d: %v", i+2, err)
		}
		r.Games = append(r.Games, g)
	}
	return r, nil
}

func setNode(n *kifu.Node, k *keptNode) {
	n.SetComment(k.Comment)
	n.SetBookmark(k.Bookmark)
	if k.Time != nil {
		n.Elapsed, n.Total, n.HasTime = time.Duration(k.Time[0]), time.Duration(k.Time[1]), true
	}
}

func parseMoves(p game.Position, usi []string) ([]game.Move, error) {
	var out []game.Move
	for _, u := range usi {
		m, err := p.ParseUSI(u)
		if err != nil || !p.IsLegal(m) {
			return nil, fmt.Errorf("line %v: %q", usi, u)
		}
		out = append(out, m)
		p = p.Play(m)
	}
	return out, nil
}

func evalOf(k *keptEval, after game.Position) (*kifu.Evaluation, error) {
	e := &kifu.Evaluation{Mate: k.Mate, Depth: k.Depth, Nodes: k.Nodes, Engine: k.Engine, Verdict: k.Verdict, HasScore: k.HasScore}
	if k.Score != nil {
		e.Score = *k.Score
	}
	var err error
	if e.PV, err = parseMoves(after, k.PV); err != nil {
		return nil, err
	}
	for _, pv := range k.MorePVs {
		ms, err := parseMoves(after, pv)
		if err != nil {
			return nil, err
		}
		e.MorePVs = append(e.MorePVs, ms)
	}
	return e, nil
}

// Kept is a kept record as a list of them shows it.
type Kept struct {
	Path   string    // the kept file
	Source string    // the file the record came from ("" for a new one)
	Saved  time.Time // when the last edit was kept
	Err    error     // why the file cannot be read (the other fields but Path are then empty)
}

// ListKept lists the records kept under stateDir, the latest first.
func ListKept(stateDir string) ([]Kept, error) {
	if stateDir == "" {
		return nil, nil
	}
	files, err := filepath.Glob(filepath.Join(stateDir, "edits", "*.json"))
	if err != nil {
		return nil, err
	}
	var out []Kept
	for _, p := range files {
		k := Kept{Path: p}
		data, err := os.ReadFile(p)
		var f keptFile
		if err == nil {
			err = json.Unmarshal(data, &f)
		}
		if err == nil && f.Version != keptVersion {
			err = fmt.Errorf("kept by another version of the app (format %d)", f.Version)
		}
		if err != nil {
			k.Err = &KeptError{Path: p, Err: err}
		} else {
			k.Source, k.Saved = f.Source, f.Saved
		}
		out = append(out, k)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out, nil
}

// Restore reads a kept record back into an editor that goes on keeping it
// in the same file. The record is modified (it differs from its source,
// or has none); its history starts afresh.
func Restore(path string) (*Editor, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &KeptError{Path: path, Err: err}
	}
	r, f, err := unmarshalKept(data)
	if err != nil {
		return nil, &KeptError{Path: path, Err: err}
	}
	e := New(r, Options{StateDir: filepath.Dir(filepath.Dir(path)), Source: f.Source})
	e.saved = -1
	e.keep.path = path
	return e, nil
}
