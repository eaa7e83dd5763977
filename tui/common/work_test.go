package common

import (
	"sync/atomic"
	"testing"
)

// Work a closed screen left behind runs until the app ends: EndWork
// tells it so and returns only once it has finished.
func TestEndWorkWaitsForWhatGoStarted(t *testing.T) {
	c := &Common{}
	var finished atomic.Int32
	for range 3 {
		c.Go(func(ending <-chan struct{}) {
			<-ending
			finished.Add(1)
		})
	}
	c.EndWork()
	if n := finished.Load(); n != 3 {
		t.Fatalf("EndWork returned with %d of 3 goroutines finished", n)
	}
	c.EndWork() // a second end is harmless
}
