package main

import (
	"strings"
	"testing"

	"shogi/game"
)

// taichitsume is the tsume of jkf's taichitsume.kif (../shared/kifu),
// whose solution, as the record and ShogiHome read it, is a mate in 7.
const (
	taichitsume         = "6+Pnl/6Sk1/6sp1/9/8P/9/9/9/9 b GS2r2b3gs3n3l15p 1"
	taichitsumeSolution = "S*1c 2a1c G*1b 2b1b 3b2a 1b2b 3a3b"
)

// playsToMate reports whether the moves, from sfen, are legal and end in
// checkmate.
func playsToMate(t *testing.T, sfen, moves string) bool {
	t.Helper()
	p, err := game.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range strings.Fields(moves) {
		mv, err := p.ParseUSI(u)
		if err == nil {
			err = p.CheckMove(mv)
		}
		if err != nil {
			t.Errorf("%s in %s: %v", u, p.SFEN(), err)
			return false
		}
		p = p.Play(mv)
	}
	return p.IsCheckmate()
}

func TestMateCommand(t *testing.T) {
	t.Parallel()
	// The published solution, and the shortest: the length is in stderr.
	code, out, errOut := runCmd(t, "mate", "--sfen", taichitsume)
	if code != 0 || strings.TrimSpace(out) != taichitsumeSolution || !strings.Contains(errOut, "mate in 7 (the shortest)") {
		t.Errorf("shogi mate on the taichitsume: %d %q %q", code, out, errOut)
	}
	// A head-gold mate in one: the only mating drop.
	code, out, _ = runCmd(t, "mate", "--sfen", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if code != 0 || out != "G*5b\n" || !playsToMate(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", out) {
		t.Errorf("mate in one: %d %q", code, out)
	}
	// From the start there is no check at all.
	if code, out, errOut := runCmd(t, "mate"); code != 0 || out != "nomate\n" || !strings.HasPrefix(errOut, "no mate by checks") {
		t.Errorf("shogi mate from the start: %d %q %q", code, out, errOut)
	}
	// Out of budget: said, and status 1.
	if code, out, errOut := runCmd(t, "mate", "--nodes", "1", "--sfen", taichitsume); code != 1 || out != "timeout\n" || !strings.Contains(errOut, "gave up") {
		t.Errorf("shogi mate --nodes 1: %d %q %q", code, out, errOut)
	}
	for _, args := range [][]string{{"--time", "0s"}, {"--nodes", "-1"}, {"extra"}, {"--sfen", "9/9/9 b - 1"}} {
		if code, _, errOut := runCmd(t, append([]string{"mate"}, args...)...); code != 2 || !strings.Contains(errOut, "shogi mate") {
			t.Errorf("shogi mate %v: %d %q", args, code, errOut)
		}
	}
}

// Every level of the built-in bot answers with a legal move; the
// searching ones find the mate in one, and a side that is mated resigns.
func TestBotCommand(t *testing.T) {
	t.Parallel()
	const mateIn1 = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
	code, out, _ := runCmd(t, "bot", "--level", "random", "--seed", "1", "--sfen", mateIn1)
	if p, _ := game.ParseSFEN(mateIn1); code != 0 || !legal(&p, strings.TrimSpace(out)) {
		t.Errorf("shogi bot --level random: %d %q", code, out)
	}
	for _, level := range []string{"greedy", "beginner", "club", "strong"} {
		if code, out, errOut := runCmd(t, "bot", "--level", level, "--seed", "1", "--sfen", mateIn1); code != 0 || out != "G*5b\n" {
			t.Errorf("shogi bot --level %s on a mate in one: %d %q %q", level, code, out, errOut)
		}
	}
	if code, out, _ := runCmd(t, "bot", "--level", "club", "--sfen", "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 2"); code != 0 || out != "resign\n" {
		t.Errorf("shogi bot, mated: %d %q", code, out)
	}
	// -v: the search's lines on stderr, the move on stdout.
	code, out, errOut := runCmd(t, "bot", "--level", "club", "--seed", "1", "--time", "100ms", "-v")
	if p := game.StartPosition(); code != 0 || !legal(&p, strings.TrimSpace(out)) || !strings.Contains(errOut, "depth 1 ") || !strings.Contains(errOut, " pv ") {
		t.Errorf("shogi bot -v: %d %q %q", code, out, errOut)
	}
	for _, args := range [][]string{{"--level", "nope"}, {"--time", "-1s"}, {"extra"}, {"--sfen", "bad"}} {
		if code, _, errOut := runCmd(t, append([]string{"bot"}, args...)...); code != 2 || !strings.Contains(errOut, "shogi bot") {
			t.Errorf("shogi bot %v: %d %q", args, code, errOut)
		}
	}
}

// legal reports whether u is a legal move in p.
func legal(p *game.Position, u string) bool {
	mv, err := p.ParseUSI(u)
	return err == nil && p.CheckMove(mv) == nil
}
