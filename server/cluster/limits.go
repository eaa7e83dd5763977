package cluster

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"net"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// Limits admits sessions across the cluster: at most Total at once, at
// most PerIP at once from one address, at most PerMinute new ones from
// one address in any minute. The counts are values in the limits bucket
// changed by compare-and-set, so two nodes admitting at the same moment
// cannot both take the last place. Each node's sessions are counted
// under its name, and a node that left the registry (it died) stops
// counting: its sessions died with it.
type Limits struct {
	n                       *Node
	Total, PerIP, PerMinute int
	timeout                 time.Duration
}

// Limits returns the cluster's admission with these bounds.
func (n *Node) Limits(total, perIP, perMinute int) *Limits {
	return &Limits{n: n, Total: total, PerIP: perIP, PerMinute: perMinute, timeout: 3 * time.Second}
}

// RefusedError refuses a session, saying why in words for the person.
type RefusedError struct{ Why string }

func (e *RefusedError) Error() string { return e.Why }

// sessionsKey holds every node's sessions by address.
const sessionsKey = "sessions"

// sessionsRecord is sessionsKey's value: node → address key → sessions.
type sessionsRecord struct {
	Nodes map[string]map[string]int `json:"nodes"`
}

func decodeSessions(data []byte) (sessionsRecord, error) {
	return decode("sessions", data, func(r *sessionsRecord) error {
		for node, ips := range r.Nodes {
			if err := checkName(node); err != nil {
				return err
			}
			for ip, k := range ips {
				if k <= 0 || !ipKeyValid(ip) {
					return fmt.Errorf("node %s: %q %d", node, ip, k)
				}
			}
		}
		return nil
	})
}

// rateRecord is an address's connection times in the last minute.
type rateRecord struct {
	At []time.Time `json:"at"`
}

func decodeRate(data []byte) (rateRecord, error) {
	return decode("rate", data, func(r *rateRecord) error {
		if len(r.At) > 10000 {
			return fmt.Errorf("%d times", len(r.At))
		}
		return nil
	})
}

// ipKey names an address in a key: its 16 bytes in hex, so that IPv4 and
// IPv6 forms of one address are one key and nothing in it needs quoting.
func ipKey(ip string) string {
	if p := net.ParseIP(ip); p != nil {
		return hex.EncodeToString(p.To16())
	}
	return hex.EncodeToString([]byte(ip))
}

func ipKeyValid(k string) bool {
	if len(k) == 0 || len(k) > 128 {
		return false
	}
	_, err := hex.DecodeString(k)
	return err == nil
}

// Admit counts a new session from ip, or refuses it with a
// *RefusedError; any other error says the cluster cannot be reached.
// The returned func gives the place back when the session ends.
func (l *Limits) Admit(ip string) (release func(), err error) {
	ctx, cancel := context.WithTimeout(context.Background(), l.timeout)
	defer cancel()
	key := ipKey(ip)
	if err := l.rate(ctx, key); err != nil {
		return nil, err
	}
	if err := l.change(ctx, key, +1); err != nil {
		return nil, err
	}
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), l.timeout)
		defer cancel()
		if err := l.change(ctx, key, -1); err != nil {
			l.n.log.Warn("cannot give a session's place back", "err", err)
		}
	}, nil
}

// cas runs one compare-and-set of key's value until it goes through: f
// gets the current value (nil if none) and returns the new one, or an
// error that ends the attempt.
func (l *Limits) cas(ctx context.Context, key string, f func([]byte) ([]byte, error)) error {
	for {
		var cur []byte
		var rev uint64
		e, err := l.n.limits.Get(ctx, key)
		switch {
		case err == nil:
			cur, rev = e.Value(), e.Revision()
		case errors.Is(err, jetstream.ErrKeyNotFound):
		default:
			return &UnreachableError{Op: "read the limits", Err: err}
		}
		next, err := f(cur)
		if err != nil || next == nil {
			return err
		}
		if rev == 0 {
			_, err = l.n.limits.Create(ctx, key, next)
		} else {
			_, err = l.n.limits.Update(ctx, key, next, rev)
		}
		switch {
		case err == nil:
			return nil
		case conflict(err):
			continue // another node changed it first: read again
		}
		return &UnreachableError{Op: "write the limits", Err: err}
	}
}

// rate notes a connection from the address and refuses it past
// PerMinute in the last minute.
func (l *Limits) rate(ctx context.Context, key string) error {
	var refused bool
	err := l.cas(ctx, "rate."+key, func(cur []byte) ([]byte, error) {
		var r rateRecord
		if cur != nil {
			var err error
			if r, err = decodeRate(cur); err != nil {
				l.n.log.Warn("dropped a rate entry that does not parse", "err", err)
				r = rateRecord{}
			}
		}
		now := time.Now()
		kept := r.At[:0]
		for _, t := range r.At {
			if now.Sub(t) < time.Minute {
				kept = append(kept, t)
			}
		}
		refused = len(kept) >= l.PerMinute
		if len(kept) < 2*l.PerMinute { // bounded: a flood does not grow it
			kept = append(kept, now)
		}
		return encode(rateRecord{At: kept}), nil
	})
	if err != nil {
		return err
	}
	if refused {
		return &RefusedError{fmt.Sprintf("too many new connections from your address (at most %d a minute); wait a minute and try again", l.PerMinute)}
	}
	return nil
}

// change adds d to this node's sessions from the address, checking the
// cluster's bounds when d is positive.
func (l *Limits) change(ctx context.Context, key string, d int) error {
	alive := map[string]bool{l.n.cfg.Name: true}
	return l.cas(ctx, sessionsKey, func(cur []byte) ([]byte, error) {
		r := sessionsRecord{Nodes: map[string]map[string]int{}}
		if cur != nil {
			var err error
			if r, err = decodeSessions(cur); err != nil {
				l.n.log.Warn("dropped a sessions entry that does not parse", "err", err)
				r = sessionsRecord{Nodes: map[string]map[string]int{}}
			}
		}
		if r.Nodes == nil {
			r.Nodes = map[string]map[string]int{}
		}
		total, fromIP := 0, 0
		for node, ips := range r.Nodes {
			ok, seen := alive[node]
			if !seen {
				var err error
				if ok, err = l.n.alive(ctx, node); err != nil {
					return nil, &UnreachableError{Op: "read the registry", Err: err}
				}
				alive[node] = ok
			}
			if !ok {
				delete(r.Nodes, node) // died: its sessions with it
				continue
			}
			for ip, k := range ips {
				total += k
				if ip == key {
					fromIP += k
				}
			}
		}
		if d > 0 {
			switch {
			case total >= l.Total:
				return nil, &RefusedError{fmt.Sprintf("the server is full (%d sessions); try again later", l.Total)}
			case fromIP >= l.PerIP:
				return nil, &RefusedError{fmt.Sprintf("too many sessions from your address (at most %d at once); close one and try again", l.PerIP)}
			}
		}
		mine := maps.Clone(r.Nodes[l.n.cfg.Name])
		if mine == nil {
			mine = map[string]int{}
		}
		if mine[key] += d; mine[key] <= 0 {
			delete(mine, key)
		}
		if len(mine) == 0 {
			delete(r.Nodes, l.n.cfg.Name)
		} else {
			r.Nodes[l.n.cfg.Name] = mine
		}
		return encode(r), nil
	})
}
