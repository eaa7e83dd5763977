package lobby

import (
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
	"shogi/kifu"
)

// mate7 is a helpmate from the start: Black mates on the 7th move
// (found by a search over the rules package, checked by the match).
var mate7 = []string{"9g9f", "5a5b", "8h9g", "5c5d", "9g3a+", "4a5a", "S*5c"}

func newTestLobby(t *testing.T) (*Lobby, *match.FakeTime, string) {
	t.Helper()
	ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
	dir := t.TempDir()
	l := New(Config{GamesDir: dir, TimeSource: ft, Rand: rand.New(rand.NewPCG(1, 2)), Grace: time.Minute})
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := l.Shutdown(ctx, "test over"); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
	})
	return l, ft, dir
}

// next returns the next table event, failing after a second.
func next(t *testing.T, f *Feed) Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	e, err := f.Next(ctx)
	if err != nil {
		t.Fatalf("no table event: %v", err)
	}
	return e
}

// nextOf skips events until one of type E.
func nextOf[E Event](t *testing.T, f *Feed) E {
	t.Helper()
	for {
		if e, ok := next(t, f).(E); ok {
			return e
		}
	}
}

// matchEvent waits for the next match event of type E.
func matchEvent[E match.Event](t *testing.T, s *match.Subscription) E {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	for {
		e, err := s.Next(ctx)
		if err != nil {
			t.Fatalf("no match event: %v", err)
		}
		if e, ok := e.(E); ok {
			return e
		}
	}
}

// seated creates a table (creator Black) and seats a second player.
func seated(t *testing.T, l *Lobby, o Options) (a, b *Seat) {
	t.Helper()
	a, err := l.Create(Person{Name: "alice"}, o)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := a.Side(); ok {
		t.Fatal("a side before the game started")
	}
	b, err = l.Join(strings.ToLower(a.Code()), Person{Name: "bob"})
	if err != nil {
		t.Fatal(err)
	}
	nextOf[StartEvent](t, a.Events())
	nextOf[StartEvent](t, b.Events())
	settled(t, a.Match())
	return a, b
}

// settled returns the match's state once its loop is waiting for a move
// (Submit returns before the move is applied, and a clock starts when the
// turn does).
func settled(t *testing.T, m *match.Match) match.Snapshot {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for {
		s := m.Snapshot()
		noClock := s.Clock.Control[0].IsZero() && s.Clock.Control[1].IsZero()
		if s.Over || len(s.Moves) == plies[m] && (s.Clock.Running || noClock) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatal("the match did not settle")
		}
		time.Sleep(time.Millisecond)
	}
}

// plies counts the moves each match was given by play.
var plies = map[*match.Match]int{}

func play(t *testing.T, s *Seat, usiMove string) {
	t.Helper()
	m := s.Match()
	p := settled(t, m)
	pos := p.Start
	for _, mv := range p.Moves {
		pos = pos.Play(mv)
	}
	mv, err := pos.ParseUSI(usiMove)
	if err != nil {
		t.Fatalf("%s: %v", usiMove, err)
	}
	if err := s.Move(mv); err != nil {
		t.Fatalf("%s: %v", usiMove, err)
	}
	plies[m]++
	settled(t, m)
}

func TestPlayToMateBothSeeEveryMove(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, b := seated(t, l, Options{Time: match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}})
	if c, _ := a.Side(); c != game.Black {
		t.Fatalf("creator plays %v, want Black", c)
	}
	subs := []*match.Subscription{a.Match().Subscribe(), b.Match().Subscribe()}
	w, err := l.Watch(a.Code(), Person{Name: "carol"})
	if err != nil {
		t.Fatal(err)
	}
	nextOf[StartEvent](t, w.Events())
	subs = append(subs, a.Match().Subscribe())
	for i, mv := range mate7 {
		s := a
		if i%2 == 1 {
			s = b
		}
		// The wrong seat is refused and the game goes on.
		other := map[*Seat]*Seat{a: b, b: a}[s]
		if err := other.Move(game.NoMove); err == nil {
			t.Fatalf("move %d: the side not to move was allowed to play", i+1)
		}
		play(t, s, mv)
		for k, sub := range subs {
			e := matchEvent[match.MoveEvent](t, sub)
			if e.Ply != i+1 || e.Move.USI() != mv {
				t.Fatalf("listener %d saw move %d %s, want %d %s", k, e.Ply, e.Move.USI(), i+1, mv)
			}
		}
	}
	for k, sub := range subs {
		e := matchEvent[match.GameOverEvent](t, sub)
		if e.Result.Outcome != game.BlackWins || e.Result.Ending != game.Checkmate {
			t.Fatalf("listener %d: result %v", k, e.Result.Result)
		}
	}
	for _, f := range []*Feed{a.Events(), b.Events(), w.Events()} {
		end := nextOf[EndEvent](t, f)
		if end.Err != nil || end.Path == "" {
			t.Fatalf("record not written: %q %v", end.Path, end.Err)
		}
	}
}

func TestRecordWritten(t *testing.T) {
	l, _, dir := newTestLobby(t)
	a, b := seated(t, l, Options{Time: match.TimeControl{Main: time.Minute}})
	for i, mv := range mate7 {
		play(t, []*Seat{a, b}[i%2], mv)
	}
	end := nextOf[EndEvent](t, a.Events())
	if filepath.Dir(end.Path) != dir || !strings.HasSuffix(end.Path, ".kif") {
		t.Fatalf("record at %s, want a .kif in %s", end.Path, dir)
	}
	rec, err := kifu.ReadFile(end.Path)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(rec.MainMoves()); got != len(mate7) {
		t.Errorf("record holds %d moves, want %d", got, len(mate7))
	}
	if e, _ := rec.Ending(); e != kifu.Mate {
		t.Errorf("record ends with %v, want mate", e)
	}
	if rec.Header("先手") != "alice" || rec.Header("後手") != "bob" {
		t.Errorf("players %q %q", rec.Header("先手"), rec.Header("後手"))
	}
}

func TestRecordKeptAfterEveryMove(t *testing.T) {
	l, _, dir := newTestLobby(t)
	a, b := seated(t, l, Options{})
	sub := a.Match().Subscribe()
	play(t, a, "7g7f")
	matchEvent[match.MoveEvent](t, sub)
	play(t, b, "3c3d")
	matchEvent[match.MoveEvent](t, sub)
	// The table writes after the match tells it; give it the moment
	// (bounded far above it: a busy machine).
	deadline := time.Now().Add(30 * time.Second)
	for {
		files, _ := filepath.Glob(filepath.Join(dir, "*.kif"))
		if len(files) == 1 {
			rec, err := kifu.ReadFile(files[0])
			if err == nil && len(rec.MainMoves()) == 2 {
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no record of the game in progress in %s: %v", dir, files)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestFurigomaDecidesColours(t *testing.T) {
	for seed := uint64(0); seed < 8; seed++ {
		ft := match.NewFakeTime(time.Unix(0, 0))
		l := New(Config{TimeSource: ft, Rand: rand.New(rand.NewPCG(seed, 7))})
		a, err := l.Create(Person{Name: "alice"}, Options{Seat: Furigoma})
		if err != nil {
			t.Fatal(err)
		}
		// The code was drawn first from the same generator: replay it.
		r := rand.New(rand.NewPCG(seed, 7))
		newCode(r)
		want := game.TossPawns(r)
		b, err := l.Join(a.Code(), Person{Name: "bob"})
		if err != nil {
			t.Fatal(err)
		}
		st := nextOf[StartEvent](t, b.Events())
		if st.Toss == nil {
			t.Fatal("no toss")
		}
		ca, _ := a.Side()
		if (ca == game.Black) != want.TosserIsBlack || st.Toss.TosserIsBlack != want.TosserIsBlack {
			t.Errorf("seed %d: creator plays %v, toss says tosser Black = %v", seed, ca, want.TosserIsBlack)
		}
		if st.Names[ca] != "alice" {
			t.Errorf("names %v, creator %v", st.Names, ca)
		}
		_ = l.Shutdown(context.Background(), "done")
	}
}

func TestHandicapGiverMovesFirst(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, b := seated(t, l, Options{Handicap: "2p", Seat: CreatorWhite})
	if c, _ := a.Side(); c != game.White {
		t.Fatalf("creator plays %v", c)
	}
	s := a.Match().Snapshot()
	if s.Start.SideToMove() != game.White {
		t.Fatal("the giver does not move first")
	}
	if h, ok := game.HandicapBySFEN(&s.Start); !ok || h.Key != "2p" {
		t.Fatalf("start %s", s.Start.SFEN())
	}
	if err := b.Move(game.NoMove); err == nil {
		t.Fatal("Black moved first in a handicap game")
	}
}

func TestReconnectWithinGrace(t *testing.T) {
	l, ft, _ := newTestLobby(t)
	a, b := seated(t, l, Options{Time: match.TimeControl{Main: 10 * time.Minute}})
	a.Leave()
	p := nextOf[PresenceEvent](t, b.Events())
	if p.Present || p.Side != game.Black || p.Name != "alice" || !p.Deadline.Equal(ft.Now().Add(time.Minute)) {
		t.Fatalf("presence %+v", p)
	}
	if err := a.Move(game.NoMove); !errors.Is(err, ErrGone) {
		t.Fatalf("a left seat still plays: %v", err)
	}
	ft.Advance(40 * time.Second)
	if _, err := l.Join(a.Code(), Person{Name: "mallory"}); !errors.Is(err, ErrTableFull) {
		t.Fatalf("a stranger took the seat: %v", err)
	}
	a2, err := l.Join(a.Code(), Person{Name: "ALICE"})
	if err != nil {
		t.Fatal(err)
	}
	if c, _ := a2.Side(); c != game.Black {
		t.Fatalf("back as %v", c)
	}
	if p := nextOf[PresenceEvent](t, b.Events()); !p.Present {
		t.Fatalf("presence %+v", p)
	}
	// The catch-up starts the returning player's feed.
	nextOf[StartEvent](t, a2.Events())
	sub := a2.Match().Subscribe()
	ft.Advance(2 * time.Minute) // past the old deadline: nothing happens
	play(t, a2, "7g7f")
	e := matchEvent[match.MoveEvent](t, sub)
	play(t, b, "3c3d")
	matchEvent[match.MoveEvent](t, sub)
	if s := a2.Match().Snapshot(); s.Over || len(s.Moves) != 2 {
		t.Fatalf("game after reconnect: over %v, %d moves", s.Over, len(s.Moves))
	}
	// The clock ran while alice was away: 40s, then 2m, came off her 10 minutes.
	if e.Spent != 160*time.Second || e.Clock.Main[game.Black] != 10*time.Minute-160*time.Second {
		t.Errorf("Black spent %v, has %v: the time away was not charged", e.Spent, e.Clock.Main[game.Black])
	}
}

func TestGraceExpires(t *testing.T) {
	for _, toMove := range []bool{true, false} {
		l, ft, dir := newTestLobby(t)
		a, b := seated(t, l, Options{Time: match.TimeControl{Main: 10 * time.Minute}})
		leaver, stayer := a, b // Black, to move
		if !toMove {
			leaver, stayer = b, a
		}
		sub := a.Match().Subscribe()
		leaver.Leave()
		ft.Advance(61 * time.Second)
		// The game ends at once, whoever is to move.
		e := matchEvent[match.GameOverEvent](t, sub)
		lc, _ := leaver.Side()
		if w, ok := e.Result.Winner(); !ok || w != lc.Other() {
			t.Fatalf("result %v, the leaver was %v", e.Result.Result, lc)
		}
		end := nextOf[EndEvent](t, stayer.Events())
		if !strings.Contains(end.Result.Reason(), "did not come back within 1m0s") {
			t.Errorf("reason %q", end.Result.Reason())
		}
		// The record says 投了, and why in its comment.
		var comment string
		for deadline := time.Now().Add(30 * time.Second); comment == "" && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
			files, _ := filepath.Glob(filepath.Join(dir, "*.kif"))
			if len(files) != 1 {
				continue
			}
			if rec, err := kifu.ReadFile(files[0]); err == nil {
				for _, n := range rec.MainLine() {
					if n.Ending == kifu.Resign {
						comment = n.Comment()
					}
				}
			}
		}
		if !strings.Contains(comment, "did not come back within 1m0s") {
			t.Errorf("the record's 投了 says %q", comment)
		}
	}
}

func TestDrawOffer(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, b := seated(t, l, Options{})
	if err := a.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	if d := nextOf[DrawEvent](t, b.Events()); !d.Offered || d.Side != game.Black {
		t.Fatalf("draw event %+v", d)
	}
	// White plays on instead of answering: the offer lapses.
	play(t, a, "7g7f") // the offerer's own move leaves the offer standing
	if c, ok := b.DrawOffered(); !ok || c != game.Black {
		t.Fatal("the offer lapsed on the offerer's move")
	}
	play(t, b, "3c3d")
	if d := nextOf[DrawEvent](t, b.Events()); d.Offered {
		t.Fatalf("offer still standing after the opponent moved: %+v", d)
	}
	if _, ok := a.DrawOffered(); ok {
		t.Fatal("offer still recorded")
	}
	// Offered and accepted: both sides have their 27 points, a draw.
	if err := b.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	if err := b.DeclineDraw(); err != nil {
		t.Fatal(err)
	}
	if err := b.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	if err := a.OfferDraw(); err != nil {
		t.Fatal(err)
	}
	end := nextOf[EndEvent](t, a.Events())
	if end.Result.Outcome != game.Draw || end.Result.Ending != game.Impasse {
		t.Fatalf("agreed draw gave %v (%s)", end.Result.Result, end.Result.Reason())
	}
}

func TestResign(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, b := seated(t, l, Options{})
	if err := b.Resign(); err != nil { // on Black's turn
		t.Fatal(err)
	}
	end := nextOf[EndEvent](t, a.Events())
	if end.Result.Outcome != game.BlackWins || end.Result.Ending != game.Resignation {
		t.Fatalf("result %v", end.Result.Result)
	}
	if err := a.Move(game.NoMove); err == nil {
		t.Fatal("a move after the end was taken")
	}
}

func TestChatIsCleaned(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, b := seated(t, l, Options{})
	if err := a.Say("hi\x1b]52;c;ZXZpbA==\x07 there\r\n\u202e" + strings.Repeat("x", 500)); err != nil {
		t.Fatal(err)
	}
	c := nextOf[ChatEvent](t, b.Events())
	if strings.ContainsAny(c.Text, "\x1b\x07\r\n\u202e") || len([]rune(c.Text)) > MaxChat {
		t.Fatalf("chat %q", c.Text)
	}
	if !strings.HasPrefix(c.Text, "hi]52;c;ZXZpbA== there") || c.Name != "alice" || c.Side != game.Black {
		t.Fatalf("chat %+v", c)
	}
	w, _ := l.Watch(a.Code(), Person{Name: "carol"})
	// A late spectator sees the chat so far.
	if c := nextOf[ChatEvent](t, w.Events()); c.Name != "alice" {
		t.Fatalf("catch-up chat %+v", c)
	}
	w.Say("nice")
	nextOf[ChatEvent](t, a.Events()) // alice's own line
	if c := nextOf[ChatEvent](t, a.Events()); !c.Spectator || c.Name != "carol" || c.Text != "nice" {
		t.Fatalf("spectator chat %+v", c)
	}
	w.Close()
	if got := a.Table().Info().Watchers; got != 0 {
		t.Fatalf("%d watchers after Close", got)
	}
}

func TestLateWatcherSeesResult(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, b := seated(t, l, Options{})
	w1, _ := l.Watch(a.Code(), Person{})
	for i, mv := range mate7 {
		play(t, []*Seat{a, b}[i%2], mv)
	}
	if e := nextOf[EndEvent](t, w1.Events()); e.Result.Ending != game.Checkmate {
		t.Fatalf("spectator saw %v", e.Result.Result)
	}
	w2, err := l.Watch(a.Code(), Person{})
	if err != nil {
		t.Fatal(err)
	}
	st := nextOf[StartEvent](t, w2.Events())
	if s := st.Match.Snapshot(); !s.Over || len(s.Moves) != len(mate7) {
		t.Fatalf("late spectator's snapshot: over %v, %d moves", s.Over, len(s.Moves))
	}
	if e := nextOf[EndEvent](t, w2.Events()); e.Result.Ending != game.Checkmate {
		t.Fatalf("late spectator saw %v", e.Result.Result)
	}
}

func TestJoinRefusals(t *testing.T) {
	l, _, _ := newTestLobby(t)
	if _, err := l.Join("ZZZZZ", Person{Name: "x"}); !errors.Is(err, ErrNoTable) {
		t.Fatalf("unknown code: %v", err)
	}
	if _, err := l.Create(Person{Name: "\x1b\x07\u202e \t"}, Options{}); err == nil {
		t.Fatal("a name of control characters was taken")
	}
	if _, err := l.Create(Person{Name: "a"}, Options{Handicap: "queen"}); err == nil {
		t.Fatal("unknown handicap taken")
	}
	a, _ := seated(t, l, Options{})
	if _, err := l.Join(a.Code(), Person{Name: "carol"}); !errors.Is(err, ErrTableFull) {
		t.Fatalf("third player: %v", err)
	}
	if _, err := l.Join(a.Code(), Person{Name: "alice"}); err == nil {
		t.Fatal("a connected player's seat was taken by name alone")
	}
}

func TestSameKeyTakesSeatOver(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, err := l.Create(Person{Name: "alice", Key: "SHA256:abc"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.Join(a.Code(), Person{Name: "bob"})
	a2, err := l.Join(a.Code(), Person{Name: "alice", Key: "SHA256:abc"})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := nextOf[ClosedEvent](t, a.Events()).Reason, true; !ok {
		t.Fatal()
	}
	if err := a.Move(game.NoMove); !errors.Is(err, ErrGone) {
		t.Fatalf("old seat: %v", err)
	}
	play(t, a2, "7g7f")
	_ = b
}

func TestCreatorLeavingEmptyTableClosesIt(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, _ := l.Create(Person{Name: "alice"}, Options{})
	w, _ := l.Watch(a.Code(), Person{})
	a.Leave()
	nextOf[ClosedEvent](t, w.Events())
	if l.Table(a.Code()) != nil || len(l.Tables()) != 0 {
		t.Fatal("table still listed")
	}
}

func TestShutdownSavesGamesInProgress(t *testing.T) {
	ft := match.NewFakeTime(time.Unix(1e9, 0))
	dir := t.TempDir()
	l := New(Config{GamesDir: dir, TimeSource: ft})
	a, b := seated(t, l, Options{Time: match.TimeControl{Main: time.Minute}})
	play(t, a, "7g7f")
	play(t, b, "3c3d")
	waiting, _ := l.Create(Person{Name: "dave"}, Options{})
	if err := l.Shutdown(context.Background(), "the server is shutting down"); err != nil {
		t.Fatal(err)
	}
	end := nextOf[EndEvent](t, a.Events())
	if !end.Result.Aborted {
		t.Fatalf("result %+v", end.Result.Result)
	}
	nextOf[ClosedEvent](t, b.Events())
	nextOf[ClosedEvent](t, waiting.Events())
	rec, err := kifu.ReadFile(end.Path)
	if err != nil {
		t.Fatal(err)
	}
	if e, n := rec.Ending(); e != kifu.Interrupt || len(rec.MainMoves()) != 2 || !strings.Contains(n.Comment(), "shutting down") {
		t.Fatalf("record: ending %v, %d moves", e, len(rec.MainMoves()))
	}
	if _, err := l.Create(Person{Name: "x"}, Options{}); !errors.Is(err, ErrShutdown) {
		t.Fatalf("create after shutdown: %v", err)
	}
	if _, err := os.Stat(dir); err != nil {
		t.Fatal(err)
	}
}

func TestNamesOutsideShiftJIS(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, err := l.Create(Person{Name: "アリス🎌"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := l.Join(a.Code(), Person{Name: "ボブ"})
	if err := a.Resign(); err != nil {
		t.Fatal(err)
	}
	end := nextOf[EndEvent](t, b.Events())
	if end.Err != nil || !strings.HasSuffix(end.Path, ".kifu") {
		t.Fatalf("record %s: %v", end.Path, end.Err)
	}
	rec, err := kifu.ReadFile(end.Path)
	if err != nil || rec.Header("先手") != "アリス🎌" {
		t.Fatalf("record: %v", err)
	}
}

func TestTablesList(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, _ := seated(t, l, Options{Time: match.TimeControl{Main: time.Minute}})
	w, _ := l.Create(Person{Name: "dave"}, Options{Handicap: "bishop"})
	list := l.Tables()
	if len(list) != 2 || list[0].Code != a.Code() || !list[0].Started || list[1].Code != w.Code() || list[1].Started {
		t.Fatalf("tables %+v", list)
	}
	if list[1].Handicap != "bishop" || list[1].Names[0] != "dave" {
		t.Fatalf("waiting table %+v", list[1])
	}
}

func TestCodes(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		c := newCode(r)
		if len(c) != codeLen || strings.Trim(c, codeAlphabet) != "" {
			t.Fatalf("code %q", c)
		}
		if NormalizeCode(" "+strings.ToLower(c[:2])+"-"+c[2:]+" ") != c {
			t.Fatalf("NormalizeCode does not read %q back", c)
		}
	}
	for _, pair := range []string{"0O", "1IL", "2Z", "5S", "8B", "UV", "6G", "MN"} {
		n := 0
		for _, r := range pair {
			if strings.ContainsRune(codeAlphabet, r) {
				n++
			}
		}
		if n > 1 {
			t.Errorf("the alphabet holds look-alikes %s", pair)
		}
	}
}

func FuzzClean(f *testing.F) {
	f.Add("hello", 20)
	f.Add("\x1b[31mred\x1b[0m  \t x", 5)
	f.Add("\u202eevil\u2066", 3)
	f.Fuzz(func(t *testing.T, s string, max int) {
		max = max%300 + 1
		if max < 1 {
			max = 1
		}
		c := clean(s, max)
		if n := len([]rune(c)); n > max {
			t.Fatalf("clean(%q, %d) = %q: %d runes", s, max, c, n)
		}
		for _, r := range c {
			if r < ' ' || r == 0x7f || r >= 0x80 && r < 0xa0 || isBidi(r) || r == '\uFFFD' {
				t.Fatalf("clean(%q) kept %U", s, r)
			}
		}
		if strings.HasPrefix(c, " ") || strings.HasSuffix(c, " ") || strings.Contains(c, "  ") {
			t.Fatalf("clean(%q) = %q: spaces not collapsed", s, c)
		}
	})
}

// A seat left during a game waits for its player, who finds it in Held:
// by name (any case) when players have no keys, by key alone when they
// have one; not once the game is over.
func TestHeldSeats(t *testing.T) {
	l, ft, _ := newTestLobby(t)
	a, b := seated(t, l, Options{Time: match.TimeControl{Main: 10 * time.Minute}})
	if h := l.Held(Person{Name: "alice"}); len(h) != 0 {
		t.Fatalf("a connected player's seat is held: %+v", h)
	}
	a.Leave()
	if h := l.Held(Person{Name: "ALICE"}); len(h) != 1 || h[0].Code != a.Code() || !h[0].Started {
		t.Fatalf("alice's held seats: %+v", h)
	}
	for _, p := range []Person{{Name: "bob"}, {Name: "mallory"}, {Name: "alice", Key: "SHA256:x"}} {
		if h := l.Held(p); len(h) != 0 {
			t.Errorf("%+v is offered %+v", p, h)
		}
	}

	c, err := l.Create(Person{Name: "carol", Key: "SHA256:carol"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Join(c.Code(), Person{Name: "dave"}); err != nil {
		t.Fatal(err)
	}
	nextOf[StartEvent](t, c.Events())
	c.Leave()
	if h := l.Held(Person{Name: "carol"}); len(h) != 0 {
		t.Errorf("carol's keyed seat is offered by name alone: %+v", h)
	}
	back := Person{Name: "carol2", Key: "SHA256:carol"}
	if h := l.Held(back); len(h) != 1 || h[0].Code != c.Code() {
		t.Fatalf("carol's key finds %+v", h)
	}
	c2, err := l.Join(c.Code(), back)
	if err != nil {
		t.Fatal(err)
	}
	if c2.Name() != "carol" || len(l.Held(back)) != 0 {
		t.Errorf("back as %q; still held: %+v", c2.Name(), l.Held(back))
	}

	ft.Advance(2 * time.Minute) // alice's grace runs out: she forfeits
	nextOf[EndEvent](t, b.Events())
	if h := l.Held(Person{Name: "alice"}); len(h) != 0 {
		t.Errorf("a finished game's seat is held: %+v", h)
	}
}
