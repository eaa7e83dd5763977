package bot

import (
	"context"
	"testing"

	"shogi/internal/testenv"
)

// The bench count is a signature of what the search does: two runs give
// the same count position by position, and changing a search parameter
// (here the late-move reductions) changes it. Depth 5 is deep enough for
// the reductions to change the count; the long tier searches to 8, on
// the bench's own table size.
func TestBenchIsASignature(t *testing.T) {
	depth := 5
	if testenv.Long() {
		depth = 8
	} else {
		// Some 10,000 nodes a position: a 1 MB table holds them, where
		// making and clearing the bench's 16 MB ones took most of the time.
		saved := benchHashMB
		benchHashMB = 1
		defer func() { benchHashMB = saved }()
	}
	run := func() (BenchResult, []uint64) {
		var each []uint64
		r, err := Bench(context.Background(), depth, func(_ int, _ string, n uint64) { each = append(each, n) })
		if err != nil {
			t.Fatal(err)
		}
		return r, each
	}
	a, eachA := run()
	b, eachB := run()
	if a.Positions != len(benchPositions) || len(eachA) != len(benchPositions) {
		t.Fatalf("%d positions counted, want %d", len(eachA), len(benchPositions))
	}
	for i := range eachA {
		if eachA[i] == 0 {
			t.Errorf("position %d searched no nodes: the bench does not measure it", i+1)
		}
		if eachA[i] != eachB[i] {
			t.Errorf("position %d: %d nodes, then %d", i+1, eachA[i], eachB[i])
		}
	}
	if a.Nodes != b.Nodes {
		t.Fatalf("two runs: %d and %d nodes", a.Nodes, b.Nodes)
	}

	// Reduce late moves one ply less from the third move on.
	saved := lmrTable
	defer func() { lmrTable = saved }()
	for d := range lmrTable {
		for n := 3; n < len(lmrTable[d]); n++ {
			lmrTable[d][n] = max(0, lmrTable[d][n]-1)
		}
	}
	c, _ := run()
	if c.Nodes == a.Nodes {
		t.Fatalf("the bench counts %d nodes with the late-move reductions changed as without", c.Nodes)
	}
	t.Logf("depth %d: %d nodes; with less reduction %d", depth, a.Nodes, c.Nodes)
}
