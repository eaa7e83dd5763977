package csa

import (
	"errors"
	"reflect"
	"testing"

	"shogi/game"
	"shogi/game/engine"
)

func TestParseLine(t *testing.T) {
	for _, c := range []struct {
		line string
		want Message
	}{
		{"", Blank{}},
		{" ", Blank{}},
		{"LOGIN:alice OK", LoginOK{Name: "alice"}},
		{"LOGIN:incorrect", LoginIncorrect{}},
		{"LOGOUT:completed", LogoutCompleted{}},
		{"BEGIN Game_Summary", SummaryBegin{}},
		{"START:test+testgame-60-5F+bob+alice+20261125145350", Start{GameID: "test+testgame-60-5F+bob+alice+20261125145350"}},
		{"REJECT:g1 by bob", Reject{GameID: "g1", By: "bob"}},
		{"+7776FU,T0", Move{Text: "+7776FU", Time: 0, HasTime: true}},
		{"-3334FU,T12\r", Move{Text: "-3334FU", Time: 12, HasTime: true}},
		{"+7776FU", Move{Text: "+7776FU"}},
		{"+2726FU,T3,'* 30 -8384FU", Move{Text: "+2726FU", Time: 3, HasTime: true, Comment: "* 30 -8384FU"}},
		{"%TORYO", Special{Word: "TORYO"}},
		{"%KACHI,T2", Special{Word: "KACHI", Time: 2, HasTime: true}},
		{"#RESIGN", ResultLine{Reason: Resign}},
		{"#TIME_UP", ResultLine{Reason: TimeUp}},
		{"#ILLEGAL_MOVE", ResultLine{Reason: IllegalMove}},
		{"#SENNICHITE", ResultLine{Reason: Sennichite}},
		{"#OUTE_SENNICHITE", ResultLine{Reason: OuteSennichite}},
		{"#JISHOGI", ResultLine{Reason: Jishogi}},
		{"#MAX_MOVES", ResultLine{Reason: MaxMoves}},
		{"#CHUDAN", ResultLine{Reason: Chudan}},
		{"#WIN", ResultLine{Outcome: Win}},
		{"#LOSE", ResultLine{Outcome: Lose}},
		{"#DRAW", ResultLine{Outcome: Draw}},
		{"#CENSORED", ResultLine{Outcome: Censored}},
		{"##[LOGIN] +OK x1", X1{Tag: "LOGIN", Text: "+OK x1"}},
		{"##[LIST] +OK", X1{Tag: "LIST", Text: "+OK"}},
		{"##[MONITOR2][g1] +7776FU", X1{Tag: "MONITOR2", Text: "[g1] +7776FU"}},
	} {
		got, err := ParseLine(c.line)
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: got %#v, %v; want %#v", c.line, got, err, c.want)
		}
	}
	for _, bad := range []string{
		"LOGIN:alice", "LOGIN:a b OK", "START:", "REJECT: by x", "##[", "##[] x", "#WON", "#",
		"%", "%toryo", "%TORYO,X", "%TORYO,T-1", "+7776", "+7776XX", "+77a6FU", "+7776FU,T", "+7776FU,T1,T2",
		"+7776FU,Tx", "Hello", "*", "BEGIN Time",
	} {
		m, err := ParseLine(bad)
		var se *SyntaxError
		if !errors.As(err, &se) || se.Line == "" || se.Msg == "" {
			t.Errorf("%q: got %#v, %v; want a *SyntaxError", bad, m, err)
		}
	}
}

func TestReadAndFormatMove(t *testing.T) {
	p := game.StartPosition()
	m, err := ReadMove(&p, "+7776FU")
	if err != nil || m.USI() != "7g7f" || FormatMove(m) != "+7776FU" {
		t.Fatalf("got %v %v", m, err)
	}
	for _, bad := range []string{"-3334FU", "+7775FU", "+5958OU,T1", "+0055KA"} {
		if _, err := ReadMove(&p, bad); err == nil {
			t.Errorf("%s read in the start position", bad)
		}
	}
	// A promotion and a drop, written as the piece after the move.
	p, _ = game.ParseSFEN("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1")
	m, _ = ReadMove(&p, "+8822UM")
	if m.USI() != "8h2b+" || FormatMove(m) != "+8822UM" {
		t.Errorf("promotion: %s %s", m.USI(), FormatMove(m))
	}
	p = p.Play(m)
	m, _ = ReadMove(&p, "-3122GI")
	p = p.Play(m)
	m, err = ReadMove(&p, "+0055KA")
	if err != nil || m.USI() != "B*5e" || FormatMove(m) != "+0055KA" {
		t.Errorf("drop: %v %v", m, err)
	}
}

func TestEngineComment(t *testing.T) {
	p := game.StartPosition()
	b7776, _ := ReadMove(&p, "+7776FU")
	after := p.Play(b7776)
	w3334, _ := ReadMove(&after, "-3334FU")
	after2 := after.Play(w3334)
	b2726, _ := ReadMove(&after2, "+2726FU")
	pv := []game.Move{b7776, w3334, b2726}
	for _, c := range []struct {
		name string
		info *engine.Info
		m    game.Move
		pos  game.Position
		want string
	}{
		{"black's view", &engine.Info{HasScore: true, Score: engine.Score{Value: 52}, PV: pv}, b7776, p, "* 52 -3334FU +2726FU"},
		// White's score of 40 is Black's −40; the PV starts with its move.
		{"white's view", &engine.Info{HasScore: true, Score: engine.Score{Value: 40}, PV: pv[1:]}, w3334, after, "* -40 +2726FU"},
		{"mate", &engine.Info{HasScore: true, Score: engine.Score{Mate: true, Value: 3}, PV: pv[:1]}, b7776, p, "* 31997"},
		{"mated, unknown length", &engine.Info{HasScore: true, Score: engine.Score{Mate: true, Value: -engine.MateUnknown}}, w3334, after, "* 30000"},
		{"no score", &engine.Info{PV: pv}, b7776, p, ""},
		{"another move's pv", &engine.Info{HasScore: true, PV: pv[1:]}, b7776, p, ""},
		{"no report", nil, b7776, p, ""},
		// A PV cut where it turns illegal.
		{"bad pv", &engine.Info{HasScore: true, Score: engine.Score{Value: 7}, PV: []game.Move{b7776, b2726, w3334}}, b7776, p, "* 7"},
	} {
		if got := EngineComment(c.info, c.m, c.pos); got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
	}
}

func TestResultGame(t *testing.T) {
	for _, c := range []struct {
		r    Result
		us   game.Color
		want game.Result
	}{
		{Result{Reason: Resign, Outcome: Win, Special: "TORYO"}, game.White, game.Result{Outcome: game.WhiteWins, Ending: game.Resignation}},
		{Result{Reason: TimeUp, Outcome: Lose}, game.White, game.Result{Outcome: game.BlackWins, Ending: game.TimeLoss}},
		{Result{Reason: IllegalMove, Outcome: Lose, Special: "KACHI"}, game.Black, game.Result{Outcome: game.WhiteWins, Ending: game.IllegalMove}},
		{Result{Reason: Jishogi, Outcome: Win, Special: "KACHI"}, game.Black, game.Result{Outcome: game.BlackWins, Ending: game.Declaration}},
		{Result{Reason: Sennichite, Outcome: Draw}, game.Black, game.Result{Outcome: game.Draw, Ending: game.Repetition}},
		{Result{Reason: OuteSennichite, Outcome: Lose}, game.Black, game.Result{Outcome: game.WhiteWins, Ending: game.PerpetualCheck}},
		{Result{Reason: MaxMoves, Outcome: Censored}, game.Black, game.Result{Outcome: game.Draw, Ending: game.Impasse}},
		{Result{Reason: Chudan, Outcome: Interrupted}, game.Black, game.Result{}},
	} {
		if got := c.r.Game(c.us); got != c.want {
			t.Errorf("%v as %v: got %v, want %v", c.r, c.us, got, c.want)
		}
	}
	if s := (Result{Reason: TimeUp, Outcome: Lose}).String(); s != "#TIME_UP #LOSE" {
		t.Errorf("String: %q", s)
	}
}
