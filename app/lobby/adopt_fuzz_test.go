package lobby

import (
	"context"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// FuzzAdopt hands Adopt saved states that do not hold together (a
// cluster's store is read from the network): a move, its time, a seat's
// colour, the draw offer, a chat line's move number changed. Adopt
// refuses with an error or sets the table up, never panics, and a table
// it set up shuts down.
func FuzzAdopt(f *testing.F) {
	f.Add(uint8(3), uint32(0), int64(time.Second), uint8(1), uint8(1), 2, "2p")
	f.Add(uint8(0), uint32(1<<31), int64(-1), uint8(7), uint8(9), -5, "")
	f.Add(uint8(9), uint32(0x1234), int64(1<<62), uint8(0), uint8(0), 1000, "even")
	f.Add(uint8(1), uint32(0), int64(time.Second), uint8(1), uint8(2), 0, "")
	f.Fuzz(func(t *testing.T, at uint8, mv uint32, spent int64, colour, offer uint8, ply int, handicap string) {
		st := fuzzState()
		i := int(at) % (len(st.Moves) + 1)
		if i < len(st.Moves) {
			if mv != 0 {
				st.Moves[i] = game.Move(mv)
			}
			st.Spent[i] = time.Duration(spent)
		} else {
			st.Spent = append(st.Spent, time.Duration(spent))
		}
		st.Seats[int(at)%2].Colour = game.Color(colour)
		if offer < 4 {
			c := game.Color(offer)
			st.Offer = &c
		}
		st.Chat = []ChatEvent{{Name: "carol", Text: "hi", Ply: ply, Spectator: true}}
		if at%3 == 0 {
			st.Handicap = handicap
		}
		ft := match.NewFakeTime(time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC))
		l := New(Config{TimeSource: ft})
		tb, err := l.Adopt(st)
		if err == nil && tb.Info().Moves != len(st.Moves) {
			t.Fatalf("adopted with %d moves, saved %d", tb.Info().Moves, len(st.Moves))
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := l.Shutdown(ctx, "fuzz"); err != nil {
			t.Fatal(err)
		}
	})
}

// fuzzState is a game of four moves of mate7 in progress, both players
// away.
func fuzzState() TableState {
	st := TableState{Code: "ACEFH", Options: Options{Time: match.TimeControl{Main: 10 * time.Minute}},
		Start: game.StartPosition(), Started: true,
		Seats: [2]SeatState{{Taken: true, Name: "alice"}, {Taken: true, Name: "bob", Colour: game.White}}}
	pos := game.StartPosition()
	for _, u := range mate7[:4] {
		m, err := pos.ParseUSI(u)
		if err != nil {
			panic(err)
		}
		pos = pos.Play(m)
		st.Moves = append(st.Moves, m)
		st.Spent = append(st.Spent, time.Second)
	}
	return st
}
