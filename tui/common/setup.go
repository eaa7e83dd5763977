package common

import (
	"fmt"
	"io"
	"log"
	"strings"
	"time"

	"shogi/app/words"
	"shogi/game"
	"shogi/game/match"
	"shogi/game/usi"
	"shogi/kifu"
)

// FurigomaText describes a toss in w's words: the pawns of the deciding
// toss and who plays Black (after a label saying it is the toss). The tosser is the first player (the one first
// given Black).
func FurigomaText(w *words.Words, f game.Furigoma, players [2]string, ascii bool) string {
	last := f.Tosses[len(f.Tosses)-1]
	faces := ""
	fu, to := 0, 0
	for _, p := range last {
		switch p {
		case game.FaceFu:
			fu++
			faces += "歩"
		case game.FaceTo:
			to++
			faces += "と"
		default:
			faces += p.String()
		}
	}
	if ascii {
		faces = strings.NewReplacer("歩", "P", "と", "T").Replace(faces)
	}
	n, who := 1, players[0]
	if !f.TosserIsBlack {
		n, who = 2, players[1]
	}
	retoss := ""
	if len(f.Tosses) > 1 {
		retoss = fmt.Sprintf(w.FurigomaAfter, len(f.Tosses))
	}
	return fmt.Sprintf(w.Furigoma, faces, w.FurigomaCounts(fu, to), retoss, fmt.Sprintf(w.PlayerN, n, who))
}

// Setup is everything needed to start (or resume) a game.
type Setup struct {
	Players [2]match.Spec // by colour
	// Names are how the players are shown and recorded, by colour: a
	// person's name from the settings ("" is the word for a person), an
	// engine's name in the list ("" until it runs: its own id name).
	Names [2]string
	Start game.Position
	Moves []game.Move      // played at once (a resumed game)
	Notes []match.MoveNote // the time each of moves took, when resumed
	Time  [2]match.TimeControl
	Began time.Time
	Kept  string // the kept file a resumed game continues; "" for a new one

	// The furigoma that decided who plays Black, and the players as they
	// were before it (the tosser first), to describe it on screen.
	Toss        *game.Furigoma
	TossPlayers [2]string

	// A game played on from a record ("play from here"): the record and
	// the node the game starts after. Moves are numbered from there, and
	// saving writes the record's line through the game.
	Record *kifu.Record
	From   *kifu.Node
	Source string // the record's file

	// Table is a game the app does not run itself (a table of shogi
	// serve): the screen follows its Control and plays the sides in mine.
	Table *TableLink
}

// TableLink is a game run elsewhere, as the play screen follows it: its
// Control, the sides the person at this screen plays (none for a
// spectator), and how long a seat is kept for a player who left.
//
// Server, when set, names the server that runs and judges the game (a
// CSA server's host:port): its clock is the truth and it allows no taking
// back, pausing, hints or offers (the Control refuses them with
// match.ErrRefereed), and leaving a game in progress resigns it there.
// Whoever made the link keeps the game and writes its record.
type TableLink struct {
	Ctl    match.Control
	Mine   [2]bool
	Grace  time.Duration
	Server string
	// Host is the screen that pushed the game (PlayMsg), nil for one the
	// game screen was made with.
	Host GameHost
}

// Humans reports whether a person plays each side.
func (s *Setup) Humans() [2]bool {
	return [2]bool{s.Players[0].Kind == match.HumanKind, s.Players[1].Kind == match.HumanKind}
}

// HandicapChoices are the handicaps that make a game
// (game.PlayableHandicaps).
func HandicapChoices() []game.Handicap { return game.PlayableHandicaps() }

// HandicapLabel is a handicap as a form's field shows it: its Japanese
// name on a Japanese screen that draws kanji, its English one otherwise.
func HandicapLabel(c *Common, h game.Handicap) string {
	if c.Lang == words.Japanese && !c.ASCII {
		return h.Japanese
	}
	return h.Name
}

// SessionEnv is what a session needs from the app's settings, copied when
// it starts so that its goroutines never read the UI's state.
type SessionEnv struct {
	Ts        match.TimeSource
	EngineCfg usi.Config // log, environment: Path and Options come from the spec
	GamesDir  string     // "" when finished games are not kept
	MoveDelay time.Duration
	Margin    time.Duration
	Human     string // what a person without a name is called
}

// EngineLogger is where engines' standard error and the protocol
// transcript go: a log file, never the terminal.
func EngineLogger(w io.Writer) *log.Logger {
	if w == nil {
		return nil
	}
	return log.New(w, "", log.Ltime|log.Lmicroseconds)
}
