package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"

	"shogi/game/book"
	"shogi/game/bot"
	"shogi/game/usi"
)

// Kind is what sort of player a Spec names.
type Kind uint8

// The kinds of player.
const (
	HumanKind   Kind = iota + 1 // a person
	BuiltinKind                 // a bot from game/bot
	USIKind                     // a USI engine program
)

// Spec is a player as a person names it on the command line or in a
// setting:
//
//	human
//	random | greedy | any other name in bot.Names
//	usi:PATH[,NAME=VALUE...]
//
// Engine option names may hold spaces (usi:fairy-stockfish,Skill
// Level=-20). In a path or a value "\," is a comma and "\\" a backslash;
// any other backslash stands for itself, so a Windows path needs no
// escaping. An option without "=" sets a button.
type Spec struct {
	Kind    Kind
	Name    string        // the bot's name; for an engine, the program's path
	Options []usi.Setting // engine options, in order
	// Book, when set, is an opening book a built-in player plays from
	// (an engine has its own); it is not part of the spec's text.
	Book *book.Use
	// Ponder lets the player think on the opponent's time: a built-in
	// bot always can; an engine when it declares USI_Ponder (which is
	// then set). Not part of the spec's text: it is the person's choice.
	Ponder bool
}

// ParseSpec reads a player. The built-in names are bot.Names, so a new
// search level is a player as soon as game/bot knows it.
func ParseSpec(s string) (Spec, error) {
	t := strings.TrimSpace(s)
	if t == "human" {
		return Spec{Kind: HumanKind, Name: "human"}, nil
	}
	if rest, ok := strings.CutPrefix(t, "usi:"); ok {
		parts := splitEscaped(rest)
		if parts[0] == "" {
			return Spec{}, fmt.Errorf("player %q: usi: wants the engine's program, as in usi:/usr/games/fairy-stockfish", s)
		}
		sp := Spec{Kind: USIKind, Name: parts[0]}
		for _, p := range parts[1:] {
			name, value, _ := strings.Cut(p, "=")
			name = strings.TrimSpace(name)
			if name == "" {
				return Spec{}, fmt.Errorf("player %q: option %q wants NAME=VALUE", s, p)
			}
			sp.Options = append(sp.Options, usi.Setting{Name: name, Value: strings.TrimSpace(value)})
		}
		return sp, nil
	}
	if slices.Contains(bot.Names(), t) {
		return Spec{Kind: BuiltinKind, Name: t}, nil
	}
	return Spec{}, fmt.Errorf("unknown player %q (want human, %s or usi:PATH[,NAME=VALUE...])", s, strings.Join(bot.Names(), ", "))
}

// splitEscaped splits at commas not written "\,", reading "\\" as one
// backslash.
func splitEscaped(s string) []string {
	var out []string
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '\\' && i+1 < len(s) && (s[i+1] == ',' || s[i+1] == '\\'):
			b.WriteByte(s[i+1])
			i++
		case s[i] == ',':
			out = append(out, b.String())
			b.Reset()
		default:
			b.WriteByte(s[i])
		}
	}
	return append(out, b.String())
}

// String writes the spec back as ParseSpec reads it.
func (s Spec) String() string {
	esc := func(x string) string { return strings.NewReplacer(`\`, `\\`, ",", `\,`).Replace(x) }
	switch s.Kind {
	case USIKind:
		var b strings.Builder
		b.WriteString("usi:" + esc(s.Name))
		for _, o := range s.Options {
			b.WriteString("," + esc(o.Name))
			if o.Value != "" {
				b.WriteString("=" + esc(o.Value))
			}
		}
		return b.String()
	case HumanKind:
		return "human"
	}
	return s.Name
}

// NewPlayer makes the player the spec names: a Human, a Bot drawing its
// choices from r, or an Engine started with cfg (whose Path and Options
// the spec sets). An engine player must be closed (it is an io.Closer);
// an engine that cannot start gives a *usi.Error naming it.
func (s Spec) NewPlayer(ctx context.Context, r *rand.Rand, cfg usi.Config) (Player, error) {
	switch s.Kind {
	case HumanKind:
		return NewHuman(s.Name), nil
	case BuiltinKind:
		b, err := bot.NewSearcher(s.Name, r)
		if err != nil {
			return nil, err
		}
		if s.Book.Active() && r != nil {
			// The book's choices get a stream of their own, drawn from r.
			b = s.Book.Wrap(b, rand.New(rand.NewPCG(r.Uint64(), r.Uint64())))
		}
		p := Bot{S: b}
		if s.Ponder {
			p.pd = newPonderer(b.Search)
		}
		return p, nil
	case USIKind:
		cfg.Path, cfg.Options = s.Name, s.Options
		e, err := usi.Start(ctx, cfg)
		if err != nil {
			return nil, err
		}
		// USI_Ponder tells an engine it will be asked to ponder (Fairy-
		// Stockfish calls it Ponder); one that declares neither plays
		// without. Options go before isready, which comes with the game.
		ponder := false
		if s.Ponder {
			for _, name := range []string{"USI_Ponder", "Ponder"} {
				if _, declared := e.Option(name); !declared {
					continue
				}
				if v, set := settingOf(s.Options, name); set {
					ponder = v == "true"
				} else if err := e.SetOption(name, "true"); err != nil {
					_ = e.Close()
					return nil, err
				} else {
					ponder = true
				}
				break
			}
		}
		p := Engine{E: e}
		if ponder {
			p.pd = newPonderer(e.Go)
		}
		return p, nil
	}
	return nil, fmt.Errorf("match: empty player spec")
}

// settingOf returns the value of the option name in settings (the last
// one set), and whether it is set.
func settingOf(settings []usi.Setting, name string) (string, bool) {
	v, ok := "", false
	for _, st := range settings {
		if strings.EqualFold(st.Name, name) {
			v, ok = strings.ToLower(st.Value), true
		}
	}
	return v, ok
}
