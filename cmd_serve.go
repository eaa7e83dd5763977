package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"shogi/app/lobby"
	"shogi/server/sshd"
)

// serveOptions are shogi serve's flags.
type serveOptions struct {
	listen, hostKey, games, authorizedKeys, logLevel string
	maxSessions, perIP, perMinute                    int
	idle, grace                                      time.Duration
}

// serveFlags reads shogi serve's command line.
func serveFlags(args []string, stderr io.Writer) (serveOptions, error) {
	var o serveOptions
	fs := newFlagSet("serve", stderr)
	fs.StringVar(&o.listen, "listen", "127.0.0.1:2222", "address to listen on (host:port); :2222 for every interface")
	fs.StringVar(&o.hostKey, "host-key", "", "the server's ed25519 host key, created there if missing (default ssh_host_ed25519_key in shogi/ under the user config directory)")
	fs.IntVar(&o.maxSessions, "max-sessions", 100, "sessions at once")
	fs.IntVar(&o.perIP, "per-ip", 4, "sessions at once from one address")
	fs.IntVar(&o.perMinute, "per-minute", 20, "new connections from one address in a minute")
	fs.DurationVar(&o.idle, "idle", 30*time.Minute, "close a session after this long without a key pressed")
	fs.DurationVar(&o.grace, "grace", time.Minute, "how long a player whose connection dropped keeps the seat (the clock runs)")
	fs.StringVar(&o.games, "games", "", "folder the games played are written to as KIF (default tables/ in shogi/ under the user data directory)")
	fs.StringVar(&o.authorizedKeys, "authorized-keys", "", "let in only the keys in this authorized_keys file (default: anyone)")
	fs.StringVar(&o.logLevel, "log-level", "info", "info: a line per connection and per game; debug: tables opened, games begun, players dropping and coming back too")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi serve [--listen ADDR] [--host-key PATH] [--max-sessions N] [--per-ip N] [--per-minute N]\n"+
			"                   [--idle D] [--grace D] [--games DIR] [--authorized-keys FILE] [--log-level info|debug]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, usageError(fs, "unexpected argument %q", fs.Arg(0))
	}
	for _, n := range []struct {
		name string
		v    int
	}{{"--max-sessions", o.maxSessions}, {"--per-ip", o.perIP}, {"--per-minute", o.perMinute}} {
		if n.v < 1 {
			return o, usageError(fs, "%s must be at least 1, not %d", n.name, n.v)
		}
	}
	if o.idle < time.Second {
		return o, usageError(fs, "--idle must be at least 1s, not %v", o.idle)
	}
	if o.grace < 0 {
		return o, usageError(fs, "--grace cannot be negative")
	}
	if o.logLevel != "info" && o.logLevel != "debug" {
		return o, usageError(fs, "--log-level %q: want info or debug", o.logLevel)
	}
	if _, _, err := net.SplitHostPort(o.listen); err != nil {
		return o, usageError(fs, "--listen %q: want host:port (%v)", o.listen, err)
	}
	if o.games == "" {
		if o.games = dirs().Tables(); o.games == "" {
			return o, usageError(fs, "no user data directory for the games: give --games DIR")
		}
	}
	if o.hostKey == "" {
		p, err := sshd.DefaultHostKeyPath()
		if err != nil {
			return o, usageError(fs, "%v", err)
		}
		o.hostKey = p
	}
	return o, nil
}

// runServe runs the SSH server until SIGINT or SIGTERM.
func runServe(args []string, _ io.Reader, _, stderr io.Writer) int {
	o, err := serveFlags(args, stderr)
	if err != nil {
		return parseStatus(err)
	}
	level := slog.LevelInfo
	if o.logLevel == "debug" {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	for _, line := range migrate(dirs()) {
		log.Info(line)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serveUntil(ctx, o, log, nil); err != nil {
		fmt.Fprintln(stderr, "shogi serve:", err)
		return 1
	}
	return 0
}

// serveUntil runs the server until ctx ends, then shuts it down: no new
// connections, every game in progress saved, every session told. ready,
// if not nil, receives the address listened on.
func serveUntil(ctx context.Context, o serveOptions, log *slog.Logger, ready func(net.Addr)) error {
	key, created, err := sshd.LoadHostKey(o.hostKey)
	if err != nil {
		return err
	}
	var keys map[string]bool
	if o.authorizedKeys != "" {
		if keys, err = sshd.ReadAuthorizedKeys(o.authorizedKeys); err != nil {
			return fmt.Errorf("--authorized-keys: %w", err)
		}
	}
	if err := os.MkdirAll(o.games, 0o755); err != nil {
		return fmt.Errorf("--games: %w", err)
	}
	l := lobby.New(lobby.Config{GamesDir: o.games, Grace: o.grace, Log: log})
	srv, err := sshd.New(sshd.Config{HostKey: key, AuthorizedKeys: keys, MaxSessions: o.maxSessions, PerIP: o.perIP,
		PerMinute: o.perMinute, Idle: o.idle, Lobby: l, Log: log})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.listen)
	if err != nil {
		return err
	}
	access := "anyone"
	if keys != nil {
		access = fmt.Sprintf("%d authorized keys", len(keys))
	}
	log.Info("listening", "addr", ln.Addr().String(), "host_key", o.hostKey, "fingerprint", gossh.FingerprintSHA256(key.PublicKey()),
		"new_key", created, "games", o.games, "access", access, "max_sessions", o.maxSessions, "per_ip", o.perIP,
		"per_minute", o.perMinute, "idle", o.idle.String(), "grace", o.grace.String())
	if ready != nil {
		ready(ln.Addr())
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = srv.Shutdown(sctx)
	<-served
	log.Info("stopped")
	return err
}
