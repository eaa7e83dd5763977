package tsume

import (
	"shogi/app/words"
	"shogi/tui/common"

	"charm.land/bubbles/v2/key"
)

// keyMap is the training screens' own keys; the board's (cursor, enter,
// tab, :, typed moves) and the shared ones (flip, notation, copy, help,
// quit) are the app's. None is a key that starts a typed move (a digit,
// P L N S G B R K D, p n s g b r, + -), so a move can always be typed.
type keyMap struct {
	Hint, Solution, Retry, Restart key.Binding
	Next, Prev, Check, Leave       key.Binding
	NextQuiz, PrevQuiz             key.Binding // Next and Prev, as the quizzes call them
	StepOn, StepBack, First, Last  key.Binding
	Back                           key.Binding
	Step                           key.Binding // both steps, for the help bar
}

func newKeys(c *common.Common) keyMap {
	tw := words.TsumeWordsFor(c.Lang)
	b := func(help, desc string, keys ...string) key.Binding {
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	step := [3]string{"→/l", "←/h", "←/→"}
	if c.ASCII {
		step = [3]string{"right/l", "left/h", "left/right"}
	}
	return keyMap{
		Hint:     b("H", tw.KeyHint, "H"),
		Solution: b("a", tw.KeySolution, "a"),
		Retry:    b("u", tw.KeyRetry, "u"),
		Restart:  b("U", tw.KeyRestart, "U"),
		Next:     b("]", tw.KeyNext, "]", "pgdown"),
		Prev:     b("[", tw.KeyPrev, "[", "pgup"),
		NextQuiz: b("]", tw.KeyNextQuiz, "]", "pgdown"),
		PrevQuiz: b("[", tw.KeyPrevQuiz, "[", "pgup"),
		Check:    b("C", tw.KeyCheck, "C"),
		Leave:    b("q", tw.KeyLeave, "q"),
		StepOn:   b(step[0], tw.KeyStepOn, "right", "l"),
		StepBack: b(step[1], tw.KeyStepBack, "left", "h"),
		First:    b("home/g", c.Keys.First.Help().Desc, "home", "g"),
		Last:     b("end/G", c.Keys.Last.Help().Desc, "end", "G"),
		Back:     b("esc", tw.KeyBack, "esc", "q", "a"),
		Step:     b(step[2], tw.KeyStep, "left", "right"),
	}
}
