// Package players resolves the players the app offers — a person, every
// built-in level game/bot has (bot.Names: a new level appears with no
// change here), and the engines of the settings' list — and runs and
// probes the engines. The new-game form, "play from here", the online
// form and the hint setting all take their choices from Choices, and the
// command line's names go through Resolve; what a choice is comes from
// game/match (match.Spec), never from strings spelled here. It has no UI:
// the screens name the choices in their words.
package players

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"

	"shogi/app/settings"
	"shogi/game/bot"
	"shogi/game/match"
	"shogi/game/usi"
)

// Choice is one player the app offers.
type Choice struct {
	Spec match.Spec
	Name string // an engine's name in the list; "" otherwise
}

// Choices lists the players to choose from: a person, the built-in
// levels weakest first, then the engines of the list.
func Choices(s *settings.Settings) []Choice {
	out := []Choice{Human()}
	for _, n := range bot.Names() {
		if sp, err := match.ParseSpec(n); err == nil {
			out = append(out, Choice{Spec: sp})
		}
	}
	for _, e := range s.Engines {
		out = append(out, Choice{Spec: e.Spec(), Name: e.Name})
	}
	return out
}

// Human is a person, as the lists offer one.
func Human() Choice { return Choice{Spec: match.Spec{Kind: match.HumanKind}} }

// HumanSpec is the spec text of a person, as game/match writes and reads it.
var HumanSpec = match.Spec{Kind: match.HumanKind}.String()

// Programs are the players a hint may come from: the built-in levels and
// the engines.
func Programs(s *settings.Settings) []Choice {
	var out []Choice
	for _, p := range Choices(s) {
		if p.Spec.Kind != match.HumanKind {
			out = append(out, p)
		}
	}
	return out
}

// Resolve reads a player as the command line or the settings name one: a
// spec match.ParseSpec reads (human, a level, usi:PATH,OPTIONS), or the
// name of an engine in the list. It returns the spec and the engine's
// name in the list ("" otherwise).
func Resolve(s *settings.Settings, text string) (match.Spec, string, error) {
	sp, err := match.ParseSpec(text)
	if err == nil {
		return sp, "", nil
	}
	if e, ok := s.Engine(strings.TrimSpace(text)); ok {
		return e.Spec(), e.Name, nil
	}
	return match.Spec{}, "", err
}

// Hint is who the hint key asks: the settings' choice (a level or an
// engine's name), else the strongest built-in level.
func Hint(s *settings.Settings) (match.Spec, string) { return Program(s, s.Hint) }

// Study is the engine the study's a starts: the settings' choice (a level
// or an engine's name), else the strongest built-in level.
func Study(s *settings.Settings) (match.Spec, string) { return Program(s, s.Study) }

// Program reads a setting that names a program: a level or an engine of
// the list; anything else (empty, a person, an engine no longer listed)
// is the strongest built-in level.
func Program(s *settings.Settings, v string) (match.Spec, string) {
	if v != "" {
		if sp, name, err := Resolve(s, v); err == nil && sp.Kind != match.HumanKind {
			return sp, name
		}
	}
	sp, _ := match.ParseSpec(bot.Names()[len(bot.Names())-1])
	return sp, ""
}

// NextProgram is the setting's value that names the program after
// (d > 0) or before the one v names, among the levels and the engines of
// the list, going round.
func NextProgram(s *settings.Settings, v string, d int) string {
	ch := Programs(s)
	cur, name := Program(s, v)
	i := 0
	for k, p := range ch {
		if p.Spec.String() == cur.String() && p.Name == name {
			i = k
		}
	}
	i = ((i+d)%len(ch) + len(ch)) % len(ch)
	p := ch[i]
	if p.Spec.Kind == match.USIKind {
		return p.Name
	}
	return p.Spec.Name
}

// Start runs an engine of the list with its options under cfg (the app's
// log and environment), as the app does for a game: for screens that use
// an engine on their own (analysis). The caller closes it.
func Start(ctx context.Context, cfg usi.Config, e settings.EngineEntry) (*usi.Engine, error) {
	cfg.Path, cfg.Options = e.Path, e.USISettings()
	return usi.Start(ctx, cfg)
}

// debianEngines are the engines Debian installs, offered on the engines
// page when present and not yet in the list.
var debianEngines = []string{"/usr/games/fairy-stockfish", "/usr/games/gpsusi"}

// FindEngines lists the Debian engines installed (executable files) and
// not among listed.
func FindEngines(listed []string) []string {
	var out []string
	for _, p := range debianEngines {
		if fi, err := os.Stat(p); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
			continue
		}
		if !slices.Contains(listed, p) {
			out = append(out, p)
		}
	}
	return out
}

// Probe is what an engine said in its handshake: its name, author and
// options.
type Probe struct {
	Name    string
	Author  string
	Options []usi.Option
}

// ProbeEngine runs the program at path up to usiok and readyok, reads its
// name and options, and quits it: how the engines page adds and edits an
// engine. It may take seconds (an engine may be slow to load).
func ProbeEngine(ctx context.Context, cfg usi.Config, path string) (Probe, error) {
	cfg.Path = path
	e, err := usi.Start(ctx, cfg)
	if err != nil {
		return Probe{}, err
	}
	defer e.Close()
	return Probe{Name: e.Name(), Author: e.Author(), Options: e.Options()}, nil
}

// OptionValue is an option's value as the list keeps it: an integer for a
// spin, a boolean for a check, the text otherwise.
func OptionValue(o usi.Option, text string) (any, error) {
	if err := o.CheckValue(text); err != nil {
		return nil, err
	}
	switch o.Type {
	case usi.Spin:
		var n int64
		if _, err := fmt.Sscan(text, &n); err != nil {
			return nil, err
		}
		return n, nil
	case usi.Check:
		return text == "true", nil
	}
	return text, nil
}
