package sshd

import (
	"fmt"
	"sync"
	"time"
)

// limiter admits connections: a total, a number per address, and a
// number of new connections per address in any minute. A connection over
// a limit is still let through the SSH handshake so that it can be told
// why it is refused; one far over the rate is dropped before the
// handshake, which is what costs the server.
type limiter struct {
	total, perIP, perMinute int
	now                     func() time.Time

	mu     sync.Mutex
	active int
	ips    map[string]*ipState
	// pending counts connections let in to be refused: bounded too, so
	// refusals cannot be used to hold the server's resources.
	pending int
}

type ipState struct {
	active int
	recent []time.Time // connection times in the last minute
}

// verdict is what the limiter decides about a new connection.
type verdict int

const (
	admit  verdict = iota
	refuse         // let in to read why, then closed
	drop           // closed at once
)

func newLimiter(total, perIP, perMinute int) *limiter {
	return &limiter{total: total, perIP: perIP, perMinute: perMinute, now: time.Now, ips: map[string]*ipState{}}
}

// admit decides about a new connection from ip. For admit the caller must
// call release when it closes; for refuse, done.
func (l *limiter) admit(ip string) (verdict, string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	st := l.ips[ip]
	if st == nil {
		if len(l.ips) > 4*l.total+1024 {
			l.sweep(now)
		}
		st = &ipState{}
		l.ips[ip] = st
	}
	cut := 0
	for cut < len(st.recent) && now.Sub(st.recent[cut]) >= time.Minute {
		cut++
	}
	st.recent = append(st.recent[:0], st.recent[cut:]...)
	if len(st.recent) < 2*l.perMinute {
		st.recent = append(st.recent, now)
	}
	var why string
	switch {
	case len(st.recent) > l.perMinute:
		if len(st.recent) >= 2*l.perMinute {
			return drop, "connection rate"
		}
		why = fmt.Sprintf("too many new connections from your address (at most %d a minute); wait a minute and try again", l.perMinute)
	case l.active >= l.total:
		why = fmt.Sprintf("the server is full (%d sessions); try again later", l.total)
	case st.active >= l.perIP:
		why = fmt.Sprintf("too many sessions from your address (at most %d at once); close one and try again", l.perIP)
	default:
		l.active++
		st.active++
		return admit, ""
	}
	if l.pending >= l.total {
		return drop, why
	}
	l.pending++
	return refuse, why
}

// release ends an admitted connection.
func (l *limiter) release(ip string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.active--
	if st := l.ips[ip]; st != nil {
		st.active--
	}
}

// done ends a refused connection.
func (l *limiter) done() {
	l.mu.Lock()
	l.pending--
	l.mu.Unlock()
}

// sweep forgets addresses with nothing open and nothing recent.
func (l *limiter) sweep(now time.Time) {
	for ip, st := range l.ips {
		if st.active == 0 && (len(st.recent) == 0 || now.Sub(st.recent[len(st.recent)-1]) >= time.Minute) {
			delete(l.ips, ip)
		}
	}
}

// counts returns the active connections in all and from ip.
func (l *limiter) counts(ip string) (all, fromIP int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if st := l.ips[ip]; st != nil {
		fromIP = st.active
	}
	return l.active, fromIP
}
