package cluster

import (
	"context"
	"time"
)

// SetSessions tells the node how to count its sessions (the SSH server's
// count); without it the node reports none.
func (n *Node) SetSessions(f func() int) { n.sessions.Store(&f) }

// counts returns the node's sessions and the tables it referees.
func (n *Node) counts() (sessions, tables int) {
	if f := n.sessions.Load(); f != nil {
		sessions = (*f)()
	}
	return sessions, n.Owned()
}

// Status is one status line's figures.
type Status struct {
	Node      string
	Connected bool
	Sessions  int
	Tables    int     // tables this node referees
	Msgs      float64 // NATS messages a second, in and out, since the last line
}

// Status reports the node's figures over the time since the previous
// call (the first call: since the start).
func (n *Node) Status() Status {
	s, t := n.counts()
	st := n.nc.Stats()
	now := time.Now()
	total := st.InMsgs + st.OutMsgs
	n.mu.Lock()
	prevMsgs, prevAt := n.statMsgs, n.statAt
	n.statMsgs, n.statAt = total, now
	n.mu.Unlock()
	out := Status{Node: n.cfg.Name, Connected: n.nc.IsConnected(), Sessions: s, Tables: t}
	if d := now.Sub(prevAt).Seconds(); d > 0 {
		out.Msgs = float64(total-prevMsgs) / d
	}
	return out
}

// LogStatus writes a status line to the node's log every interval until
// ctx ends.
func (n *Node) LogStatus(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		s := n.Status()
		n.log.Info("status", "sessions", s.Sessions, "tables_owned", s.Tables, "msgs_per_sec", int(s.Msgs+0.5), "nats_connected", s.Connected)
	}
}

// Traffic is what went through NATS since the node started.
type Traffic struct {
	// Msgs and Bytes are the node's own client connection's, in and out.
	Msgs, Bytes uint64
	// ServerMsgs and ServerBytes are the embedded server's, in and out
	// over every connection (the node's, the other servers' routes);
	// zero with an external NATS.
	ServerMsgs, ServerBytes uint64
}

// Traffic reports the node's NATS traffic so far, for the load test's
// messages and bytes per move.
func (n *Node) Traffic() Traffic {
	st := n.nc.Stats()
	t := Traffic{Msgs: st.InMsgs + st.OutMsgs, Bytes: st.InBytes + st.OutBytes}
	if n.srv != nil {
		if v, err := n.srv.Varz(nil); err == nil {
			t.ServerMsgs = uint64(v.InMsgs + v.OutMsgs)
			t.ServerBytes = uint64(v.InBytes + v.OutBytes)
		}
	}
	return t
}

// ConnectedURL is the NATS server the node's connection is on now; ""
// while it is away.
func (n *Node) ConnectedURL() string { return n.nc.ConnectedUrlRedacted() }
