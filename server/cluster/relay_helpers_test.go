package cluster

import (
	"testing"
	"time"

	"shogi/app/lobby"
)

// heal lets every server's routes through again.
func (p *routeProxy) heal() {
	p.mu.Lock()
	p.cut = nil
	p.mu.Unlock()
}

// waitEvent waits for an event that ok accepts among those collected.
func waitEvent(t *testing.T, within time.Duration, what string, evs func() []lobby.Event, ok func(lobby.Event) bool) {
	t.Helper()
	eventually(t, within, what, func() bool {
		for _, e := range evs() {
			if ok(e) {
				return true
			}
		}
		return false
	})
}
