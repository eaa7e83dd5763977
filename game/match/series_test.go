package match

import (
	"context"
	"testing"
	"time"

	"shogi/game"
)

// Games played before count in the tally, are not played again and are
// not reported; a game the series does not have is refused.
func TestSeriesPlayed(t *testing.T) {
	greedy, err := ParseSpec("greedy")
	if err != nil {
		t.Fatal(err)
	}
	random, _ := ParseSpec("random")
	cfg := SeriesConfig{Players: [2]Spec{greedy, random}, Games: 5, Time: TimeControl{Byoyomi: time.Second},
		MaxMoves: 30, Seed: 1,
		Played: []PlayedGame{
			{Index: 0, Result: game.Result{Outcome: game.WhiteWins, Ending: game.Resignation}}, // first player Black: a loss
			{Index: 3, Result: game.Result{Outcome: game.WhiteWins, Ending: game.Checkmate}},   // first player White: a win
			{Index: 2, Result: game.Result{Outcome: game.Draw, Ending: game.Repetition}},
		}}
	var told []int
	cfg.Finished = func(g SeriesGame) error {
		told = append(told, g.Index)
		return nil
	}
	res, err := RunSeries(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(told) != 2 || told[0]+told[1] != 1+4 {
		t.Errorf("games played %v, want 1 and 4", told)
	}
	if res.Done != 5 || res.Tally.Games() != 5 || res.Tally.Wins < 1 || res.Tally.Losses < 1 || res.Tally.Draws < 1 {
		t.Errorf("result %+v", res)
	}
	for _, bad := range [][]PlayedGame{{{Index: 5}}, {{Index: -1}}, {{Index: 1}, {Index: 1}}} {
		cfg.Played = bad
		if _, err := RunSeries(context.Background(), cfg, nil); err == nil {
			t.Errorf("played %v: no error", bad)
		}
	}
}
