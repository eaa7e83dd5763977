package csa

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/game"
)

// The summaries in testdata/shogi-server were sent by the reference
// server (shogi-server, as floodgate runs it): a byōyomi game, a Fischer
// buoy game with moves played already (x1), a handicap game (x1).
func TestSummaryFromShogiServer(t *testing.T) {
	files, _ := filepath.Glob("testdata/shogi-server/*.txt")
	if len(files) < 3 {
		t.Fatalf("want the server's summaries in testdata/shogi-server, found %d", len(files))
	}
	want := map[string]func(t *testing.T, s *Summary){
		"byoyomi-30-5.txt": func(t *testing.T, s *Summary) {
			if s.Time[0] != (TimeRule{Unit: time.Second, Total: 30 * time.Second, Byoyomi: 5 * time.Second}) || s.Time[1] != s.Time[0] {
				t.Errorf("time %+v", s.Time)
			}
			if s.YourTurn != game.Black || s.Start.SFEN() != game.StartSFEN || len(s.Moves) != 0 {
				t.Errorf("turn %v start %s moves %v", s.YourTurn, s.Start.SFEN(), s.Moves)
			}
		},
		"x1-buoy-30-5F.txt": func(t *testing.T, s *Summary) {
			if s.Time[0].Increment != 5*time.Second || s.Time[0].Byoyomi != 0 || s.Time[0].Total != 30*time.Second {
				t.Errorf("time %+v", s.Time[0])
			}
			var usi []string
			for _, m := range s.Moves {
				usi = append(usi, m.USI())
			}
			if strings.Join(usi, " ") != "7g7f 3c3d 8h2b+ 3a2b" || len(s.MoveTimes) != 4 || s.MoveTimes[3] != 1 {
				t.Errorf("moves %v times %v", usi, s.MoveTimes)
			}
			p := s.Position()
			if p.SideToMove() != game.Black || p.Hand(game.Black, game.Bishop) != 1 || p.Hand(game.White, game.Bishop) != 1 {
				t.Errorf("position after the moves: %s", p.SFEN())
			}
			k := s.Clock()
			if k.Left != [2]time.Duration{38 * time.Second, 38 * time.Second} {
				t.Errorf("the clock after two moves a side of 1 s with 5 s increment: %v", k.Left)
			}
		},
		"x1-handicap-lance.txt": func(t *testing.T, s *Summary) {
			if s.YourTurn != game.White || s.Start.At(game.NewSquare(9, 9)) != game.NoPiece || s.Start.SideToMove() != game.Black {
				t.Errorf("turn %v start %s", s.YourTurn, s.Start.SFEN())
			}
		},
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		s, err := ParseSummary(string(b))
		if err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		if s.ProtocolVersion != "1.2" || s.ProtocolMode != "Server" || s.Format != "Shogi 1.0" || s.Declaration != "Jishogi 1.1" ||
			s.RematchOnDraw || s.MaxMoves != 0 || s.ToMove != game.Black || len(s.Unknown) != 0 || !strings.HasPrefix(s.GameID, "test+") {
			t.Errorf("%s: %+v", f, s)
		}
		if check := want[filepath.Base(f)]; check != nil {
			t.Run(filepath.Base(f), func(t *testing.T) { check(t, s) })
		}
	}
}

// A summary as CSA 1.2.1 allows it: each side's time in its own block,
// milliseconds, rounding up, a delay; the position by rows with pieces in
// hand and 00AL; moves played with their times on lines of their own;
// fields and a block no client knows.
const fullSummary = `BEGIN Game_Summary
Protocol_Version:1.2
Protocol_Mode:Server
Format:Shogi 1.0
Declaration:Jishogi 1.1
Game_ID:20240101-abc
Name+:sente
Name-:gote
Your_Turn:-
Rematch_On_Draw:YES
To_Move:+
Max_Moves:256
Reconnect_Token:xyz
BEGIN Time+
Time_Unit:1msec
Total_Time:600000
Byoyomi:10000
Least_Time_Per_Move:1000
Time_Roundup:YES
END Time+
BEGIN Time-
Time_Unit:1sec
Total_Time:300
Increment:10
Delay:2
Time_Roundup:NO
END Time-
BEGIN Position
P1-KY-KE-GI-KI-OU-KI-GI-KE-KY
P2 * -HI *  *  *  *  * -KA * 
P3-FU-FU-FU-FU-FU-FU-FU-FU * 
P4 *  *  *  *  *  *  *  *  * 
P5 *  *  *  *  *  *  *  *  * 
P6 *  *  *  *  *  *  *  *  * 
P7+FU+FU+FU+FU+FU+FU+FU+FU * 
P8 * +KA *  *  *  *  * +HI * 
P9+KY+KE+GI+KI+OU+KI+GI+KE+KY
P+00FU
P-00AL
+
+7776FU
T12
-3334FU,T3
END Position
BEGIN Jury
Members:3
END Jury
END Game_Summary
`

func TestSummaryAllFields(t *testing.T) {
	s, err := ParseSummary(fullSummary)
	if err != nil {
		t.Fatal(err)
	}
	if s.GameID != "20240101-abc" || s.Names != [2]string{"sente", "gote"} || s.YourTurn != game.White || !s.RematchOnDraw ||
		s.MaxMoves != 256 || s.Opponent() != "sente" {
		t.Errorf("top fields: %+v", s)
	}
	black := TimeRule{Unit: time.Millisecond, Total: 10 * time.Minute, Byoyomi: 10 * time.Second, LeastPerMove: time.Second, Roundup: true}
	white := TimeRule{Unit: time.Second, Total: 5 * time.Minute, Increment: 10 * time.Second, Delay: 2 * time.Second}
	if s.Time != [2]TimeRule{black, white} {
		t.Errorf("time:\n got %+v\nwant %+v", s.Time, [2]TimeRule{black, white})
	}
	// 00AL gives White the one pawn left over: 18 less 16 on the board
	// less Black's one.
	if s.Start.Hand(game.Black, game.Pawn) != 1 || s.Start.Hand(game.White, game.Pawn) != 1 {
		t.Errorf("hands: %s", s.Start.SFEN())
	}
	if len(s.Moves) != 2 || s.MoveTimes[0] != 12 || s.MoveTimes[1] != 3 {
		t.Errorf("moves %v times %v", s.Moves, s.MoveTimes)
	}
	if len(s.Unknown) != 3 || s.Unknown[0].Key != "Reconnect_Token" || s.Unknown[0].Value != "xyz" || s.Unknown[0].Line != 13 ||
		s.Unknown[1].Key != "BEGIN Jury" || s.Unknown[2].Section != "Jury" || s.Unknown[2].Key != "Members" {
		t.Errorf("unknown fields: %+v", s.Unknown)
	}
	k := s.Clock()
	// Black: 12 units of 1 ms; White: 3 s less 10 s increment.
	if k.Left != [2]time.Duration{10*time.Minute - 12*time.Millisecond, 5*time.Minute + 7*time.Second} {
		t.Errorf("clock %v", k.Left)
	}
	if a := k.Available(game.White); a != 5*time.Minute+7*time.Second+10*time.Second+2*time.Second {
		t.Errorf("white may take %v", a)
	}
}

func TestTimeRuleUnits(t *testing.T) {
	sec := TimeRule{Unit: time.Second}
	up := TimeRule{Unit: time.Second, Roundup: true, LeastPerMove: 2 * time.Second}
	delay := TimeRule{Unit: time.Second, Delay: time.Second}
	for _, c := range []struct {
		r    TimeRule
		d    time.Duration
		want int
	}{
		{sec, 0, 0}, {sec, 999 * time.Millisecond, 0}, {sec, 1500 * time.Millisecond, 1},
		{up, 0, 2}, {up, 2001 * time.Millisecond, 3}, {up, 3 * time.Second, 3},
		{delay, 1500 * time.Millisecond, 0}, {delay, 3 * time.Second, 2},
	} {
		if got := c.r.Units(c.d); got != c.want {
			t.Errorf("%+v: %v is %d units, want %d", c.r, c.d, got, c.want)
		}
	}
}

func TestSummaryErrors(t *testing.T) {
	base := strings.Split(strings.TrimSpace(fullSummary), "\n")
	edit := func(from, to string) string {
		var out []string
		for _, l := range base {
			if l == from {
				if to != "" {
					out = append(out, strings.Split(to, "\n")...)
				}
				continue
			}
			out = append(out, l)
		}
		return strings.Join(out, "\n")
	}
	for _, c := range []struct {
		name, text string
		line       int
		msg        string
	}{
		{"no begin", "Game_ID:x\nEND Game_Summary", 0, "does not begin"},
		{"no end", strings.TrimSuffix(strings.TrimSpace(fullSummary), "END Game_Summary"), 0, "without END"},
		{"a field twice", edit("Name-:gote", "Name-:gote\nName-:other"), 9, "given twice"},
		{"no id", edit("Game_ID:20240101-abc", ""), 47, "no Game_ID"},
		{"bad turn", edit("Your_Turn:-", "Your_Turn:black"), 9, "+ or -"},
		{"same names", edit("Name-:gote", "Name-:sente"), 48, "both sides"},
		{"format", edit("Format:Shogi 1.0", "Format:Chess 1.0"), 4, "Shogi 1.0"},
		{"mode", edit("Protocol_Mode:Server", "Protocol_Mode:Peer"), 3, "neither"},
		{"max moves", edit("Max_Moves:256", "Max_Moves:-1"), 12, "count of moves"},
		{"unit", edit("Time_Unit:1sec", "Time_Unit:1hour"), 22, "time unit"},
		{"roundup", edit("Time_Roundup:NO", "Time_Roundup:maybe"), 26, "YES or NO"},
		{"count", edit("Increment:10", "Increment:1.5"), 24, "whole number"},
		{"unclosed block", edit("END Time+", ""), 20, "inside BEGIN Time+"},
		{"stray end", edit("BEGIN Time-", ""), 26, "END Time- without"},
		{"block twice", edit("BEGIN Jury", "BEGIN Time+\nEND Time+\nBEGIN Jury"), 45, "second Time+"},
		// Time- becomes a block no one knows: Black alone has a clock.
		{"one side's time", rep(edit("BEGIN Time-", "BEGIN Overtime"), "END Time-", "END Overtime"), 0, "one side only"},
		{"not a field", edit("Max_Moves:256", "Max Moves 256"), 12, "not a field"},
		{"bad row", edit("P4 *  *  *  *  *  *  *  *  * ", "P4 *  *  * XX"), 32, "row P4"},
		{"illegal move", edit("-3334FU,T3", "-3335FU,T3"), 43, "move 2"},
		{"wrong side", edit("-3334FU,T3", "+3334FU,T3"), 43, "move 2"},
		{"time first", edit("+7776FU", ""), 41, "belongs after a move"},
		{"statement after moves", edit("-3334FU,T3", "-3334FU,T3\nP+00KA"), 44, "after the moves"},
		{"to move", rep(rep(rep(edit("+7776FU", ""), "T12\n", ""), "-3334FU,T3\n", ""), "To_Move:+", "To_Move:-"), 0, ""},
		{"no king", edit("P9+KY+KE+GI+KI+OU+KI+GI+KE+KY", "P9+KY+KE+GI+KI * +KI+GI+KE+KY"), 0, "Black has no king"},
		{"already played out", edit("Max_Moves:256", "Max_Moves:2"), 0, "ends at 2"},
		{"after the end", fullSummary + "P1\n", 49, "after END"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ParseSummary(c.text)
			var se *SummaryError
			if !errors.As(err, &se) {
				t.Fatalf("want a *SummaryError, got %v", err)
			}
			if c.name == "to move" {
				// To_Move says White; the position says Black and no moves
				// were played: it says where.
				if !strings.Contains(se.Msg, "To_Move says White") || se.Line != 11 {
					t.Errorf("got %v", se)
				}
				return
			}
			if se.Line != c.line || !strings.Contains(se.Error(), c.msg) {
				t.Errorf("got line %d %q; want line %d saying %q", se.Line, se.Error(), c.line, c.msg)
			}
			if c.name == "no king" && (len(se.Warnings) != 1 || se.Warnings[0].Kind != game.NoKing) {
				t.Errorf("warnings %+v", se.Warnings)
			}
		})
	}
}

func rep(s, old, new string) string { return strings.Replace(s, old, new, 1) }
