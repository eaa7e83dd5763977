package lobby

import (
	"testing"

	"shogi/kifu"
)

// The record holds the chat, each line after the move it followed (the
// lines before the first move on the start), also the game in progress
// kept after every move.
func TestChatInTheRecord(t *testing.T) {
	l, _, _ := newTestLobby(t)
	a, b := seated(t, l, Options{})
	w, _ := l.Watch(a.Code(), Person{Name: "carol"})
	if err := a.Say("hello"); err != nil {
		t.Fatal(err)
	}
	if err := b.Say("hi"); err != nil {
		t.Fatal(err)
	}
	play(t, a, "7g7f")
	w.Say("nice")
	play(t, b, "3c3d")
	if err := b.Resign(); err != nil {
		t.Fatal(err)
	}
	end := nextOf[EndEvent](t, a.Events())
	rec, err := kifu.ReadFile(end.Path)
	if err != nil {
		t.Fatal(err)
	}
	line := append([]*kifu.Node{rec.Root}, rec.MainLine()...)
	for ply, want := range []string{"alice: hello\nbob: hi", "carol（観戦）: nice", ""} {
		if got := line[ply].Comment(); got != want {
			t.Errorf("after move %d: comment %q, want %q", ply, got, want)
		}
	}
}
