package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"shogi/app/lobby"
	"shogi/app/words"
	"shogi/internal/appdirs"
	"shogi/server/cluster"
	"shogi/server/sshd"
	"shogi/tui"
)

// serveOptions are shogi serve's flags.
type serveOptions struct {
	listen, hostKey, games, authorizedKeys, logLevel string
	maxSessions, perIP, perMinute                    int
	idle, grace                                      time.Duration
	// The cluster: none of these is one node with NATS embedded and no
	// network listener, through the same code as several.
	node, natsListen, natsStore string
	natsURLs, natsRoutes        []string
	status                      time.Duration
}

// urlList reads a comma-separated flag value; empty items are dropped.
func urlList(s string) []string {
	var out []string
	for _, u := range strings.Split(s, ",") {
		if u = strings.TrimSpace(u); u != "" {
			out = append(out, u)
		}
	}
	return out
}

// serveFlags reads shogi serve's command line; d are the app's folders
// found from the command's environment, for the defaults.
func serveFlags(args []string, stderr io.Writer, d appdirs.Dirs) (serveOptions, error) {
	var o serveOptions
	fs := newFlagSet("serve", stderr)
	fs.StringVar(&o.listen, "listen", "127.0.0.1:2222", "address to listen on (host:port); :2222 for every interface")
	fs.StringVar(&o.hostKey, "host-key", "", "the server's ed25519 host key, created there if missing (default ssh_host_ed25519_key in shogi/ under the user config directory)")
	fs.IntVar(&o.maxSessions, "max-sessions", 100, "sessions at once, across the cluster's nodes")
	fs.IntVar(&o.perIP, "per-ip", 4, "sessions at once from one address, across the cluster's nodes")
	fs.IntVar(&o.perMinute, "per-minute", 20, "new connections from one address in a minute, across the cluster's nodes")
	fs.DurationVar(&o.idle, "idle", 30*time.Minute, "close a session after this long without a key pressed")
	fs.DurationVar(&o.grace, "grace", time.Minute, "how long a player whose connection dropped keeps the seat (the clock runs)")
	fs.StringVar(&o.games, "games", "", "folder the games played are written to as KIF (default tables/ in shogi/ under the user data directory)")
	fs.StringVar(&o.authorizedKeys, "authorized-keys", "", "let in only the keys in this authorized_keys file (default: anyone)")
	fs.StringVar(&o.logLevel, "log-level", "info", "info: a line per connection and per game; debug: tables opened, games begun, players dropping and coming back too")
	fs.StringVar(&o.node, "node", "", "this node's name in logs, in the lobby's status line and among the cluster's nodes (default: the host's name)")
	var urls, routes string
	fs.StringVar(&urls, "nats", "", "join the NATS cluster that runs apart at these URLs (nats://host:port,...)")
	fs.StringVar(&o.natsListen, "nats-listen", "", "embed a NATS server that accepts the other nodes' routes on host:port")
	fs.StringVar(&routes, "nats-routes", "", "the other nodes' --nats-listen addresses (host:port,...), with --nats-listen")
	fs.StringVar(&o.natsStore, "nats-store", "", "folder for the embedded NATS server's JetStream files (default nats/NODE in shogi/ under the user data directory)")
	fs.DurationVar(&o.status, "status-every", time.Minute, "how often the node logs its status line (sessions, tables owned, NATS messages a second)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: shogi serve [--listen ADDR] [--host-key PATH] [--max-sessions N] [--per-ip N] [--per-minute N]\n"+
			"                   [--idle D] [--grace D] [--games DIR] [--authorized-keys FILE] [--log-level info|debug]\n"+
			"                   [--node NAME] [--nats URL,... | --nats-listen HOST:PORT [--nats-routes HOST:PORT,...]]\n"+
			"                   [--nats-store DIR] [--status-every D]")
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
	o.natsURLs, o.natsRoutes = urlList(urls), urlList(routes)
	if len(o.natsURLs) > 0 && o.natsListen != "" {
		return o, usageError(fs, "--nats joins a NATS that runs apart, --nats-listen embeds one: give one or the other")
	}
	if len(o.natsRoutes) > 0 && o.natsListen == "" {
		return o, usageError(fs, "--nats-routes needs --nats-listen (the address the other nodes route to)")
	}
	if o.natsListen != "" {
		if _, _, err := net.SplitHostPort(o.natsListen); err != nil {
			return o, usageError(fs, "--nats-listen %q: want host:port (%v)", o.natsListen, err)
		}
	}
	for _, u := range o.natsURLs {
		if !strings.Contains(u, "://") {
			if _, _, err := net.SplitHostPort(u); err != nil {
				return o, usageError(fs, "--nats %q: want nats://host:port or host:port", u)
			}
		}
	}
	if o.status < time.Second {
		return o, usageError(fs, "--status-every must be at least 1s, not %v", o.status)
	}
	if o.node == "" {
		o.node = cluster.DefaultName()
	}
	if len(o.natsURLs) == 0 && o.natsStore == "" {
		if d.Data != "" {
			o.natsStore = filepath.Join(d.Data, "nats", o.node)
		} else {
			return o, usageError(fs, "no user data directory for NATS's files: give --nats-store DIR")
		}
	}
	if o.games == "" {
		if o.games = d.Tables(); o.games == "" {
			return o, usageError(fs, "no user data directory for the games: give --games DIR")
		}
	}
	if o.hostKey == "" {
		// In the config folder, as sshd.DefaultHostKeyPath has it, but
		// found from the command's environment.
		if d.Config == "" {
			return o, usageError(fs, "no user config directory for the host key: give --host-key PATH")
		}
		o.hostKey = filepath.Join(d.Config, "ssh_host_ed25519_key")
	}
	return o, nil
}

// runServe runs the SSH server until SIGINT or SIGTERM.
// takeoverEvery is how often a node looks for tables whose referee died.
const takeoverEvery = 3 * time.Second

func runServe(ctx context.Context, args []string, s stdio) int {
	stderr := s.err
	d := dirsIn(s.env)
	o, err := serveFlags(args, stderr, d)
	if err != nil {
		return parseStatus(err)
	}
	level := slog.LevelInfo
	if o.logLevel == "debug" {
		level = slog.LevelDebug
	}
	log := slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: level}))
	for _, line := range migrate(d) {
		log.Info(line)
	}
	ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
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
	node, err := cluster.Start(ctx, cluster.Config{Name: o.node, URLs: o.natsURLs, Listen: o.natsListen,
		Routes: o.natsRoutes, StoreDir: o.natsStore, Log: log})
	if err != nil {
		return fmt.Errorf("cluster: %w", err)
	}
	// Shutdown hands the node's tables to the others and frees its name;
	// it runs after the SSH server's, which saves the games.
	// Both shutdowns run once ctx has ended: they are detached from it
	// (keeping its values), bounded by their own timeouts.
	defer func() {
		sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		if err := node.Shutdown(sctx); err != nil {
			log.Warn("leaving the cluster", "err", err)
		}
	}()
	dir, err := node.Directory(ctx)
	if err != nil {
		return fmt.Errorf("cluster: the table directory: %w", err)
	}
	defer dir.Close()
	// The session limits hold across the cluster; when it cannot be
	// reached, this node's own (the same figures) still do.
	limits := node.Limits(o.maxSessions, o.perIP, o.perMinute)
	admit := func(ip string) (func(), error) {
		release, err := limits.Admit(ip)
		var refused *cluster.RefusedError
		if err != nil && !errors.As(err, &refused) {
			log.Warn("cannot count the session in the cluster's limits: this node's apply", "ip", ip, "err", err)
			return func() {}, nil
		}
		return release, err
	}
	// The relay serves this node's tables to the others' sessions and
	// seats this node's sessions at the others' tables.
	l := lobby.New(lobby.Config{GamesDir: o.games, Grace: o.grace, Log: log, Directory: dir, Store: node.Store(),
		Far: node.Relay(dir)})
	srv, err := sshd.New(sshd.Config{HostKey: key, AuthorizedKeys: keys, MaxSessions: o.maxSessions, PerIP: o.perIP,
		PerMinute: o.perMinute, Idle: o.idle, Lobby: l, Log: log, App: sshApp, Profile: tui.DetectProfile,
		HandedOver: func(env []string) string { return handedOverLine(env, o.grace) }, Admit: admit})
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
		"per_minute", o.perMinute, "idle", o.idle.String(), "grace", o.grace.String(), "node", o.node)
	node.SetSessions(srv.Sessions)
	// The status line and the takeovers run until the server stops, and
	// are waited for before the node leaves the cluster.
	var bg sync.WaitGroup
	sctx, stopBackground := context.WithCancel(ctx)
	defer func() { stopBackground(); bg.Wait() }()
	bg.Go(func() { node.LogStatus(sctx, o.status) })
	// A table whose referee died (its lease lapsed) is taken over by the
	// first node to see it: the seats and spectators on other nodes carry
	// on there, and a player whose node died is offered the seat on any.
	bg.Go(func() {
		node.WatchTakeovers(sctx, takeoverEvery, func(st lobby.TableState) error { _, err := l.Adopt(st); return err })
	})
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
	// No table is taken over here while this node stops: one it took
	// would only be handed on again.
	stopBackground()
	bg.Wait()
	shutCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	// With other nodes live, the games go on there (the node's Shutdown,
	// deferred above, then frees the rest of its leases and its name);
	// a node alone interrupts and saves them.
	if others, oerr := node.Others(shutCtx); oerr == nil && others > 0 {
		log.Info("shutting down: handing the games in progress to the other nodes", "nodes", others)
		err = srv.HandOver(shutCtx)
	} else {
		if oerr != nil {
			log.Warn("cannot list the other nodes: interrupting the games in progress", "err", oerr)
		}
		log.Info("shutting down")
		err = srv.Shutdown(shutCtx)
	}
	<-served
	log.Info("stopped")
	return err
}

// handedOverLine is a session's last line when its node stops and hands
// the games to the others, in its terminal's language.
func handedOverLine(env []string, grace time.Duration) string {
	w := &words.RemoteEnglish
	if tui.LangFromEnv(env) == words.Japanese {
		w = &words.RemoteJapanese
	}
	return fmt.Sprintf(w.Handover, grace)
}

// sshApp is what shogi serve runs on each session: the lobby's screens,
// in the client's language, character set and width from its terminal's
// variables.
func sshApp(s sshd.Session) (tea.Model, func()) {
	t := tui.Terminal{In: s.In, Out: s.Out, Env: s.Env, Profile: s.Profile, Width: s.Width, Height: s.Height}
	o := tui.Options{Width: tui.WidthPolicyFromEnv(t.Env), Lang: tui.LangFromEnv(t.Env), ASCII: !tui.UTF8Locale(t.Env)}
	return tui.NewRemote(s.Context, tui.Remote{Lobby: s.Lobby, Name: s.User, Key: s.Key, Playing: s.Playing}, o, t)
}
