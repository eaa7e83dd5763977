package explorer

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/app/gamedb"
	"shogi/app/settings"
	"shogi/app/words"
	"shogi/game"
	"shogi/game/notation"
	"shogi/kifu"
	"shogi/tui/common"
)

// sharedKifu holds the records other programs wrote (outside the
// repository: tests skip without them).
var sharedKifu = filepath.Join("..", "..", "..", "..", "shared", "kifu")

func testCommon(lang words.Lang) *common.Common {
	c := &common.Common{Width: 120, Height: 40, Dark: true, Pieces: common.Kanji, Settings: settings.Default()}
	c.SetPolicy(common.Narrow)
	c.SetLang(lang)
	c.Restyle()
	c.Notation = notation.USI // rows the test can read back as USI
	return c
}

// csaRecords are the shared CSA records from the even start, read here
// (not through the database).
func csaRecords(t *testing.T) []string {
	t.Helper()
	dir := filepath.Join(sharedKifu, "csa")
	names, err := filepath.Glob(filepath.Join(dir, "*.csa"))
	if err != nil || len(names) == 0 {
		t.Skipf("no shared records in %s", dir)
	}
	return names
}

// importDB imports paths into a database in the test's temp dir.
func importDB(t *testing.T, paths []string) string {
	t.Helper()
	db := filepath.Join(t.TempDir(), "games.db")
	if _, err := gamedb.Import(context.Background(), db, paths, nil); err != nil {
		t.Fatal(err)
	}
	return db
}

// firstMoves counts, independently of the database, the games of the
// records from the even start by their first move: games, and the wins,
// draws and losses of Black (the side to move). A game in two files is
// counted once (same moves, players, day and result: the database's
// documented identity).
func firstMoves(t *testing.T, paths []string) map[string][4]int {
	t.Helper()
	out := map[string][4]int{}
	seen := map[string]bool{}
	even := game.StartPosition()
	for _, p := range paths {
		r, err := kifu.ReadFile(p)
		if r == nil || !r.Start.Equal(&even) {
			continue
		}
		moves := r.MainMoves()
		if len(moves) == 0 {
			continue
		}
		var usi []string
		for _, m := range moves {
			usi = append(usi, m.USI())
		}
		b, _ := r.Lookup(kifu.KeyBlack)
		w, _ := r.Lookup(kifu.KeyWhite)
		day, _ := r.Lookup(kifu.KeyStart)
		if f := strings.Fields(day); len(f) > 0 {
			day = f[0]
		}
		res := r.Result()
		key := strings.Join(usi, " ") + "|" + strings.TrimSpace(b) + "|" + strings.TrimSpace(w) + "|" + day + "|" + res.String()
		if seen[key] {
			continue
		}
		seen[key] = true
		c := out[usi[0]]
		c[0]++
		if err == nil && res.Over() {
			if win, ok := res.Winner(); ok && win == game.Black {
				c[1]++
			} else if ok {
				c[3]++
			} else if res.Outcome == game.Draw {
				c[2]++
			}
		}
		out[usi[0]] = c
	}
	return out
}

// run runs cmd and hands its message to the panel, as the study does,
// until no look-up is left.
func run(t *testing.T, m *Model, cmd tea.Cmd) {
	t.Helper()
	for i := 0; cmd != nil; i++ {
		if i > 10 {
			t.Fatal("look-ups without end")
		}
		cmd = m.Update(cmd())
	}
}

func press(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEscape}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: k}
}

// TestCountsAgainstRecords opens the panel on the even start over the
// shared CSA records and finds each first move with the games, wins,
// draws and losses counted from the records themselves, most played first.
func TestCountsAgainstRecords(t *testing.T) {
	paths := csaRecords(t)
	db := importDB(t, paths)
	want := firstMoves(t, paths)
	c := testCommon(words.English)
	m := New(Options{Path: db})
	m.Toggle()
	start := game.StartPosition()
	run(t, m, m.Sync(&start, game.NoMove))
	a, ok := m.current()
	if !ok || a.err != nil {
		t.Fatalf("no answer: %v", a)
	}
	if len(a.moves) != len(want) {
		t.Errorf("%d moves, the records have %d: %v", len(a.moves), len(want), want)
	}
	for i, s := range a.moves {
		w := want[s.Move.USI()]
		if got := [4]int{s.Games, s.Wins, s.Draws, s.Losses}; got != w {
			t.Errorf("%s: %v, the records say %v", s.Move.USI(), got, w)
		}
		if i > 0 && a.moves[i-1].Games < s.Games {
			t.Errorf("%s (%d games) after %s (%d)", s.Move.USI(), s.Games, a.moves[i-1].Move.USI(), a.moves[i-1].Games)
		}
	}
	lines, _, _ := m.View(c, 80, 30)
	screen := ansi.Strip(strings.Join(lines, "\n"))
	for u, w := range want {
		found := false
		for _, l := range lines {
			f := strings.Fields(ansi.Strip(l))
			if len(f) >= 2 && (f[0] == u || f[0] == ">" && f[1] == u) {
				found = true
				n := f[1]
				if f[0] == ">" {
					n = f[2]
				}
				if n != strconv.Itoa(w[0]) {
					t.Errorf("%s drawn with %s games, want %d", u, n, w[0])
				}
			}
		}
		if !found {
			t.Errorf("%s not drawn:\n%s", u, screen)
		}
	}
	for _, l := range lines {
		if got := c.Measure.Width(l); got > 80 {
			t.Errorf("line %d columns wide: %q", got, ansi.Strip(l))
		}
	}
}

// TestKeys walks the rows: enter on a move plays it, enter on a game
// opens the game at the ply where it reached the position, and that ply's
// position is the panel's.
func TestKeys(t *testing.T) {
	paths := csaRecords(t)
	db := importDB(t, paths)
	c := testCommon(words.Japanese)
	m := New(Options{Path: db})
	m.Toggle()
	// After 7g7f 3c3d: a position several games reached, by more than
	// one move order in general.
	p := game.StartPosition()
	for _, u := range []string{"7g7f", "3c3d"} {
		mv, err := p.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		p = p.Play(mv)
	}
	run(t, m, m.Sync(&p, game.NoMove))
	a, ok := m.current()
	if !ok || a.err != nil || len(a.moves) == 0 || len(a.games) == 0 {
		t.Skipf("the records give no moves and games after 7g7f 3c3d: %+v", a)
	}
	act := m.Key(press("enter"), c)
	if !act.Handled || act.Play != a.moves[0].Move {
		t.Errorf("enter on the first row: %+v, want the move %s", act, a.moves[0].Move.USI())
	}
	// Down past the moves to the first game.
	for range a.moves {
		if act := m.Key(press("down"), c); !act.Handled {
			t.Fatal("down not the panel's")
		}
	}
	act = m.Key(press("enter"), c)
	if act.Cmd == nil || act.Play != game.NoMove {
		t.Fatalf("enter on a game: %+v", act)
	}
	msg, ok := act.Cmd().(common.StudyRecordMsg)
	if !ok {
		t.Fatalf("enter on a game gave %T", act.Cmd())
	}
	g := a.games[0]
	if msg.Ply != g.Ply || msg.Rec == nil {
		t.Fatalf("opened at ply %d (record %v), want %d", msg.Ply, msg.Rec != nil, g.Ply)
	}
	if msg.Rec.Handicap != "平手" {
		t.Errorf("an even game opened with handicap %q", msg.Rec.Handicap)
	}
	at := msg.Rec.Start
	for _, mv := range msg.Rec.MainMoves()[:msg.Ply] {
		at = at.Play(mv)
	}
	if at.SFEN() != p.SFEN() && strings.Join(strings.Fields(at.SFEN())[:3], " ") != strings.Join(strings.Fields(p.SFEN())[:3], " ") {
		t.Errorf("game %d at ply %d is at %s, not the panel's %s", g.ID, msg.Ply, at.SFEN(), p.SFEN())
	}
	// Up from the first row wraps to the last game.
	m.cur = 0
	m.Key(press("up"), c)
	if m.cur != len(a.moves)+len(a.games)-1 {
		t.Errorf("up from the top: row %d of %d", m.cur, len(a.moves)+len(a.games))
	}
	// ← is the study's.
	if act := m.Key(tea.KeyPressMsg{Code: tea.KeyLeft}, c); act.Handled {
		t.Error("← taken by the panel")
	}
	if act := m.Key(press("esc"), c); !act.Handled || m.On() {
		t.Error("esc did not close the panel")
	}
}

// TestFilters: tab counts mine, then asks for a player's name, then all
// again; each filter's counts are the games of that player.
func TestFilters(t *testing.T) {
	paths := csaRecords(t)
	db := importDB(t, paths)
	c := testCommon(words.English)
	// A name that plays in the shared records: the first stored game's
	// Black.
	d, err := gamedb.OpenReadOnly(db)
	if err != nil {
		t.Fatal(err)
	}
	start := game.StartPosition()
	gs, err := d.Games(&start, gamedb.Filter{}, 0)
	d.Close()
	if err != nil || len(gs) == 0 {
		t.Fatalf("games: %v %d", err, len(gs))
	}
	name := ""
	for _, g := range gs {
		if name = g.Players[game.Black].Name; name != "" {
			break
		}
	}
	plays := 0
	for _, g := range gs {
		if strings.EqualFold(g.Players[0].Name, name) || strings.EqualFold(g.Players[1].Name, name) {
			plays++
		}
	}
	m := New(Options{Path: db, Me: name})
	m.Toggle()
	run(t, m, m.Sync(&start, game.NoMove))
	total := func() int {
		a, ok := m.current()
		if !ok || a.err != nil {
			t.Fatalf("no answer in mode %d", m.Mode())
		}
		n := 0
		for _, s := range a.moves {
			n += s.Games
		}
		return n
	}
	all := total()
	run(t, m, m.Key(press("tab"), c).Cmd)
	if m.Mode() != Mine || total() != plays {
		t.Errorf("mine (%q): mode %d, %d games from the start, want %d", name, m.Mode(), total(), plays)
	}
	if lines, _, _ := m.View(c, 60, 10); !strings.Contains(ansi.Strip(lines[0]), "mine ("+name+")") {
		t.Errorf("heading %q does not name the filter", ansi.Strip(lines[0]))
	}
	m.Key(press("tab"), c)
	if !m.Typing() {
		t.Fatal("the third filter does not ask for a name")
	}
	for _, r := range strings.ToUpper(name) { // names match whatever their case
		m.Key(press(string(r)), c)
	}
	run(t, m, m.Key(press("enter"), c).Cmd)
	if m.Mode() != Player || total() != plays {
		t.Errorf("player %q: mode %d, %d games, want %d", name, m.Mode(), total(), plays)
	}
	run(t, m, m.Key(press("tab"), c).Cmd)
	if m.Mode() != All || total() != all {
		t.Errorf("back to all: mode %d, %d games, want %d", m.Mode(), total(), all)
	}
}

// TestNoDatabase: a database not made yet is said, with its path, and
// a file that is not one is an error; neither is a panic.
func TestNoDatabase(t *testing.T) {
	c := testCommon(words.English)
	dir := t.TempDir()
	start := game.StartPosition()
	m := New(Options{Path: filepath.Join(dir, "none.db")})
	m.Toggle()
	run(t, m, m.Sync(&start, game.NoMove))
	lines, _, _ := m.View(c, 50, 8)
	if s := ansi.Strip(strings.Join(lines, " ")); !strings.Contains(s, "no games database yet") {
		t.Errorf("missing database: %q", s)
	}
	bad := filepath.Join(dir, "bad.db")
	if err := os.WriteFile(bad, []byte(strings.Repeat("not a database\n", 10)), 0o644); err != nil {
		t.Fatal(err)
	}
	m = New(Options{Path: bad})
	m.Toggle()
	run(t, m, m.Sync(&start, game.NoMove))
	lines, _, _ = m.View(c, 50, 8)
	if s := ansi.Strip(strings.Join(lines, " ")); !strings.Contains(s, "cannot read the games database") {
		t.Errorf("not a database: %q", s)
	}
}

// TestOffOverSSH: a panel given a reason stays closed and says it.
func TestOffOverSSH(t *testing.T) {
	m := New(Options{Path: "x", Off: "not over SSH"})
	if why := m.Toggle(); why != "not over SSH" || m.On() {
		t.Errorf("toggle: %q, on %v", why, m.On())
	}
}

// TestViewFits draws the panel over the shared records at the sizes the
// study gives it (the side column at 80×24 and 120×40, and smaller) and
// checks every line fits.
func TestViewFits(t *testing.T) {
	paths := csaRecords(t)
	db := importDB(t, paths)
	start := game.StartPosition()
	for _, lang := range []words.Lang{words.English, words.Japanese} {
		c := testCommon(lang)
		c.Notation = notation.KI2
		m := New(Options{Path: db})
		m.Toggle()
		run(t, m, m.Sync(&start, game.NoMove))
		for _, sz := range [][2]int{{48, 12}, {41, 35}, {30, 8}, {20, 4}, {10, 2}} {
			lines, _, _ := m.View(c, sz[0], sz[1])
			if len(lines) > sz[1] {
				t.Errorf("%v: %d lines", sz, len(lines))
			}
			for _, l := range lines {
				if w := c.Measure.Width(l); w > sz[0] {
					t.Errorf("%v: %d columns: %q", sz, w, ansi.Strip(l))
				}
			}
		}
	}
}

// TestBarInANarrowPanel: at the 38 columns a 120-column study gives the
// panel, each move has its win/draw/loss bar beside its percentages, and
// the column's title stands over both, ending where they end.
func TestBarInANarrowPanel(t *testing.T) {
	db := importDB(t, csaRecords(t))
	start := game.StartPosition()
	c := testCommon(words.English)
	c.Notation = notation.KI2
	m := New(Options{Path: db})
	m.Toggle()
	run(t, m, m.Sync(&start, game.NoMove))
	lines, _, _ := m.View(c, 38, 20)
	var title, row string
	for _, l := range lines {
		l = strings.TrimRight(ansi.Strip(l), " ")
		switch {
		case strings.Contains(l, "win/draw/loss"):
			title = l
		case row == "" && title != "" && strings.Count(l, "/") == 2:
			row = l
		}
	}
	if title == "" || row == "" {
		t.Fatalf("no title or no move row:\n%s", strings.Join(lines, "\n"))
	}
	f := strings.Fields(row)
	if len(f) < 5 || strings.Trim(f[len(f)-2], "#=-.") != "" {
		t.Errorf("the row has no bar before its percentages: %q", row)
	}
	if tw, rw := c.Measure.Width(title), c.Measure.Width(row); tw != rw {
		t.Errorf("the title ends at column %d, the row at %d:\n%q\n%q", tw, rw, title, row)
	}
}

// TestTagLine names the sides' openings of a shared record and keeps
// the record's own 戦型 beside them.
func TestTagLine(t *testing.T) {
	r := kifu.NewRecord(game.StartPosition())
	p := game.StartPosition()
	n := r.Root
	// A plain 四間飛車 against 居飛車 (the rook to 6h early).
	for _, u := range strings.Fields("7g7f 3c3d 6g6f 8c8d 2h6h 7a6b 5i4h 5a4b 4h3h 4b3b 3h2h 6a5b 3i3h") {
		mv, err := p.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		n = r.AddMove(n, mv)
		p = p.Play(mv)
	}
	line := TagLine(r, words.Japanese, [2]string{"▲", "△"})
	if !strings.HasPrefix(line, "戦型: ▲") || !strings.Contains(line, "四間飛車") {
		t.Errorf("tags: %q", line)
	}
	r.Headers = append(r.Headers, kifu.Header{Key: kifu.KeyOpening, Value: "四間飛車対居飛車"})
	if line := TagLine(r, words.Japanese, [2]string{"▲", "△"}); !strings.HasSuffix(line, "(棋譜: 四間飛車対居飛車)") {
		t.Errorf("with the record's 戦型: %q", line)
	}
	// A handicap game is not tagged: the table's shapes are the even
	// game's.
	h, ok := game.FindHandicap("2p")
	if !ok {
		t.Fatal("no 2p handicap")
	}
	hp, err := game.ParseSFEN(h.SFEN)
	if err != nil {
		t.Fatal(err)
	}
	if line := TagLine(kifu.NewRecord(hp), words.English, [2]string{"B:", "W:"}); line != "" {
		t.Errorf("a handicap: %q", line)
	}
}

// TestLetsWritersIn: the panel holds the database only during a
// look-up, so the app adding a finished game right after one (with a
// short wait for the lock: a held lock would make it fail) gets in, and
// the panel's next look-up sees the game.
func TestLetsWritersIn(t *testing.T) {
	paths := csaRecords(t)
	db := importDB(t, paths[:3])
	m := New(Options{Path: db})
	m.Toggle()
	start := game.StartPosition()
	run(t, m, m.Sync(&start, game.NoMove))
	a, _ := m.current()
	before := 0
	for _, s := range a.moves {
		before += s.Games
	}
	old := gamedb.LockWait
	gamedb.LockWait = 200 * time.Millisecond
	defer func() { gamedb.LockWait = old }()
	w, err := gamedb.Open(db)
	if err != nil {
		t.Fatalf("a writer after the panel's look-up: %v", err)
	}
	added := 0
	for _, p := range paths[3:] {
		r, err := kifu.ReadFile(p)
		even := game.StartPosition()
		if err != nil || !r.Start.Equal(&even) || len(r.MainMoves()) == 0 {
			continue
		}
		if res, err := w.AddRecord(r, p); err != nil {
			t.Fatal(err)
		} else if res.Stored == 1 {
			added++
			break
		}
	}
	w.Close()
	if added == 0 {
		t.Skip("no record to add")
	}
	m.Toggle()
	m.Toggle() // reopened: read afresh
	run(t, m, m.Sync(&start, game.NoMove))
	a, _ = m.current()
	after := 0
	for _, s := range a.moves {
		after += s.Games
	}
	if after != before+1 {
		t.Errorf("%d games from the start before, %d after adding one", before, after)
	}
}
