package edit

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"shogi/game"
	"shogi/kifu"
)

// A seeded generator of edited records: a base record (a random game from
// the even start, a handicap or a set-up position, with times and headers
// or without), then a run of random edits through an Editor — moves at
// any node, endings, deletions, promotions, reordering, comments,
// bookmarks, headers, a start's name, undo and redo. The same seed always
// gives the same record, so the records and ShogiHome's readings of them
// can be kept in testdata and the test can make them again.

// picker draws numbers: from a seeded generator, or from a fuzzer's bytes.
type picker interface {
	IntN(n int) int
}

// bytePicker draws from a fuzzer's bytes, then zeros.
type bytePicker struct{ data []byte }

func (b *bytePicker) IntN(n int) int {
	if n <= 1 {
		return 0
	}
	var v int
	for range 2 {
		v <<= 8
		if len(b.data) > 0 {
			v |= int(b.data[0])
			b.data = b.data[1:]
		}
	}
	return v % n
}

func (b *bytePicker) empty() bool { return len(b.data) == 0 }

// customStarts are set-up positions a base record may start from.
var customStarts = []string{
	"lnsgk2nl/1r4gs1/p1pppp1pp/1p4p2/7P1/2P6/PP1PPPP1P/1SG4R1/LN2KGSNL b Bb 1",
	"4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1",
	"8l/6gk1/6npp/9/8P/9/9/9/K8 b RG2r2b2g4s3n3l16p 1",
	"ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2PP1P1PP/PPS1P1P2/2GK1S1R1/LN3G1NL w Bb 1",
	"4k4/9/9/9/9/9/9/9/4K4 w rbgsnlp2RB3G3S3N3L17P 1",
}

var (
	comments = []string{"好手", "ここで▲２六歩なら互角", "一行目\n二行目", "*で始まる", "&で始まる", "#で始まる",
		"変化：3手 と書いた行", "  字下げ", "plain ASCII comment", "複数行\n\n空行あり", "{braces} and (parens)",
		"'quote", "まで5手で先手の勝ち", "全角　空白", ""}
	bookmarks   = []string{"しおり1", "本譜", "変化A", "mark", "終盤の入口", "a b"}
	headerKeys  = []string{kifu.KeyEvent, kifu.KeySite, kifu.KeyStart, kifu.KeyTimeControl, kifu.KeyOpening, "備考", "作者", "表題", "解説", "$MAX_MOVES"}
	headerVals  = []string{"第1期竜王戦", "東京・将棋会館", "2024/01/02 10:00:00", "各10分", "四間飛車", "note", "羽生 善治", "256", "Cup 2024"}
	playerNames = []string{"先手太郎", "後手花子", "Player A", "GPS将棋", "Fairy-Stockfish"}
	startNames  = []string{"その他", "一手詰", "実戦詰"}
	endings     = []kifu.Ending{kifu.Resign, kifu.Interrupt, kifu.Sennichite, kifu.Jishogi, kifu.Mate, kifu.Timeout,
		kifu.IllegalWin, kifu.IllegalLoss, kifu.EnteringKing}
	wellKnown = []string{"香落ち", "角落ち", "飛車落ち", "二枚落ち", "四枚落ち", "六枚落ち", "八枚落ち", "十枚落ち", "右香落ち", "飛香落ち"}
)

// randomLine plays up to n random legal moves from p, returning them.
func randomLine(pk picker, p game.Position, n int) []game.Move {
	var out []game.Move
	var buf []game.Move
	for range n {
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		m := buf[pk.IntN(len(buf))]
		out = append(out, m)
		p = p.Play(m)
	}
	return out
}

// baseRecord makes the record the edits start from.
func baseRecord(pk picker) *kifu.Record {
	var start game.Position
	switch k := pk.IntN(10); {
	case k < 5:
		start = game.StartPosition()
	case k < 7:
		h, _ := game.FindHandicap(wellKnown[pk.IntN(len(wellKnown))])
		start = h.Position()
	default:
		start, _ = game.ParseSFEN(customStarts[pk.IntN(len(customStarts))])
	}
	g := game.NewGame(start)
	timed := pk.IntN(2) == 0
	var elapsed []time.Duration
	for _, m := range randomLine(pk, start, pk.IntN(40)) {
		if g.Play(m) != nil {
			break
		}
		if timed {
			elapsed = append(elapsed, time.Duration(pk.IntN(300))*time.Second)
		}
	}
	var headers []kifu.Header
	if pk.IntN(2) == 0 {
		headers = append(headers, kifu.Header{Key: "開始日時", Value: "2024/03/04 13:00:00"}, kifu.Header{Key: "先手", Value: "A"}, kifu.Header{Key: "後手", Value: "B"})
	}
	r := kifu.FromGame(g, headers, elapsed)
	if _, named := game.HandicapBySFEN(&r.Start); named && len(headers) > 0 && r.Handicap != "平手" {
		r.Headers[1].Key, r.Headers[2].Key = "下手", "上手"
	}
	return r
}

// nodes lists the record's nodes in tree order.
func nodes(r *kifu.Record) []*kifu.Node {
	var out []*kifu.Node
	stack := []*kifu.Node{r.Root}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, n)
		from := len(stack)
		stack = slices.AppendSeq(stack, n.Children())
		slices.Reverse(stack[from:])
	}
	return out
}

// randomEdit makes one random edit through e at a node pk picks (cursor,
// the node last shown, is picked half the time) and returns what it did
// and the node to show next. Refusals are part of the run: they must
// leave the record as it was.
//
// check, when not nil, is called after every single edit (a line of moves
// is several) with the history's length before it and whether it was an
// undo or a redo.
func randomEdit(pk picker, e *Editor, cursor *kifu.Node, check func(before int, history bool, what string)) (string, *kifu.Node) {
	r := e.Record()
	all := nodes(r)
	at := all[pk.IntN(len(all))]
	if pk.IntN(2) == 0 && cursor != nil && r.InTree(cursor) {
		at = cursor
	}
	before := len(e.done)
	history := false
	// done reports an edit made and returns what it was.
	done := func(format string, args ...any) string {
		s := fmt.Sprintf(format, args...)
		if check != nil {
			check(before, history, s)
		}
		before = len(e.done)
		return s
	}
	where := " at " + usiLine(at.Line())
	pick := func(list []string) string { return list[pk.IntN(len(list))] }
	switch k := pk.IntN(100); {
	case k < 30: // a line of moves
		p := r.PositionAt(kifuLineEnd(at))
		n := at
		var log []string
		for _, m := range randomLine(pk, p, 1+pk.IntN(6)) {
			next, err := e.Play(n, m)
			if err != nil {
				return done("play %s: %v", m.USI(), err) + where, n
			}
			n = next
			log = append(log, done("play %s", m.USI()))
		}
		return strings.Join(log, ", ") + where, n
	case k < 36:
		end := endings[pk.IntN(len(endings))]
		n, err := e.End(at, end)
		if err != nil {
			return done("end %v: %v", end, err) + where, at
		}
		return done("end %v", end) + where, n
	case k < 44:
		parent, err := e.Delete(at)
		if err != nil {
			return done("delete: %v", err) + where, at
		}
		return done("delete") + where, parent
	case k < 50:
		return done("promote: %v", e.PromoteToMain(at)) + where, at
	case k < 55:
		return done("up: %v", e.MoveUp(at)) + where, at
	case k < 59:
		return done("down: %v", e.MoveDown(at)) + where, at
	case k < 69:
		c := pick(comments)
		return done("comment %q: %v", c, e.SetComment(at, c)) + where, at
	case k < 75:
		b := pick(bookmarks)
		if pk.IntN(4) == 0 {
			b = ""
		}
		return done("bookmark %q: %v", b, e.SetBookmark(at, b)) + where, at
	case k < 81:
		key, val := pick(headerKeys), pick(headerVals)
		if pk.IntN(4) == 0 {
			e.DeleteHeader(key)
			return done("delete header %s", key), at
		}
		return done("header %s=%s: %v", key, val, e.SetHeader(key, val)), at
	case k < 84:
		c := game.Color(pk.IntN(2))
		name := pick(playerNames)
		return done("player %v=%s: %v", c, name, e.SetPlayer(c, name)), at
	case k < 86:
		name := pick(startNames)
		return done("start name %s: %v", name, e.SetHandicapName(name)), at
	case k < 94:
		history = true
		n, ok := e.Undo()
		if ok && n != nil {
			at = n
		}
		return done("undo %v", ok), at
	default:
		history = true
		n, ok := e.Redo()
		if ok && n != nil {
			at = n
		}
		return done("redo %v", ok), at
	}
}

// kifuLineEnd is where a move made at n goes (its parent for an ending).
func kifuLineEnd(n *kifu.Node) *kifu.Node {
	if n.Ending != kifu.NoEnding && n.Parent != nil {
		return n.Parent
	}
	return n
}

// generate makes the edited record of seed: its editor (keeping under
// stateDir, "" for none) and the log of its edits.
func generate(seed uint64, stateDir string) (*Editor, []string) {
	pk := randFor(seed)
	e := New(baseRecord(pk), Options{StateDir: stateDir})
	var log []string
	var cursor *kifu.Node
	for range 10 + pk.IntN(50) {
		var s string
		s, cursor = randomEdit(pk, e, cursor, nil)
		log = append(log, s)
	}
	return e, log
}

// randFor returns the generator's random source for seed.
func randFor(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5eed)) }

func usiLine(ms []game.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.USI()
	}
	return strings.Join(s, " ")
}
