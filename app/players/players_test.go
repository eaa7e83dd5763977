package players

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"

	"shogi/app/settings"
	"shogi/game/bot"
	"shogi/game/match"
	"shogi/game/usi"
)

func withEngines() *settings.Settings {
	s := settings.Default()
	s.Engines = []settings.EngineEntry{
		{Name: "Fairy", Path: "/usr/games/fairy-stockfish", Options: map[string]any{"Skill Level": int64(3)}},
		{Name: "GPS", Path: "/usr/games/gpsusi"},
	}
	return s
}

// The choices are a person, every level game/bot has in its order, then
// the engines of the list by name.
func TestChoices(t *testing.T) {
	s := withEngines()
	ch := Choices(s)
	levels := bot.Names()
	if len(ch) != 1+len(levels)+2 || ch[0].Spec.Kind != match.HumanKind {
		t.Fatalf("%d choices, first %+v", len(ch), ch[0])
	}
	for i, n := range levels {
		if c := ch[1+i]; c.Spec.Kind != match.BuiltinKind || c.Spec.Name != n || c.Name != "" {
			t.Errorf("choice %d: %+v, want level %s", 1+i, c, n)
		}
	}
	if c := ch[len(ch)-2]; c.Name != "Fairy" || c.Spec.String() != "usi:/usr/games/fairy-stockfish,Skill Level=3" {
		t.Errorf("the first engine: %+v (%s)", c, c.Spec)
	}
	if p := Programs(s); len(p) != len(ch)-1 || slices.ContainsFunc(p, func(c Choice) bool { return c.Spec.Kind == match.HumanKind }) {
		t.Errorf("programs: %+v", p)
	}
}

// A player is a spec game/match reads or an engine's name in the list.
func TestResolve(t *testing.T) {
	s := withEngines()
	for _, tc := range []struct {
		text, spec, name string
	}{
		{"human", HumanSpec, ""},
		{"greedy", "greedy", ""},
		{"usi:/bin/e,Hash=16", "usi:/bin/e,Hash=16", ""},
		{" GPS ", "usi:/usr/games/gpsusi", "GPS"},
	} {
		sp, name, err := Resolve(s, tc.text)
		if err != nil || sp.String() != tc.spec || name != tc.name {
			t.Errorf("%q: %s %q %v, want %s %q", tc.text, sp, name, err, tc.spec, tc.name)
		}
	}
	if _, _, err := Resolve(s, "Nobody"); err == nil {
		t.Error("an unknown name resolved")
	}
}

// A program setting that names no program (empty, a person, an engine
// gone from the list) is the strongest level; stepping goes round the
// levels and engines.
func TestProgramSetting(t *testing.T) {
	s := withEngines()
	strongest := bot.Names()[len(bot.Names())-1]
	for _, v := range []string{"", "human", "Gone"} {
		if sp, name := Program(s, v); sp.Name != strongest || name != "" {
			t.Errorf("%q: %s %q, want %s", v, sp, name, strongest)
		}
	}
	s.Hint, s.Study = "GPS", "random"
	if sp, name := Hint(s); name != "GPS" || sp.Kind != match.USIKind {
		t.Errorf("hint: %s %q", sp, name)
	}
	if sp, _ := Study(s); sp.Name != "random" {
		t.Errorf("study: %s", sp)
	}
	if v := NextProgram(s, "GPS", 1); v != bot.Names()[0] {
		t.Errorf("after the last engine: %q, want the first level %q", v, bot.Names()[0])
	}
	if v := NextProgram(s, bot.Names()[0], -1); v != "GPS" {
		t.Errorf("before the first level: %q, want GPS", v)
	}
	if v := NextProgram(s, strongest, 1); v != "Fairy" {
		t.Errorf("after the strongest level: %q, want Fairy", v)
	}
}

// An option's text becomes the value the settings file keeps, of the
// option's kind; a value that does not suit is refused.
func TestOptionValue(t *testing.T) {
	spin := usi.Option{Name: "Hash", Type: usi.Spin, Min: 1, Max: 1024}
	check := usi.Option{Name: "Ponder", Type: usi.Check}
	str := usi.Option{Name: "BookFile", Type: usi.String}
	for _, tc := range []struct {
		o    usi.Option
		text string
		want any
	}{
		{spin, "64", int64(64)}, {check, "true", true}, {check, "false", false}, {str, "book.db", "book.db"},
	} {
		if v, err := OptionValue(tc.o, tc.text); err != nil || v != tc.want {
			t.Errorf("%s %q: %#v %v, want %#v", tc.o.Name, tc.text, v, err, tc.want)
		}
	}
	for _, tc := range []struct {
		o    usi.Option
		text string
	}{{spin, "2048"}, {spin, "x"}, {check, "yes"}} {
		if _, err := OptionValue(tc.o, tc.text); err == nil {
			t.Errorf("%s %q accepted", tc.o.Name, tc.text)
		}
	}
}

// Probing a real engine reads its name and options; FindEngines offers it
// when it is installed and not listed.
func TestProbeDebianEngine(t *testing.T) {
	const path = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(path); err != nil {
		t.Skip("fairy-stockfish is not installed")
	}
	if !slices.Contains(FindEngines(nil), path) || slices.Contains(FindEngines([]string{path}), path) {
		t.Errorf("FindEngines: %q unlisted, %q listed", FindEngines(nil), FindEngines([]string{path}))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	p, err := ProbeEngine(ctx, usi.Config{Timeout: 30 * time.Second}, path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Name == "" || !slices.ContainsFunc(p.Options, func(o usi.Option) bool { return o.Name == "USI_Hash" || o.Name == "Hash" }) {
		t.Errorf("probe: %q with %d options", p.Name, len(p.Options))
	}
	if _, err := ProbeEngine(ctx, usi.Config{Timeout: 5 * time.Second}, "/nonexistent/engine"); err == nil {
		t.Error("a missing program probed")
	}
}
