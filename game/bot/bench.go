package bot

import (
	"context"
	"fmt"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// The bench signature, after Stockfish's bench: a fixed set of positions,
// each searched by the top level to a fixed depth on one thread with a
// fresh table of a fixed size, so the total number of nodes is the same on
// every run and every machine. A change meant only to make the search
// faster (or to move code) must leave it unchanged; one that changes what
// the search does changes it. The time and speed are printed for
// information only.

// BenchDepth is the depth every bench position is searched to.
const BenchDepth = 11

// benchHashMB is the table size of every bench search: the table's size
// changes which entries survive, hence the count. A variable only so that
// the signature test can search shallowly on a small table.
var benchHashMB = 16

// benchPositions are the positions of the bench: the start, a busy middle
// game, and positions from moves 30–130 of public game records (those of
// ../shared/kifu: GPS against Yamada and K-Shogi in 2005 from
// json-kifu-format's tests, AlphaZero against elmo, a floodgate game), from
// the opening through middle games with pieces in hand to an endgame.
var benchPositions = []string{
	game.StartSFEN,
	busySFEN,
	"lnkg3nl/2s1gsr2/pppppp1pp/5b3/9/1BPPPSp2/PPNG1PPPP/2K4R1/L1SG3NL b - 31",
	"l2g3nl/2s1k1gs1/p2pppb1p/9/1r1n5/3P1PPp1/PPpGP3P/1B1KG1SR1/LNS4NL b 3Pp 41",
	"1n1g4l/1k4gb1/1psppsn2/2p2p1rp/3PB1pp1/l1P1PPP2/PP2S2+RP/2K1GS3/LN1G3NL b 2p 51",
	"lr5nl/3gk1g2/2ns1p1p1/p1ppp1p1p/9/PPPb1PP1P/1SN1PGN2/1G1K3R1/L7L b BS2Psp 61",
	"ln1g2+P1l/1ks1g4/2pp1pspp/p3Sr3/1p1NP1P2/2PPG4/PP2BP1P1/4G4/LKS4RL b B2NPp 81",
	"lk1g3nl/2s3gs1/p2P1p2p/3+rp1p2/3p1N1p1/P1p3P2/1P2P3P/GBS1G1R2/LNK2s2L b B3Pnp 91",
	"1r3k1Bl/4psg2/2n4p1/2spPpp2/2p5P/lP1G1PP2/2NP1G3/s1K4R1/2N5L b BG5Psnlp 111",
	"5g2l/2+R4+L1/2Spn2+P1/2p1p1k1p/1N1P1p3/P1P1PP3/1P2S3P/L1K1G4/3G4+p b SL4Pr2bgs2n 131",
}

// busySFEN is a busy middle game: both sides castled, pieces in hand, many
// drops.
const busySFEN = "ln1g3nl/1r1sg1k2/p1pppsbpp/1p3pp2/7P1/2P1P4/PPBP1PP1P/2GS1S1R1/LN2KG1NL b - 21"

// BenchResult is what a bench run counted.
type BenchResult struct {
	Positions int
	Depth     int
	Nodes     uint64        // the signature
	Elapsed   time.Duration // informational: it depends on the machine
}

// NPS returns the nodes searched per second (informational).
func (r BenchResult) NPS() uint64 {
	if ms := r.Elapsed.Milliseconds(); ms > 0 {
		return r.Nodes * 1000 / uint64(ms)
	}
	return 0
}

// String is the summary line: the signature first.
func (r BenchResult) String() string {
	return fmt.Sprintf("bench: %d nodes (%d positions, depth %d) in %v, %d nodes/s",
		r.Nodes, r.Positions, r.Depth, r.Elapsed.Round(time.Millisecond), r.NPS())
}

// Bench searches the bench positions to depth (BenchDepth when 0) and
// returns the total nodes. each, when not nil, is told each position's
// count as it finishes. It stops early, with ctx's error, when ctx ends.
func Bench(ctx context.Context, depth int, each func(i int, sfen string, nodes uint64)) (BenchResult, error) {
	if depth <= 0 {
		depth = BenchDepth
	}
	top := levels[len(levels)-1]
	top.MateNodes = 0 // the search alone: the mate solver has its own benchmark
	res := BenchResult{Positions: len(benchPositions), Depth: depth}
	began := time.Now()
	for i, sfen := range benchPositions {
		p, err := game.ParseSFEN(sfen)
		if err != nil {
			return res, fmt.Errorf("bench position %d: %v", i+1, err)
		}
		e := NewEngine(top, nil) // no noise at the top level: no randomness
		e.SetHashMB(benchHashMB)
		var nodes uint64
		_, err = e.Search(ctx, engine.Request{Start: p, Limits: engine.Limits{Depth: depth},
			Info: func(in engine.Info) { nodes = max(nodes, in.Nodes) }})
		if err != nil {
			return res, err
		}
		if err := ctx.Err(); err != nil {
			return res, err
		}
		res.Nodes += nodes
		if each != nil {
			each(i, sfen, nodes)
		}
	}
	res.Elapsed = time.Since(began)
	return res, nil
}

// BenchLines runs Bench at BenchDepth and says each position's count and
// then the summary, one line each, as `shogi bot --bench` prints them and
// `shogi usi` answers bench.
func BenchLines(ctx context.Context, say func(line string)) (BenchResult, error) {
	return BenchLinesAt(ctx, 0, say)
}

// BenchLinesAt is BenchLines at another depth (BenchDepth when 0): the
// commands' tests check that both ways print the same lines without
// paying for the full depth twice.
func BenchLinesAt(ctx context.Context, depth int, say func(line string)) (BenchResult, error) {
	r, err := Bench(ctx, depth, func(i int, _ string, nodes uint64) {
		say(fmt.Sprintf("position %d/%d: %d nodes", i+1, len(benchPositions), nodes))
	})
	if err != nil {
		return r, err
	}
	say(r.String())
	return r, nil
}

// Bench answers `bench` under `shogi usi` (usi.Bencher): the signature of
// the search, whatever the engine's own level, table and threads.
func (e *Engine) Bench(say func(line string)) {
	// usi.Bencher has no context: the bench is a fixed depth and ends.
	if _, err := BenchLines(context.Background(), say); err != nil {
		say("bench: " + err.Error())
	}
}
