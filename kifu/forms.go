package kifu

import (
	"strconv"
	"strings"

	"shogi/game"
)

// Source says who wrote an evaluation into a record.
type Source uint8

const (
	// Played is the engine that played the move, during the game:
	// ShogiHome's "*評価値=" lines ("**評価値=" in a KIF file), floodgate's
	// and shogi-server's "* SCORE PV…" ("'** …" in a CSA file), ShogiGUI's
	// "*対局 … 評価値 N 読み筋 …".
	Played Source = iota
	// Analysed is an analysis after the game: ShogiHome's "#評価値="
	// lines, ShogiGUI's "*解析 …", 棋神アナリティクス's "* … 評価値 N …",
	// K-Shogi's and ぴよ将棋's "#形勢[N]" and "#指し手[N]".
	Analysed
)

// ReadEvaluation reads what src wrote about the position after n: for
// Played, n.Eval when the record was built from a game here, else the
// comment's lines in any of the forms above. after is the position after
// n, where the lines of moves start. When a comment holds more than one
// form, ShogiHome's comes first, then the others in the order above.
func (n *Node) ReadEvaluation(after game.Position, src Source) (Evaluation, bool) {
	if src == Played && n.Eval() != nil {
		return *n.Eval(), true
	}
	if !strings.ContainsAny(n.Comment(), playerMark+analysisMark) {
		return Evaluation{}, false
	}
	lines := strings.Split(n.Comment(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, "\r")
	}
	mark := playerMark
	if src == Analysed {
		mark = analysisMark
	}
	if e, ok := readShogiHome(lines, after, mark); ok {
		return e, true
	}
	var e Evaluation
	found := false
	for _, l := range lines {
		f, ok := readWild(l, &after)
		if !ok || f.src != src {
			continue
		}
		switch {
		case !found:
			e, found = f.Evaluation, true
		case f.candidate > 1 && len(f.PV) > 0:
			// ShogiGUI's further candidates (候補2 …) are further lines.
			e.MorePVs = append(e.MorePVs, f.PV)
		}
	}
	return e, found
}

// Stored is the evaluation a record holds of the position after n, for
// the study's graph, marks and panel: an analysis when there is one,
// else what the engine that played the move thought.
func (n *Node) Stored(after game.Position) (Evaluation, Source, bool) {
	if e, ok := n.ReadEvaluation(after, Analysed); ok {
		return e, Analysed, true
	}
	e, ok := n.ReadEvaluation(after, Played)
	return e, Played, ok
}

// wildLine is one line of another program's form, read.
type wildLine struct {
	Evaluation
	src       Source
	candidate int // ShogiGUI's 候補N; 0 when the line has none
}

// isWildLine reports whether a comment line is an engine's line in one
// of the other programs' forms.
func isWildLine(line string) bool {
	_, ok := readWild(line, nil)
	return ok
}

// readWild reads one comment line in another program's form. Its lines
// of moves are read from after (none when after is nil).
func readWild(line string, after *game.Position) (wildLine, bool) {
	switch {
	case strings.HasPrefix(line, "#形勢["), strings.HasPrefix(line, "#指し手["):
		return readKShogi(line, after)
	case strings.HasPrefix(line, "*対局"):
		return readSpaced(strings.TrimPrefix(line, "*対局"), after, Played)
	case strings.HasPrefix(line, "*解析"):
		return readSpaced(strings.TrimPrefix(line, "*解析"), after, Analysed)
	case strings.HasPrefix(line, "* ") && strings.Contains(line, " 評価値 "):
		return readSpaced(line[1:], after, Analysed) // 棋神アナリティクス
	case strings.HasPrefix(line, "*"):
		return readFloodgate(line[1:], after)
	}
	return wildLine{}, false
}

// readFloodgate reads floodgate's form, "SCORE [CSA-MOVE…] [#NODES]"
// after the "*" (CSA3's adds the nodes): the score from Black's side in
// centipawns, a mate as YaneuraOu scores one (±(32000 − plies); ±30000
// and beyond, a mate of unknown length).
func readFloodgate(body string, after *game.Position) (wildLine, bool) {
	f := strings.Fields(body)
	if len(f) == 0 {
		return wildLine{}, false
	}
	score, err := strconv.Atoi(strings.TrimPrefix(f[0], "+"))
	if err != nil {
		return wildLine{}, false
	}
	w := wildLine{src: Played}
	w.Score, w.HasScore = score, true
	if a := abs(score); a >= 30000 {
		w.Score, w.HasScore = 0, false
		w.Mate = sign(score) * MateUnknown
		if a > 30000 && a <= 32000 {
			w.Mate = sign(score) * max(32000-a, 1)
		}
	}
	moves := f[1:]
	for i, t := range moves {
		if x, ok := strings.CutPrefix(t, "#"); ok {
			if n, err := strconv.ParseUint(x, 10, 64); err == nil {
				w.Nodes = n
			}
			moves = moves[:i]
			break
		}
	}
	if after != nil {
		w.PV = csaPV(*after, moves)
	}
	return w, true
}

// readSpaced reads ShogiGUI's form, the line after "*対局" or "*解析"
// (and 棋神アナリティクス's after "*"): words and values between spaces,
// "[N] [○] [候補K] [時間 T] [深さ D[/SD]] [ノード数 N] [評価値 V[↑↓]]
// [読み筋 ▲７六歩(77) △…]". The score is from Black's side; a mate is
// written "+詰" or "-詰" (with its length when known).
func readSpaced(body string, after *game.Position, src Source) (wildLine, bool) {
	if body != "" && body[0] != ' ' {
		return wildLine{}, false // *対局者 … is a person's word
	}
	w := wildLine{src: src}
	head, pv, hasPV := strings.Cut(body, " 読み筋 ")
	f := strings.Fields(head)
	ok := false
	for i := 0; i < len(f); i++ {
		key := f[i]
		if c, found := strings.CutPrefix(key, "候補"); found {
			if k, err := strconv.Atoi(c); err == nil {
				w.candidate = k
			}
			continue
		}
		if i+1 >= len(f) {
			break
		}
		value := f[i+1]
		switch key {
		case "深さ":
			d, _, _ := strings.Cut(value, "/")
			if n, err := strconv.Atoi(d); err == nil {
				w.Depth = n
			}
		case "ノード数":
			if n, err := strconv.ParseUint(value, 10, 64); err == nil {
				w.Nodes = n
			}
		case "評価値":
			if spacedScore(&w.Evaluation, value) {
				ok = true
			}
		default:
			continue
		}
		i++
	}
	if hasPV {
		w.PV = marksPV(after, pv)
	}
	return w, ok || hasPV
}

// spacedScore reads ShogiGUI's score: "50", "+50", "-120↓", "+詰", "-詰7".
func spacedScore(e *Evaluation, v string) bool {
	v = strings.TrimRight(v, "↑↓")
	if rest, ok := strings.CutPrefix(strings.TrimLeft(v, "+-"), "詰"); ok {
		s := 1
		if strings.HasPrefix(v, "-") {
			s = -1
		}
		e.Mate = s * MateUnknown
		if n, err := strconv.Atoi(strings.TrimSuffix(rest, "手")); err == nil && n > 0 {
			e.Mate = s * min(n, MateUnknown)
		}
		return true
	}
	n, err := strconv.Atoi(strings.TrimPrefix(v, "+"))
	if err != nil {
		return false
	}
	e.Score, e.HasScore = n, true
	return true
}

// readKShogi reads K-Shogi's and ぴよ将棋's "#形勢[N]" or "#指し手[N]",
// the moves after the bracket.
func readKShogi(line string, after *game.Position) (wildLine, bool) {
	_, rest, _ := strings.Cut(line, "[")
	num, pv, found := strings.Cut(rest, "]")
	n, err := strconv.Atoi(strings.TrimPrefix(num, "+"))
	if !found || err != nil {
		return wildLine{}, false
	}
	w := wildLine{src: Analysed}
	w.Score, w.HasScore = n, true
	w.PV = marksPV(after, pv)
	return w, true
}

// marksPV reads a line of moves from the first mark of the side to move
// on, as ShogiHome does for the forms that put words before the moves;
// nil when after is.
func marksPV(after *game.Position, text string) []game.Move {
	if after == nil {
		return nil
	}
	mark := "▲"
	if after.SideToMove() == game.White {
		mark = "△"
	}
	k := strings.Index(text, mark)
	if k < 0 {
		return nil
	}
	return ParsePV(*after, text[k:])
}

// csaPV reads CSA moves (-3334FU) from p as far as they read and are
// legal.
func csaPV(p game.Position, tokens []string) []game.Move {
	var out []game.Move
	for _, t := range tokens {
		m, err := parseCSAMove(&p, t)
		if err != nil || !p.IsLegal(m) {
			break
		}
		out = append(out, m)
		p = p.Play(m)
	}
	return out
}
