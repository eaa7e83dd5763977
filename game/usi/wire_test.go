package usi

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

func mustSFEN(t testing.TB, s string) game.Position {
	t.Helper()
	p, err := game.ParseSFEN(s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func usiLine(moves []game.Move) string {
	var s []string
	for _, m := range moves {
		s = append(s, m.USI())
	}
	return strings.Join(s, " ")
}

// Lines Fairy-Stockfish 11.1 and gpsshogi r3033 (Debian) sent in a real
// session: the parser must read what the installed engines write.
func TestParseInfoFromRealEngines(t *testing.T) {
	start := game.StartPosition()
	tests := []struct {
		line string
		want engine.Info
		pv   string
	}{
		{"info depth 7 seldepth 9 multipv 1 score cp 217 nodes 4967 nps 191038 tbhits 0 time 26 pv 2h6h 6a5b",
			engine.Info{Depth: 7, SelDepth: 9, MultiPV: 1, HasScore: true, Score: engine.Score{Value: 217}, Nodes: 4967, NPS: 191038, Time: 26 * time.Millisecond}, "2h6h 6a5b"},
		// gpsusi: time before score, and a PV of ten moves.
		{"info depth 6 seldepth 10 time 400 score cp 29 nodes 94865 nps 236754 pv 7g7f 3c3d 2g2f 4c4d 5g5f 8b4b 3i4h 5a6b 4h5g 6b7b",
			engine.Info{Depth: 6, SelDepth: 10, Time: 400 * time.Millisecond, HasScore: true, Score: engine.Score{Value: 29}, Nodes: 94865, NPS: 236754},
			"7g7f 3c3d 2g2f 4c4d 5g5f 8b4b 3i4h 5a6b 4h5g 6b7b"},
		{"info depth 6", engine.Info{Depth: 6}, ""},
		{"info currmove 7g7f", engine.Info{CurrMove: start.NewMove(game.NewSquare(7, 7), game.NewSquare(7, 6), false)}, ""},
		// A currmove that is not legal here is left out, not trusted.
		{"info currmove 7g7e", engine.Info{}, ""},
		{"info score mate 5 pv 7g7f", engine.Info{HasScore: true, Score: engine.Score{Mate: true, Value: 5}}, "7g7f"},
		{"info score mate -4 lowerbound", engine.Info{HasScore: true, Score: engine.Score{Mate: true, Value: -4, Bound: engine.Lower}}, ""},
		{"info score mate +", engine.Info{HasScore: true, Score: engine.Score{Mate: true, Value: engine.MateUnknown}}, ""},
		{"info score mate -", engine.Info{HasScore: true, Score: engine.Score{Mate: true, Value: -engine.MateUnknown}}, ""},
		{"info score cp -35 upperbound hashfull 12", engine.Info{HasScore: true, Score: engine.Score{Value: -35, Bound: engine.Upper}, HashFull: 12}, ""},
		{"info string  book move:  7g7f  ", engine.Info{String: "book move:  7g7f"}, ""},
		// The PV is cut before the first move that is not legal (3c3d twice).
		{"info depth 3 pv 7g7f 3c3d 3c3d 2g2f", engine.Info{Depth: 3}, "7g7f 3c3d"},
		{"info pv 7g7f x9 2g2f", engine.Info{}, "7g7f"},
		{"info\tdepth\t2\r", engine.Info{Depth: 2}, ""},
	}
	for _, tc := range tests {
		got, err := ParseInfo(tc.line, start)
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if pv := usiLine(got.PV); pv != tc.pv {
			t.Errorf("%q: pv %q, want %q", tc.line, pv, tc.pv)
		}
		got.PV = nil
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.line, got, tc.want)
		}
	}
	for _, bad := range []string{"info depth x", "info score cp", "info score ply 3", "info nodes 1e9", "depth 3", "info score mate x"} {
		if _, err := ParseInfo(bad, start); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestFormatInfo(t *testing.T) {
	p := game.StartPosition()
	m := p.NewMove(game.NewSquare(7, 7), game.NewSquare(7, 6), false)
	q := p.Play(m)
	r := q.NewMove(game.NewSquare(3, 3), game.NewSquare(3, 4), false)
	tests := []struct {
		info engine.Info
		want string
	}{
		{engine.Info{Depth: 10, SelDepth: 14, Time: 1234 * time.Millisecond, Nodes: 100000, NPS: 81037, HashFull: 5, MultiPV: 1, HasScore: true, Score: engine.Score{Value: -42}, PV: []game.Move{m, r}},
			"info depth 10 seldepth 14 time 1234 nodes 100000 nps 81037 hashfull 5 multipv 1 score cp -42 pv 7g7f 3c3d"},
		{engine.Info{HasScore: true, Score: engine.Score{Mate: true, Value: 3, Bound: engine.Lower}, CurrMove: m}, "info score mate 3 lowerbound currmove 7g7f"},
		{engine.Info{HasScore: true, Score: engine.Score{Mate: true, Value: -engine.MateUnknown}}, "info score mate -"},
		{engine.Info{HasScore: true}, "info score cp 0"},
		{engine.Info{String: "two\nlines"}, "info string two lines"},
		{engine.Info{}, "info string "},
	}
	for _, tc := range tests {
		if got := FormatInfo(tc.info); got != tc.want {
			t.Errorf("FormatInfo(%+v) = %q, want %q", tc.info, got, tc.want)
		}
	}
}

func TestPositionCommand(t *testing.T) {
	// A handicap start is sent as an SFEN; the even start as startpos.
	lance := mustSFEN(t, "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
	tests := []struct {
		line  string
		start string
		moves string
		back  string // FormatPosition of what was read
	}{
		{"position startpos", game.StartSFEN, "", "position startpos"},
		{"position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e", game.StartSFEN, "7g7f 3c3d 8h2b+ 3a2b B*4e",
			"position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e"},
		{"startpos moves", game.StartSFEN, "", "position startpos"},
		{"position sfen " + lance.SFEN() + " moves 1a1b", lance.SFEN(), "", ""}, // no lance on 1a: an error
		{"position sfen " + lance.SFEN() + " moves 5a4b 7g7f", lance.SFEN(), "5a4b 7g7f",
			"position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b 7g7f"},
		{"position sfen 4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p", "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", "",
			"position sfen 4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1"},
	}
	for _, tc := range tests {
		start, moves, err := ParsePosition(tc.line)
		if tc.back == "" {
			if err == nil {
				t.Errorf("%q: no error", tc.line)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if start.SFEN() != tc.start || usiLine(moves) != tc.moves {
			t.Errorf("%q: start %q moves %q", tc.line, start.SFEN(), usiLine(moves))
		}
		if got := FormatPosition(start, moves); got != tc.back {
			t.Errorf("%q: formats back as %q, want %q", tc.line, got, tc.back)
		}
	}
	// An illegal move is refused with the rule it breaks: a second pawn on a file.
	_, _, err := ParsePosition("position sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5e")
	if !errors.As(err, new(*SyntaxError)) || !strings.Contains(err.Error(), "nifu") {
		t.Errorf("nifu drop: %v", err)
	}
	for _, bad := range []string{"position", "position sfen", "position sfen 9/9 b -", "position startpos 7g7f", "position foo", "position startpos moves 7g7e"} {
		if _, _, err := ParsePosition(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

func TestGoCommand(t *testing.T) {
	tests := []struct {
		l    engine.Limits
		want string
	}{
		{engine.Limits{BTime: 60 * time.Second, WTime: 59500 * time.Millisecond, Byoyomi: 10 * time.Second}, "go btime 60000 wtime 59500 byoyomi 10000"},
		{engine.Limits{Byoyomi: 100 * time.Millisecond}, "go btime 0 wtime 0 byoyomi 100"},
		{engine.Limits{BTime: time.Minute, WTime: time.Minute}, "go btime 60000 wtime 60000 byoyomi 0"},
		{engine.Limits{BTime: time.Minute, WTime: time.Minute, BInc: time.Second, WInc: 2 * time.Second}, "go btime 60000 wtime 60000 binc 1000 winc 2000"},
		{engine.Limits{Ponder: true, BTime: 1000, Byoyomi: time.Second}, "go ponder btime 0 wtime 0 byoyomi 1000"},
		{engine.Limits{MoveTime: 250 * time.Millisecond}, "go movetime 250"},
		{engine.Limits{Depth: 8, Nodes: 100000}, "go depth 8 nodes 100000"},
		{engine.Limits{Infinite: true}, "go infinite"},
	}
	for _, tc := range tests {
		if got := FormatGo(tc.l); got != tc.want {
			t.Errorf("FormatGo(%+v) = %q, want %q", tc.l, got, tc.want)
		}
		l, mate, err := ParseGo(tc.want)
		if err != nil || mate.Search || FormatGo(l) != tc.want {
			t.Errorf("ParseGo(%q) = %+v %+v %v", tc.want, l, mate, err)
		}
	}
	if got := FormatGoMate(0); got != "go mate infinite" {
		t.Errorf("FormatGoMate(0) = %q", got)
	}
	for line, want := range map[string]MateLimit{
		"go mate 3000":     {Search: true, Time: 3 * time.Second},
		"go mate infinite": {Search: true, Infinite: true},
		"go mate":          {Search: true, Infinite: true},
	} {
		if _, got, err := ParseGo(line); err != nil || got != want {
			t.Errorf("ParseGo(%q) mate = %+v %v, want %+v", line, got, err, want)
		}
	}
	// A GUI whose clock ran out may send a negative time: it counts as 0.
	if l, _, err := ParseGo("go btime -120 wtime 5000 byoyomi 1000"); err != nil || l.BTime != 0 || l.WTime != 5*time.Second {
		t.Errorf("negative btime: %+v %v", l, err)
	}
	for _, bad := range []string{"", "stop", "go btime", "go btime x", "go depth -1", "go fast", "go nodes -5", "go mate soon"} {
		if _, _, err := ParseGo(bad); err == nil {
			t.Errorf("ParseGo(%q): no error", bad)
		}
	}
}

func TestBestMove(t *testing.T) {
	p := game.StartPosition()
	tests := []struct {
		line string
		want string // FormatBestMove of what was read
	}{
		{"bestmove 7g7f ponder 3c3d", "bestmove 7g7f ponder 3c3d"},
		{"bestmove 2h6h ponder 6a5b", "bestmove 2h6h ponder 6a5b"},
		{"bestmove 7g7f ponder 3c3c", "bestmove 7g7f"}, // a ponder move that is not legal is dropped
		{"bestmove resign", "bestmove resign"},
		{"bestmove win", "bestmove win"},
		{"bestmove 7g7f", "bestmove 7g7f"},
		// Reads, but is illegal (a pawn cannot move two squares): the caller judges.
		{"bestmove 7g7e", "bestmove 7g7e"},
	}
	for _, tc := range tests {
		b, err := ParseBestMove(tc.line, p)
		if err != nil {
			t.Errorf("%q: %v", tc.line, err)
			continue
		}
		if got := FormatBestMove(b); got != tc.want {
			t.Errorf("%q read back as %q", tc.line, got)
		}
	}
	// The capture is filled in from the board.
	q := mustSFEN(t, "4k4/9/9/9/4p4/4R4/9/9/4K4 b - 1")
	if b, err := ParseBestMove("bestmove 5f5e", q); err != nil || b.Move.Captured() == game.NoPiece {
		t.Errorf("capture: %v %v", b.Move, err)
	}
	for _, bad := range []string{"bestmove", "bestmove zz", "bestmove 5e5d", "best 7g7f", "bestmove 3c3d"} {
		_, err := ParseBestMove(bad, p)
		var me *MoveError
		if err == nil {
			t.Errorf("%q: no error", bad)
		} else if strings.HasPrefix(bad, "bestmove ") && !errors.As(err, &me) {
			t.Errorf("%q: %v is not a *MoveError", bad, err)
		}
	}
}

func TestCheckmate(t *testing.T) {
	// Gold drop mate: 1 move.
	p := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	c, err := ParseCheckmate("checkmate G*5b", p)
	if err != nil || len(c.Moves) != 1 {
		t.Fatalf("checkmate G*5b: %+v %v", c, err)
	}
	if after := p.Play(c.Moves[0]); !after.IsCheckmate() {
		t.Fatalf("checkmate G*5b: %+v %v", c, err)
	}
	if got := FormatCheckmate(c); got != "checkmate G*5b" {
		t.Errorf("format: %q", got)
	}
	for _, w := range []string{"nomate", "notimplemented", "timeout"} {
		c, err := ParseCheckmate("checkmate "+w, p)
		if err != nil || FormatCheckmate(c) != "checkmate "+w {
			t.Errorf("checkmate %s: %+v %v", w, c, err)
		}
	}
	if _, err := ParseCheckmate("checkmate G*5b 5a4a", p); err == nil {
		t.Error("a mate sequence with a move for the wrong side: no error")
	}
}

// Option lines as Fairy-Stockfish and gpsusi declare them.
func TestParseOption(t *testing.T) {
	tests := []struct {
		line string
		want Option
	}{
		{"option name Skill Level type spin default 20 min -20 max 20", Option{Name: "Skill Level", Type: Spin, Default: "20", Min: -20, Max: 20}},
		{"option name Clear Hash type button", Option{Name: "Clear Hash", Type: Button}},
		{"option name Ponder type check default false", Option{Name: "Ponder", Type: Check, Default: "false"}},
		{"option name SyzygyPath type string default <empty>", Option{Name: "SyzygyPath", Type: String}},
		{"option name EvalDir type string default eval dir", Option{Name: "EvalDir", Type: String, Default: "eval dir"}},
		{"option name UCI_Variant type combo default shogi var chess var shogi var minishogi", Option{Name: "UCI_Variant", Type: Combo, Default: "shogi", Vars: []string{"chess", "shogi", "minishogi"}}},
		{"option name BookDepth type spin default 30 min 0 max 100", Option{Name: "BookDepth", Type: Spin, Default: "30", Max: 100}},
		{"option name BookFile type filename default book.db", Option{Name: "BookFile", Type: Filename, Default: "book.db"}},
	}
	for _, tc := range tests {
		got, err := ParseOption(tc.line)
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v %v\nwant %+v", tc.line, got, err, tc.want)
			continue
		}
		back, err := ParseOption(FormatOption(got))
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Errorf("%q: round trip %q gives %+v %v", tc.line, FormatOption(got), back, err)
		}
	}
	for _, bad := range []string{"option name type spin", "option name X type dial", "option name X type spin default 1", "option name X type spin min 3 max 1", "option name X type spin min a max 1", "option X"} {
		if _, err := ParseOption(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
	skill := tests[0].want
	for v, ok := range map[string]bool{"-20": true, "0": true, "20": true, "21": false, "x": false, "": false} {
		if err := skill.CheckValue(v); (err == nil) != ok {
			t.Errorf("Skill Level %q: %v", v, err)
		}
	}
	combo := tests[5].want
	if combo.CheckValue("shogi") != nil || combo.CheckValue("go") == nil {
		t.Error("combo values")
	}
	if (Option{Name: "P", Type: Check}).CheckValue("yes") == nil || (Option{Name: "B", Type: Button}).CheckValue("1") == nil {
		t.Error("check/button values")
	}
}

func TestSetOptionAndID(t *testing.T) {
	for _, tc := range []struct{ name, value, line string }{
		{"Skill Level", "-20", "setoption name Skill Level value -20"},
		{"Clear Hash", "", "setoption name Clear Hash"},
		{"EvalDir", "my evals", "setoption name EvalDir value my evals"},
	} {
		if got := FormatSetOption(tc.name, tc.value); got != tc.line {
			t.Errorf("FormatSetOption = %q, want %q", got, tc.line)
		}
		n, v, err := ParseSetOption(tc.line)
		if err != nil || n != tc.name || v != tc.value {
			t.Errorf("ParseSetOption(%q) = %q %q %v", tc.line, n, v, err)
		}
	}
	if k, v, err := ParseID("id name gpsshogi (smp) vm r3033 wordsize 64 gcc 12.2.0"); err != nil || k != "name" || v != "gpsshogi (smp) vm r3033 wordsize 64 gcc 12.2.0" {
		t.Errorf("ParseID: %q %q %v", k, v, err)
	}
	r := game.Result{Outcome: game.WhiteWins, Ending: game.Resignation}
	if FormatGameOver(r, game.White) != "gameover win" || FormatGameOver(r, game.Black) != "gameover lose" ||
		FormatGameOver(game.Result{Outcome: game.Draw, Ending: game.Repetition}, game.Black) != "gameover draw" {
		t.Error("FormatGameOver")
	}
}

// An engine's lines of one search merge into one report.
func TestInfoMerge(t *testing.T) {
	pos := game.StartPosition()
	a, _ := ParseInfo("info depth 5 seldepth 7 score cp 30 pv 7g7f 3c3d", pos)
	b, _ := ParseInfo("info nodes 1000 nps 5000 time 200", pos)
	c, _ := ParseInfo("info depth 6 score mate 5", pos)
	m := a.Merge(b).Merge(c)
	if m.Depth != 6 || m.SelDepth != 0 || m.Nodes != 1000 || m.NPS != 5000 || m.Time != 200*time.Millisecond ||
		!m.HasScore || !m.Score.Mate || m.Score.Value != 5 || len(m.PV) != 2 {
		t.Errorf("merged %+v", m)
	}
}
