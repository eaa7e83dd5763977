package cluster

import (
	"os"
	"testing"

	"shogi/internal/testenv"
)

func TestMain(m *testing.M) {
	// The tests wait on elections, leases and heartbeats far more than
	// they compute (2.6 CPU-s in 12 s of two at a time). The long tier's
	// partitions stay two at a time: one of them, healing beside five
	// other clusters, once found no stream leader for a minute.
	if !testenv.Long() {
		testenv.WaitingTests(6)
	}
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}
