package play

import (
	"testing"
)

// A refused typed move does not stay in the way: the next move typed
// starts the line afresh instead of going on the end of the refused text,
// while backspace still edits the refused text.
func TestRefusedTypedMoveMakesWay(t *testing.T) {
	h := newHarness(t, Options{})
	h.typeMove("7g7e") // a pawn does not go two squares
	if h.game().Len() != 0 || h.status() == "" || !h.p().StatusErr {
		t.Fatalf("7g7e: %d moves, status %q", h.game().Len(), h.status())
	}
	h.typeMove("2g2f")
	if got := h.moves(); got != "2g2f" {
		t.Fatalf("2g2f after a refused move: moves %q, line %q, status %q", got, h.p().Input.Value(), h.status())
	}
	// Correcting the refused text itself still works.
	h.typeMove("3c3e")
	h.press("backspace", "d", "enter")
	if got := h.moves(); got != "2g2f 3c3d" {
		t.Fatalf("3c3e corrected to 3c3d: moves %q, line %q", got, h.p().Input.Value())
	}
}
