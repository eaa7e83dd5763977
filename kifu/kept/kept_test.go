package kept

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/match"
)

// sennichite is a cycle of rook moves from the start that repeats the
// position a fourth time: the game ends with its last move.
var sennichite = strings.TrimSpace(strings.Repeat("2h3h 8b7b 3h2h 7b8b ", 3))

func usiLine(moves []game.Move) string {
	var b strings.Builder
	for _, mv := range moves {
		b.WriteString(mv.USI() + " ")
	}
	return b.String()
}

func keptFiles(t *testing.T, stateDir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(Dir(stateDir), "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// A game written and read back is the same game: moves, times to the
// nanosecond, the engine's report, the players and the record it came
// from; its clocks stand where they stood.
func TestRoundTrip(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	start := game.StartPosition()
	var moves []game.Move
	p := start
	for _, u := range []string{"7g7f", "3c3d", "2g2f"} {
		mv, err := p.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		moves = append(moves, mv)
		p = p.Play(mv)
	}
	info := &engine.Info{Depth: 7, HasScore: true, Score: engine.Score{Value: -35}, PV: moves[2:]}
	tc := match.TimeControl{Main: time.Minute, Byoyomi: 10 * time.Second}
	snap := match.Snapshot{Start: start, Moves: moves[1:], Notes: []match.MoveNote{{Spent: 1500 * time.Millisecond}, {Spent: 2*time.Second + 7, Info: info}}}
	snap.Start = start.Play(moves[0])
	prior := &Prior{Start: start, Moves: moves[:1], Source: "/tmp/a.kif"}
	human, _ := match.ParseSpec("human")
	greedy, _ := match.ParseSpec("greedy")
	began := time.Date(2026, 11, 25, 9, 0, 0, 0, time.UTC)
	g := Of(snap, [2]match.Spec{human, greedy}, [2]string{"山田", ""}, [2]match.TimeControl{tc, tc}, began, began.Add(time.Minute), prior)
	g.Server, g.GameID = "127.0.0.1:4081", "testgame-300-10+a+b+20261125090000"
	path := NewPath(dir, began)
	if err := Write(path, g); err != nil {
		t.Fatal(err)
	}
	back, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	if back.Start.SFEN() != g.Start.SFEN() || usiLine(back.Moves) != usiLine(g.Moves) || back.Names != g.Names ||
		fmt.Sprint(back.Players) != fmt.Sprint(g.Players) || back.Time != g.Time || !back.Began.Equal(began) ||
		back.Server != g.Server || back.GameID != g.GameID {
		t.Fatalf("read back %+v, wrote %+v", back, g)
	}
	if back.Notes[1].Spent != 2*time.Second+7 || back.Notes[1].Info == nil || back.Notes[1].Info.Score.Value != -35 {
		t.Errorf("notes %+v", back.Notes)
	}
	if back.Prior == nil || usiLine(back.Prior.Moves) != "7g7f " || back.Prior.Source != "/tmp/a.kif" {
		t.Errorf("prior %+v", back.Prior)
	}
	es, err := List(dir)
	if err != nil || len(es) != 1 || es[0].Err != nil {
		t.Fatalf("list: %+v %v", es, err)
	}
	// The game began with White to move: White used 1.5 s, Black 2 s (and 7 ns).
	if es[0].Left != [2]time.Duration{58*time.Second - 7, 58500 * time.Millisecond} {
		t.Errorf("clocks left %v", es[0].Left)
	}
}

// A keeper writes after each move until the game is finished or left;
// finishing removes the file after the record is written elsewhere.
func TestKeeper(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := NewPath(dir, time.Now())
	start := game.StartPosition()
	mv, _ := start.ParseUSI("7g7f")
	k := NewKeeper(path, func(snap match.Snapshot, now time.Time) Game {
		return Of(snap, [2]match.Spec{}, [2]string{}, [2]match.TimeControl{}, now, now, nil)
	})
	if err := k.Save(match.Snapshot{Start: start}, time.Now()); err != nil || len(keptFiles(t, dir)) != 0 {
		t.Fatalf("a game with no move was kept: %v", err)
	}
	if err := k.Save(match.Snapshot{Start: start, Moves: []game.Move{mv}, Notes: []match.MoveNote{{}}}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if len(keptFiles(t, dir)) != 1 {
		t.Fatal("the game was not kept")
	}
	wrote := false
	saved, err := k.Finish(func() (string, error) { wrote = true; return "/games/x.kif", nil })
	if err != nil || saved != "/games/x.kif" || !wrote {
		t.Fatalf("finish: %q %v", saved, err)
	}
	if len(keptFiles(t, dir)) != 0 {
		t.Error("a finished game is still kept")
	}
	if err := k.Save(match.Snapshot{Start: start, Moves: []game.Move{mv}}, time.Now()); err != nil || len(keptFiles(t, dir)) != 0 {
		t.Error("a finished game was written again")
	}
	// A record that cannot be written keeps the game.
	k2 := NewKeeper(NewPath(dir, time.Now()), func(snap match.Snapshot, now time.Time) Game {
		return Of(snap, [2]match.Spec{}, [2]string{}, [2]match.TimeControl{}, now, now, nil)
	})
	_ = k2.Save(match.Snapshot{Start: start, Moves: []game.Move{mv}, Notes: []match.MoveNote{{}}}, time.Now())
	if _, err := k2.Finish(func() (string, error) { return "", errors.New("disk full") }); err == nil || len(keptFiles(t, dir)) != 1 {
		t.Errorf("a record that failed lost the kept game: %v", err)
	}
}

// An autosave left by an older version becomes a kept game; a kept file
// that does not read is listed with its error, not deleted.
func TestOldAutosaveMigrates(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := autosaveMagic + "\nblack human\nwhite greedy\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\nmoves 7g7f 3c3d\n"
	if err := os.WriteFile(filepath.Join(dir, "autosave.txt"), []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := List(dir)
	if err != nil || len(games) != 1 || games[0].Err != nil || len(games[0].Game.Moves) != 2 ||
		games[0].Game.Players[1].String() != "greedy" {
		t.Fatalf("%+v, %v", games, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "autosave.txt")); !os.IsNotExist(err) {
		t.Errorf("the old file is still there: %v", err)
	}
	bad := filepath.Join(Dir(dir), "broken.json")
	if err := os.WriteFile(bad, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	games, _ = List(dir)
	if len(games) != 2 {
		t.Fatalf("%d games listed", len(games))
	}
	found := false
	for _, g := range games {
		if g.Path == bad && g.Err != nil {
			found = true
		}
	}
	if !found {
		t.Error("the broken kept file is not listed with its error")
	}
}

// An autosave whose moves go on after the game ended (here the fourth
// repetition) is refused, naming the first move too many; the game up to
// the end is taken, and moves into a kept game that resumes.
func TestAutosaveMovesPastTheEnd(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "autosave.txt")
	head := autosaveMagic + "\nblack human\nwhite human\nsfen " + game.StartSFEN + "\nmoves " + sennichite
	if err := os.WriteFile(path, []byte(head+" 7g7f\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := loadAutosave(path)
	if want := path + `: move 13 "7g7f": the game ended before it (draw by repetition (sennichite))`; err == nil || err.Error() != want {
		t.Errorf("moves past the end: %v, want %s", err, want)
	}
	if err := os.WriteFile(path, []byte(head+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	games, err := List(dir)
	if err != nil || len(games) != 1 || games[0].Err != nil || len(games[0].Game.Moves) != 12 {
		t.Fatalf("%+v, %v", games, err)
	}
}

// FuzzAutosave feeds arbitrary bytes to the reader of the autosave older
// versions left, and to its move into a kept game. A file is refused
// with its name (and as not an autosave exactly when its first line is
// not the header), and then stays where it is; a file that is taken is a
// game whose every move plays, none after the game's end, and it becomes
// a kept game that reads back the same.
func FuzzAutosave(f *testing.F) {
	f.Add([]byte(autosaveMagic + "\nblack human\nwhite greedy\nsfen " + game.StartSFEN + "\nmoves 7g7f 3c3d\n"))
	f.Add([]byte(autosaveMagic + "\nblack human\nwhite human\nsfen 4k4/9/8p/4P4/9/9/9/9/4K4 b G 1\nmoves 5d5c 1c1d\n"))
	f.Add([]byte(autosaveMagic + "\nblack random\nwhite human\nsfen startpos\nmoves 7g7f 7g7f\n"))
	f.Add([]byte(autosaveMagic + "\r\nblack usi:/x,Hash=16\r\nwhite greedy\r\nsfen " + game.StartSFEN + "\r\nmoves\r\n"))
	f.Add([]byte(autosaveMagic + "\nblack human\nwhite human\nsfen " + game.StartSFEN + "\nmoves " + sennichite + " 7g7f\n"))
	f.Add([]byte("shogi autosave 2\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "autosave.txt")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := loadAutosave(path)
		first, _, _ := strings.Cut(string(data), "\n")
		notOurs := len(data) > 0 && strings.TrimSuffix(first, "\r") != autosaveMagic && len(first) < bufio.MaxScanTokenSize
		if notOurs != (err != nil && err.Error() == path+":1: not an autosave file") {
			t.Fatalf("first line %q: %v", first, err)
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), path+":") {
				t.Fatalf("the error does not name the file: %v", err)
			}
			if merr := migrateAutosave(dir); merr == nil || merr.Error() != err.Error() {
				t.Fatalf("moving it: %v, reading it: %v", merr, err)
			}
			if _, serr := os.Stat(path); serr != nil {
				t.Fatalf("a file that does not read is gone: %v", serr)
			}
			return
		}
		g := game.NewGame(s.Start)
		for i, mv := range s.Moves {
			if err := g.Play(mv); err != nil {
				t.Fatalf("move %d %s: %v", i+1, mv.USI(), err)
			}
		}
		if err := migrateAutosave(dir); err != nil {
			t.Fatalf("a file that reads is not moved: %v", err)
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Fatalf("the moved file is still there: %v", err)
		}
		files := keptFiles(t, dir)
		if len(files) != 1 {
			t.Fatalf("kept files %q", files)
		}
		back, err := Read(files[0])
		if err != nil {
			t.Fatalf("the moved game does not read: %v", err)
		}
		if back.Start.SFEN() != s.Start.SFEN() || usiLine(back.Moves) != usiLine(s.Moves) ||
			fmt.Sprint(back.Players) != fmt.Sprint(s.Players) {
			t.Fatalf("moved %s %s %v, read back %s %s %v", s.Start.SFEN(), usiLine(s.Moves), s.Players,
				back.Start.SFEN(), usiLine(back.Moves), back.Players)
		}
	})
}

// FuzzKept reads any kept file: never a panic; an error names the file;
// every move of a game that reads plays, none after the game's end; what
// reads writes out and reads back the same.
func FuzzKept(f *testing.F) {
	f.Add([]byte(`{"version":1,"players":["human","greedy"],"start":"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1","moves":["7g7f"],"notes":[{"spent":1000000000,"info":"info depth 3 score cp 40 pv 3c3d"}],"time":[{"Main":60000000000},{"Main":60000000000}]}`))
	f.Add([]byte(`{"version":1,"players":["human","usi:/x,A=1"],"start":"4k4/9/9/9/9/9/9/9/4K4 b G 1","moves":[],"notes":[],"prior_start":"4k4/9/9/9/9/9/9/9/4K4 b G 1","prior":[]}`))
	f.Add([]byte(`{"version":2}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "g.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		g, err := Read(path)
		if err != nil {
			if !strings.Contains(err.Error(), path) {
				t.Fatalf("the error does not name the file: %v", err)
			}
			return
		}
		gg := game.NewGame(g.Start)
		for i, mv := range g.Moves {
			if err := gg.Play(mv); err != nil {
				t.Fatalf("move %d %s: %v", i+1, mv.USI(), err)
			}
		}
		again := filepath.Join(t.TempDir(), "again.json")
		if err := Write(again, g); err != nil {
			t.Fatal(err)
		}
		back, err := Read(again)
		if err != nil || usiLine(back.Moves) != usiLine(g.Moves) || back.Start.SFEN() != g.Start.SFEN() {
			t.Fatalf("written back: %v", err)
		}
	})
}
