package main

import (
	"bufio"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"shogi/game"
)

// humans: the two sets of human openings for matches, kept apart — one
// that training may start from, one held out for measuring only — as
// `shogi match --openings` files: a `# source` comment line, then
// `startpos moves …` cut at 16–24 plies. Each record is cut at a ply its
// path chooses (so the cut does not change when other records come or go),
// moved back to the last ply from 16 on where the last move took nothing
// and the side to move is not in check, so that no opening stops halfway
// through an exchange. Duplicates (the same position, whatever the moves
// that reached it, or one opening's position on another's line from ply 16
// on: the same game cut twice) are removed; the held-out set wins a tie, and no
// held-out opening is a position that any record of the train set passes
// through in its first 40 plies (the engine's earlier matches began at
// those records' openings and fed training from their middle games).

const (
	minCut = 16
	maxCut = 24
	// seenPlies is how far into each train record its positions count as
	// seen by training.
	seenPlies = 40
)

// humanRecord is one game's source and its moves from the start position.
type humanRecord struct {
	path, source string
	moves        []string
}

func runHumans(args []string) error {
	fs := flag.NewFlagSet("humans", flag.ContinueOnError)
	heldSrc := fs.String("heldout", "game/bot/testdata/openings/heldout-source.tsv", "held-out records: path, source, USI moves (tab-separated)")
	kifu := fs.String("kifu", "../shared/kifu", "folder of records whose FILE.expected (tsshogi's reading) feed the train set")
	heldOut := fs.String("o-heldout", "game/bot/testdata/openings/heldout.txt", "held-out openings file to write")
	trainOut := fs.String("o-train", "game/bot/testdata/openings/train.txt", "train openings file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	held, err := readHumanTSV(*heldSrc)
	if err != nil {
		return err
	}
	train, err := readExpected(*kifu)
	if err != nil {
		return err
	}
	h, t, err := cutHumanSets(held, train)
	if err != nil {
		return err
	}
	if err := writeOpenings(*heldOut, "held out: measure only, never train from", h); err != nil {
		return err
	}
	return writeOpenings(*trainOut, "train: training may start from these", t)
}

// readHumanTSV reads path<TAB>source<TAB>moves lines; # starts a comment.
func readHumanTSV(name string) ([]humanRecord, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []humanRecord
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		fld := strings.Split(line, "\t")
		if len(fld) != 3 {
			return nil, fmt.Errorf("%s:%d: want path, source and moves, tab-separated", name, n)
		}
		out = append(out, humanRecord{path: fld[0], source: fld[1], moves: strings.Fields(fld[2])})
	}
	return out, sc.Err()
}

// readExpected reads the records of dir that start from the even start:
// each FILE.expected holds the start SFEN, the moves in USI and END; the
// source is SOURCES.tsv's repository and path.
func readExpected(dir string) ([]humanRecord, error) {
	sources := map[string]string{}
	if b, err := os.ReadFile(filepath.Join(dir, "SOURCES.tsv")); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if f := strings.Split(l, "\t"); len(f) >= 3 {
				sources[f[0]] = f[1] + ":" + f[2]
			}
		}
	}
	names, err := filepath.Glob(filepath.Join(dir, "*", "*.expected"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []humanRecord
	for _, name := range names {
		b, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		if len(lines) == 0 || strings.TrimSpace(lines[0]) != game.StartSFEN {
			continue
		}
		rel, _ := filepath.Rel(dir, strings.TrimSuffix(name, ".expected"))
		r := humanRecord{path: "shared/kifu/" + rel, source: sources[filepath.ToSlash(rel)]}
		for _, l := range lines[1:] {
			if strings.HasPrefix(l, "END") {
				break
			}
			r.moves = append(r.moves, strings.TrimSpace(l))
		}
		out = append(out, r)
	}
	return out, nil
}

// opening is a cut record: its moves and the position they reach.
type opening struct {
	humanRecord
	key string // the position: SFEN less the move number
	// line is every position from minCut plies to the cut: two openings
	// where one's cut lies on the other's line are one opening cut twice.
	line []string
}

// positionKey is the position without its move number, so transpositions
// count as one.
func positionKey(p game.Position) string {
	f := strings.Fields(p.SFEN())
	return strings.Join(f[:3], " ")
}

// cutRecord plays r's moves and cuts them as the package comment says; ok
// is false for a record shorter than minCut plies.
func cutRecord(r humanRecord) (opening, bool, error) {
	p := game.StartPosition()
	var quiet []bool // quiet[i]: the position after i+1 plies is a good cut
	var positions []game.Position
	for i, s := range r.moves {
		if i >= maxCut {
			break
		}
		m, err := p.ParseUSI(s)
		if err != nil {
			return opening{}, false, fmt.Errorf("%s: ply %d %q: %v", r.path, i+1, s, err)
		}
		if !p.IsLegal(m) {
			return opening{}, false, fmt.Errorf("%s: ply %d %q is illegal", r.path, i+1, s)
		}
		took := !m.IsDrop() && p.At(m.To()) != game.NoPiece
		p = p.Play(m)
		positions = append(positions, p)
		quiet = append(quiet, !took && !p.InCheck())
	}
	if len(positions) < minCut {
		return opening{}, false, nil
	}
	h := fnv.New32a()
	io.WriteString(h, r.path)
	cut := min(len(positions), minCut+int(h.Sum32()%uint32(maxCut-minCut+1)))
	for c := cut; c >= minCut; c-- {
		if quiet[c-1] {
			cut = c
			break
		}
	}
	o := opening{humanRecord: r, key: positionKey(positions[cut-1])}
	o.moves = r.moves[:cut]
	for _, q := range positions[minCut-1 : cut] {
		o.line = append(o.line, positionKey(q))
	}
	return o, true, nil
}

// cutHumanSets cuts both sets and removes duplicates and overlaps.
func cutHumanSets(held, train []humanRecord) (h, t []opening, err error) {
	seen := map[string]bool{} // positions the train records pass through
	for _, r := range train {
		p := game.StartPosition()
		for i, s := range r.moves {
			if i >= seenPlies {
				break
			}
			m, err := p.ParseUSI(s)
			if err != nil || !p.IsLegal(m) {
				break
			}
			p = p.Play(m)
			seen[positionKey(p)] = true
		}
	}
	cuts := map[string]bool{}  // the kept openings' positions
	lines := map[string]bool{} // the positions on their lines
	keep := func(o opening) bool {
		if cuts[o.key] || lines[o.key] {
			return false
		}
		for _, k := range o.line {
			if cuts[k] {
				return false
			}
		}
		cuts[o.key] = true
		for _, k := range o.line {
			lines[k] = true
		}
		return true
	}
	for _, r := range held {
		o, ok, err := cutRecord(r)
		if err != nil {
			return nil, nil, err
		}
		if ok && !seen[o.key] && keep(o) {
			h = append(h, o)
		}
	}
	for _, r := range train {
		o, ok, err := cutRecord(r)
		if err != nil {
			return nil, nil, err
		}
		if ok && keep(o) {
			t = append(t, o)
		}
	}
	return h, t, nil
}

func writeOpenings(name, what string, set []opening) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %d human openings, %s (train humans; docs/builtin-engine.md says where they come from)\n", len(set), what)
	for _, o := range set {
		fmt.Fprintf(&b, "# %s — %s\nstartpos moves %s\n", o.path, o.source, strings.Join(o.moves, " "))
	}
	return os.WriteFile(name, []byte(b.String()), 0o644)
}
