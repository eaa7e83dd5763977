package kifu

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"shogi/game"
)

// caps says what a format can carry, for comparing a record with what
// came back through it.
type caps struct {
	branches, comments, times, totals, headers bool
	endings                                    func(Ending, string) (Ending, string) // how endings come back
}

func same(e Ending, w string) (Ending, string) { return e, w }

// csaEndingBack is what an ending becomes through CSA, which has no word
// for a forfeit nor for Japanese special words.
func csaEndingBack(e Ending, w string) (Ending, string) {
	switch {
	case e == Forfeit, e == OtherEnding && !isCSAWord(strings.TrimPrefix(w, "%")):
		return Interrupt, ""
	case e == OtherEnding:
		return e, "%" + strings.TrimPrefix(w, "%")
	}
	return e, w
}

var formatCaps = map[Format]caps{
	KIF:     {branches: true, comments: true, times: true, totals: true, headers: true, endings: same},
	KI2:     {branches: true, comments: true, headers: true, endings: same},
	CSA:     {comments: true, times: true, headers: true, endings: csaEndingBack},
	JKF:     {branches: true, comments: true, times: true, totals: true, headers: true, endings: same},
	Western: {branches: true, comments: true, headers: true, endings: same},
	USI:     {},
}

// compareRecords reports how got differs from want as seen through c.
func compareRecords(want, got *Record, c caps, style headerStyle) []string {
	var diffs []string
	add := func(format string, args ...any) { diffs = append(diffs, fmt.Sprintf(format, args...)) }
	if want.Start.SFEN() != got.Start.SFEN() {
		add("start %s, want %s", got.Start.SFEN(), want.Start.SFEN())
	}
	if want.Handicap != got.Handicap {
		add("handicap %q, want %q", got.Handicap, want.Handicap)
	}
	if c.headers {
		var wh []Header
		for _, h := range want.Headers {
			if k, ok := translate(h.Key, style); ok {
				wh = append(wh, Header{k, h.Value})
			}
		}
		if fmt.Sprint(wh) != fmt.Sprint(got.Headers) {
			add("headers %v, want %v", got.Headers, wh)
		}
	}
	if c.comments && want.Root.Comment() != got.Root.Comment() {
		add("start comment %q, want %q", got.Root.Comment(), want.Root.Comment())
	}
	var walk func(w, g *Node)
	walk = func(w, g *Node) {
		wc, gc := slices.Collect(w.Children()), slices.Collect(g.Children())
		if !c.branches && len(wc) > 1 {
			wc = wc[:1]
		}
		if c.endings == nil && len(wc) > 0 && wc[0].Ending != NoEnding {
			wc = nil
		}
		if len(wc) != len(gc) {
			add("ply %d: %d children, want %d", w.Ply+1, len(gc), len(wc))
			return
		}
		for i := range wc {
			x, y := wc[i], gc[i]
			where := fmt.Sprintf("ply %d child %d", x.Ply, i)
			if x.Ending != NoEnding {
				e, word := c.endings(x.Ending, x.Word())
				if e != y.Ending || word != y.Word() {
					add("%s: ending %v %q, want %v %q", where, y.Ending, y.Word(), e, word)
				}
			} else if !x.Move.SameAs(y.Move) || y.Ending != NoEnding {
				add("%s: move %v, want %v", where, y.Move, x.Move)
				continue
			}
			if c.comments && x.Comment() != y.Comment() {
				add("%s: comment %q, want %q", where, y.Comment(), x.Comment())
			}
			if c.times && (x.HasTime != y.HasTime || x.Elapsed != y.Elapsed) {
				add("%s: time %v %v, want %v %v", where, y.HasTime, y.Elapsed, x.HasTime, x.Elapsed)
			}
			if c.totals && x.Total != y.Total {
				add("%s: total %v, want %v", where, y.Total, x.Total)
			}
			if y.Ply != x.Ply || y.Parent != g {
				add("%s: bad links", where)
			}
			walk(x, y)
		}
	}
	walk(want.Root, got.Root)
	return diffs
}

func headerStyleOf(f Format) headerStyle {
	switch f {
	case CSA:
		return csaHeaders
	case Western:
		return westernHeaders
	}
	return jpHeaders
}

// testdataRecords reads every record of testdata that should load.
func testdataRecords(t *testing.T) map[string]*Record {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "*"))
	out := map[string]*Record{}
	for _, f := range files {
		if st, err := os.Stat(f); err != nil || st.IsDir() || strings.HasSuffix(f, ".txt") {
			continue
		}
		r, err := ReadFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		out[filepath.Base(f)] = r
	}
	if len(out) < 10 {
		t.Fatalf("only %d testdata records", len(out))
	}
	return out
}

// TestRoundTrip writes every testdata record in every format and reads it
// back: what the format can carry must come back unchanged.
func TestRoundTrip(t *testing.T) {
	for name, r := range testdataRecords(t) {
		for _, f := range []Format{KIF, KI2, CSA, JKF, Western, USI} {
			for _, enc := range []Encoding{UTF8, ShiftJIS} {
				if enc == ShiftJIS && f != KIF && f != KI2 {
					continue
				}
				data, err := Marshal(r, f, WriteOptions{Encoding: enc})
				if err != nil {
					t.Errorf("%s → %v %v: %v", name, f, enc, err)
					continue
				}
				back, err := ReadFormat(data, "", Unknown) // detection must find the format too
				if err != nil {
					t.Errorf("%s → %v %v → read: %v\n%s", name, f, enc, err, data)
					continue
				}
				for _, d := range compareRecords(r, back, formatCaps[f], headerStyleOf(f)) {
					t.Errorf("%s → %v %v: %s", name, f, enc, d)
				}
				if f == CSA && len(back.Games) != len(r.Games) {
					t.Errorf("%s → CSA: %d further games, want %d", name, len(back.Games), len(r.Games))
				}
				for i := range r.Games {
					if f == CSA && i < len(back.Games) {
						for _, d := range compareRecords(r.Games[i], back.Games[i], formatCaps[f], csaHeaders) {
							t.Errorf("%s → CSA game %d: %s", name, i+2, d)
						}
					}
				}
			}
		}
	}
}

// TestEncodingsAgree reads the Shift_JIS and UTF-8 copies of a record.
func TestEncodingsAgree(t *testing.T) {
	pairs := [][2]string{
		{"kif_lance_handicap_branches_times.kifu", "kif_lance_handicap_branches_times_sjis.kif"},
		{"kif_custom_position_white_to_move.kifu", "kif_custom_position_white_to_move_sjis.kif"},
		{"ki2_lance_handicap_branches_comments.ki2u", "ki2_lance_handicap_branches_comments_sjis.ki2"},
	}
	for _, p := range pairs {
		a, err := ReadFile(filepath.Join("testdata", p[0]))
		if err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(filepath.Join("testdata", p[1]))
		if err != nil {
			t.Fatal(err)
		}
		if _, enc, _, _ := Decode(data); enc != ShiftJIS {
			t.Errorf("%s decoded as %v, want Shift_JIS", p[1], enc)
		}
		b, err := Read(data, p[1])
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range compareRecords(a, b, formatCaps[KIF], jpHeaders) {
			t.Errorf("%s vs %s: %s", p[0], p[1], d)
		}
	}
}

// TestHandTrees checks the trees of the hand-written records move by move
// (USI lines checked against ShogiHome's reading of the same files).
func TestHandTrees(t *testing.T) {
	recs := testdataRecords(t)
	lance := "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
	main := "3c3d 7g7f 8c8d 2g2f 8d8e 8h7g 2b3c 7g3c+ 2a3c"
	tests := []struct {
		file, start, main string
		end               Ending
		branches          int
	}{
		{"kif_lance_handicap_branches_times.kifu", lance, main, Resign, 4},
		{"ki2_lance_handicap_branches_comments.ki2u", lance, main, Resign, 3},
		{"csa_v22_lance_handicap_times_comments.csa", lance, main, Resign, 0},
		{"usi_position_sfen_moves.usi", lance, main, NoEnding, 0},
		{"western_psn_variations_comments.psn", lance, main, Resign, 2},
		{"kif_custom_position_white_to_move.kifu", "7nl/6gk1/6spp/6p2/7P1/9/9/9/4K4 w 2B2SPr3p 1", "R*5b S*5h P*5g 5h5g P*5h 5i5h 5b5g+ 5h5g", Interrupt, 0},
		{"jkf_custom_position_forks.jkf", "7nl/6gk1/6spp/6p2/7P1/9/9/9/4K4 w 2B2SPr3p 1", "R*5b S*5h P*5g 5h5g", Timeout, 2},
		{"csa_v2_custom_board_00AL_collapsed_rows.csa", "7nl/6gk1/6spp/6p2/7P1/9/9/9/4K4 w 2B2SP2r3gs3n3l13p 1", "R*5b S*5h P*5g 5h5g P*5h 5i5h 5b5g+ 5h5g", Interrupt, 0},
		{"kif_tolerant_kifu_for_windows.kifu", game.StartSFEN, "7g7f 3c3d 8h2b+ 3a2b B*4e 5a5b 4e6c+", OtherEnding, 1},
	}
	for _, tc := range tests {
		r := recs[tc.file]
		if r == nil {
			t.Fatalf("%s not read", tc.file)
		}
		if got := r.Start.SFEN(); got != tc.start {
			t.Errorf("%s: start %s, want %s", tc.file, got, tc.start)
		}
		var usi []string
		for _, m := range r.MainMoves() {
			usi = append(usi, m.USI())
		}
		if got := strings.Join(usi, " "); got != tc.main {
			t.Errorf("%s: main line %s, want %s", tc.file, got, tc.main)
		}
		if e, _ := r.Ending(); e != tc.end {
			t.Errorf("%s: ending %v, want %v", tc.file, e, tc.end)
		}
		n := 0
		r.Walk(func(n0 *Node, _, _ *game.Position) bool {
			if n0.NumChildren() > 1 {
				n += n0.NumChildren() - 1
			}
			return true
		})
		if n != tc.branches {
			t.Errorf("%s: %d branches, want %d", tc.file, n, tc.branches)
		}
	}
	// Details of the KIF with times and branches.
	r := recs["kif_lance_handicap_branches_times.kifu"]
	if r.Handicap != "香落ち" || r.Root.Comment() != "開始局面のコメント\n二行目" {
		t.Errorf("handicap %q, comment %q", r.Handicap, r.Root.Comment())
	}
	third := r.MainLine()[2]
	if !third.HasTime || third.Elapsed != 65*time.Second || third.Total != 70*time.Second {
		t.Errorf("move 3 time %v/%v", third.Elapsed, third.Total)
	}
	if got := r.Header("下手"); got != "下手の人" {
		t.Errorf("下手 %q", got)
	}
	if r.Root.NumChildren() != 2 || r.Root.Child(1).Move.USI() != "8c8d" {
		t.Errorf("branch at ply 1 missing")
	}
}

// TestCSAMultiGame reads a file of twelve games, one per ending.
func TestCSAMultiGame(t *testing.T) {
	r, err := ReadFile(filepath.Join("testdata", "csa_multigame_every_ending.csa"))
	if err != nil {
		t.Fatal(err)
	}
	want := []struct {
		e     Ending
		word  string
		moves int
	}{
		{Resign, "", 2}, {Mate, "", 1}, {Interrupt, "", 1}, {Sennichite, "", 2}, {Jishogi, "", 0},
		{Timeout, "", 1}, {IllegalLoss, "", 1},
		{IllegalWin, "", 1},  // +ILLEGAL_ACTION after Black moved: White, to move, wins
		{IllegalLoss, "", 1}, // -ILLEGAL_ACTION with White to move: White loses
		{EnteringKing, "", 1}, {Draw, "", 2}, {OtherEnding, "%MAX_MOVES", 1},
	}
	games := append([]*Record{r}, r.Games...)
	if len(games) != len(want) {
		t.Fatalf("%d games, want %d", len(games), len(want))
	}
	for i, g := range games {
		e, n := g.Ending()
		word := ""
		if n != nil {
			word = n.Word()
		}
		if e != want[i].e || word != want[i].word || len(g.MainMoves()) != want[i].moves {
			t.Errorf("game %d: %v %q after %d moves, want %v %q after %d", i+1, e, word, len(g.MainMoves()), want[i].e, want[i].word, want[i].moves)
		}
	}
	// Each ending's KI2 summary and KIF word survive a round trip.
	for i, g := range games {
		for _, f := range []Format{KIF, KI2, JKF, Western} {
			data, err := Marshal(g, f, WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			back, err := ReadFormat(data, "", f)
			if err != nil {
				t.Fatalf("game %d via %v: %v\n%s", i+1, f, err, data)
			}
			for _, d := range compareRecords(g, back, formatCaps[f], headerStyleOf(f)) {
				t.Errorf("game %d via %v: %s", i+1, f, d)
			}
		}
	}
}

// TestKI2Summaries checks the closing line for each ending against what
// ShogiHome writes (its exporter, after ▲７六歩 △３四歩, Black to move).
func TestKI2Summaries(t *testing.T) {
	want := map[Ending]string{
		Resign:       "まで2手で後手の勝ち",
		Mate:         "まで2手で詰み",
		Interrupt:    "まで2手で中断",
		Sennichite:   "まで2手で千日手",
		Jishogi:      "まで2手で持将棋",
		Timeout:      "まで2手で時間切れにより後手の勝ち",
		IllegalWin:   "まで2手で先手の反則勝ち",
		IllegalLoss:  "まで2手で先手の反則負け",
		EnteringKing: "まで2手で先手の入玉勝ち",
	}
	for e, line := range want {
		r, err := readKI2("▲７六歩    △３四歩\n" + line + "\n")
		if err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if got, _ := r.Ending(); got != e {
			t.Errorf("%s read as %v, want %v", line, got, e)
		}
		data, _ := Marshal(r, KI2, WriteOptions{Encoding: ShiftJIS})
		text, _, _, _ := Decode(data)
		if !strings.Contains(text, "\n"+line+"\n") {
			t.Errorf("%v written as\n%s\nwant the line %s", e, text, line)
		}
	}
}

// TestKIFEndingWords checks each ending's KIF word (as ShogiHome writes
// them) and the Shogi Wars form that names the side.
func TestKIFEndingWords(t *testing.T) {
	words := map[string]Ending{"投了": Resign, "詰み": Mate, "千日手": Sennichite, "持将棋": Jishogi,
		"入玉勝ち": EnteringKing, "中断": Interrupt, "切れ負け": Timeout, "反則勝ち": IllegalWin, "反則負け": IllegalLoss,
		"不戦敗": Forfeit, "先手 反則負け": IllegalWin, "後手 反則負け": IllegalLoss}
	for w, e := range words {
		r, err := readKIF("手数----指手--\n   1 ７六歩(77)\n   2 " + w + "\n")
		if err != nil {
			t.Fatalf("%s: %v", w, err)
		}
		if got, _ := r.Ending(); got != e {
			t.Errorf("%s read as %v, want %v", w, got, e)
		}
	}
}

// TestTolerance checks what the tolerant file says it tests.
func TestTolerance(t *testing.T) {
	r, err := ReadFile(filepath.Join("testdata", "kif_tolerant_kifu_for_windows.kifu"))
	if err != nil {
		t.Fatal(err)
	}
	if got := r.Header("先手"); got != "先手さん" {
		t.Errorf("full-width padding kept: %q", got)
	}
	if got := r.Header("開始日時"); got != "2026/11/02" {
		t.Errorf("half-width colon header: %q", got)
	}
	if r.Root.Comment() != "*エンジンの評価値 +50" {
		t.Errorf("** comment: %q", r.Root.Comment())
	}
	e, n := r.Ending()
	if e != OtherEnding || n.Word() != "封じ手" {
		t.Errorf("封じ手 not kept: %v %v", e, n)
	}
	if n := r.MainLine()[1]; !n.HasTime || n.Elapsed != time.Second || n.Total != 0 {
		t.Errorf("time without total: %+v", n)
	}
	// The branch starts with 同 and ends with a まで line.
	alt := r.MainLine()[2].Child(1)
	if alt.Move.USI() != "8b2b" || alt.FirstChild().Move.USI() != "B*4e" || alt.FirstChild().FirstChild().Ending != Resign {
		t.Errorf("branch at 4: %v", alt.Move)
	}
	crlf := strings.ReplaceAll("手合割：平手\n手数----\n   1 ７六歩(77)\n   2 投了\n", "\n", "\r\n")
	r, err = readKIF(crlf)
	if err != nil || len(r.MainMoves()) != 1 {
		t.Errorf("CRLF: %v", err)
	}
	if e, _ := r.Ending(); e != Resign {
		t.Errorf("CRLF ending %v", e)
	}
	if _, err = readKIF("手合割：平手\n後手の持駒：猫\n"); err == nil {
		t.Errorf("bad hand accepted")
	}
	bod := "後手の持駒：残り全部\n" + strings.Repeat("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", 4) + "| ・ ・ ・ ・v玉 ・ ・ ・ ・|\n" +
		strings.Repeat("| ・ ・ ・ ・ ・ ・ ・ ・ ・|\n", 3) + "| ・ ・ ・ ・ 香 ・ ・ ・ ・|\n先手の持駒：飛\n"
	r, err = readKIF(bod)
	if err != nil || r.Start.SFEN() != "9/9/9/9/4k4/9/9/9/4L4 b Rr2b4g4s4n3l18p 1" {
		t.Errorf("残り全部: %v %v", err, r)
	}
	r, err = readKIF("手合割：詰将棋\n手数----\n")
	if err != nil || r.Start.SFEN() != "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1" || len(r.Warnings) == 0 {
		t.Errorf("詰将棋 without a diagram: %v %v", err, r)
	}
}

// TestWriteStart checks how each kind of start is written.
func TestWriteStart(t *testing.T) {
	for _, tc := range []struct {
		handicap     string
		name, board  bool
		jkfPreset    string
		csaPIOnlyRow bool
	}{
		{"平手", true, false, "HIRATE", true},
		{"香落ち", true, false, "KY", true},
		{"八枚落ち", true, false, "8", true},
		{"三枚落ち", true, true, "OTHER", true}, // not among the ten every program knows
		{"トンボ", true, true, "OTHER", true},
		{"歩三兵", true, true, "OTHER", false}, // pieces in hand: not a PI
	} {
		h, ok := game.FindHandicap(tc.handicap)
		if !ok {
			t.Fatalf("no handicap %s", tc.handicap)
		}
		r := NewRecord(h.Position())
		r.nameStart()
		data, _ := Marshal(r, KIF, WriteOptions{})
		kif := string(data)
		if got := strings.Contains(kif, "手合割："+h.Japanese+"\n"); got != tc.name {
			t.Errorf("%s: 手合割 written %v, want %v\n%s", tc.handicap, got, tc.name, kif)
		}
		if got := strings.Contains(kif, "+---------------------------+"); got != tc.board {
			t.Errorf("%s: diagram written %v, want %v", tc.handicap, got, tc.board)
		}
		data, _ = Marshal(r, JKF, WriteOptions{})
		if !strings.Contains(string(data), `"preset":"`+tc.jkfPreset+`"`) {
			t.Errorf("%s: JKF %s, want preset %s", tc.handicap, data, tc.jkfPreset)
		}
		data, _ = Marshal(r, CSA, WriteOptions{})
		if got := strings.Contains(string(data), "\nPI"); got != tc.csaPIOnlyRow {
			t.Errorf("%s: CSA PI %v, want %v\n%s", tc.handicap, got, tc.csaPIOnlyRow, data)
		}
		for _, f := range []Format{KIF, KI2, CSA, JKF, Western, USI} {
			data, _ := Marshal(r, f, WriteOptions{})
			back, err := ReadFormat(data, "", f)
			if err != nil || back.Start.SFEN() != r.Start.SFEN() || back.Handicap != h.Japanese {
				t.Errorf("%s via %v: %v %v", tc.handicap, f, err, back)
			}
		}
	}
}

// TestEncodingOnWrite checks the encoding conventions of KIF files.
func TestEncodingOnWrite(t *testing.T) {
	r := NewRecord(game.StartPosition())
	r.Root.SetComment("☗☖ are not in Shift_JIS")
	if _, err := Marshal(r, KIF, WriteOptions{Encoding: ShiftJIS}); err == nil || !strings.Contains(err.Error(), "Shift_JIS") {
		t.Errorf("☗ in Shift_JIS: %v", err)
	}
	data, err := Marshal(r, KIF, WriteOptions{Encoding: UTF8})
	if err != nil || !strings.HasPrefix(string(data), "#KIF version=2.0 encoding=UTF-8\n") {
		t.Errorf("UTF-8 KIF: %v %q", err, data)
	}
	// What the writers put in themselves is always Shift_JIS-safe.
	for name, r := range testdataRecords(t) {
		for _, f := range []Format{KIF, KI2} {
			data, err := Marshal(r, f, WriteOptions{Encoding: ShiftJIS})
			if err != nil {
				t.Errorf("%s as %v Shift_JIS: %v", name, f, err)
				continue
			}
			if _, enc, _, _ := Decode(data); enc != ShiftJIS && enc != UTF8 {
				t.Errorf("%s: decoded as %v", name, enc)
			}
		}
	}
	if EncodingOfPath("a.kif") != ShiftJIS || EncodingOfPath("a.ki2") != ShiftJIS || EncodingOfPath("a.kifu") != UTF8 || EncodingOfPath("a.ki2u") != UTF8 {
		t.Errorf("EncodingOfPath")
	}
}

// TestEveryEnding writes a short game ending each way, in each format, and
// reads it back: the ending comes back as the format can say it.
func TestEveryEnding(t *testing.T) {
	for e := Resign; e <= OtherEnding; e++ {
		for _, white := range []bool{false, true} {
			r := NewRecord(game.StartPosition())
			r.nameStart()
			p := r.Start
			n := r.Root
			for _, u := range []string{"7g7f", "3c3d", "2g2f"}[:map[bool]int{false: 2, true: 3}[white]] {
				m, _ := p.ParseUSI(u)
				n = r.AddMove(n, m)
				p = p.Play(m)
			}
			word := ""
			if e == OtherEnding {
				word = "封じ手"
			}
			r.AddEnding(n, e, word)
			for _, f := range []Format{KIF, KI2, CSA, JKF, Western} {
				data, err := Marshal(r, f, WriteOptions{Encoding: ShiftJIS})
				if err != nil {
					t.Fatal(err)
				}
				back, err := ReadFormat(data, "", f)
				if err != nil {
					t.Fatalf("%v via %v: %v", e, f, err)
				}
				for _, d := range compareRecords(r, back, formatCaps[f], headerStyleOf(f)) {
					t.Errorf("%v (White to move %v) via %v: %s", e, !white, f, d)
				}
				if f != CSA && r.Result() != back.Result() {
					t.Errorf("%v via %v: result %v, want %v", e, f, back.Result(), r.Result())
				}
			}
		}
	}
}
