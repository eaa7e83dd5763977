package kifu

import (
	"fmt"
	"strings"

	"shogi/game"
)

// kifEndings maps each ending to the word KIF writes as its move.
var kifEndings = map[Ending]string{
	Resign:       "投了",
	Mate:         "詰み",
	Sennichite:   "千日手",
	Jishogi:      "持将棋",
	EnteringKing: "入玉勝ち",
	Interrupt:    "中断",
	Timeout:      "切れ負け",
	IllegalWin:   "反則勝ち",
	IllegalLoss:  "反則負け",
	Forfeit:      "不戦敗",
	Draw:         "引き分け",
}

// kifEndingAliases are other words real files use for the same endings.
var kifEndingAliases = map[string]Ending{
	"時間切れ": Timeout,
	"宣言勝ち": EnteringKing,
	"入玉宣言": EnteringKing,
	"引分け":  Draw,
	"引分":   Draw,
	"詰":    Mate,
}

// csaEndings maps each ending to its CSA word (without the %). The
// ILLEGAL_ACTION forms name the side that broke the rule, so they depend
// on who is to move and are handled apart.
var csaEndings = map[Ending]string{
	Resign:       "TORYO",
	Mate:         "TSUMI",
	Sennichite:   "SENNICHITE",
	Jishogi:      "JISHOGI",
	EnteringKing: "KACHI",
	Interrupt:    "CHUDAN",
	Timeout:      "TIME_UP",
	IllegalLoss:  "ILLEGAL_MOVE",
	Draw:         "HIKIWAKE",
}

// sidePrefixes are the names a record gives the sides.
var sidePrefixes = []struct {
	s string
	c game.Color
}{{"先手", game.Black}, {"下手", game.Black}, {"後手", game.White}, {"上手", game.White},
	{"▲", game.Black}, {"△", game.White}, {"☗", game.Black}, {"☖", game.White}}

// endingFromKIF reads the text of a special move or of a まで line after
// "まで N 手で": 投了, 先手 反則負け as Shogi Wars writes it, 後手の勝ち,
// 時間切れにより先手の勝ち … Only whole known forms count; any other
// text is kept as an OtherEnding word, so a word survives being written
// either way. mover is the side to move.
func endingFromKIF(word string, mover game.Color) (Ending, string) {
	w := strings.Trim(word, " 　")
	if w == "" {
		return NoEnding, ""
	}
	for k, v := range kifEndings {
		if v == w {
			return k, ""
		}
	}
	if e, ok := kifEndingAliases[w]; ok {
		return e, ""
	}
	rest, timeUp := strings.CutPrefix(w, "時間切れにより")
	for _, pre := range sidePrefixes {
		x, ok := strings.CutPrefix(rest, pre.s)
		if !ok {
			continue
		}
		x = strings.TrimLeft(x, " 　")
		x = strings.TrimPrefix(x, "の")
		flip := pre.c != mover // said of the side that just moved
		switch {
		case timeUp && x == "勝ち":
			return Timeout, ""
		case timeUp:
		case x == "勝ち", x == "投了":
			return Resign, ""
		case x == "切れ負け", x == "時間切れ":
			return Timeout, ""
		case x == "入玉勝ち", x == "宣言勝ち":
			return EnteringKing, ""
		case x == "不戦敗":
			return Forfeit, ""
		case x == "反則勝ち" && flip, x == "反則負け" && !flip:
			return IllegalLoss, ""
		case x == "反則勝ち", x == "反則負け":
			return IllegalWin, ""
		}
		break
	}
	return OtherEnding, w
}

// kifWord returns the word a KIF move line writes for an ending node.
func kifWord(n *Node) string {
	if n.Ending == OtherEnding {
		w := n.Word()
		if w == "" {
			w = "中断"
		}
		return w
	}
	return kifEndings[n.Ending]
}

// endingWord names an ending node for messages.
func endingWord(n *Node) string { return endingWordOf(n.Ending, n.Word()) }

func endingWordOf(e Ending, word string) string {
	if e == OtherEnding {
		return word
	}
	if w, ok := kifEndings[e]; ok {
		return w
	}
	return "no ending"
}

// String names the ending in English.
func (e Ending) String() string {
	names := [...]string{"none", "resign", "mate", "sennichite", "jishogi", "entering king", "interrupt",
		"timeout", "illegal win", "illegal loss", "forfeit", "draw", "other"}
	if int(e) < len(names) {
		return names[e]
	}
	return fmt.Sprintf("ending(%d)", int(e))
}

// endingFromCSA reads a CSA special (without %). mover is the side to move.
func endingFromCSA(word string, mover game.Color) (Ending, string) {
	switch word {
	case "+ILLEGAL_ACTION", "-ILLEGAL_ACTION":
		fouler := game.Black
		if word[0] == '-' {
			fouler = game.White
		}
		if fouler == mover {
			return IllegalLoss, ""
		}
		return IllegalWin, ""
	}
	for k, v := range csaEndings {
		if v == word {
			return k, ""
		}
	}
	return OtherEnding, word
}

// csaWord returns the CSA special for an ending node (without %); mover is
// the side to move at the ending.
func csaWord(n *Node, mover game.Color) string {
	switch n.Ending {
	case IllegalWin:
		// The side that just moved broke a rule.
		if mover == game.Black {
			return "-ILLEGAL_ACTION"
		}
		return "+ILLEGAL_ACTION"
	case OtherEnding:
		if w := strings.TrimPrefix(n.Word(), "%"); isCSAWord(w) {
			return w
		}
		return "CHUDAN"
	case Forfeit:
		return "CHUDAN"
	}
	return csaEndings[n.Ending]
}

// isCSAWord reports whether w looks like a CSA special: capitals and
// underscores, maybe after a + or - (+ILLEGAL_ACTION). It must end with a
// letter, since a KIF line's trailing + is a branch mark.
func isCSAWord(w string) bool {
	if w == "" || !(w[len(w)-1] >= 'A' && w[len(w)-1] <= 'Z' || w[len(w)-1] == '_') {
		return false
	}
	for _, r := range w {
		if !(r >= 'A' && r <= 'Z' || r == '_' || r == '+' || r == '-') {
			return false
		}
	}
	return true
}

// sideName is 先手 or 後手.
func sideName(c game.Color) string { return c.Japanese() }

// ki2Summary writes the closing まで line the way other programs write it
// for each ending; plies is the number of moves played.
func ki2Summary(n *Node, plies int, mover game.Color) string {
	head := fmt.Sprintf("まで%d手で", plies)
	switch n.Ending {
	case Resign:
		return head + sideName(mover.Other()) + "の勝ち"
	case Mate:
		return head + "詰み"
	case Interrupt:
		return head + "中断"
	case Sennichite:
		return head + "千日手"
	case Jishogi:
		return head + "持将棋"
	case Timeout:
		return head + "時間切れにより" + sideName(mover.Other()) + "の勝ち"
	case IllegalWin:
		return head + sideName(mover) + "の反則勝ち"
	case IllegalLoss:
		return head + sideName(mover) + "の反則負け"
	case EnteringKing:
		return head + sideName(mover) + "の入玉勝ち"
	case Forfeit:
		return head + sideName(mover) + "の不戦敗"
	case Draw:
		return head + "引き分け"
	}
	return head + kifWord(n)
}

// endingFromSummary reads a まで… line (KI2's only way to say how a game
// ended). mover is the side to move after the last move. A line that says
// nothing gives NoEnding.
func endingFromSummary(line string, mover game.Color) (Ending, string) {
	rest := strings.TrimPrefix(line, "まで")
	i := strings.Index(rest, "手")
	if i < 0 {
		return OtherEnding, strings.Trim(line, " 　")
	}
	rest = rest[i+len("手"):]
	if strings.HasPrefix(rest, "詰") { // まで49手詰 (a tsume problem's end)
		return Mate, ""
	}
	return endingFromKIF(strings.TrimPrefix(rest, "で"), mover)
}
