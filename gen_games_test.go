package main

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/kifu"
)

// TestGenerateGames writes synthetic games for measuring book builds,
// when $SHOGI_GEN_GAMES is DIR,N[,usi]: N records in DIR (a thousand to a
// folder; seven in ten CSA files as floodgate writes them, the rest
// Shift_JIS KIF, with names, dates, times and results), or with ",usi" one
// file of N "startpos moves …" lines. The first sixteen plies choose among
// three moves per position, the more usual more often, so games share
// openings as real ones do; the rest are random with captures preferred.
func TestGenerateGames(t *testing.T) {
	spec := os.Getenv("SHOGI_GEN_GAMES")
	if spec == "" {
		t.Skip("SHOGI_GEN_GAMES not set")
	}
	parts := strings.Split(spec, ",")
	dir := parts[0]
	n, err := strconv.Atoi(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(1)
	if s := os.Getenv("SHOGI_GEN_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64)
	}
	rng := rand.New(rand.NewPCG(seed, 99))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var usiOut *bufio.Writer
	if len(parts) > 2 && parts[2] == "usi" {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("games-%d.usi", seed)))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		usiOut = bufio.NewWriterSize(f, 1<<20)
		defer usiOut.Flush()
	}
	day := time.Date(2024, 1, 1, 10, 0, 0, 0, time.UTC)
	for i := 0; i < n; i++ {
		g, times := syntheticGame(rng)
		if usiOut != nil {
			usiOut.WriteString("startpos moves")
			for _, m := range g.Moves() {
				usiOut.WriteString(" " + m.USI())
			}
			usiOut.WriteString("\n")
			continue
		}
		start := day.Add(time.Duration(i) * 37 * time.Minute)
		heads := []kifu.Header{{Key: "先手", Value: fmt.Sprintf("player%d", rng.IntN(500))}, {Key: "後手", Value: fmt.Sprintf("player%d", rng.IntN(500))},
			{Key: "棋戦", Value: "floodgate"}, {Key: "開始日時", Value: start.Format("2006/01/02 15:04:05")}}
		r := kifu.FromGame(g, heads, times)
		sub := filepath.Join(dir, fmt.Sprintf("%03d", i/1000))
		if i%1000 == 0 {
			if err := os.MkdirAll(sub, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		name := filepath.Join(sub, fmt.Sprintf("game%06d.csa", i))
		if rng.IntN(10) >= 7 {
			name = strings.TrimSuffix(name, ".csa") + ".kif"
		}
		if err := kifu.WriteFile(name, r); err != nil {
			t.Fatal(err)
		}
	}
}

// syntheticGame plays one game as TestGenerateGames describes, ending in
// a resignation or a repetition draw, with a time for each move.
func syntheticGame(rng *rand.Rand) (*game.Game, []time.Duration) {
	g := game.NewGame(game.StartPosition())
	plies := 80 + rng.IntN(80)
	var times []time.Duration
	var buf []game.Move
	for i := 0; i < plies && !g.Result().Over(); i++ {
		p := g.Position()
		buf = p.LegalMoves(buf[:0])
		if len(buf) == 0 {
			break
		}
		var m game.Move
		if i < 16 {
			// Three candidates fixed by the position; the first most often.
			h := p.Hash()
			k := [3]int{int(h % uint64(len(buf))), int(h / 7 % uint64(len(buf))), int(h / 49 % uint64(len(buf)))}
			x := rng.IntN(10)
			switch {
			case x < 5:
				m = buf[k[0]]
			case x < 8:
				m = buf[k[1]]
			default:
				m = buf[k[2]]
			}
		} else {
			m = buf[rng.IntN(len(buf))]
			if c := buf[rng.IntN(len(buf))]; c.Captured() != game.NoPiece {
				m = c
			}
		}
		g.Play(m)
		times = append(times, time.Duration(1+rng.IntN(60))*time.Second)
	}
	if !g.Result().Over() && rng.IntN(10) < 9 { // else unfinished
		p := g.Position()
		g.Resign(p.SideToMove())
	}
	return g, times
}
