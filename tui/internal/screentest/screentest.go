// Package screentest is what the screens' tests share: key presses as a
// terminal sends them, squares by name, golden files. Only tests import
// it (internal/layers keeps it so).
package screentest

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata")

// Updating reports whether the tests run with -update: golden files are
// rewritten rather than compared.
func Updating() bool { return *update }

// Golden compares got with the file at path, or rewrites it under
// -update.
func Golden(t testing.TB, path, got string) {
	t.Helper()
	if Updating() {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run with -update to accept):\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

// named are the keys tests name rather than type.
var named = map[string]rune{
	"enter": tea.KeyEnter, "esc": tea.KeyEscape, "tab": tea.KeyTab, "space": tea.KeySpace,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"backspace": tea.KeyBackspace, "delete": tea.KeyDelete, "home": tea.KeyHome, "end": tea.KeyEnd,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "f1": tea.KeyF1,
}

// KeyMsg is the message a terminal sends for a named key ("enter", "up",
// "ctrl+u" …) or one typed character.
func KeyMsg(k string) tea.KeyPressMsg {
	if c, ok := named[k]; ok {
		if c == tea.KeySpace {
			return tea.KeyPressMsg{Code: c, Text: " "}
		}
		return tea.KeyPressMsg{Code: c}
	}
	if rest, ok := strings.CutPrefix(k, "ctrl+"); ok && len(rest) == 1 {
		return tea.KeyPressMsg{Code: rune(rest[0]), Mod: tea.ModCtrl}
	}
	r, _ := utf8.DecodeRuneInString(k)
	return tea.KeyPressMsg{Code: r, Text: string(r)}
}

// IsNamedKey reports whether k is a key name rather than text to type.
func IsNamedKey(k string) bool {
	_, ok := named[k]
	return ok || strings.HasPrefix(k, "ctrl+") && len(k) == 6
}

// Keys are the presses of keys: each named key, and each character of
// anything else, one press at a time as a person types.
func Keys(keys ...string) []tea.KeyPressMsg {
	var out []tea.KeyPressMsg
	for _, k := range keys {
		if IsNamedKey(k) {
			out = append(out, KeyMsg(k))
			continue
		}
		for _, r := range k {
			out = append(out, KeyMsg(string(r)))
		}
	}
	return out
}

// Sq is the square named s ("7g", "76" …), or the test fails.
func Sq(t testing.TB, s string) game.Square {
	t.Helper()
	q, err := game.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return q
}

// WindowSize is the message of a terminal w columns by h lines.
func WindowSize(w, h int) tea.WindowSizeMsg { return tea.WindowSizeMsg{Width: w, Height: h} }
