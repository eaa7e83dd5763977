package bot

import "testing"

// tableBytes is the size of the table e makes at its next search.
func tableBytes(e *Engine) int {
	e.Prepare()
	return len(e.tt.buckets) * 2 * hashSlotBytes
}

// TestTableSizedToLevel checks that a new engine's table holds four times
// a long game's nodes at every budgeted level, is no larger than twice
// that (the rounding to a power of two), keeps 64 MB for a level without
// a budget, and that an explicit size wins over the level's.
func TestTableSizedToLevel(t *testing.T) {
	for _, l := range Levels() {
		nodes := int(l.Nodes)
		if nodes == 0 && l.Depth == 1 {
			nodes = depthOneNodes
		}
		got := tableBytes(NewEngine(l, seeded(1)))
		switch {
		case nodes == 0:
			if got != DefaultHashMB<<20 {
				t.Errorf("%s: table %d bytes, want the default %d MB", l.Name, got, DefaultHashMB)
			}
		default:
			need := nodes * hashGameMoves * hashHeadroom * hashSlotBytes
			if got < min(need, DefaultHashMB<<20) || got > max(2*need, 1<<20) {
				t.Errorf("%s: table %d bytes for %d nodes a move, want %d to %d", l.Name, got, nodes, need, 2*need)
			}
		}
		e := NewEngine(l, seeded(1))
		e.SetHashMB(3)
		if got := tableBytes(e); got != 2<<20 {
			t.Errorf("%s with SetHashMB(3): table %d bytes, want 2 MB (a power of two below)", l.Name, got)
		}
	}
	// A level change remakes a table sized to the old level.
	beginner, _ := FindLevel("beginner")
	strong, _ := FindLevel("strong")
	e := NewEngine(beginner, seeded(1))
	small := tableBytes(e)
	e.SetLevel(strong)
	if got := tableBytes(e); got != DefaultHashMB<<20 || got == small {
		t.Errorf("beginner then strong: table %d bytes (was %d), want %d MB", got, small, DefaultHashMB)
	}
}
