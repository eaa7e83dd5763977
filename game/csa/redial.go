package csa

import (
	"errors"
	"time"
)

// Redial says whether, and after how long, to connect again once a
// connection ended with a fault. Until a login has succeeded it never
// does: a first connection refused, unanswered or turned away is a
// mistyped address, a server not running or a wrong password, and trying
// again only hides it. After that a dropped connection is tried again
// after a wait that doubles from First up to a minute, until Max faults
// in a row. The zero value is ready to use.
type Redial struct {
	Max   int           // faults in a row before giving up (default 8)
	First time.Duration // the first wait (default 1 s)

	loggedIn bool
	failures int
	wait     time.Duration
}

// LoggedIn records a successful login: faults from now on may be tried
// again.
func (r *Redial) LoggedIn() { r.loggedIn = true }

// Reset starts the count of faults in a row again (a game was played).
func (r *Redial) Reset() { r.failures, r.wait = 0, 0 }

// HasLoggedIn reports whether a login has succeeded.
func (r *Redial) HasLoggedIn() bool { return r.loggedIn }

// Next counts the fault err and says how long to wait before connecting
// again; false when not to (never logged in, a refused login, or Max
// faults in a row).
func (r *Redial) Next(err error) (time.Duration, bool) {
	var e *Error
	if !r.loggedIn || (errors.As(err, &e) && e.Kind == Refused) {
		return 0, false
	}
	r.failures++
	if r.failures >= r.max() {
		return 0, false
	}
	if r.wait == 0 {
		r.wait = r.First
		if r.wait <= 0 {
			r.wait = time.Second
		}
	} else {
		r.wait = min(2*r.wait, time.Minute)
	}
	return r.wait, true
}

// Failures is how many faults in a row Next has counted.
func (r *Redial) Failures() int { return r.failures }

func (r *Redial) max() int {
	if r.Max <= 0 {
		return 8
	}
	return r.Max
}
