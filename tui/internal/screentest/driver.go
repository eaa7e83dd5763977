package screentest

import (
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"shogi/tui/common"
)

// App is what a Driver drives: the app's root, or one screen alone.
type App interface {
	Update(msg tea.Msg) tea.Cmd
	View() string // the frame, escape sequences included
	Quiet() bool  // nothing changes on screen until a key
}

// Driver drives an App the way Bubble Tea would: every message through
// Update, every command run on a goroutine of its own and its message
// fed back in order of arrival. After each message it settles: it goes
// on until nothing is left that will change the screen by itself — no
// command running but those that wait on something outside (a match's
// next event, a clock's tick; the Common's Blocking marks them), and the
// App quiet.
type Driver struct {
	t         testing.TB
	app       App
	quit      bool
	clipboard string // the last text set with tea.SetClipboard

	msgs     chan tea.Msg
	done     chan struct{}
	inflight int           // commands started and not yet reported
	blocking atomic.Int32  // of those, the ones waiting on something outside
	marked   chan struct{} // a command has just counted itself as blocking
	before   func(msg any) // called with each message before Update sees it
}

// NewDriver drives app, whose commands that wait outside c marks with
// c.Blocking. The test's cleanup stops the commands still running.
func NewDriver(t testing.TB, app App, c *common.Common) *Driver {
	d := &Driver{t: t, app: app, msgs: make(chan tea.Msg, 256), done: make(chan struct{}), marked: make(chan struct{}, 1)}
	c.Blocking = func(cmd tea.Cmd) tea.Cmd {
		return func() tea.Msg {
			d.blocking.Add(1)
			select {
			case d.marked <- struct{}{}:
			default: // Settle has a wake-up pending already
			}
			defer d.blocking.Add(-1)
			return cmd()
		}
	}
	t.Cleanup(func() { close(d.done) })
	return d
}

// Quit reports whether the App asked to quit.
func (d *Driver) Quit() bool { return d.quit }

// Clipboard is the last text the App put on the clipboard.
func (d *Driver) Clipboard() string { return d.clipboard }

// Before has f called with each message before the App's Update sees it.
func (d *Driver) Before(f func(msg any)) { d.before = f }

var cmdType = reflect.TypeOf((*tea.Cmd)(nil)).Elem()

// Run starts cmd on a goroutine; its message comes back in order of
// arrival. A batch starts each of its commands; a sequence runs its
// commands in order on one goroutine.
func (d *Driver) Run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	d.inflight++
	go func() {
		msg := cmd()
		select {
		case d.msgs <- msg:
		case <-d.done:
		}
	}()
}

// deliver handles one message that came back from a command: the kinds
// Bubble Tea handles itself are handled here, the rest go to Update.
func (d *Driver) deliver(msg tea.Msg) {
	switch msg := msg.(type) {
	case nil:
	case tea.BatchMsg:
		for _, c := range msg {
			d.Run(c)
		}
	case tea.QuitMsg:
		d.quit = true
	default:
		v := reflect.ValueOf(msg)
		switch {
		case v.Kind() == reflect.Slice && v.Type().Elem() == cmdType:
			// tea.Sequence: the commands in order, each message before the next runs.
			cmds := make([]tea.Cmd, v.Len())
			for i := range cmds {
				cmds[i] = v.Index(i).Interface().(tea.Cmd)
			}
			d.inflight++
			go func() {
				var out []tea.Msg
				for _, c := range cmds {
					if c != nil {
						out = append(out, c())
					}
				}
				select {
				case d.msgs <- sequenceDone(out):
				case <-d.done:
				}
			}()
			return
		case v.Kind() == reflect.String && v.Type().PkgPath() == reflect.TypeOf(tea.QuitMsg{}).PkgPath():
			d.clipboard = v.String() // setClipboardMsg
			return
		case v.Type().PkgPath() == reflect.TypeOf(tea.QuitMsg{}).PkgPath() && v.Kind() == reflect.Struct && v.NumField() == 0:
			return // a terminal query (background colour …)
		}
		if sd, ok := msg.(sequenceDone); ok {
			for _, x := range sd {
				d.deliver(x)
			}
			return
		}
		if d.before != nil {
			d.before(msg)
		}
		d.Run(d.app.Update(msg))
	}
}

// sequenceDone is a tea.Sequence's messages, in order.
type sequenceDone []tea.Msg

// Settle processes messages until the App is quiet (see Driver).
func (d *Driver) Settle() {
	d.t.Helper()
	deadline := time.After(20 * time.Second)
	for {
		select {
		case msg := <-d.msgs:
			d.inflight--
			d.deliver(msg)
			continue
		default:
		}
		if d.quit || d.inflight <= int(d.blocking.Load()) && d.app.Quiet() {
			return
		}
		// A command still running either sends its message or counts
		// itself as blocking: wait for that, not for a clock. Once every
		// command left blocks, only the App's own state is awaited (a
		// session's snapshot it reads): look again shortly.
		var again <-chan time.Time
		if d.inflight <= int(d.blocking.Load()) {
			again = time.After(5 * time.Millisecond)
		}
		select {
		case msg := <-d.msgs:
			d.inflight--
			d.deliver(msg)
		case <-d.marked:
		case <-again:
		case <-deadline:
			d.t.Fatalf("the app never settled (%d commands running, %d waiting outside):\n%s", d.inflight, d.blocking.Load(), d.Screen())
		}
	}
}

// Until processes messages until cond holds (a game between programs
// goes on by itself, so Settle would not return).
func (d *Driver) Until(what string, cond func() bool) {
	d.t.Helper()
	deadline := time.After(20 * time.Second)
	for !cond() {
		select {
		case msg := <-d.msgs:
			d.inflight--
			d.deliver(msg)
		case <-deadline:
			d.t.Fatalf("waited in vain for %s:\n%s", what, d.Screen())
		}
	}
}

// Send hands msg to the App and settles.
func (d *Driver) Send(msg tea.Msg) {
	d.t.Helper()
	d.Run(d.app.Update(msg))
	d.Settle()
}

// Press sends named keys ("enter", "up", "ctrl+u" …) or, for anything
// else, its characters one key press at a time, as a person types,
// settling after each.
func (d *Driver) Press(keys ...string) {
	d.t.Helper()
	for _, k := range Keys(keys...) {
		d.Send(k)
	}
}

// PressNow sends keys as Press does but does not settle after them: the
// test watches what happens meanwhile (with Until).
func (d *Driver) PressNow(keys ...string) {
	for _, k := range Keys(keys...) {
		d.Run(d.app.Update(k))
	}
}

// Paste sends text as a terminal's bracketed paste.
func (d *Driver) Paste(text string) { d.Send(tea.PasteMsg{Content: text}) }

// Screen is the current frame without escape sequences.
func (d *Driver) Screen() string { return ansi.Strip(d.app.View()) }
