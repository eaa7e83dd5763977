package common

import (
	"context"
	"path/filepath"
	"time"

	tea "charm.land/bubbletea/v2"

	"shogi/app/players"
	"shogi/app/settings"
	"shogi/game/match"
	"shogi/game/usi"
)

// The players the app offers are app/players'; here they are bound to the
// app's settings, named in the screen's words, and run off the UI loop.

// PlayerChoices lists the players to choose from: a person, the built-in
// levels weakest first, then the engines of the list.
func (c *Common) PlayerChoices() []players.Choice { return players.Choices(c.Settings) }

// ProgramChoices are the players a hint may come from: the built-in
// levels and the engines.
func (c *Common) ProgramChoices() []players.Choice { return players.Programs(c.Settings) }

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
func (c *Common) ChoiceLabel(p players.Choice) string {
	if p.Spec.Kind == match.USIKind {
		return p.Name
	}
	return PlayerLabel(c, p.Spec, "")
}

// HintSpec is who the hint key asks (players.Hint).
func (c *Common) HintSpec() (match.Spec, string) { return players.Hint(c.Settings) }

// StudySpec is the engine the study's a starts (players.Study).
func (c *Common) StudySpec() (match.Spec, string) { return players.Study(c.Settings) }

// NextProgram is the setting's value that names the program after
// (d > 0) or before the one v names (players.NextProgram).
func (c *Common) NextProgram(v string, d int) string { return players.NextProgram(c.Settings, v, d) }

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
	return usi.Config{Log: c.EngineLog, Env: c.EngineEnv, Timeout: 30 * time.Second, StopGrace: c.EngineStopGrace}
}

// StartEngine runs an engine of the list with its options, as the app
// does for a game (players.Start). The caller closes it.
func (c *Common) StartEngine(ctx context.Context, e settings.EngineEntry) (*usi.Engine, error) {
	return players.Start(ctx, c.EngineConfig(), e)
}

// ProbeMsg is what an engine said in its handshake: its name, author and
// options.
type ProbeMsg struct {
	Path    string
	Name    string
	Author  string
	Options []usi.Option
	Err     error
}

// ProbeEngine probes the program at path (players.ProbeEngine) off the
// UI loop: how the engines page adds and edits an engine. ctx is the
// app's: its end stops the probe.
func ProbeEngine(ctx context.Context, cfg usi.Config, path string) tea.Cmd {
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(ctx, cfg.Timeout+5*time.Second)
		defer cancel()
		p, err := players.ProbeEngine(ctx, cfg, path)
		if err != nil {
			return ProbeMsg{Path: path, Err: err}
		}
		return ProbeMsg{Path: path, Name: p.Name, Author: p.Author, Options: p.Options}
	}
}

// FoundEnginesMsg lists the Debian engines installed and not in the list.
type FoundEnginesMsg struct{ Paths []string }

// FindEngines looks for the Debian engines (players.FindEngines) off the
// UI loop.
func FindEngines(listed []string) tea.Cmd {
	return func() tea.Msg { return FoundEnginesMsg{Paths: players.FindEngines(listed)} }
}
