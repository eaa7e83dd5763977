package kifu

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"shogi/game"
)

// TestErrors feeds malformed records to each reader: every one must give a
// *ParseError saying where (line, and ply for moves) and why.
func TestErrors(t *testing.T) {
	kifHead := "手合割：平手\n手数----指手---------消費時間--\n"
	tests := []struct {
		name   string
		format Format
		text   string
		line   int
		ply    int
		want   string // in the message
		moves  int    // moves kept in the partial record (-1: no record)
	}{
		{"illegal KIF move", KIF, kifHead + "   1 ７六歩(77)\n   2 ３五歩(33)\n", 4, 2, "cannot move there", 1},
		{"nifu drop", KIF, kifHead + "   1 ２六歩(27)\n   2 ８四歩(83)\n   3 ２五歩(26)\n   4 ８五歩(84)\n   5 ２四歩(25)\n   6 同　歩(23)\n   7 同　飛(28)\n   8 ３四歩(33)\n   9 ７五歩打\n", 11, 9, "nifu", 8},
		{"wrong piece at the origin", KIF, kifHead + "   1 ７六銀(77)\n", 3, 1, "is 歩, not 銀", 0},
		{"garbage move", KIF, kifHead + "   1 ７六歩(77)\n   2 xyz\n", 4, 2, "cannot read move", 1},
		{"garbage line", KIF, kifHead + "   1 ７六歩(77)\n%%%\n", 4, 0, "cannot read", 1},
		{"move after the ending", KIF, kifHead + "   1 投了\n   2 ７六歩(77)\n", 4, 2, "after the game ended", 0},
		{"branch past the end", KIF, kifHead + "   1 ７六歩(77)\n変化：5手\n", 4, 0, "only 1 moves", 1},
		{"truncated diagram", KIF, "後手の持駒：なし\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n先手の持駒：なし\n手数----\n", 2, 0, "has 1 rows", -1},
		{"bad diagram piece", KIF, "| ・ ・ ・ ・v猫 ・ ・ ・ ・|一\n", 1, 0, "not a piece", -1},
		{"unknown 手合割", KIF, "手合割：九枚半落ち\n手数----\n", 1, 0, "九枚半落ち", -1},
		{"bad time", KIF, kifHead + "   1 ７六歩(77) ( 0:xx/00:00:01)\n", 3, 1, "bad time", 0},
		{"KI2 ambiguous", KI2, "▲７六歩△３四歩▲２二角成△同銀▲５八金\n", 1, 5, "", 4},
		{"KI2 wrong side", KI2, "▲７六歩▲２六歩\n", 1, 2, "後手 is to move", 1},
		{"KI2 illegal summary-less foul", KI2, "▲７六歩△７五歩\n", 1, 2, "", 1},
		{"CSA illegal move", CSA, "PI\n+\n+7776FU\n-3344FU\n", 4, 2, "cannot move there", 1},
		{"CSA wrong turn", CSA, "PI\n+\n-3334FU\n", 3, 1, "turn", 0},
		{"CSA time not a number", CSA, "PI\n+\n+7776FU\nTabc\n", 4, 0, "bad time", 1},
		{"CSA negative time", CSA, "PI\n+\n+7776FU\nT-3\n", 4, 0, "bad time", 1},
		{"CSA PI takes a piece that is not there", CSA, "PI82KA\n+\n", 1, 0, "no KA on 82", -1},
		{"CSA PI takes from an empty square", CSA, "PI55FU\n+\n", 1, 0, "no FU on 55", -1},
		{"CSA row cut short", CSA, "P1+\n+\n", 1, 0, "row P1", -1},
		{"CSA nineteen pawns in hand", CSA, "P+" + strings.Repeat("00FU", 19) + "\nP1 *  *  *  * -OU *  *  *  * \nP9 *  *  *  * +OU *  *  *  * \n+\n", 1, 0, "too many FU", -1},
		{"CSA bad row", CSA, "P1-KY-KE\n+\n", 1, 0, "nine squares", -1},
		{"CSA garbage", CSA, "PI\n+\n+7776FU\nhello\n", 4, 0, "cannot read", 1},
		{"CSA truncated move", CSA, "PI\n+\n+7776F\n", 3, 1, "cannot read move", 0},
		{"CSA second game broken", CSA, "PI\n+\n+7776FU\n/\nPI\n+\n+7775FU\n", 7, 1, "cannot move there", -2},
		{"USI illegal", USI, "position startpos moves 7g7f 3c3d 7f7e 3d3e 7e7c\n", 1, 5, "", 4},
		{"USI bad sfen", USI, "sfen lnsgk/9 b - 1\n", 1, 0, "", -1},
		{"JKF syntax", JKF, "{\n\"header\": {},\n\"moves\": [\n{},\n{\"move\": }\n]}\n", 5, 0, "JKF", -1},
		{"JKF illegal move", JKF, "{\"moves\":[{},\n{\"move\":{\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":6},\"piece\":\"FU\",\"color\":0}},\n {\"move\":{\"from\":{\"x\":3,\"y\":3},\"to\":{\"x\":3,\"y\":5},\"piece\":\"FU\",\"color\":1}}]}", 3, 2, "moves[2]", 1},
		{"Western unknown move", Western, "1. P-7f Q-3d\n", 1, 2, "", 1},
		{"Western unclosed variation", Western, "1. P-7f (1. P-2f\n", 1, 0, "missing )", 1},
		{"binary data", KIF, "\xff\xfe\x00手\x00", 1, 0, "binary", -1},
		{"not a record", Unknown, "hello, world\n", 1, 0, "not a game record", -1},
		{"empty", Unknown, "", 0, 0, "empty", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ReadFormat([]byte(tc.text), "bad.rec", tc.format)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("error %v (%T), want a *ParseError", err, err)
			}
			if pe.File != "bad.rec" || pe.Line != tc.line || pe.Ply != tc.ply {
				t.Errorf("%q: at %s:%d ply %d, want line %d ply %d", err, pe.File, pe.Line, pe.Ply, tc.line, tc.ply)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "bad.rec") {
				t.Errorf("message %q, want it to name the file and say %q", err, tc.want)
			}
			switch {
			case tc.moves == -1 && r != nil:
				t.Errorf("got a record, want none")
			case tc.moves == -2:
				if r == nil || len(r.Games) != 1 || len(r.Games[0].MainMoves()) != 0 {
					t.Errorf("want the first game whole and the second up to its error")
				}
			case tc.moves >= 0 && (r == nil || len(r.MainMoves()) != tc.moves):
				t.Errorf("partial record %v, want %d moves", r, tc.moves)
			}
		})
	}
}

// TestIllegalMoveRule checks that the error of an unmarked illegal move
// unwraps to the rule it breaks, and that the record stops before it.
func TestIllegalMoveRule(t *testing.T) {
	text := "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角(88)\n   4 同　銀(31)\n   5 ５五角打\n   6 ５二玉(51)\n   7 ３三角打\n"
	r, err := Read([]byte(text), "x.kif")
	var ime *game.IllegalMoveError
	if !errors.As(err, &ime) || ime.Rule != game.RuleNotInHand {
		t.Fatalf("error %v, want a not-in-hand rule", err)
	}
	if r == nil || len(r.MainMoves()) != 6 {
		t.Fatalf("record %v, want 6 moves", r)
	}
	p := r.PositionAt(r.MainLine()[5])
	if p.SideToMove() != game.Black {
		t.Errorf("position after the last good move has %v to move", p.SideToMove())
	}
}

// TestMarkedFoul keeps an illegal move that the file marks as a foul.
func TestMarkedFoul(t *testing.T) {
	for _, text := range []string{
		"手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７五歩打\n   4 反則負け\n",
		"▲７六歩△３四歩▲７五歩打\nまで3手で先手の反則負け\n",
		"PI\n+\n+7776FU\n-3334FU\n+0075FU\n%ILLEGAL_MOVE\n",
		"手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２五歩(27)\n   4 反則負け\n",
	} {
		r, err := Read([]byte(text), "")
		if err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		moves := r.MainMoves()
		e, _ := r.Ending()
		if len(moves) != 3 || moves[2].USI() != "P*7e" && moves[2].USI() != "2g2e" || (e != IllegalWin && e != IllegalLoss) {
			t.Errorf("%q: moves %v ending %v", text, moves, e)
		}
		res := r.Result()
		if w, ok := res.Winner(); !ok || w != game.White || res.Ending != game.IllegalMove {
			t.Errorf("%q: result %v, want White wins by Black's foul", text, res)
		}
		// The kept foul survives every format that has endings.
		for _, f := range []Format{KIF, KI2, CSA, JKF, Western} {
			data, err := Marshal(r, f, WriteOptions{})
			if err != nil {
				t.Fatal(err)
			}
			back, err := ReadFormat(data, "", f)
			if err != nil {
				t.Errorf("%v: %v\n%s", f, err, data)
				continue
			}
			for _, d := range compareRecords(r, back, formatCaps[f], headerStyleOf(f)) {
				t.Errorf("%v: %s", f, d)
			}
		}
	}
}

// TestStartWarnings keeps the warnings of an odd start position.
func TestStartWarnings(t *testing.T) {
	r, err := Read([]byte("sfen 4k4/9/9/9/9/9/9/9/P8 b - 1\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Warnings) == 0 {
		t.Errorf("no warning for a pawn on the last rank and no black king")
	}
}

// A CSA file's parts between `/` lines that hold no statement are no games:
// a `/` first, two in a row or one last leave the games around them as they
// are; a file of nothing but separators and comments is an error with its
// line. An empty player name (N+ alone) is a name, not an unreadable line.
func TestCSAEmptyParts(t *testing.T) {
	for _, c := range []struct {
		text  string
		games []string // each game's moves in USI
	}{
		{"/\nV2.2\nPI\n+\n+7776FU\n", []string{"7g7f"}},
		{"V2.2\nPI\n+\n+7776FU\n/\n", []string{"7g7f"}},
		{"V2.2\nPI\n+\n+7776FU\n/\n/\nPI\n+\n+2726FU\n", []string{"7g7f", "2g2f"}},
		{"V2.2\nN+\nN-\nPI\n+\n+7776FU\n", []string{"7g7f"}},
	} {
		r, err := ReadFormat([]byte(c.text), "x.csa", CSA)
		if err != nil {
			t.Errorf("%q: %v", c.text, err)
			continue
		}
		var got []string
		for _, g := range append([]*Record{r}, r.Games...) {
			var ms []string
			for _, m := range g.MainMoves() {
				ms = append(ms, m.USI())
			}
			got = append(got, strings.Join(ms, " "))
		}
		if !reflect.DeepEqual(got, c.games) {
			t.Errorf("%q: games %q, want %q", c.text, got, c.games)
		}
	}
	for _, text := range []string{"/\n/\n", "'only a comment\n/\n"} {
		var pe *ParseError
		if _, err := ReadFormat([]byte(text), "x.csa", CSA); !errors.As(err, &pe) || pe.Line == 0 {
			t.Errorf("%q: %v, want an error with its line", text, err)
		}
	}
}

// CSA's words for endings no other format has (%MATTA, %FUZUMI — a
// letter at either end of the alphabet) survive a trip through KIF; a list
// of CSA moves without any header still reads as CSA; the SFEN of a record
// is its main line's last position, or the start without moves.
func TestCSAWordsAndBareMoves(t *testing.T) {
	for _, word := range []string{"%MATTA", "%FUZUMI"} {
		r, err := ReadFormat([]byte("PI\n+\n+7776FU\n"+word+"\n"), "x.csa", CSA)
		if err != nil {
			t.Fatalf("%s: %v", word, err)
		}
		data, err := Marshal(r, KIF, WriteOptions{Encoding: UTF8})
		if err != nil {
			t.Fatal(err)
		}
		back, err := Read(data, "x.kifu")
		if err != nil {
			t.Errorf("%s through KIF: %v\n%s", word, err, data)
			continue
		}
		if last := back.MainLine()[len(back.MainLine())-1]; last.Word() != word {
			t.Errorf("%s through KIF came back as %q", word, last.Word())
		}
	}
	r, err := Read([]byte("+7776FU\n-3334FU\n"), "moves.txt")
	if err != nil || len(r.MainMoves()) != 2 {
		t.Fatalf("bare CSA moves: %v", err)
	}
	data, err := Marshal(r, SFEN, WriteOptions{})
	if err != nil || string(data) != "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n" {
		t.Errorf("SFEN of the record: %q, %v", data, err)
	}
	empty, _ := Read([]byte("PI\n+\n"), "x.csa")
	if data, err := Marshal(empty, SFEN, WriteOptions{}); err != nil || string(data) != game.StartSFEN+"\n" {
		t.Errorf("SFEN of a record without moves: %q, %v", data, err)
	}
}

// Details of the KIF writer and header mapping: nine pieces in hand are
// 九 in a diagram's hand line; a CSA header only CSA names ($FOO) keeps
// its name without the $ in KIF.
func TestKIFWriterDetails(t *testing.T) {
	p, err := game.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b 9P2p 1")
	if err != nil {
		t.Fatal(err)
	}
	r := NewRecord(p)
	data, err := Marshal(r, KIF, WriteOptions{Encoding: UTF8})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "先手の持駒：歩九") {
		t.Errorf("nine pawns in hand:\n%s", data)
	}
	c, err := ReadFormat([]byte("V2.2\n$FOO:bar\nPI\n+\n+7776FU\n"), "x.csa", CSA)
	if err != nil {
		t.Fatal(err)
	}
	data, err = Marshal(c, KIF, WriteOptions{Encoding: UTF8})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), "\nFOO：bar\n") {
		t.Errorf("a CSA-only header in KIF:\n%s", data)
	}
}

// Format detection and header safety at their edges: a Western game whose
// move numbers begin with 9 is Western; a KIF header whose value looks like
// a Western tag's end is still KIF; a header whose name begins with a digit
// is not written as a line that would read back as a move.
func TestDetectionEdges(t *testing.T) {
	if f := Detect("9. P-7f P-3d\n"); f != Western {
		t.Errorf("9. P-7f: %v", f)
	}
	if f := Detect("表題：[\"A\"]\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"); f != KIF {
		t.Errorf("KIF with a bracketed title: %v", f)
	}
	r := NewRecord(game.StartPosition())
	r.Headers = append(r.Headers, Header{Key: "9th", Value: "x"})
	data, err := Marshal(r, KIF, WriteOptions{Encoding: UTF8})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Read(data, "x.kifu"); err != nil || strings.Contains(string(data), "\n9th：") {
		t.Errorf("a header named 9th: %v\n%s", err, data)
	}
}

// More KIF header details: a value may hold an ASCII colon after the
// full-width one; a record set up on the empty board names no 手合割
// (the diagram says it all).
func TestKIFHeaderDetails(t *testing.T) {
	r, err := ReadFormat([]byte("棋戦：A:B\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"), "x.kifu", KIF)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Headers) == 0 || r.Headers[0].Key != "棋戦" || r.Headers[0].Value != "A:B" {
		t.Errorf("headers %q", r.Headers)
	}
	// The first colon of either width ends the key.
	r, err = ReadFormat([]byte("棋戦:A：B\n手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"), "x.kifu", KIF)
	if err != nil || len(r.Headers) == 0 || r.Headers[0].Key != "棋戦" || r.Headers[0].Value != "A：B" {
		t.Errorf("ASCII colon first: %q, %v", r.Headers, err)
	}
	h, ok := game.FindHandicap("empty")
	if !ok {
		t.Fatal("no empty board")
	}
	data, err := Marshal(NewRecord(h.Position()), KIF, WriteOptions{Encoding: UTF8})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "手合割") {
		t.Errorf("the empty board named:\n%s", data)
	}
}

// JKF at its edges: no moves at all reads as the bare start; a negative
// time is no time; a hand entry that names no piece is an error.
func TestJKFEdges(t *testing.T) {
	r, err := ReadFormat([]byte(`{"header":{},"moves":[]}`), "x.jkf", JKF)
	if err != nil || len(r.MainMoves()) != 0 {
		t.Errorf("no moves: %v", err)
	}
	r, err = ReadFormat([]byte(`{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"},"time":{"now":{"m":-1,"s":0},"total":{"h":0,"m":0,"s":0}}}]}`), "x.jkf", JKF)
	if err != nil || len(r.MainLine()) < 1 || r.MainLine()[0].Elapsed < 0 {
		t.Errorf("negative time: %v", err)
	} else if n := r.MainLine()[0]; n.Elapsed != 0 {
		t.Errorf("negative time read as %v", n.Elapsed)
	}
	_, err = ReadFormat([]byte(`{"header":{},"initial":{"preset":"OTHER","data":{"board":[[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{"color":0,"kind":"OU"}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}],[{},{},{},{},{},{},{},{},{}]],"color":0,"hands":[{"XX":1},{}]}},"moves":[{}]}`), "x.jkf", JKF)
	if err == nil || !strings.Contains(err.Error(), "XX") {
		t.Errorf("a hand of XX: %v", err)
	}
}

// KIF, KI2 and USI at their edges: a KI2 ending written with its side mark
// (△投了) ends the game; a KIF move number may be 0-padded oddly; a KIF
// まで line is a summary, not an ending (KIF writes endings as moves); a
// KIF time needs minutes and seconds; blank and # lines may come before a
// USI position; a record with no moves has no ending.
func TestJapaneseAndUSIEdges(t *testing.T) {
	head := "手合割：平手\n手数----指手---------消費時間--\n"
	r, err := ReadFormat([]byte("▲７六歩△３四歩▲２六歩\n△投了\n"), "x.ki2u", KI2)
	if e, _ := r.Ending(); err != nil || e != Resign || len(r.MainMoves()) != 3 {
		t.Errorf("KI2 △投了: %v, %v", e, err)
	}
	if r, err := ReadFormat([]byte(head+"   1 ７六歩(77)\n0 ３四歩(33)\n"), "x.kifu", KIF); err != nil || len(r.MainMoves()) != 2 {
		t.Errorf("KIF move number 0: %v", err)
	}
	r, err = ReadFormat([]byte(head+"   1 ７六歩(77)\nまで1手で中断\n"), "x.kifu", KIF)
	if e, _ := r.Ending(); err != nil || e != NoEnding {
		t.Errorf("KIF まで line: %v, %v", e, err)
	}
	if _, err := ReadFormat([]byte(head+"   1 ７六歩(77)   ( 12/00:00:12)\n"), "x.kifu", KIF); err == nil {
		t.Error("a KIF time without minutes read")
	}
	if _, err := ReadFormat([]byte(head+"   1 ７六歩(77)\n   2\n"), "x.kifu", KIF); err == nil {
		t.Error("a KIF move line with only its number read")
	}
	if r, err := ReadFormat([]byte("\n# a note\nposition startpos moves 7g7f\n"), "x.usi", USI); err != nil || len(r.MainMoves()) != 1 {
		t.Errorf("USI after blank and # lines: %v", err)
	}
	if e, n := NewRecord(game.StartPosition()).Ending(); e != NoEnding || n != nil {
		t.Errorf("no moves: ending %v %v", e, n)
	}
}
