package sshd

import (
	"reflect"
	"runtime/debug"

	tea "charm.land/bubbletea/v2"
)

// panicked is a panic caught in a session: the value it was raised with
// and the stack where it was.
type panicked struct {
	value any
	stack []byte
}

// guard stands in front of the app's model on a session. A panic in the
// model's Init, Update or View, or in a command it returns (those of a
// batch or a sequence included), is caught here with its value, noted on
// the session, which says so and ends, and the model is not called again.
// Bubble Tea would catch it too and end the program, but it tells only the
// server's standard error, and wish's middleware drops the error Run
// returns; here the session knows what happened and why.
type guard struct {
	m  tea.Model
	ss *session
}

func (g *guard) Init() (cmd tea.Cmd) {
	defer g.recover(&cmd)
	return g.wrap(g.m.Init())
}

func (g *guard) Update(msg tea.Msg) (self tea.Model, cmd tea.Cmd) {
	self = g
	if g.ss.panicked.Load() != nil {
		return g, tea.Quit
	}
	defer g.recover(&cmd)
	g.m, cmd = g.m.Update(msg)
	return g, g.wrap(cmd)
}

func (g *guard) View() (v tea.View) {
	if g.ss.panicked.Load() != nil {
		return tea.NewView("")
	}
	defer func() {
		if r := recover(); r != nil {
			g.ss.caught(r, debug.Stack())
			v = tea.NewView("")
		}
	}()
	return g.m.View()
}

// recover, deferred, turns a panic into the session's and the program's
// end.
func (g *guard) recover(cmd *tea.Cmd) {
	if r := recover(); r != nil {
		g.ss.caught(r, debug.Stack())
		*cmd = tea.Quit
	}
}

// wrap guards a command: a panic in it ends the session, and the commands
// of a batch or a sequence it returns are guarded in turn.
func (g *guard) wrap(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				g.ss.caught(r, debug.Stack())
				msg = nil
			}
		}()
		return g.wrapList(cmd())
	}
}

// cmdType is tea.Cmd's type.
var cmdType = reflect.TypeFor[tea.Cmd]()

// wrapList guards each command of a message that is a list of them:
// tea.BatchMsg, and the message of tea.Sequence, whose type Bubble Tea
// does not export (hence reflection). Other messages pass as they are.
func (g *guard) wrapList(msg tea.Msg) tea.Msg {
	v := reflect.ValueOf(msg)
	if v.Kind() != reflect.Slice || v.Type().Elem() != cmdType {
		return msg
	}
	out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
	for i := range v.Len() {
		cmd, _ := v.Index(i).Interface().(tea.Cmd)
		out.Index(i).Set(reflect.ValueOf(g.wrap(cmd)))
	}
	return out.Interface()
}
