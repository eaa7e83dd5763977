package usi

import (
	"reflect"
	"testing"

	"shogi/game"
)

// Each parser gets a fuzz target: no input may panic, and whatever reads
// must read the same after being written back (parse → format → parse).

var fuzzPositions = []string{
	game.StartSFEN,
	"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
	"4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
	"8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
}

func fuzzPosition(i uint8) game.Position {
	p, err := game.ParseSFEN(fuzzPositions[int(i)%len(fuzzPositions)])
	if err != nil {
		panic(err)
	}
	return p
}

func FuzzParseInfo(f *testing.F) {
	for _, s := range []string{
		"info depth 7 seldepth 9 multipv 1 score cp 217 nodes 4967 nps 191038 tbhits 0 time 26 pv 2h6h 6a5b",
		"info depth 6 seldepth 10 time 400 score cp 29 nodes 94865 nps 236754 pv 7g7f 3c3d 2g2f",
		"info score mate -4 lowerbound currmove 7g7f", "info score mate +", "info string hello  world",
		"info currmove G*5b score mate 1 pv G*5b", "info hashfull 999 multipv 3 score cp -30000 upperbound",
	} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, line string, pi uint8) {
		p := fuzzPosition(pi)
		info, err := ParseInfo(line, p)
		if err != nil {
			return
		}
		for i, m := range info.PV {
			if !p.IsLegal(m) {
				t.Fatalf("%q: pv move %d %s is illegal", line, i, m)
			}
			p = p.Play(m)
		}
		back := FormatInfo(info)
		again, err := ParseInfo(back, fuzzPosition(pi))
		if err != nil {
			t.Fatalf("%q: wrote %q, which does not read: %v", line, back, err)
		}
		if len(info.PV) > 0 {
			info.String = "" // a line carries a PV or a string, not both
		}
		if !reflect.DeepEqual(again, info) {
			t.Fatalf("%q:\nread  %+v\nwrote %q\nread  %+v", line, info, back, again)
		}
	})
}

func FuzzParseGo(f *testing.F) {
	for _, s := range []string{"go btime 60000 wtime 59500 byoyomi 10000", "go ponder btime 1 wtime 2 binc 3 winc 4",
		"go movetime 250 depth 8 nodes 100", "go infinite", "go mate 3000", "go mate infinite", "go btime -5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		l, mate, err := ParseGo(line)
		if err != nil || mate.Search {
			return
		}
		back := FormatGo(l)
		l2, _, err := ParseGo(back)
		if err != nil {
			t.Fatalf("%q: wrote %q, which does not read: %v", line, back, err)
		}
		if FormatGo(l2) != back {
			t.Fatalf("%q: %q then %q", line, back, FormatGo(l2))
		}
	})
}

func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{"position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e", "position startpos",
		"position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b",
		"position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b", "sfen 9/9/9/9/9/9/9/9/9 b - 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		start, moves, err := ParsePosition(line)
		if err != nil {
			return
		}
		p := start
		for _, m := range moves {
			if !p.IsLegal(m) {
				t.Fatalf("%q: illegal move %s read", line, m)
			}
			p = p.Play(m)
		}
		back := FormatPosition(start, moves)
		s2, m2, err := ParsePosition(back)
		if err != nil {
			t.Fatalf("%q: wrote %q, which does not read: %v", line, back, err)
		}
		if s2.SFEN() != start.SFEN() || usiLine(m2) != usiLine(moves) {
			t.Fatalf("%q: wrote %q, read back differently", line, back)
		}
	})
}

func FuzzParseBestMove(f *testing.F) {
	for _, s := range []string{"bestmove 7g7f ponder 3c3d", "bestmove resign", "bestmove win", "bestmove P*5e", "bestmove 8h2b+"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, line string, pi uint8) {
		p := fuzzPosition(pi)
		b, err := ParseBestMove(line, p)
		if err != nil {
			return
		}
		back := FormatBestMove(b)
		b2, err := ParseBestMove(back, p)
		if err != nil || b2 != b {
			t.Fatalf("%q: wrote %q, read %+v %v, want %+v", line, back, b2, err, b)
		}
	})
}

func FuzzParseCheckmate(f *testing.F) {
	for _, s := range []string{"checkmate G*5b", "checkmate nomate", "checkmate timeout", "checkmate notimplemented"} {
		f.Add(s, uint8(2))
	}
	f.Fuzz(func(t *testing.T, line string, pi uint8) {
		p := fuzzPosition(pi)
		c, err := ParseCheckmate(line, p)
		if err != nil {
			return
		}
		back := FormatCheckmate(c)
		c2, err := ParseCheckmate(back, p)
		if err != nil || FormatCheckmate(c2) != back {
			t.Fatalf("%q: wrote %q, read %+v %v", line, back, c2, err)
		}
	})
}

func FuzzParseOption(f *testing.F) {
	for _, s := range []string{"option name Skill Level type spin default 20 min -20 max 20", "option name Clear Hash type button",
		"option name SyzygyPath type string default <empty>", "option name V type combo default a var a var b",
		"option name P type check default true", "option name F type filename default a b c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := ParseOption(line)
		if err != nil {
			return
		}
		back := FormatOption(o)
		o2, err := ParseOption(back)
		if err != nil {
			t.Fatalf("%q: wrote %q, which does not read: %v", line, back, err)
		}
		if FormatOption(o2) != back {
			t.Fatalf("%q: wrote %q then %q", line, back, FormatOption(o2))
		}
	})
}

func FuzzParseSetOption(f *testing.F) {
	for _, s := range []string{"setoption name Skill Level value -20", "setoption name Clear Hash", "setoption name A value b  c"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		n, v, err := ParseSetOption(line)
		if err != nil {
			return
		}
		back := FormatSetOption(n, v)
		n2, v2, err := ParseSetOption(back)
		if err != nil || n2 != n || v2 != v {
			t.Fatalf("%q: wrote %q, read %q %q %v; want %q %q", line, back, n2, v2, err, n, v)
		}
	})
}
