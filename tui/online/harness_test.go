package online

import (
	"bufio"
	"fmt"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	"shogi/app/settings"
	"shogi/app/words"
	"shogi/internal/termtest"
	"shogi/internal/testenv"
	"shogi/tui/common"
	"shogi/tui/internal/screentest"

	tea "charm.land/bubbletea/v2"
)

func TestMain(m *testing.M) {
	cleanup := testenv.Isolate()
	testenv.WaitingTests(8)
	code := m.Run()
	termtest.RemoveBinary()
	cleanup()
	os.Exit(code)
}

// screen is the online screen as the app's stack holds it
// (common.Screen), for screentest.Alone.
type screen struct {
	common.Still
	m *Model
}

func (s *screen) Init() tea.Cmd                       { return s.m.Init() }
func (s *screen) Update(msg tea.Msg) tea.Cmd          { return s.m.Update(msg) }
func (s *screen) Uncover(above common.Screen) tea.Cmd { return s.m.Uncover(above) }
func (s *screen) View() (string, *tea.Cursor)         { return s.m.View() }
func (s *screen) Help() common.OpenHelpMsg            { return s.m.Help() }
func (s *screen) Title() string                       { return s.m.Title() }
func (s *screen) Quiet() bool                         { return s.m.Quiet() }
func (s *screen) Close(wait bool) tea.Cmd {
	if wait {
		s.m.Shutdown()
		return nil
	}
	return s.m.Close()
}

// harness drives the online screen alone (screentest.Alone), as the menu
// opens it.
type harness struct {
	t testing.TB
	c *common.Common
	a *screentest.Alone
	d *screentest.Driver
}

// newHarness opens the form in lang with the settings file at path ("":
// the Common's own, in a folder of the test's), read as the app reads it
// at start.
func newHarness(t testing.TB, lang words.Lang, path string) *harness {
	t.Helper()
	c := screentest.NewCommon(t)
	c.SetLang(lang)
	if path != "" {
		st, err := settings.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		c.Settings, c.SettingsPath = st, path
	}
	a, d := screentest.NewAlone(t, c, &screen{m: New(c)})
	return &harness{t: t, c: c, a: a, d: d}
}

func (h *harness) screen() string                      { return h.d.Screen() }
func (h *harness) press(keys ...string)                { h.t.Helper(); h.d.Press(keys...) }
func (h *harness) until(what string, cond func() bool) { h.t.Helper(); h.d.Until(what, cond) }

// fillForm types a login into the form: the server, the name, the
// password and the x1 game (rows 2-4 and 6), from the form's first row.
func fillForm(h *harness, addr, id, password, x1game string) {
	h.t.Helper()
	h.press("down", addr, "down", id, "down", password, "down", "down", x1game)
}

// silentServer answers LOGIN (in x1 too) and then says nothing more: a
// server that never pairs. It reports each line it reads, and "EOF" when
// the client closes the connection.
func silentServer(t *testing.T) (addr string, lines <-chan string) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	out := make(chan string, 64)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		for {
			l, err := r.ReadString('\n')
			if err != nil {
				out <- "EOF"
				return
			}
			l = strings.TrimSpace(l)
			out <- l
			if f := strings.Fields(l); len(f) >= 3 && f[0] == "LOGIN" {
				fmt.Fprintf(c, "LOGIN:%s OK\n", f[1])
				if len(f) == 4 && f[3] == "x1" {
					fmt.Fprintf(c, "##[LOGIN] +OK x1\n")
				}
			}
			if l == "LOGOUT" {
				fmt.Fprintf(c, "LOGOUT:completed\n")
			}
		}
	}()
	return ln.Addr().String(), out
}

// expectLine waits for the server to read want.
func expectLine(t *testing.T, lines <-chan string, want string) {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		select {
		case l := <-lines:
			if strings.HasPrefix(l, want) {
				return
			}
		case <-deadline:
			t.Fatalf("the server never read %q", want)
		}
	}
}
