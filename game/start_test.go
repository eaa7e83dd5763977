package game

import (
	"errors"
	"testing"
)

// The one start check: a tsume's attacker and a study side to move may
// lack a king; the side that can be mated may not; a position that
// cannot arise in play, or whose side to move cannot move, is refused
// with the reasons as data.
func TestCheckStart(t *testing.T) {
	tests := []struct {
		sfen   string
		kinds  []WarningKind
		noMove bool
	}{
		{sfen: StartSFEN},
		{sfen: "4k4/9/9/9/9/9/9/9/9 b G 1"}, // a one-king tsume, Black attacks
		{sfen: "9/9/9/9/9/9/9/9/4K4 b G 1", kinds: []WarningKind{NoKing}}, // no king to mate
		{sfen: "4k4/9/9/9/9/9/9/9/4K4 b - 1"},
		{sfen: "4k4/9/9/9/9/9/P8/P8/4K4 b - 1", kinds: []WarningKind{Nifu}},
		{sfen: "P3k4/9/9/9/9/9/9/9/4K4 b - 1", kinds: []WarningKind{DeadPiece}},
		{sfen: "k8/9/9/9/9/9/9/9/8K b - 1"},
		{sfen: "4k4/9/9/9/9/9/9/9/9 w G 1", kinds: []WarningKind{NoKing}}, // White to move: Black's king is missing
		{sfen: "9/9/9/9/9/9/9/9/8K w g 1"},                                // White attacks
		{sfen: "9/9/9/9/9/9/9/9/8k b - 1", noMove: true},                  // Black to move, nothing to move
	}
	for _, tt := range tests {
		p, err := ParseSFEN(tt.sfen)
		if err != nil {
			t.Fatalf("%s: %v", tt.sfen, err)
		}
		err = p.CheckStart()
		var se *StartError
		if len(tt.kinds) == 0 && !tt.noMove {
			if err != nil {
				t.Errorf("%s: refused: %v", tt.sfen, err)
			}
			continue
		}
		if !errors.As(err, &se) {
			t.Errorf("%s: %v, want a *StartError", tt.sfen, err)
			continue
		}
		if se.NoMove != tt.noMove || len(se.Warnings) != len(tt.kinds) {
			t.Errorf("%s: %+v, want warnings %v, no move %v", tt.sfen, se, tt.kinds, tt.noMove)
			continue
		}
		for i, k := range tt.kinds {
			if se.Warnings[i].Kind != k {
				t.Errorf("%s: warning %d is %v, want %v", tt.sfen, i, se.Warnings[i], k)
			}
		}
	}
}

// The set-ups are the only handicaps no game is played from.
func TestPlayableHandicaps(t *testing.T) {
	all, playable := Handicaps(), PlayableHandicaps()
	if len(playable) != len(all)-2 {
		t.Fatalf("%d playable of %d", len(playable), len(all))
	}
	for _, h := range all {
		var he *HandicapError
		err := h.CheckPlayable()
		switch h.Key {
		case "tsume", "empty":
			if h.Playable() || !errors.As(err, &he) || he.Handicap.Key != h.Key {
				t.Errorf("%s: playable %v, %v", h.Key, h.Playable(), err)
			}
		default:
			if !h.Playable() || err != nil {
				t.Errorf("%s: playable %v, %v", h.Key, h.Playable(), err)
			}
			// Every playable start is one a game can start from.
			p := h.Position()
			if err := p.CheckStart(); err != nil {
				t.Errorf("%s: %v", h.Key, err)
			}
		}
	}
}
