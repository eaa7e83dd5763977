package usi

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"

	"shogi/game"
	"shogi/game/engine"
)

// instant answers every search at once with the first legal move, as a
// book does, and says when it has.
type instant struct{ answered chan struct{} }

func (e *instant) Name() string { return "instant" }
func (e *instant) Search(ctx context.Context, r engine.Request) (engine.BestMove, error) {
	defer func() { e.answered <- struct{}{} }()
	p := r.Position()
	return engine.BestMove{Move: p.LegalMoves(nil)[0]}, nil
}
func (e *instant) ID() (string, string)                          { return "instant", "test" }
func (e *instant) Options() []Option                             { return nil }
func (e *instant) SetOption(string, string)                      {}
func (e *instant) Prepare()                                      {}
func (e *instant) NewGame()                                      {}
func (e *instant) Mate(context.Context, game.Position) Checkmate { return Checkmate{NoMate: true} }

// A ponder search that answers before the hit (a book move) is held: USI
// allows no bestmove before ponderhit or stop. The hit then sends it.
func TestServePonderHoldsAnEarlyAnswer(t *testing.T) {
	e := &instant{answered: make(chan struct{}, 4)}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(t.Context(), inR, outW, e); outW.Close() }()
	lines := bufio.NewScanner(outR)
	send := func(s string) {
		t.Helper()
		if _, err := io.WriteString(inW, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	// readUntil returns the lines up to and including the first that
	// begins with prefix.
	readUntil := func(prefix string) []string {
		t.Helper()
		var got []string
		for lines.Scan() {
			got = append(got, lines.Text())
			if strings.HasPrefix(lines.Text(), prefix) {
				return got
			}
		}
		t.Fatalf("no %q line; got %q", prefix, got)
		return nil
	}

	send("position startpos")
	send("go ponder btime 0 wtime 0 byoyomi 1000")
	<-e.answered // the search has returned its move
	send("isready")
	for _, l := range readUntil("readyok") {
		if strings.HasPrefix(l, "bestmove") {
			t.Fatalf("%q before ponderhit", l)
		}
	}
	send("ponderhit")
	if got := readUntil("bestmove"); !strings.HasPrefix(got[len(got)-1], "bestmove ") {
		t.Fatalf("after ponderhit: %q", got)
	}

	// The same with stop: the held answer is sent.
	send("go ponder btime 0 wtime 0 byoyomi 1000")
	<-e.answered
	send("stop")
	if got := readUntil("bestmove"); got[len(got)-1] == "bestmove resign" {
		t.Fatalf("stop while pondering: %q", got)
	}
	send("quit")
	inW.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}
