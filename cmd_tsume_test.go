package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/tsume"
	"shogi/tui"
)

func runTsumeInput(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(append([]string{"tsume"}, args...), strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// The published problems among ../shared/kifu's records, read as KIF and
// CSA with their own solutions, check clean with the lengths their
// records give (まで7手詰, %TSUMI after 3 moves, 1 move).
func TestTsumeCheckPublished(t *testing.T) {
	dir := filepath.Join("..", "shared", "kifu")
	if _, err := os.Stat(dir); err != nil {
		t.Skipf("no shared records: %v", err)
	}
	files := []string{"kif/jkf__taichitsume.kif", "csa/sugyan__tsumeshogi.csa", "kif/tsumemi__1te_1.kif"}
	want := []string{"mate in 7; first move S*1c", "mate in 3; first move 7e7b+", "mate in 1; first move G*3b"}
	var args []string
	for _, f := range files {
		args = append(args, filepath.Join(dir, f))
	}
	code, out, errOut := runTsumeInput(t, "", append([]string{"--check"}, args...)...)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 3 {
		t.Fatalf("status %d, %q %q", code, out, errOut)
	}
	for i, l := range lines {
		if !strings.HasPrefix(l, args[i]+": classic: "+want[i]+"; solution unique; no pieces left") {
			t.Errorf("line %d: %q", i+1, l)
		}
	}
	if !strings.Contains(errOut, "3 problems: 3 classic, 0 standard, 0 failed") {
		t.Errorf("summary %q", errOut)
	}
}

// Problems with a known flaw of each kind, one a line; every one fails
// and says why, and the status is 1.
func TestTsumeCheckFlaws(t *testing.T) {
	const taichi = "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS 1"
	cases := []struct{ input, want string }{
		// The game's rules say both drops mate.
		{"8k/9/8G/9/9/9/9/9/9 b G 1", "FAIL: mate in 1; first move not unique: G*2b G*1b; no pieces left"},
		{"8k/9/8G/9/9/9/9/9/9 b GP 1", "FAIL: mate in 1; first move not unique: G*2b G*1b; pieces left: P"},
		{"9/9/9/9/4k4/9/9/9/9 b P 1", "FAIL: no mate"},
		{"position sfen " + taichi + " moves G*4b", "the solution's move 1 (G*4b) is not a check"},
		{"sfen " + taichi + " moves S*1c 2b1c G*1b", "the solution's move 2 (2b1c) gives in after 4 plies; the longest defence holds 6"},
		{taichi + " moves S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a2a", "the solution's move 7 (3a2a) is illegal: the destination holds your own piece"},
		{"8k/9/8G/9/9/9/9/9/9 b G 1 moves G*2a 1a2a", "the solution's move 1 (G*2a) lets the king escape: no mate after it"},
		{"8k/9/6NG1/9/9/9/9/9/9 b R 1 moves R*1h P*1g 1h1g", "the solution's move 2 (P*1g) is a futile interposition"},
		// A collection's line counting a futile drop, as engines do (mates.txt
		// line 18: both engines' mate in 3).
		{"x\t3\tstandard\tlngk4+P/2s1L1g2/p1pp+N4/1p2p+R3/5n3/2P1P3P/PP1P1PP2/2KSGS3/L2G3+rL b B4Pbsn 61\t4d4a N*5a 4a5a",
			"x: FAIL: mate in 1; first move 4d4a; solution unique; pieces left: B P P P P; said to be a mate in 3; the solution's move 2 (N*5a) is a futile interposition"},
		// Bad positions.
		{"4p4/9/9/9/9/9/9/9/9 b G 1", "FAIL: White has no king to mate"},
		{"9/9/9/9/9/9/9/9/4K4 b G 1", "FAIL: White has no pieces on the board at all: there is no king to mate"},
		{"k7k/9/9/9/9/9/9/9/9 b G 1", "FAIL: White has 2 kings on the board"},
		{"k8/9/9/9/9/9/9/9/r3K4 b G 1", "FAIL: Black, to move and mate, is in check"},
		{"k8/9/9 b G 1", "FAIL: sfen: the board has 3 ranks, want 9"},
	}
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.input + "\n")
	}
	code, out, errOut := runTsumeInput(t, in.String(), "--check", "-")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != len(cases) {
		t.Fatalf("status %d, %d lines: %q %q", code, len(lines), out, errOut)
	}
	for i, c := range cases {
		if !strings.Contains(lines[i], c.want) || !strings.Contains(lines[i], "FAIL") {
			t.Errorf("%s:\n got %q\nwant %q", c.input, lines[i], c.want)
		}
	}
}

// An alternative mate later in the solution (余詰) is listed with the
// ply and the moves; such a problem passes as "standard" since its first
// move is unique. Each move listed mates by the game's rules.
func TestTsumeCheckAlternatives(t *testing.T) {
	const sfen = "k8/2n6/9/2N6/1s7/g8/9/9/9 b RB 1"
	code, out, _ := runTsumeInput(t, sfen+"\n", "--check", "-")
	if code != 0 || !strings.Contains(out, "standard: mate in 3; first move B*7c; another mate at ply 3: ") {
		t.Fatalf("status %d: %q", code, out)
	}
	p, _ := game.ParseSFEN(sfen)
	for _, s := range []string{"B*7c", "9a8a"} {
		m, _ := p.ParseUSI(s)
		p = p.Play(m)
	}
	_, list, _ := strings.Cut(strings.TrimSpace(out), "another mate at ply 3: ")
	list, _, _ = strings.Cut(list, ";")
	moves := strings.Fields(list)
	if len(moves) == 0 {
		t.Fatalf("no alternatives in %q", out)
	}
	for _, s := range moves {
		m, err := p.ParseUSI(s)
		if err != nil {
			t.Fatal(err)
		}
		if q := p.Play(m); !q.IsCheckmate() {
			t.Errorf("%s does not mate", s)
		}
	}
}

func TestTsumeCommandUsage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sfen")
	if err := os.WriteFile(bad, []byte("9/9/9/9/9/9/9/9/4K4 b G 1\n4k4/9/9/9/9/9/9/4r4/4K4 b G 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Two White kings in a CSA diagram, which SFEN cannot hold.
	kings := filepath.Join(dir, "kings.csa")
	if err := os.WriteFile(kings, []byte("P1-OU *  *  *  *  *  *  * -OU\nP+00KI\n+\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// What is wrong with the data (a position, a file, a problem the
	// collection has not) is said in one line, status 1; a mistake in
	// how the command was called, status 2 with the usage.
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"--sfen", "4k4/9/9/9/9/9/9/9/4k4 b G 1"}, "White has 2 kings", 1},
		{[]string{"--sfen", "9/9/9/9/9/9/9/9/4K4 b G 1"}, "White has no pieces on the board at all", 1},
		{[]string{"--sfen", "4p4/9/9/9/9/9/9/9/4K4 b G 1"}, "White has no king to mate", 1},
		{[]string{"--sfen", "4k4/9/9/9/9/9/9/4r4/4K4 b G 1"}, "Black, to move and mate, is in check", 1},
		{[]string{"--sfen", "nonsense"}, "--sfen", 1},
		{[]string{bad}, "bad.sfen:2: Black, to move and mate, is in check", 1},
		{[]string{kings}, "kings.csa: White has 2 kings", 1},
		{[]string{"--length", "4"}, "--length 4: no problem of 4 plies in the collection (1, 3, 5, 7, 9, 11, 13, 15, 17)", 1},
		{[]string{"--problem", "999"}, "--problem 999: no such problem in the collection (001 … ", 1},
		{[]string{"--length", "3", "--problem", "001"}, "not both", 2},
		{[]string{"--sfen", "4k4/9/9/9/9/9/9/9/9 b G 1", bad}, "not several", 2},
	} {
		code, _, errOut := runTsumeInput(t, "", c.args...)
		if code != c.code || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: status %d, stderr %q; want %d and %q", c.args, code, errOut, c.code, c.want)
		}
		if lines := strings.Count(strings.TrimSpace(errOut), "\n") + 1; c.code == 1 && c.args[0] != bad && lines != 1 {
			t.Errorf("%q: %d lines, want one:\n%s", c.args, lines, errOut)
		}
	}
	if code, _, errOut := runTsumeInput(t, "", "--check"); code != 2 || !strings.Contains(errOut, "usage: shogi tsume") {
		t.Errorf("no file: %d %q", code, errOut)
	}
	if code, _, errOut := runTsumeInput(t, "", "--check", filepath.Join(t.TempDir(), "none.kif")); code != 1 || !strings.Contains(errOut, "none.kif") {
		t.Errorf("missing file: %d %q", code, errOut)
	}
}

// The tsume screen's flags become the app's start: a position, a file's
// problems (those that do not read kept with their fault), one of the
// collection's problems or lengths.
func TestTsumeAppOptions(t *testing.T) {
	file := filepath.Join(t.TempDir(), "two.sfen")
	if err := os.WriteFile(file, []byte("4k4/9/9/9/9/9/9/9/9 b G 1\n4p4/9/9/9/9/9/9/9/9 b G 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	parse := func(args ...string) *tui.TsumeStart {
		t.Helper()
		var errOut bytes.Buffer
		fs := newFlagSet("tsume", &errOut)
		a := tsumeAppFlags{sfen: fs.String("sfen", "", ""), length: fs.Int("length", 0, ""), problem: fs.String("problem", "", ""),
			display: addDisplayFlags(fs)}
		files, err := parseFlags(fs, args)
		if err != nil {
			t.Fatal(err)
		}
		o, _, done, err := tsumeOptions(fs, a, files, os.Environ(), strings.NewReader(""), &errOut)
		if err != nil {
			t.Fatalf("%q: %v %s", args, err, errOut.String())
		}
		done()
		return o.Tsume
	}
	if s := parse("--sfen", "sfen 4k4/9/9/9/9/9/9/9/9 b G 1"); len(s.Problems) != 1 || s.Problems[0].Err != nil ||
		s.Problems[0].Problem.Start.Hand(game.White, game.Rook) != 2 {
		t.Errorf("--sfen: %+v", s)
	}
	s := parse(file)
	var pe *tsume.PositionError
	if len(s.Problems) != 2 || s.Problems[0].Err != nil || !errors.As(s.Problems[1].Err, &pe) || pe.Kind != tsume.NoKing || s.Name != "two.sfen" {
		t.Errorf("FILE: %+v", s)
	} else if bad := s.Problems[1].Problem; bad.Start.SFEN() != "4p4/9/9/9/9/9/9/9/9 b G 1" || bad.ID == "" {
		// The screen shows the position that is no problem, by its name.
		t.Errorf("the problem that is none: %q %s", bad.ID, bad.Start.SFEN())
	}
	if s := parse("--length", "7"); s.Problems != nil || s.Length != 7 {
		t.Errorf("--length: %+v", s)
	}
	if s := parse("--problem", "172"); s.ID != "172" {
		t.Errorf("--problem: %+v", s)
	}
	// Ids are numbers: 7 is problem 007.
	if s := parse("--problem", "7"); s.ID != "007" {
		t.Errorf("--problem 7: %+v", s)
	}
	if s := parse(); s.Problems != nil || s.ID != "" || s.Length != 0 {
		t.Errorf("no flag: %+v", s)
	}
}
