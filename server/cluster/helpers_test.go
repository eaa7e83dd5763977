package cluster

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"shogi/internal/testenv"
)

// testLog is a log a test can read back, and echo with -v.
type testLog struct {
	mu  sync.Mutex
	buf strings.Builder
}

func (l *testLog) Write(b []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(b)
}

func (l *testLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func newTestLog() (*testLog, *slog.Logger) {
	l := &testLog{}
	return l, slog.New(slog.NewTextHandler(l, &slog.HandlerOptions{Level: slog.LevelDebug}))
}

// natsServer is a lone NATS server with JetStream on a loopback port,
// standing for a NATS that runs apart from the nodes. Stop and Restart
// take it away and bring it back on the same port with the same files.
type natsServer struct {
	t    *testing.T
	port int
	dir  string
	srv  *server.Server
}

func startNATS(t *testing.T) *natsServer {
	t.Helper()
	ns := &natsServer{t: t, port: testenv.FreePort(t), dir: t.TempDir()}
	ns.Restart()
	t.Cleanup(ns.Stop)
	return ns
}

func (ns *natsServer) URL() string { return fmt.Sprintf("nats://127.0.0.1:%d", ns.port) }

func (ns *natsServer) Restart() {
	ns.t.Helper()
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: ns.port, JetStream: true, StoreDir: ns.dir,
		NoSigs: true, NoLog: true, ServerName: "test"})
	if err != nil {
		ns.t.Fatal(err)
	}
	srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		ns.t.Fatal("the test NATS server did not start")
	}
	ns.srv = srv
}

func (ns *natsServer) Stop() {
	if ns.srv != nil {
		ns.srv.Shutdown()
		ns.srv.WaitForShutdown()
		ns.srv = nil
	}
}

// quick shortens the times to live so that lapses happen within a test.
func quick(cfg Config) Config {
	if cfg.NodeTTL == 0 {
		cfg.NodeTTL = time.Second
	}
	if cfg.LeaseTTL == 0 {
		cfg.LeaseTTL = 1200 * time.Millisecond
	}
	if cfg.StartTimeout == 0 {
		cfg.StartTimeout = 20 * time.Second
	}
	return cfg
}

// startNode starts a node, closed when the test ends.
func startNode(t *testing.T, cfg Config) *Node {
	t.Helper()
	if cfg.Log == nil {
		_, cfg.Log = newTestLog()
	}
	n, err := Start(context.Background(), quick(cfg))
	if err != nil {
		t.Fatalf("node %s: %v", cfg.Name, err)
	}
	t.Cleanup(n.Close)
	return n
}

// eventually waits, up to a bound, for cond to hold.
func eventually(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("not within %v: %s", within, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// proxy forwards TCP from a loopback port to target, and can stall: the
// connections stay open and nothing goes through either way, as when a
// network splits — no error, only silence.
type proxy struct {
	ln     net.Listener
	target string

	mu      sync.Mutex
	stalled bool
	resume  chan struct{}
	conns   []net.Conn
}

func startProxy(t *testing.T, target string) *proxy {
	t.Helper()
	return startProxyOn(t, "127.0.0.1:0", target)
}

// startProxyOn is startProxy listening on addr.
func startProxyOn(t *testing.T, addr, target string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{ln: ln, target: target, resume: make(chan struct{})}
	go p.accept()
	t.Cleanup(p.Close)
	return p
}

func (p *proxy) URL() string { return "nats://" + p.ln.Addr().String() }

func (p *proxy) accept() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		up, err := net.Dial("tcp", p.target)
		if err != nil {
			c.Close()
			continue
		}
		p.mu.Lock()
		p.conns = append(p.conns, c, up)
		p.mu.Unlock()
		go p.pipe(c, up)
		go p.pipe(up, c)
	}
}

// pipe copies a chunk at a time, waiting while the proxy is stalled.
func (p *proxy) pipe(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			p.mu.Lock()
			stalled, resume := p.stalled, p.resume
			p.mu.Unlock()
			if stalled {
				<-resume
			}
			if _, werr := dst.Write(buf[:n]); werr != nil {
				return
			}
		}
		if err != nil {
			dst.Close()
			return
		}
	}
}

// Stall stops everything going through; Resume lets it go again.
func (p *proxy) Stall() {
	p.mu.Lock()
	p.stalled = true
	p.mu.Unlock()
}

func (p *proxy) Resume() {
	p.mu.Lock()
	if p.stalled {
		p.stalled = false
		close(p.resume)
		p.resume = make(chan struct{})
	}
	p.mu.Unlock()
}

func (p *proxy) Close() {
	p.ln.Close()
	p.Resume()
	p.mu.Lock()
	for _, c := range p.conns {
		c.Close()
	}
	p.mu.Unlock()
}
