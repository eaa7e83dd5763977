package game

import "testing"

// Sennichite is judged on the fourth occurrence of a position; a side that
// gave check with every one of its moves since the FIRST occurrence loses
// (連続王手の千日手), otherwise it is a draw. These games reach the same
// position through cycles of different lengths and move orders, so a rule
// that looked only at the last cycle, or skipped the start of the span,
// would judge them differently.
//
// In repX the White king is on 2a, Black's rook on 1c, Black to move.
const repX = "7k1/9/8R/9/9/9/9/9/4K4 b - 1"

const (
	checks4 = "1c2c 2a1a 2c1c 1a2a "                     // Black checks on both moves
	checks8 = "1c2c 2a3a 2c3c 3a2a 3c2c 2a1a 2c1c 1a2a " // a longer all-check cycle
	quietA  = "1c3c 2a1a 3c1c 1a2a "                     // Black's first move is quiet
	quietB  = "1c3c 2a1b 3c1c 1b2a "                     // the same by another king route
)

func TestRepetitionRuleSpan(t *testing.T) {
	tests := []struct {
		name  string
		moves string
		end   int // the move on which a position occurs for the fourth time
		want  Result
	}{
		// The rook's check from 2c (king on 2a) is seen on moves 1, 5, 9
		// and 13: the 8-move cycle passes it twice.
		{"checks in every cycle", checks4 + checks8 + checks4, 13, Result{WhiteWins, PerpetualCheck}},
		{"quiet move at the first occurrence", quietA + checks4 + checks4, 12, Result{Draw, Repetition}},
		{"quiet cycle reached by two routes", quietA + quietB + quietA, 12, Result{Draw, Repetition}},
		{"quiet move in the middle", checks4 + quietB + checks8, 16, Result{Draw, Repetition}},
		{"quiet move in the last cycle", checks8 + checks4 + quietA, 16, Result{Draw, Repetition}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := NewGame(mustSFEN(t, repX))
			moves := splitMoves(tt.moves)
			for i, u := range moves[:tt.end] {
				if r := g.Result(); r.Over() {
					t.Fatalf("game over after %d moves, want %d: %v", i, tt.end, r)
				}
				if err := g.Play(mustUSI(t, g, u)); err != nil {
					t.Fatalf("move %d %s: %v", i+1, u, err)
				}
			}
			if n := g.Repetitions(); n != 4 {
				t.Fatalf("after move %d the position occurs %d times, want 4", tt.end, n)
			}
			if r := g.Result(); r != tt.want {
				t.Errorf("result %v, want %v", r, tt.want)
			}
		})
	}
}

// The first occurrence need not be the start, and the checker need not be
// the side to move there: here it is the position after Black's first
// check, with White to move.
func TestRepetitionFirstOccurrenceMidCycle(t *testing.T) {
	g := NewGame(mustSFEN(t, repX))
	playAll(t, g, "1c2c") // first occurrence of the judged position
	playAll(t, g, "2a1a 2c1c 1a2a 1c2c  2a3a 2c3c 3a2a 3c2c")
	if n := g.Repetitions(); n != 3 || g.Result().Over() {
		t.Fatalf("%d occurrences, %v; want 3, in progress", n, g.Result())
	}
	playAll(t, g, "2a1a 2c1c 1a2a 1c2c")
	if r := g.Result(); r != (Result{WhiteWins, PerpetualCheck}) {
		t.Errorf("result %v, want White wins by perpetual check", r)
	}
}

func splitMoves(s string) []string {
	var out []string
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
		} else if start < 0 {
			start = i
		}
	}
	return out
}
