package study

import (
	"testing"

	"shogi/tui/common"

	"shogi/game"
	"shogi/kifu"
)

// A game just played opens in the study at its end, with its result.
func TestReviewGame(t *testing.T) {
	// Two moves and Black resigns.
	g := game.NewGame(game.StartPosition())
	for _, u := range []string{"7g7f", "3c3d"} {
		p := g.Position()
		m, err := p.ParseUSI(u)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	g.Resign(game.Black)
	rec := kifu.FromGame(g, []kifu.Header{{Key: "先手", Value: "human"}, {Key: "後手", Value: "greedy"}}, nil)
	s := Review(studyCommon(100, 30), common.ReviewGameMsg{Rec: rec}).study()
	mustShow(t, s, "検討: この対局 (未保存の変更あり)", "手数 2/2", "2 △３四歩", "まで2手で後手の勝ち (先手投了)",
		"▲先手 human", "△後手 greedy")
	studyPress(t, s, "h")
	mustShow(t, s, "手数 1/2", "1 ▲７六歩")
}
