package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"shogi/app/csaplay"
	"shogi/game/bot"
	"shogi/game/csa"
	"shogi/game/match"
)

// csaOptions are shogi csa's settings after the flags are read.
type csaOptions struct {
	server, id, password string
	local                match.Spec
	games                int
	x1                   bool
	gameName, turn       string
	keepAlive, timeout   time.Duration
	margin               time.Duration
	comments             bool
	out, logPath         string
	env                  []string // the environment, for the log's default place
}

// passwordEnv holds the password when --password is not given, so it
// need not show in the process list.
const passwordEnv = "SHOGI_CSA_PASSWORD"

func csaUsage(w io.Writer, fs *flag.FlagSet) {
	fmt.Fprint(w, `usage: shogi csa --server HOST:PORT --id NAME --password PASS (--engine usi:PATH[,NAME=VALUE...] | --level NAME) [flags]

Plays games on a CSA server (floodgate, or any server of the CSA protocol)
for an engine or a built-in level, one after another, and prints a line a
game on standard output:

  game N: COLOUR vs OPPONENT: OUTCOME REASON, M moves, GAME-ID

OUTCOME is win, loss, draw, censored or interrupted; REASON the server's
(RESIGN, TIME_UP, ILLEGAL_MOVE, SENNICHITE, OUTE_SENNICHITE, JISHOGI,
MAX_MOVES, CHUDAN) or, for a game a fault interrupted, the fault (DROPPED,
TIMEOUT, GARBAGE, SERVER_ERROR).

The server judges time to the millisecond, from when it sent the last move
to when ours arrives, and allows nothing past it: the engine is told its
time less --margin (default 500ms), which covers the engine's own overrun,
the network both ways and a busy machine. The built-in levels keep a
margin of their own besides (their NetworkDelay option, 100ms).

Ctrl+C finishes the game in progress and stops; a second Ctrl+C resigns
it. The password may come from the environment variable SHOGI_CSA_PASSWORD
instead of --password.

`)
	fs.PrintDefaults()
}

// runCSA plays games on a CSA server: it reads the flags and hands them
// to csaplay.Run.
func runCSA(ctx context.Context, args []string, s stdio) int {
	stdout, stderr := s.out, s.err
	fs := newFlagSet("csa", stderr)
	server := fs.String("server", "", "the server's `HOST:PORT` (floodgate: wdoor.c.u-tokyo.ac.jp:4081)")
	id := fs.String("id", "", "the login `NAME`")
	password := fs.String("password", "", "the `PASS`word; in the standard mode it may carry the game name (floodgate-600-10F,PASS)")
	engine := fs.String("engine", "", "the USI engine that plays: `usi:PATH[,NAME=VALUE...]`")
	levelName := fs.String("level", "", "the built-in `LEVEL` that plays: "+strings.Join(bot.Names(), ", "))
	games := fs.Int("games", 1, "number of `N` games to play, one after another")
	x1 := fs.Bool("x1", false, "log in with floodgate's extended mode (x1) and ask for --game")
	gameName := fs.String("game", "", "with --x1, the game `NAME` to ask for, as the server names them (testgame-300-10)")
	turn := fs.String("turn", "*", "with --x1, the side to ask for: + (Black), - (White) or * (either)")
	keepAlive := fs.Duration("keepalive", 0, "send a blank line after `D` without sending anything (floodgate: 30s or more); 0 for none")
	timeout := fs.Duration("timeout", 30*time.Second, "how long to wait for the server's answers (to LOGIN, to a move)")
	margin := fs.Duration("margin", csa.DefaultMargin, "tell the engine `D` less time than the server's clock; 0 for none")
	comments := fs.Bool("comments", false, "send the engine's score and line with each move, for the server's record ('**)")
	ponder := fs.Bool("ponder", true, "think on the opponent's time when the game's clock allows it (1 s a move, a minute in all, or no clock): a level always can, an engine when it declares USI_Ponder or Ponder; --ponder=false never")
	out := fs.String("out", "", "write each game's record as CSA into `DIR` (GAME-ID.csa)")
	logPath := fs.String("log", "", "the server's and the engine's transcripts go to `FILE` (default: shogi/csa.log in the user cache directory)")
	fs.Usage = func() { csaUsage(stderr, fs) }
	rest, err := parseFlags(fs, args)
	if err != nil {
		return parseStatus(err)
	}
	bad := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "shogi csa: "+format+"\n", a...)
		fmt.Fprintln(stderr, "usage: shogi csa --server HOST:PORT --id NAME --password PASS (--engine … | --level …) (shogi csa -h for the flags)")
		return 2
	}
	o := csaOptions{server: *server, id: *id, password: *password, games: *games, x1: *x1, gameName: *gameName, turn: *turn,
		keepAlive: *keepAlive, timeout: *timeout, margin: *margin, comments: *comments, out: *out, logPath: *logPath, env: s.env}
	if o.password == "" {
		o.password = getenvIn(s.env)(passwordEnv)
	}
	switch {
	case len(rest) > 0:
		return bad("unexpected argument %q", rest[0])
	case o.server == "":
		return bad("--server HOST:PORT is needed")
	case o.id == "":
		return bad("--id NAME is needed")
	case o.password == "":
		return bad("--password PASS (or %s) is needed", passwordEnv)
	case (*engine == "") == (*levelName == ""):
		return bad("want one of --engine and --level")
	case o.games < 1:
		return bad("--games %d: want at least 1", o.games)
	case o.x1 && o.gameName == "":
		return bad("--x1 asks for a game: --game NAME is needed")
	case !o.x1 && o.gameName != "":
		return bad("--game needs --x1 (in the standard mode the game name goes in the password: NAME,PASS)")
	case o.turn != "+" && o.turn != "-" && o.turn != "*":
		return bad("--turn %q: want +, - or *", o.turn)
	case o.keepAlive < 0 || o.timeout <= 0:
		return bad("--keepalive and --timeout must not be negative")
	case o.margin < 0:
		return bad("--margin %v: want 0 or more", o.margin)
	}
	if _, _, err := net.SplitHostPort(o.server); err != nil {
		return bad("--server %s: want HOST:PORT", o.server)
	}
	spec := *engine
	if spec == "" {
		spec = *levelName
	}
	sp, err := match.ParseSpec(spec)
	if err != nil || sp.Kind == match.HumanKind || (*engine != "" && sp.Kind != match.USIKind) || (*levelName != "" && sp.Kind != match.BuiltinKind) {
		if err == nil {
			err = fmt.Errorf("%q is not a program (usi:PATH) for --engine or a level for --level", spec)
		}
		return bad("%v", err)
	}
	sp.Ponder = *ponder
	o.local = sp
	// Each Ctrl+C counts (the first finishes the game, the second
	// resigns it): the signals come as values, not as ctx's end.
	sigs := make(chan os.Signal, 3)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	return o.play(ctx, stdout, stderr, sigs)
}

// play runs the games o describes (csaplay.Run).
func (o csaOptions) play(ctx context.Context, stdout, stderr io.Writer, sigs <-chan os.Signal) int {
	return csaplay.Run(ctx, csaplay.Options{Server: o.server, ID: o.id, Password: o.password, Local: o.local, Games: o.games,
		X1: o.x1, GameName: o.gameName, Turn: o.turn, KeepAlive: o.keepAlive, Timeout: o.timeout, Margin: o.margin,
		Comments: o.comments, Out: o.out,
		OpenLog: func() (*os.File, string) { return engineLogIn("csa", o.logPath, o.env, stderr) }}, stdout, stderr, sigs)
}
