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

// endingFromKIF reads a KIF special word such as 投了, or 先手 反則負け as
// Shogi Wars writes it (naming the side). mover is the side to move.
func endingFromKIF(word string, mover game.Color) (Ending, string) {
	w := strings.TrimSpace(word)
	side, named := mover, false
	for _, pre := range []struct {
		s string
		c game.Color
	}{{"先手", game.Black}, {"下手", game.Black}, {"後手", game.White}, {"上手", game.White}, {"▲", game.Black}, {"△", game.White}, {"☗", game.Black}, {"☖", game.White}} {
		if rest, ok := strings.CutPrefix(w, pre.s); ok && rest != "" {
			side, named = pre.c, true
			w = strings.TrimLeft(rest, " 　の")
			break
		}
	}
	e := NoEnding
	for k, v := range kifEndings {
		if v == w {
			e = k
		}
	}
	if e == NoEnding {
		e = kifEndingAliases[w]
	}
	if e == NoEnding {
		return OtherEnding, strings.TrimSpace(word)
	}
	if named && side != mover {
		// The word is said of the side that just moved.
		switch e {
		case IllegalWin:
			e = IllegalLoss
		case IllegalLoss:
			e = IllegalWin
		}
	}
	return e, ""
}

// kifWord returns the word a KIF move line writes for an ending node.
func kifWord(n *Node) string {
	if n.Ending == OtherEnding {
		w := n.Word
		if w == "" {
			w = "中断"
		}
		return w
	}
	return kifEndings[n.Ending]
}

// endingWord names an ending node for messages.
func endingWord(n *Node) string { return endingWordOf(n.Ending, n.Word) }

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
		if w := strings.TrimPrefix(n.Word, "%"); isCSAWord(w) {
			return w
		}
		return "CHUDAN"
	case Forfeit:
		return "CHUDAN"
	}
	return csaEndings[n.Ending]
}

func isCSAWord(w string) bool {
	if w == "" {
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
// ended). mover is the side to move after the last move.
func endingFromSummary(line string, mover game.Color) (Ending, string) {
	rest := strings.TrimPrefix(line, "まで")
	i := strings.Index(rest, "手")
	if i < 0 {
		return OtherEnding, line
	}
	rest = strings.TrimSpace(rest[i+len("手"):])
	if strings.HasPrefix(rest, "詰") { // まで49手詰
		return Mate, ""
	}
	rest = strings.TrimPrefix(rest, "で")
	named, side := false, mover
	for _, pre := range []struct {
		s string
		c game.Color
	}{{"先手", game.Black}, {"下手", game.Black}, {"後手", game.White}, {"上手", game.White}} {
		if strings.Contains(rest, pre.s+"の") {
			named, side = true, pre.c
		}
	}
	has := func(s string) bool { return strings.Contains(rest, s) }
	switch {
	case has("時間切れ") || has("切れ負け"):
		return Timeout, ""
	case has("反則勝ち"):
		if named && side != mover {
			return IllegalLoss, ""
		}
		return IllegalWin, ""
	case has("反則負け"):
		if named && side != mover {
			return IllegalWin, ""
		}
		return IllegalLoss, ""
	case has("入玉勝ち") || has("宣言勝ち"):
		return EnteringKing, ""
	case has("不戦敗"):
		return Forfeit, ""
	case has("勝ち"):
		return Resign, ""
	case has("詰"):
		return Mate, ""
	case has("中断"):
		return Interrupt, ""
	case has("千日手"):
		return Sennichite, ""
	case has("持将棋"):
		return Jishogi, ""
	case has("引き分け") || has("引分"):
		return Draw, ""
	}
	return OtherEnding, rest
}
