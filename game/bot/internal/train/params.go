package main

import (
	"math"
	"strings"

	"shogi/game/bot/internal/eval"
)

// params are the learned parameters, in a factored form: each flat weight
// of the king-relative tables is the sum of a term of its own (fine) and
// terms shared with others — the piece's offset from the king (rel), its
// square (psq) and its kind (mat) — so that a rare king square starts from
// what the common ones taught. Counts (hand pieces, danger units, slider
// squares) are learned as the increments from one count to the next, so
// that a rare count borrows its neighbour's value.
type params struct {
	theta  []float64 // all parameters, groups one after another
	m, v   []float64 // Adam's moments
	reg    []float64 // L2 penalty per parameter
	frozen []bool    // left at zero
	flat   []float64 // the flat weights they make
	lr     float64
	epochs int
	t      int
}

// The groups' offsets in theta.
const (
	relSize = eval.NumKinds * 17 * 17
	psqSize = eval.NumKinds * 45

	gFineOwn   = 0
	gRelOwn    = gFineOwn + eval.KPSize
	gPSQ       = gRelOwn + relSize
	gMat       = gPSQ + psqSize
	gFineEnemy = gMat + eval.NumKinds
	gRelEnemy  = gFineEnemy + eval.KPSize
	gHand      = gRelEnemy + relSize         // increments [kind][1–18]
	gDanger    = gHand + 7*19                // increments [1–63]
	gMob       = gDanger + eval.MaxUnits + 1 // increments [slider][1–20]
	gRest      = gMob + 5*21                 // king, threats, entering, tempo: as they are
	numTheta   = gRest + eval.NumWeights - eval.OffKing
)

// kpIndex decomposes a king-table index (king, kind, square) into its rel
// and psq indices.
func kpParts(i int) (kind, rel, psq int) {
	sq := i % 81
	kind = i / 81 % eval.NumKinds
	k := eval.KingSquare(i / 81 / eval.NumKinds)
	dy := sq/9 - k/9 + 8
	dx := sq%9 - k%9 + 8
	rel = (kind*17+dy)*17 + dx
	f := sq % 9
	if f < 4 {
		f = 8 - f
	}
	psq = kind*45 + sq/9*5 + f - 4
	return
}

var kpKind, kpRel, kpPSQ = func() (kind, rel, psq []int32) {
	kind, rel, psq = make([]int32, eval.KPSize), make([]int32, eval.KPSize), make([]int32, eval.KPSize)
	for i := range eval.KPSize {
		k, r, p := kpParts(i)
		kind[i], rel[i], psq[i] = int32(k), int32(r), int32(p)
	}
	return
}()

func newParams(o fitOptions) *params {
	p := &params{theta: make([]float64, numTheta), m: make([]float64, numTheta), v: make([]float64, numTheta),
		reg: make([]float64, numTheta), frozen: make([]bool, numTheta), flat: make([]float64, eval.NumWeights), lr: o.lr, epochs: o.epochs}
	for i := range p.reg {
		p.reg[i] = o.regCoarse
	}
	for i := range eval.KPSize {
		p.reg[gFineOwn+i] = o.regFine
		p.reg[gFineEnemy+i] = o.regFine
	}
	// Start from material alone, so the first steps are not spent finding
	// that a rook is worth more than a pawn.
	start := [eval.NumKinds]float64{90, 230, 260, 380, 440, 450, 520, 440, 440, 440, 440, 700, 900}
	hand := [7]float64{100, 250, 280, 400, 460, 560, 660} // pawn … gold, in kind order
	copy(p.theta[gMat:], start[:])
	for k := range 7 {
		for n := 1; n <= 18; n++ {
			p.theta[gHand+k*19+n] = hand[k] * math.Pow(0.9, float64(n-1))
		}
	}
	for _, g := range strings.Split(o.without, ",") {
		var lo, hi int
		switch g {
		case "":
			continue
		case "threat":
			lo, hi = gRest+eval.OffThreat-eval.OffKing, gRest+eval.OffEntered-eval.OffKing
		case "zone":
			lo, hi = gRest+eval.OffZone-eval.OffKing, gRest+eval.OffTempo-eval.OffKing
		case "mobility":
			lo, hi = gMob, gRest
		case "danger":
			lo, hi = gDanger, gMob
		case "enemy":
			lo, hi = gFineEnemy, gHand
		default:
			panic("fit: no feature group " + g)
		}
		for i := lo; i < hi; i++ {
			p.frozen[i] = true
		}
	}
	p.build()
	return p
}

// build makes the flat weights from theta.
func (p *params) build() {
	th, w := p.theta, p.flat
	for i := range eval.KPSize {
		w[eval.OffOwn+i] = th[gFineOwn+i] + th[gRelOwn+int(kpRel[i])] + th[gPSQ+int(kpPSQ[i])] + th[gMat+int(kpKind[i])]
		w[eval.OffEnemy+i] = th[gFineEnemy+i] + th[gRelEnemy+int(kpRel[i])]
	}
	cumulate := func(off, g, groups, n int) {
		for k := range groups {
			s := 0.0
			w[off+k*n] = 0
			for j := 1; j < n; j++ {
				s += th[g+k*n+j]
				w[off+k*n+j] = s
			}
		}
	}
	cumulate(eval.OffHand, gHand, 7, 19)
	cumulate(eval.OffDanger, gDanger, 1, eval.MaxUnits+1)
	cumulate(eval.OffMob, gMob, 5, 21)
	copy(w[eval.OffKing:], th[gRest:])
}

// step applies one Adam step for the gradient g of the flat weights.
func (p *params) step(g []float64, ep int) {
	gt := make([]float64, numTheta)
	for i := range eval.KPSize {
		a, b := g[eval.OffOwn+i], g[eval.OffEnemy+i]
		gt[gFineOwn+i] += a
		gt[gRelOwn+int(kpRel[i])] += a
		gt[gPSQ+int(kpPSQ[i])] += a
		gt[gMat+int(kpKind[i])] += a
		gt[gFineEnemy+i] += b
		gt[gRelEnemy+int(kpRel[i])] += b
	}
	// The increment j of a count feeds every count from j up.
	uncumulate := func(off, gr, groups, n int) {
		for k := range groups {
			s := 0.0
			for j := n - 1; j >= 1; j-- {
				s += g[off+k*n+j]
				gt[gr+k*n+j] = s
			}
		}
	}
	uncumulate(eval.OffHand, gHand, 7, 19)
	uncumulate(eval.OffDanger, gDanger, 1, eval.MaxUnits+1)
	uncumulate(eval.OffMob, gMob, 5, 21)
	copy(gt[gRest:], g[eval.OffKing:])

	const b1, b2, eps = 0.9, 0.999, 1e-12
	p.t++
	lr := p.lr * math.Pow(0.1, float64(ep-1)/float64(max(1, p.epochs-1)))
	c1, c2 := 1-math.Pow(b1, float64(p.t)), 1-math.Pow(b2, float64(p.t))
	for i, x := range gt {
		x += p.reg[i] * p.theta[i]
		if x == 0 || p.frozen[i] {
			continue
		}
		p.m[i] = b1*p.m[i] + (1-b1)*x
		p.v[i] = b2*p.v[i] + (1-b2)*x*x
		p.theta[i] -= lr * (p.m[i] / c1) / (math.Sqrt(p.v[i]/c2) + eps)
	}
	p.build()
}

// export rounds the flat weights to the engine's integers.
func (p *params) export() *[eval.NumWeights]int16 {
	var w [eval.NumWeights]int16
	for i, x := range p.flat {
		w[i] = int16(max(-32767, min(32767, math.Round(x))))
	}
	return &w
}
