package common

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/app/settings"
	"shogi/game/bot"
	"shogi/game/match"
	"shogi/game/usi"
)

// The players the app offers, in one list: a person, every built-in level
// game/bot has (bot.Names: a new level appears with no change here), and
// the engines of the settings' list. The new-game form, "play from here"
// and the hint setting all take their choices from playerChoices, and the
// command line's names go through resolvePlayer; what a choice is comes
// from game/match (match.Spec), never from strings spelled here.

// playerChoice is one player the app offers.
type playerChoice struct {
	Spec match.Spec
	Name string // an engine's name in the list; "" otherwise
}

// PlayerChoices lists the players to choose from: a person, the built-in
// levels weakest first, then the engines of the list.
func (c *Common) PlayerChoices() []playerChoice {
	out := []playerChoice{HumanChoice()}
	for _, n := range bot.Names() {
		if sp, err := match.ParseSpec(n); err == nil {
			out = append(out, playerChoice{Spec: sp})
		}
	}
	for _, e := range c.Settings.Engines {
		out = append(out, playerChoice{Spec: e.Spec(), Name: e.Name})
	}
	return out
}

// HumanChoice is a person, as the lists offer one.
func HumanChoice() playerChoice { return playerChoice{Spec: match.Spec{Kind: match.HumanKind}} }

// HumanSpec is the spec text of a person, as game/match writes and reads it.
var HumanSpec = match.Spec{Kind: match.HumanKind}.String()

// ProgramChoices are the players a hint may come from: the built-in
// levels and the engines.
func (c *Common) ProgramChoices() []playerChoice {
	var out []playerChoice
	for _, p := range c.PlayerChoices() {
		if p.Spec.Kind != match.HumanKind {
			out = append(out, p)
		}
	}
	return out
}

// ResolvePlayer reads a player as the command line or the settings name
// one: a spec match.ParseSpec reads (human, a level, usi:PATH,OPTIONS), or
// the name of an engine in the list. It returns the spec and the engine's
// name in the list ("" otherwise).
func ResolvePlayer(s *settings.Settings, text string) (match.Spec, string, error) {
	sp, err := match.ParseSpec(text)
	if err == nil {
		return sp, "", nil
	}
	if e, ok := s.Engine(strings.TrimSpace(text)); ok {
		return e.Spec(), e.Name, nil
	}
	return match.Spec{}, "", err
}

// PlayerLabel is how a player is shown: name when known (an engine's,
// a person's from the settings), else the word for a person, a built-in
// level's name, or an engine program's file name until it says its own.
func PlayerLabel(c *Common, sp match.Spec, name string) string {
	if name != "" {
		return name
	}
	switch sp.Kind {
	case match.HumanKind:
		return c.Words.Human
	case match.BuiltinKind:
		return c.Words.BotName(sp.Name)
	case match.USIKind:
		return filepath.Base(sp.Name)
	}
	return "?"
}

// ChoiceLabel is a choice as a list shows it.
func (c *Common) ChoiceLabel(p playerChoice) string {
	if p.Spec.Kind == match.USIKind {
		return p.Name
	}
	return PlayerLabel(c, p.Spec, "")
}

// HintSpec is who the hint key asks: the settings' choice (a level or an
// engine's name), else the strongest built-in level.
func (c *Common) HintSpec() (match.Spec, string) { return c.programSetting(c.Settings.Hint) }

// StudySpec is the engine the study's a starts: the settings' choice (a
// level or an engine's name), else the strongest built-in level.
func (c *Common) StudySpec() (match.Spec, string) { return c.programSetting(c.Settings.Study) }

// programSetting reads a setting that names a program: a level or an
// engine of the list; anything else (empty, a person, an engine no
// longer listed) is the strongest built-in level.
func (c *Common) programSetting(v string) (match.Spec, string) {
	if v != "" {
		if sp, name, err := ResolvePlayer(c.Settings, v); err == nil && sp.Kind != match.HumanKind {
			return sp, name
		}
	}
	sp, _ := match.ParseSpec(bot.Names()[len(bot.Names())-1])
	return sp, ""
}

// NextProgram is the setting's value that names the program after
// (d > 0) or before the one v names, among the levels and the engines of
// the list.
func (c *Common) NextProgram(v string, d int) string {
	ch := c.ProgramChoices()
	cur, name := c.programSetting(v)
	i := 0
	for k, p := range ch {
		if p.Spec.String() == cur.String() && p.Name == name {
			i = k
		}
	}
	p := ch[WrapAdd(i, d, len(ch))]
	if p.Spec.Kind == match.USIKind {
		return p.Name
	}
	return p.Spec.Name
}

// HintLabel names who the hint key asks.
func (c *Common) HintLabel() string {
	sp, name := c.HintSpec()
	return PlayerLabel(c, sp, name)
}

// hintBudget is how long a hint may think.
const hintBudget = 2 * time.Second

// NewHinter returns the hint key's player for a game.
func (c *Common) NewHinter() *match.Hinter {
	sp, _ := c.HintSpec()
	return match.NewHinter(sp, c.EngineConfig(), hintBudget)
}

// EngineConfig is how the app runs an engine: its log, and the
// environment the tests give it. The spec adds the program and options.
func (c *Common) EngineConfig() usi.Config {
	return usi.Config{Log: c.EngineLog, Env: c.EngineEnv, Timeout: 30 * time.Second}
}

// StartEngine runs an engine of the list with its options, as the app
// does for a game: for screens that use an engine on their own (analysis).
// The caller closes it.
func (c *Common) StartEngine(ctx context.Context, e settings.EngineEntry) (*usi.Engine, error) {
	cfg := c.EngineConfig()
	cfg.Path, cfg.Options = e.Path, e.USISettings()
	return usi.Start(ctx, cfg)
}

// debianEngines are the engines Debian installs, offered on the engines
// page when present and not yet in the list.
var debianEngines = []string{"/usr/games/fairy-stockfish", "/usr/games/gpsusi"}

// ProbeMsg is what an engine said in its handshake: its name, author and
// options.
type ProbeMsg struct {
	Path    string
	Name    string
	Author  string
	Options []usi.Option
	Err     error
}

// ProbeEngine runs the program at path up to usiok and readyok, reads its
// name and options, and quits it: how the engines page adds and edits an
// engine. It runs off the UI loop (an engine may take seconds to load).
func ProbeEngine(cfg usi.Config, path string) tea.Cmd {
	return func() tea.Msg {
		cfg.Path = path
		ctx, cancel := context.WithTimeout(context.Background(), cfg.Timeout+5*time.Second)
		defer cancel()
		e, err := usi.Start(ctx, cfg)
		if err != nil {
			return ProbeMsg{Path: path, Err: err}
		}
		defer e.Close()
		return ProbeMsg{Path: path, Name: e.Name(), Author: e.Author(), Options: e.Options()}
	}
}

// FoundEnginesMsg lists the Debian engines installed and not in the list.
type FoundEnginesMsg struct{ Paths []string }

// FindEngines looks for the Debian engines off the UI loop.
func FindEngines(listed []string) tea.Cmd {
	return func() tea.Msg {
		var out []string
		for _, p := range debianEngines {
			if fi, err := os.Stat(p); err != nil || fi.IsDir() || fi.Mode()&0o111 == 0 {
				continue
			}
			seen := false
			for _, l := range listed {
				if l == p {
					seen = true
				}
			}
			if !seen {
				out = append(out, p)
			}
		}
		return FoundEnginesMsg{Paths: out}
	}
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
