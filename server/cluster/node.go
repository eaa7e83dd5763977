// Package cluster lets several shogi serve processes share one lobby over
// NATS: each process is a node, and the facts the nodes must agree on live
// in JetStream key-value buckets with replicas, so that they survive the
// loss of a node.
//
// A node starts in one of three ways (Config): with NATS embedded in the
// process and no network listener (one machine, the default); joining a
// NATS cluster that runs apart (URLs); or embedding a NATS server that
// routes to the other nodes' embedded servers (Listen and Routes), so that
// three shogi serve processes form a cluster with nothing else installed.
// Every way goes through the same client code.
//
// What the nodes share, one bucket each:
//   - the node registry (Registry): a name is held while its node beats,
//     so two live nodes cannot share a name, and a dead node's frees up;
//   - the directory of open tables (Directory): a code is created once
//     across the cluster, and every node watches the list;
//   - the limits (Limits): sessions in all, per address, per minute;
//   - table ownership (Lease): one referee per table, renewed by a
//     heartbeat, given up in time when it cannot be renewed;
//   - table state (Store): what a referee saves after each event, fenced
//     by its lease, for another node to take the table over.
//
// Beside the buckets, each table is served by its referee on two
// subjects named by its code (Relay): its events, and the requests of
// the sessions on other nodes that sit or watch there. A new referee
// serves the same subjects, so those sessions carry on after a takeover.
//
// Anything read from a bucket or a table's subject is decoded with a
// check and, when it does not parse, logged and dropped.
package cluster

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Config says how a node reaches NATS and how it is named. With no URLs
// and no Listen it embeds a lone NATS server reached in-process.
type Config struct {
	// Name names the node in logs, in the lobby's status line and in the
	// registry; it must be unique among the live nodes.
	Name string
	// URLs are the servers of a NATS cluster that runs apart
	// (nats://host:port); none embeds a server in the process.
	URLs []string
	// Listen is the host:port the embedded server accepts the other
	// nodes' routes on; "" keeps it to the process.
	Listen string
	// Advertise is the host:port the other nodes' servers are told to
	// route to, when it is not Listen (a NAT, a proxy); "" is Listen.
	Advertise string
	// Routes are the other nodes' Listen addresses (host:port or
	// nats-route://host:port); the node's own address may be among them.
	Routes []string
	// StoreDir holds the embedded server's JetStream files.
	StoreDir string
	// Replicas overrides how many copies each bucket keeps; 0 is one per
	// server up to three (R3 with three servers, R1 alone).
	Replicas int
	// NodeTTL is how long a node's name stays held after its last beat
	// (default 15s); LeaseTTL the same for a table's referee (default 6s).
	NodeTTL, LeaseTTL time.Duration
	// StartTimeout bounds the wait for JetStream at start, while a
	// cluster elects its leaders (default 30s).
	StartTimeout time.Duration
	// Log receives the node's lines; nil discards.
	Log *slog.Logger
}

// Bucket names, one per kind of fact.
const (
	nodesBucket  = "shogi_nodes"
	tablesBucket = "shogi_tables"
	limitsBucket = "shogi_limits"
	leasesBucket = "shogi_leases"
	stateBucket  = "shogi_state"
)

// clusterName is the NATS cluster's name between embedded servers.
const clusterName = "shogi"

// StartError says why a node could not start: Op is the step (reach
// NATS, embed a server, wait for JetStream, register the name).
type StartError struct {
	Op  string
	Err error
}

func (e *StartError) Error() string { return e.Op + ": " + e.Err.Error() }
func (e *StartError) Unwrap() error { return e.Err }

// Node is one shogi serve process in the cluster.
type Node struct {
	cfg      Config
	log      *slog.Logger
	srv      *server.Server // the embedded server, nil when external
	nc       *nats.Conn
	js       jetstream.JetStream
	replicas int

	nodes, tables, limits, leases, state jetstream.KeyValue

	reg *registration

	sessions atomic.Pointer[func() int]

	mu    sync.Mutex
	owned map[string]*Lease
	// written is the state revision this node last wrote of each table
	// it referees, kept when a lease ends: a node that takes its own
	// table's lease again (it lapsed while NATS was away) goes on from
	// there if no other node wrote in between, and is refused if one did.
	written map[string]uint64
	// unsaved are the states of each table this node sent since its
	// last save was answered: one may have been written all the same,
	// under this lease or one before it (Lease.ownSave).
	unsaved  map[string][][]byte
	closed   bool
	dirs     []*Directory // the lists this node follows (TakeOver falls back on them)
	statMsgs uint64
	statAt   time.Time
}

// Start brings a node up: NATS reached or embedded, the buckets made or
// found, and the node's name registered. A name held by a live node, a
// NATS that cannot be reached, or a JetStream that does not answer within
// StartTimeout is a *StartError.
func Start(ctx context.Context, cfg Config) (*Node, error) {
	if cfg.Name == "" {
		return nil, &StartError{"name the node", errors.New("a node needs a name")}
	}
	if err := checkName(cfg.Name); err != nil {
		return nil, &StartError{"name the node", err}
	}
	if len(cfg.URLs) > 0 && cfg.Listen != "" {
		return nil, &StartError{"start", errors.New("join an external NATS (URLs) or embed one that listens, not both")}
	}
	if cfg.Advertise != "" && cfg.Listen == "" {
		return nil, &StartError{"start", errors.New("an address to advertise needs one to listen on")}
	}
	if len(cfg.Routes) > 0 && cfg.Listen == "" {
		return nil, &StartError{"start", errors.New("routes need an address to listen on for the other nodes")}
	}
	if cfg.NodeTTL <= 0 {
		cfg.NodeTTL = 15 * time.Second
	}
	if cfg.LeaseTTL <= 0 {
		cfg.LeaseTTL = 6 * time.Second
	}
	if cfg.StartTimeout <= 0 {
		cfg.StartTimeout = 30 * time.Second
	}
	n := &Node{cfg: cfg, log: cfg.Log, owned: map[string]*Lease{}, written: map[string]uint64{}, unsaved: map[string][][]byte{}, statAt: time.Now()}
	if n.log == nil {
		n.log = slog.New(slog.DiscardHandler)
	}
	n.log = n.log.With("node", cfg.Name)
	ok := false
	defer func() {
		if !ok {
			n.closeConn()
		}
	}()
	if err := n.connect(); err != nil {
		return nil, err
	}
	sctx, cancel := context.WithTimeout(ctx, cfg.StartTimeout)
	defer cancel()
	if err := n.openBuckets(sctx); err != nil {
		return nil, &StartError{"wait for JetStream", err}
	}
	reg, err := n.register(sctx)
	if err != nil {
		return nil, err
	}
	n.reg = reg
	ok = true
	n.log.Info("cluster node up", "nats", n.describe(), "replicas", n.replicas)
	return n, nil
}

// checkName keeps a node's name to what a bucket key may hold.
func checkName(s string) error {
	if len(s) > 64 {
		return fmt.Errorf("node name %q is longer than 64 characters", s)
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return fmt.Errorf("node name %q: use letters, digits, - and _ only", s)
		}
	}
	return nil
}

// DefaultName is a node name derived from the host's name.
func DefaultName() string {
	h, err := os.Hostname()
	if err != nil {
		return "shogi"
	}
	h, _, _ = strings.Cut(h, ".")
	var b strings.Builder
	for _, r := range h {
		if checkName(string(r)) == nil {
			b.WriteRune(r)
		} else {
			b.WriteByte('-')
		}
	}
	if b.Len() == 0 {
		return "shogi"
	}
	s := b.String()
	if len(s) > 64 {
		s = s[:64]
	}
	return s
}

// connect reaches NATS: the external cluster, or a server embedded here.
func (n *Node) connect() error {
	opts := []nats.Option{nats.Name("shogi serve " + n.cfg.Name), nats.MaxReconnects(-1),
		nats.ReconnectWait(250 * time.Millisecond), nats.Timeout(2 * time.Second),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) {
			n.log.Warn("lost NATS", "err", err)
		}),
		nats.ReconnectHandler(func(c *nats.Conn) { n.log.Info("NATS back", "server", c.ConnectedUrlRedacted()) }),
		nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) { n.log.Warn("NATS", "err", err) }),
	}
	if len(n.cfg.URLs) > 0 {
		urls := strings.Join(n.cfg.URLs, ",")
		nc, err := nats.Connect(urls, opts...)
		if err != nil {
			return &StartError{"reach NATS at " + urls, err}
		}
		n.nc = nc
		n.replicas = min(3, max(1, len(nc.Servers())))
	} else {
		srv, err := n.embed()
		if err != nil {
			return err
		}
		n.srv = srv
		nc, err := nats.Connect("", append(opts, nats.InProcessServer(srv))...)
		if err != nil {
			return &StartError{"connect to the embedded NATS", err}
		}
		n.nc = nc
		n.replicas = min(3, 1+len(n.otherRoutes()))
	}
	if n.cfg.Replicas > 0 {
		n.replicas = n.cfg.Replicas
	}
	js, err := jetstream.New(n.nc)
	if err != nil {
		return &StartError{"open JetStream", err}
	}
	n.js = js
	return nil
}

// otherRoutes are the routes that are not the node's own address.
func (n *Node) otherRoutes() []string {
	var out []string
	seen := map[string]bool{}
	for _, r := range n.cfg.Routes {
		h := routeHost(r)
		if h == n.cfg.Listen || seen[h] {
			continue
		}
		seen[h] = true
		out = append(out, r)
	}
	return out
}

// routeHost is a route's host:port.
func routeHost(r string) string {
	if u, err := url.Parse(r); err == nil && u.Host != "" {
		return u.Host
	}
	return r
}

// embed starts the NATS server of this process: JetStream on, no client
// listener, a route listener when the node is one of several.
func (n *Node) embed() (*server.Server, error) {
	if n.cfg.StoreDir == "" {
		return nil, &StartError{"embed NATS", errors.New("no directory for JetStream's files")}
	}
	if err := os.MkdirAll(n.cfg.StoreDir, 0o700); err != nil {
		return nil, &StartError{"embed NATS", err}
	}
	// A route to a node that is down is tried again every second, on each
	// of its pooled connections: reported at the first failure and then
	// once a minute, not four lines a second (nats-server's default
	// reports every failed reconnect).
	o := &server.Options{ServerName: n.cfg.Name, DontListen: true, JetStream: true, StoreDir: n.cfg.StoreDir,
		NoSigs: true, NoLog: false, MaxPayload: 4 << 20, ReconnectErrorReports: 60}
	if n.cfg.Listen != "" {
		host, port, err := splitHostPort(n.cfg.Listen)
		if err != nil {
			return nil, &StartError{"embed NATS", fmt.Errorf("listen address %q: %v", n.cfg.Listen, err)}
		}
		o.Cluster = server.ClusterOpts{Name: clusterName, Host: host, Port: port, Advertise: n.cfg.Advertise}
		// NATS servers of one cluster must have names of their own, or
		// JetStream never forms; two nodes given one --node would then
		// fail as a JetStream that does not answer, not as the name
		// taken. The route port keeps the server's name from one start
		// to the next, as JetStream's peers want.
		o.ServerName = fmt.Sprintf("%s-%d", n.cfg.Name, port)
		// The server starts its routes only once its client listener is
		// up: with routes it gets one, on a loopback port of its own.
		o.DontListen, o.Host, o.Port = false, "127.0.0.1", server.RANDOM_PORT
		for _, r := range n.cfg.Routes {
			u, err := routeURL(r)
			if err != nil {
				return nil, &StartError{"embed NATS", err}
			}
			o.Routes = append(o.Routes, u)
		}
	}
	srv, err := server.NewServer(o)
	if err != nil {
		return nil, &StartError{"embed NATS", err}
	}
	srv.SetLoggerV2(natsLog{n.log}, false, false, false)
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		srv.Shutdown()
		what := "it did not start"
		if n.cfg.Listen != "" {
			what = "it could not listen on " + n.cfg.Listen + " (in use?)"
		}
		return nil, &StartError{"embed NATS", errors.New(what)}
	}
	return srv, nil
}

// splitHostPort reads host:port with a numeric port.
func splitHostPort(s string) (string, int, error) {
	host, p, err := net.SplitHostPort(s)
	if err != nil {
		return "", 0, err
	}
	port, err := net.LookupPort("tcp", p)
	if err != nil {
		return "", 0, err
	}
	return host, port, nil
}

// routeURL reads a route: host:port, or a URL with a scheme.
func routeURL(r string) (*url.URL, error) {
	if !strings.Contains(r, "://") {
		r = "nats-route://" + r
	}
	u, err := url.Parse(r)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("route %q: want host:port", r)
	}
	if _, _, err := splitHostPort(u.Host); err != nil {
		return nil, fmt.Errorf("route %q: %v", r, err)
	}
	return u, nil
}

// describe says which NATS the node uses, for the log.
func (n *Node) describe() string {
	switch {
	case n.srv == nil:
		return "external " + strings.Join(n.cfg.URLs, ",")
	case n.cfg.Listen == "":
		return "embedded, in-process"
	}
	return fmt.Sprintf("embedded, routes on %s to %s", n.cfg.Listen, strings.Join(n.cfg.Routes, ","))
}

// openBuckets finds or makes the buckets, retrying while JetStream is not
// ready (a cluster electing its leader, a stream without quorum yet).
func (n *Node) openBuckets(ctx context.Context) error {
	specs := []struct {
		kv  *jetstream.KeyValue
		cfg jetstream.KeyValueConfig
	}{
		{&n.nodes, jetstream.KeyValueConfig{Bucket: nodesBucket, TTL: n.cfg.NodeTTL, Description: "shogi serve: the live nodes"}},
		{&n.tables, jetstream.KeyValueConfig{Bucket: tablesBucket, Description: "shogi serve: the open tables by code"}},
		{&n.limits, jetstream.KeyValueConfig{Bucket: limitsBucket, TTL: 24 * time.Hour, Description: "shogi serve: sessions by node and address"}},
		{&n.leases, jetstream.KeyValueConfig{Bucket: leasesBucket, TTL: n.cfg.LeaseTTL, Description: "shogi serve: each table's referee"}},
		{&n.state, jetstream.KeyValueConfig{Bucket: stateBucket, Description: "shogi serve: each table's state"}},
	}
	var last error
	// A request made before the cluster has elected JetStream's leader
	// gets no answer at all: the wait for one starts short and doubles, so
	// that the first answerable request is not held up by a long wait on
	// the unanswered one (3 s each cost a three-node start up to 3 s).
	wait := 500 * time.Millisecond
	for {
		last = nil
		for _, s := range specs {
			if *s.kv != nil {
				continue
			}
			kv, err := n.bucket(ctx, s.cfg, wait)
			if err != nil {
				last = err
				break
			}
			*s.kv = kv
		}
		if last == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("no answer from JetStream in time (%v): %w", n.cfg.StartTimeout, last)
		case <-time.After(250 * time.Millisecond):
		}
		wait = min(2*wait, 3*time.Second)
	}
}

// bucket finds a bucket, or makes it with the node's replicas, waiting
// at most wait for JetStream's answers. A bucket made by another node is
// used as it is.
func (n *Node) bucket(ctx context.Context, cfg jetstream.KeyValueConfig, wait time.Duration) (jetstream.KeyValue, error) {
	rctx, cancel := context.WithTimeout(ctx, wait)
	defer cancel()
	kv, err := n.js.KeyValue(rctx, cfg.Bucket)
	if err == nil {
		return kv, nil
	}
	if !errors.Is(err, jetstream.ErrBucketNotFound) {
		return nil, err
	}
	cfg.Replicas = n.replicas
	cfg.Storage = jetstream.FileStorage
	kv, err = n.js.CreateKeyValue(rctx, cfg)
	if errors.Is(err, jetstream.ErrBucketExists) {
		return n.js.KeyValue(rctx, cfg.Bucket)
	}
	return kv, err
}

// Name returns the node's name.
func (n *Node) Name() string { return n.cfg.Name }

// Replicas returns how many copies the buckets this node made keep.
func (n *Node) Replicas() int { return n.replicas }

// Connected reports whether the node can reach NATS now.
func (n *Node) Connected() bool { return n.nc.IsConnected() }

// Close stops the node without handing anything over: its leases and
// its name lapse by their time to live. Shutdown hands over first.
func (n *Node) Close() {
	n.mu.Lock()
	if n.closed {
		n.mu.Unlock()
		return
	}
	n.closed = true
	leases := make([]*Lease, 0, len(n.owned))
	for _, l := range n.owned {
		leases = append(leases, l)
	}
	n.mu.Unlock()
	for _, l := range leases {
		l.stop()
	}
	if n.reg != nil {
		n.reg.stop()
	}
	n.closeConn()
}

// Shutdown hands the node's tables to the others — every lease it holds
// released, so another node may take each at once rather than after its
// time to live — and frees its name, then closes.
func (n *Node) Shutdown(ctx context.Context) error {
	n.mu.Lock()
	leases := make([]*Lease, 0, len(n.owned))
	for _, l := range n.owned {
		leases = append(leases, l)
	}
	n.mu.Unlock()
	var errs []error
	for _, l := range leases {
		if err := l.Release(ctx); err != nil {
			errs = append(errs, err)
		}
	}
	if n.reg != nil {
		if err := n.reg.release(ctx); err != nil {
			errs = append(errs, err)
		}
	}
	n.Close()
	return errors.Join(errs...)
}

// closeConn drains nothing: the client and the embedded server go.
func (n *Node) closeConn() {
	if n.nc != nil {
		n.nc.Close()
	}
	if n.srv != nil {
		n.srv.Shutdown()
		n.srv.WaitForShutdown()
	}
}

// natsLog puts the embedded server's lines into the node's log: notices
// at debug, warnings and errors as they are.
type natsLog struct{ l *slog.Logger }

func (g natsLog) Noticef(f string, v ...any) { g.l.Debug("nats: " + fmt.Sprintf(f, v...)) }
func (g natsLog) Warnf(f string, v ...any)   { g.l.Warn("nats: " + fmt.Sprintf(f, v...)) }
func (g natsLog) Fatalf(f string, v ...any)  { g.l.Error("nats: " + fmt.Sprintf(f, v...)) }
func (g natsLog) Errorf(f string, v ...any)  { g.l.Error("nats: " + fmt.Sprintf(f, v...)) }
func (g natsLog) Debugf(string, ...any)      {}
func (g natsLog) Tracef(string, ...any)      {}
