package csa_test

import (
	"context"
	"errors"
	"net"
	"testing"
	"time"

	"shogi/game/csa"
)

// A first connection that fails is not tried again; once a login has
// succeeded, faults are, after a doubling wait, up to Max in a row.
func TestRedial(t *testing.T) {
	// A port nothing listens on: the connection is refused.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	_, derr := csa.Dial(context.Background(), config(addr, nil))
	var e *csa.Error
	if !errors.As(derr, &e) || e.Kind != csa.Unreachable {
		t.Fatalf("dialling a closed port: %v", derr)
	}
	var r csa.Redial
	if d, ok := r.Next(derr); ok {
		t.Errorf("the first connection refused: tried again after %v", d)
	}

	r = csa.Redial{Max: 4}
	r.LoggedIn()
	dropped := &csa.Error{Kind: csa.Dropped}
	var waits []time.Duration
	for {
		d, ok := r.Next(dropped)
		if !ok {
			break
		}
		waits = append(waits, d)
	}
	want := []time.Duration{time.Second, 2 * time.Second, 4 * time.Second}
	if len(waits) != len(want) || waits[0] != want[0] || waits[1] != want[1] || waits[2] != want[2] {
		t.Errorf("waits %v, want %v then giving up", waits, want)
	}
	r.Reset()
	if d, ok := r.Next(dropped); !ok || d != time.Second {
		t.Errorf("after a game: %v %v, want 1s again", d, ok)
	}
	if _, ok := r.Next(&csa.Error{Kind: csa.Refused}); ok {
		t.Error("a refused login is tried again")
	}
}
