package play

import (
	"context"
	"errors"
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/tui/common"
	"shogi/tui/components"
)

// A program that fails in a person's game (it crashes, hangs, sends
// garbage) pauses the game (game/match decides so): the screen names the
// program and what it did, and offers to go on from the same position and
// clocks with that program started afresh or with another one — ←/→
// choose, enter goes on. The game stays kept meanwhile.

// faultChoice is a player the failed program's seat may go to.
type faultChoice struct {
	spec   match.Spec
	name   string // the name to show and record; "" for a built-in level
	label  string
	afresh bool // the same program, started again
}

// replacedMsg says whether the failed program's seat was filled.
type replacedMsg struct {
	gen  int
	side game.Color
	ch   faultChoice
	err  error
}

// faultStands reports whether the game is paused on a program's failure
// that this screen can mend (a game the app runs).
func (m *Model) faultStands() bool {
	return m.Snap.Fault != nil && !m.Over() && m.Sess != nil && m.Sess.local != nil
}

// Replacing reports whether a failed program's replacement is starting.
func (m *Model) Replacing() bool { return m.replacing }

// faultChoices are the players that may take the failed program's seat:
// the same program first, then the built-in levels and the engines of
// the list.
func (m *Model) faultChoices() []faultChoice {
	side := m.Snap.Fault.Side
	cur := m.Setup.Players[side]
	out := []faultChoice{{spec: cur, name: m.names[side], label: fmt.Sprintf(m.c.Gw().Afresh, m.name(side)), afresh: true}}
	for _, p := range m.c.ProgramChoices() {
		if p.Spec.String() == cur.String() {
			continue
		}
		out = append(out, faultChoice{spec: p.Spec, name: p.Name, label: m.c.ChoiceLabel(p)})
	}
	return out
}

// faultEvent shows a program's failure.
func (m *Model) faultEvent(f match.Fault) {
	gw := m.c.Gw()
	m.Think, m.faultPick, m.replacing = nil, 0, false
	m.clearPick()
	m.closeInput()
	detail := f.Err.Error()
	var ue *usi.Error
	if errors.As(f.Err, &ue) {
		detail = ue.Msg // the name is said already
	}
	m.SetError(fmt.Sprintf(gw.FaultPaused, m.name(f.Side), m.c.Words.SideName(f.Side), gw.FaultWhat(f.Kind), detail))
}

// faultKey takes ←/→ and enter while a fault stands; other keys go on
// to the screen's usual handling (q leaves, ? helps, f flips …).
func (m Model) faultKey(msg tea.KeyPressMsg) (Model, tea.Cmd, bool) {
	k := m.c.Keys
	choices := m.faultChoices()
	switch {
	case common.KeyIs(msg, k.Left), common.KeyIs(msg, k.Right), common.IsEnter(msg):
		if m.replacing {
			return m, nil, true
		}
	default:
		return m, nil, false
	}
	switch {
	case common.KeyIs(msg, k.Left):
		m.faultPick = common.WrapAdd(m.faultPick, -1, len(choices))
	case common.KeyIs(msg, k.Right):
		m.faultPick = common.WrapAdd(m.faultPick, 1, len(choices))
	default:
		ch := choices[m.faultPick%len(choices)]
		m.replacing = true
		m.SetInfo(fmt.Sprintf(m.c.Gw().Replacing, ch.label))
		cmd := replaceCmd(m.c.Context(), m.Sess.local, m.gen, m.Snap.Fault.Side, ch, m.c.Rand.Uint64())
		return m, tea.Batch(m.c.Block(m.spin.Tick), cmd), true
	}
	return m, nil, true
}

// replaceCmd starts the chosen player off the UI loop (an engine may
// take seconds) and gives it the failed program's seat; the session
// closes the failed one. ctx is the app's.
func replaceCmd(ctx context.Context, g *localGame, gen int, side game.Color, ch faultChoice, seed uint64) tea.Cmd {
	return func() tea.Msg {
		p, err := match.StartPlayer(ctx, ch.spec, g.env.EngineCfg, seed)
		if err != nil {
			return replacedMsg{gen: gen, side: side, ch: ch, err: err}
		}
		if ch.spec.Kind == match.USIKind && ch.name == "" {
			ch.name = p.Name()
		}
		return replacedMsg{gen: gen, side: side, ch: ch, err: g.s.Replace(side, p, ch.spec, ch.name)}
	}
}

// replaced takes the answer of replaceCmd.
func (m Model) replaced(msg replacedMsg) Model {
	if msg.gen != m.gen {
		return m
	}
	m.replacing = false
	gw := m.c.Gw()
	if msg.err != nil {
		m.SetError(fmt.Sprintf(gw.ReplaceFailed, msg.ch.label, msg.err))
		return m
	}
	m.Setup.Players[msg.side], m.names[msg.side] = msg.ch.spec, msg.ch.name
	m.refresh()
	m.SetInfo(fmt.Sprintf(gw.Replaced, m.name(msg.side)))
	return m
}

// faultLine is the prompt line while a fault stands: the program and
// what it did, and the player chosen to go on with.
func (m *Model) faultLine(width int) string {
	c := m.c
	gw := c.Gw()
	f := m.Snap.Fault
	ask := m.name(f.Side) + " " + gw.FaultWhat(f.Kind)
	choices := m.faultChoices()
	pick := choices[m.faultPick%len(choices)].label
	rest := gw.GoOnWith + ": < " + pick + " >"
	if m.replacing {
		rest = fmt.Sprintf(gw.Replacing, pick) + " " + m.spin.View()
	}
	if c.Measure.Width(ask)+c.Measure.Width(rest)+4 > width {
		ask = gw.FaultWhat(f.Kind) // the status names the program
	}
	return components.Question(c.Styles, c.Measure, ask, rest, width)
}

// faultBindings are the help bar's keys while a fault stands.
func (m *Model) faultBindings() []key.Binding {
	k := m.c.Keys
	gw := m.c.Gw()
	arrows := "←/→"
	if m.c.ASCII {
		arrows = "left/right"
	}
	return []key.Binding{
		key.NewBinding(key.WithKeys("left", "right"), key.WithHelp(arrows, gw.Choose)),
		key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", gw.GoOn)),
		key.NewBinding(key.WithKeys("q"), key.WithHelp("q", gw.LeaveKept)),
		k.Help, k.Flip, k.Review,
	}
}
