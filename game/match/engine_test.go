package match

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/usi"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
)

// fake starts this test binary as an engine behaving as spec says.
func fake(t *testing.T, spec string, tweak func(*usi.Config)) Engine {
	t.Helper()
	cfg := usi.Config{Path: os.Args[0], Env: []string{usitest.Env + "=" + spec},
		Timeout: 5 * time.Second, StopGrace: 200 * time.Millisecond, QuitGrace: 3 * time.Second}
	if tweak != nil {
		tweak(&cfg)
	}
	e, err := usi.Start(context.Background(), cfg)
	if err != nil {
		t.Fatalf("fake %q: %v", spec, err)
	}
	t.Cleanup(func() { e.Close() })
	return Engine{E: e}
}

func byoyomi(d time.Duration) [2]TimeControl {
	tc := TimeControl{Byoyomi: d}
	return [2]TimeControl{tc, tc}
}

// Two fake engines play a whole game; every move keeps its engine's
// report (the fake scores a move 10 + the number of moves before it).
func TestEngineFullGame(t *testing.T) {
	b, w := fake(t, "name=black", nil), fake(t, "name=white", nil)
	r := run(t, Config{Start: game.StartPosition(), Players: [2]Player{b, w}, Time: byoyomi(time.Second), MaxMoves: 300})
	if !r.Over() || r.Aborted || r.Fault != nil {
		t.Fatalf("%+v", r)
	}
	if r.Names != [2]string{"black", "white"} || len(r.Notes) != r.Game.Len() {
		t.Fatalf("names %v, %d notes for %d moves", r.Names, len(r.Notes), r.Game.Len())
	}
	for i, n := range r.Notes {
		if n.Info == nil || n.Info.Score.Value != 10+i || len(n.Info.PV) == 0 || n.Info.PV[0] != r.Game.Moves()[i] || n.Info.Nodes != 50 {
			t.Fatalf("move %d: info %+v", i+1, n.Info)
		}
	}
	t.Logf("%d moves: %s", r.Game.Len(), r.Reason())
}

// Every engine fault ends the game cleanly against the engine, with a
// message naming it and the fault, and the moves so far kept.
func TestEngineFaults(t *testing.T) {
	start := game.StartPosition()
	tests := []struct {
		spec   string
		tweak  func(*usi.Config)
		byo    time.Duration // default 5 s
		plies  int           // moves kept
		ending game.Ending
		reason []string
		fault  usi.Fault
	}{
		{spec: "crash=4", plies: 4, ending: game.IllegalMove, fault: usi.Exited,
			reason: []string{"fake exited before sending bestmove", "exit status 2", "segmentation fault"}},
		{spec: "illegal", plies: 0, ending: game.IllegalMove, reason: []string{"fake (Black) played", "which is illegal: the piece cannot move there"}},
		{spec: "unreadable", plies: 0, ending: game.IllegalMove, fault: usi.BadMove, reason: []string{`fake sent an unreadable move "xyz"`}},
		{spec: "garbage", tweak: func(c *usi.Config) { c.MaxJunk = 50 }, plies: 0, ending: game.IllegalMove, fault: usi.Junk,
			reason: []string{"fake sent more than 50 lines that are not USI"}},
		{spec: "hang", byo: 50 * time.Millisecond, plies: 0, ending: game.TimeLoss, fault: usi.NoAnswer,
			reason: []string{"fake (Black) ran out of time (50ms)", "then fake sent no bestmove after stop within 200ms and was killed"}},
		{spec: "resign", plies: 0, ending: game.Resignation, reason: []string{"fake (Black) resigned"}},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			e := fake(t, tc.spec, tc.tweak)
			other := Bot{S: mustBot(t, "greedy")}
			byo := tc.byo
			if byo == 0 {
				byo = 5 * time.Second
			}
			r := run(t, Config{Start: start, Players: [2]Player{e, other}, Time: byoyomi(byo)})
			if r.Ending != tc.ending || r.Outcome != game.WhiteWins || r.Game.Len() != tc.plies || len(r.Notes) != tc.plies {
				t.Errorf("%v after %d moves: %s", r.Result, r.Game.Len(), r.Reason())
			}
			for _, w := range tc.reason {
				if !strings.Contains(r.Reason(), w) {
					t.Errorf("reason %q does not say %q", r.Reason(), w)
				}
			}
			var ue *usi.Error
			if tc.fault != 0 && (!errors.As(r.Fault, &ue) || ue.Fault != tc.fault || r.Faulty != game.Black) {
				t.Errorf("fault %v (%v), want %v", r.Fault, r.Faulty, tc.fault)
			}
			if tc.spec == "illegal" && r.Illegal == "" {
				t.Error("the illegal move's text is lost")
			}
		})
	}
}

func TestSpec(t *testing.T) {
	tests := []struct {
		in   string
		want Spec
	}{
		{"random", Spec{Kind: BuiltinKind, Name: "random"}},
		{" greedy ", Spec{Kind: BuiltinKind, Name: "greedy"}},
		{"human", Spec{Kind: HumanKind, Name: "human"}},
		{"usi:/usr/games/fairy-stockfish,Skill Level=-20,Threads=1", Spec{Kind: USIKind, Name: "/usr/games/fairy-stockfish",
			Options: []usi.Setting{{Name: "Skill Level", Value: "-20"}, {Name: "Threads", Value: "1"}}}},
		{`usi:/opt/my\,engine,EvalDir=a\,b,Clear Hash`, Spec{Kind: USIKind, Name: "/opt/my,engine",
			Options: []usi.Setting{{Name: "EvalDir", Value: "a,b"}, {Name: "Clear Hash"}}}},
	}
	for _, tc := range tests {
		got, err := ParseSpec(tc.in)
		if err != nil || got.String() != tc.want.String() || got.Kind != tc.want.Kind {
			t.Errorf("ParseSpec(%q) = %+v %v, want %+v", tc.in, got, err, tc.want)
			continue
		}
		if back, err := ParseSpec(got.String()); err != nil || back.String() != got.String() {
			t.Errorf("%q: round trip %q", tc.in, got.String())
		}
	}
	for _, bad := range []string{"", "stockfish", "usi:", "usi:,x=1", "usi:/bin/e,=3", "Greedy"} {
		if _, err := ParseSpec(bad); err == nil {
			t.Errorf("ParseSpec(%q): no error", bad)
		} else if !strings.Contains(err.Error(), "random") && !strings.Contains(err.Error(), "usi:") {
			t.Errorf("ParseSpec(%q): %v does not say what is wanted", bad, err)
		}
	}
	// Every built-in name is a player, built by the bot package.
	r := rand.New(rand.NewPCG(1, 1))
	for _, name := range []string{"random", "greedy"} {
		s, _ := ParseSpec(name)
		p, err := s.NewPlayer(context.Background(), r, usi.Config{})
		if err != nil || p.Name() != name {
			t.Errorf("%s: %v %v", name, p, err)
		}
	}
	// An engine that never says usiok cannot be a player; the error names it.
	s, _ := ParseSpec("usi:" + os.Args[0])
	_, err := s.NewPlayer(context.Background(), r, usi.Config{Env: []string{usitest.Env + "=nousiok"}, Timeout: 200 * time.Millisecond})
	var ue *usi.Error
	if !errors.As(err, &ue) || ue.Fault != usi.NoAnswer || !strings.Contains(err.Error(), "sent no usiok") {
		t.Errorf("no usiok: %v", err)
	}
	// A slow quit is killed, and Close says so.
	p := fake(t, "slowquit", func(c *usi.Config) { c.QuitGrace = 200 * time.Millisecond })
	if err := p.Close(); !errors.As(err, &ue) || ue.Fault != usi.NoAnswer {
		t.Errorf("slow quit: %v", err)
	}
}

// Fairy-Stockfish against itself at 100 ms a move, through the match, to
// the game's end. The margin is wide: on a loaded machine a process may
// wait its turn for a second or more, and that is no fault of the match's
// (its clock is tested on a fake time source). The default run starts
// from a game between the bot's levels at move 87, where Black has a mate
// in 13 (mates.txt in game/bot), so the game ends in a few seconds; the
// long tier plays a whole game from the start.
func TestFairyStockfishSelfPlay(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a real engine game takes a while: skipped in -short")
	}
	path, err := exec.LookPath("/usr/games/fairy-stockfish")
	if err != nil {
		t.Skipf("Fairy-Stockfish is not installed (apt-get install fairy-stockfish): %v", err)
	}
	var players [2]Player
	for c := range players {
		e, err := usi.Start(context.Background(), usi.Config{Path: path,
			// A second's byōyomi less 990 ms of overhead: the engine plans
			// about 10 ms a move and finishes its iterations, while the
			// match's stop at the told time stays far off even when a
			// loaded machine keeps the engine waiting (at 100 ms told, it
			// was stopped before its first iteration under load, and the
			// move had no score).
			Options: []usi.Setting{{Name: "Threads", Value: "1"}, {Name: "Hash", Value: "16"}, {Name: "Move Overhead", Value: "990"}}})
		if err != nil {
			t.Fatal(err)
		}
		defer e.Close()
		players[c] = Engine{E: e}
	}
	start := game.StartPosition()
	if !testenv.Long() {
		var err error
		start, err = game.ParseSFEN("2R4nl/4+R1gk1/2npSpspp/p3P1p2/1P5P1/PnS5P/2NP2P2/LKG1p4/3+b2G2 b Gbs2l4p 87")
		if err != nil {
			t.Fatal(err)
		}
	}
	r := run(t, Config{Start: start, Players: players, Time: byoyomi(time.Second), Margin: 10 * time.Second, MaxMoves: 512})
	if !r.Over() || r.Aborted || r.Fault != nil || r.Ending == game.TimeLoss {
		t.Fatalf("%v: %s", r.Result, r.Reason())
	}
	scored := 0
	for _, n := range r.Notes {
		if n.Info != nil && n.Info.HasScore && len(n.Info.PV) > 0 {
			scored++
		}
	}
	if scored < len(r.Notes)*9/10 {
		t.Errorf("only %d of %d moves have a score and PV", scored, len(r.Notes))
	}
	t.Logf("%d moves, %s: %s", r.Game.Len(), r.Result, r.Reason())
}
