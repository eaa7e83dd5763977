package kifu

import (
	"strconv"
	"strings"

	"shogi/game"
	"shogi/game/notation"
)

// ShogiHome keeps an analysis in the move's comment, as lines a person
// can read and ShogiHome reads back (its evaluation graph, its lines to
// play out, its search for blunders):
//
//	【悪手】
//	先手有望
//	#評価値=250
//	#読み筋=△３四歩▲２六歩△８四歩
//	#深さ=12
//	#ノード数=1234567
//	#エンジン=Fairy-Stockfish 11.1
//
// The verdict in brackets comes only for a move it judged; the situation
// word only with a score; a mate is "#詰み=先手勝ち:7手" instead of the
// word and the score. Scores are from Black's side. ShogiHome puts the
// lines before the comment the move already had, and so does SetAnalysis;
// running an analysis again replaces them and keeps the rest.

// SetAnalysis writes e into n's comment in ShogiHome's analysis form,
// replacing any analysis lines it held and keeping everything else after
// them. after is the position after n, where e's lines start. A nil e
// only removes the analysis.
func (n *Node) SetAnalysis(e *Evaluation, after game.Position) {
	rest := StripAnalysis(n.Comment())
	var block string
	if e != nil {
		block = e.searchComment(after, analysisMark)
		if block != "" && e.Verdict != "" {
			block = "【" + e.Verdict + "】\n" + block
		}
	}
	first, _, _ := strings.Cut(rest, "\n")
	switch {
	case block == "":
		n.SetComment(rest)
	case rest == "":
		n.SetComment(block)
	case strings.TrimSpace(first) == "":
		// A blank line right after a block is the block's separator when
		// read back: keep the comment's own with one more.
		n.SetComment(block + "\n\n" + rest)
	default:
		n.SetComment(block + "\n" + rest)
	}
}

// Analysis reads back the analysis n's comment holds (ShogiHome's as
// SetAnalysis writes it, or another program's: see Analysed); after is
// the position after n, where its lines start. ok is false when the
// comment has none. A line that does not read is skipped; a line of moves
// is read as far as its moves are legal.
func (n *Node) Analysis(after game.Position) (e Evaluation, ok bool) {
	return n.ReadEvaluation(after, Analysed)
}

// readShogiHome reads ShogiHome's key lines after mark ("*" a player's,
// "#" an analysis's) and the verdict before them.
func readShogiHome(lines []string, after game.Position, mark string) (e Evaluation, ok bool) {
	for i, l := range lines {
		if v, isVerdict := verdictOf(l); isVerdict && i+1 < len(lines) && startsBlock(lines[i+1:], mark) {
			e.Verdict = v
			continue
		}
		key, value, found := strings.Cut(strings.TrimPrefix(l, mark), "=")
		if !strings.HasPrefix(l, mark) || !found {
			continue
		}
		switch key + "=" {
		case keyScore:
			if f, err := strconv.ParseFloat(strings.TrimSpace(value), 64); err == nil {
				e.Score, e.HasScore, ok = int(f), true, true
			}
		case keyMate:
			if m, good := parseMate(value); good {
				e.Mate, ok = m, true
			}
		case keyPV:
			pv := ParsePV(after, value)
			if len(pv) == 0 {
				continue
			}
			if e.PV == nil {
				e.PV = pv
			} else {
				e.MorePVs = append(e.MorePVs, pv)
			}
			ok = true
		case keyDepth:
			if d, err := strconv.Atoi(strings.TrimSpace(value)); err == nil {
				e.Depth, ok = d, true
			}
		case keyNodes:
			if x, err := strconv.ParseUint(strings.TrimSpace(value), 10, 64); err == nil {
				e.Nodes, ok = x, true
			}
		case keyEngine:
			e.Engine, ok = value, true
		}
	}
	if !ok {
		return Evaluation{}, false
	}
	return e, true
}

// parseMate reads "先手勝ち:7手", "後手勝ち" (length unknown).
func parseMate(v string) (int, bool) {
	side, plies, hasPlies := strings.Cut(strings.TrimSpace(v), ":")
	sign := 1
	switch side {
	case "先手勝ち":
	case "後手勝ち":
		sign = -1
	default:
		return 0, false
	}
	if !hasPlies {
		return sign * MateUnknown, true
	}
	n, err := strconv.Atoi(strings.TrimSuffix(plies, "手"))
	if err != nil || n <= 0 {
		return 0, false
	}
	return sign * min(n, MateUnknown), true
}

// verdicts are the judgements ShogiHome writes in brackets.
var verdicts = []string{"緩手", "疑問手", "悪手", "大悪手"}

func verdictOf(line string) (string, bool) {
	inner, ok := strings.CutPrefix(line, "【")
	if !ok {
		return "", false
	}
	inner, ok = strings.CutSuffix(inner, "】")
	if !ok {
		return "", false
	}
	for _, v := range verdicts {
		if inner == v {
			return v, true
		}
	}
	return "", false
}

// isKeyLine reports whether a line is one of ShogiHome's key lines after
// mark.
func isKeyLine(line, mark string) bool {
	rest, ok := strings.CutPrefix(line, mark)
	if !ok {
		return false
	}
	for _, k := range []string{keyMate, keyScore, keyPV, keyDepth, keyNodes, keyEngine} {
		if strings.HasPrefix(rest, k) {
			return true
		}
	}
	return false
}

// startsBlock reports whether lines begin a block of ShogiHome's lines
// after mark: a key line, or the situation word before a score.
func startsBlock(lines []string, mark string) bool {
	if len(lines) == 0 {
		return false
	}
	first := strings.TrimRight(lines[0], "\r")
	if isKeyLine(first, mark) {
		return true
	}
	return isSituation(first) && len(lines) > 1 && strings.HasPrefix(strings.TrimRight(lines[1], "\r"), mark+keyScore)
}

// StripAnalysis returns a comment without its analysis lines in
// ShogiHome's form: every key line, the situation word before a score,
// the verdict before a block, and the blank line ShogiHome leaves between
// a block and the comment that was there. Everything else stays as it
// was (SetAnalysis replaces only what it writes).
func StripAnalysis(comment string) string {
	_, rest := splitBlocks(comment, analysisMark, false)
	return rest
}

// StripEvaluations returns a comment without any engine's lines, in
// every form ReadEvaluation reads: the words a person wrote, for showing
// apart from the evaluation.
func StripEvaluations(comment string) string {
	_, rest := splitBlocks(comment, playerMark+analysisMark, true)
	return rest
}

// analysisBlock returns the analysis lines of a comment (those
// StripAnalysis takes away, less the blank line after a block).
func analysisBlock(comment string) string {
	block, _ := splitBlocks(comment, analysisMark, false)
	return block
}

// splitBlocks cuts a comment into ShogiHome's blocks after any of marks
// (and, with wild, the other programs' engine lines) and the rest.
func splitBlocks(comment, marks string, wild bool) (block, rest string) {
	if !strings.ContainsAny(comment, marks) {
		return "", comment
	}
	lines := strings.Split(comment, "\n")
	keep := lines[:0:0]
	var taken []string
	for i := 0; i < len(lines); i++ {
		l := strings.TrimRight(lines[i], "\r")
		mark, in := blockMark(lines, i, marks)
		switch {
		case wild && isWildLine(l):
		case in:
			if isKeyLine(l, mark) && i+1 < len(lines) && strings.TrimSpace(lines[i+1]) == "" && !startsBlock(lines[i+1:], mark) {
				taken = append(taken, lines[i])
				i++ // the blank line after a block goes with it
				continue
			}
		default:
			keep = append(keep, lines[i])
			continue
		}
		taken = append(taken, lines[i])
	}
	if taken == nil {
		return "", comment
	}
	return strings.Join(taken, "\n"), strings.Join(keep, "\n")
}

// blockMark reports whether lines[i] belongs to a block of ShogiHome's
// lines after one of marks, and which: a key line, the verdict before a
// block, or the situation word before a score.
func blockMark(lines []string, i int, marks string) (string, bool) {
	l := strings.TrimRight(lines[i], "\r")
	_, isVerdict := verdictOf(l)
	for _, r := range marks {
		mark := string(r)
		if isKeyLine(l, mark) || isVerdict && startsBlock(lines[i+1:], mark) || isSituation(l) && startsBlock(lines[i:], mark) {
			return mark, true
		}
	}
	return "", false
}

// ParsePV reads a line of moves written as ShogiHome writes them, each
// after its side mark (▲７六歩△３四歩▲同　角 …), from p; it stops at the
// first move that does not read or is illegal. Blanks are ignored.
func ParsePV(p game.Position, text string) []game.Move {
	text = strings.Map(func(r rune) rune {
		if r == ' ' || r == '\u3000' || r == '\t' {
			return -1
		}
		return r
	}, text)
	var out []game.Move
	prev := game.NoMove
	for _, tok := range splitMarks(text) {
		m, err := notation.Parse(&p, tok, notation.KI2, prev)
		if err != nil {
			m, err = notation.ParseAny(&p, tok, prev)
		}
		if err != nil || !p.IsLegal(m) {
			break
		}
		out = append(out, m)
		p, prev = p.Play(m), m
	}
	return out
}

// splitMarks cuts text before each side mark.
func splitMarks(text string) []string {
	var out []string
	start := 0
	for i, r := range text {
		if i > start && strings.ContainsRune("▲△▼▽☗☖", r) {
			out = append(out, text[start:i])
			start = i
		}
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}
