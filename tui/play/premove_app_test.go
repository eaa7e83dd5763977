package play

import (
	"strings"
	"testing"
)

// A move typed or picked while the engine thinks is a premove: kept,
// shown, played the moment it is the person's turn if it is legal then,
// cancelled with esc; one that is not legal then is said and dropped.
func TestPremove(t *testing.T) {
	t.Parallel()
	h := engineGame(t, "think=600ms", Options{})
	h.pressNow("7g7f", "enter")
	h.until("the engine to think", h.p().Thinking)

	// Typed: read as if it were the person's turn.
	h.pressNow("2g2f", "enter")
	if s := h.status(); !strings.Contains(s, "premove ▲２六歩: played when it is your turn") {
		t.Fatalf("a typed premove: status %q\n%s", s, h.screen())
	}
	if s := h.screen(); !strings.Contains(s, "Premove") || !strings.Contains(s, "▲２六歩") || h.game().Len() != 1 {
		t.Fatalf("the premove is not shown, or was played at once (%q):\n%s", h.moves(), s)
	}
	h.until("the premove to be played", func() bool { return h.game().Len() >= 3 })
	if got := h.game().Moves()[2].USI(); got != "2g2f" {
		t.Fatalf("third move %s, want the premove 2g2f (%q)", got, h.moves())
	}
	// Played, it is no longer announced as waiting.
	if s := h.screen(); strings.Contains(s, "played when it is your turn") || !strings.Contains(s, "premove ▲２六歩 played") {
		t.Fatalf("the premove played is still shown as pending:\n%s", s)
	}

	// Picked with the cursor (5g to 5f), then cancelled with esc.
	h.until("the engine to think again", h.p().Thinking)
	h.pressNow("enter", "up", "enter")
	if s := h.status(); !strings.Contains(s, "premove ▲５六歩") {
		t.Fatalf("a picked premove: status %q\n%s", s, h.screen())
	}
	h.pressNow("esc")
	if s := h.status(); s != "premove cancelled" {
		t.Fatalf("esc: status %q", s)
	}
	h.until("the engine's reply", func() bool { return h.game().Len() == 4 && h.p().Quiet() })
	h.settle()
	if h.game().Len() != 4 {
		t.Fatalf("a cancelled premove was played: %q", h.moves())
	}

	// A premove the piece could make on an empty board but the rules do
	// not allow when the turn comes (the rook onto its own knight).
	h.pressNow("6i7h", "enter")
	h.until("the engine to think", h.p().Thinking)
	h.pressNow("down", "down", "right", "right", "right", "enter", "down", "enter")
	if s := h.status(); !strings.Contains(s, "premove ▲２九飛") {
		t.Fatalf("the rook's premove: status %q\n%s", s, h.screen())
	}
	h.until("the engine's reply", func() bool { return h.game().Len() == 6 && h.p().Quiet() })
	h.settle()
	if s := h.status(); h.game().Len() != 6 || !strings.Contains(s, "premove 2h2i not played") {
		t.Fatalf("after an illegal premove: moves %q, status %q", h.moves(), s)
	}
}
