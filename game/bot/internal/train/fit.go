package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"shogi/game"
	"shogi/game/bot/internal/eval"
)

// fit: logistic regression of the evaluation's weights on the positions
// that play wrote. The prediction is sigmoid(eval/K); the target mixes the
// search's score on the same curve with the game's result. The weights
// are learned in a factored form, so that a rare king square or count
// borrows from the common ones (see params), and written as the flat
// table the engine reads.

type sample struct {
	pos    game.Position
	score  float64 // the search's score, centipawns for the side to move
	result float64 // 1, 0.5 or 0 for the side to move
	phase  float64 // eval.Phase as a fraction: the endgame weights' share
}

type fitOptions struct {
	epochs      int
	batch       int
	lr          float64
	lambda      float64 // weight of the search's score in the target
	k           float64 // the curve's scale; 0: fitted to the results
	regFine     float64
	regCoarse   float64
	seed        uint64
	out         string
	holdout     int // games with number % holdout == 0 are held out
	without     string
	maxPosition int
	phases      int // 2: opening and endgame weights; 1: one set for both
}

func runFit(args []string) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	var o fitOptions
	fs.IntVar(&o.epochs, "epochs", 6, "passes over the data")
	fs.IntVar(&o.batch, "batch", 8192, "positions a step")
	fs.Float64Var(&o.lr, "lr", 1, "Adam's step size, centipawns")
	fs.Float64Var(&o.lambda, "lambda", 0.5, "share of the search's score in the target (the rest: the result)")
	fs.Float64Var(&o.k, "k", 0, "scale of the logistic curve in centipawns (0: fit it to the results)")
	fs.Float64Var(&o.regFine, "reg-fine", 3e-8, "L2 penalty on the king-square tables")
	fs.Float64Var(&o.regCoarse, "reg-coarse", 1e-9, "L2 penalty on the other parameters")
	fs.Uint64Var(&o.seed, "seed", 1, "random seed: the order of the positions")
	fs.StringVar(&o.out, "o", "weights.bin", "output file")
	fs.IntVar(&o.holdout, "holdout", 20, "hold out every Nth game to watch for overfitting")
	fs.IntVar(&o.maxPosition, "max", 0, "use at most this many positions (0: all)")
	fs.IntVar(&o.phases, "phases", 2, "weight sets blended by the game's phase: 2 (opening, endgame) or 1 (the same for both)")
	compare := fs.String("compare", "", "report the held-out loss of this weights file too")
	fs.StringVar(&o.without, "without", "", "comma-separated feature groups to leave at zero (threat, zone, mobility, danger, enemy), to see what each is worth")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		return errors.New("fit: name the files play wrote")
	}
	if o.phases != 1 && o.phases != 2 {
		return fmt.Errorf("fit: -phases %d: want 1 or 2", o.phases)
	}
	train, valid, err := readSamples(fs.Args(), o)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "%d positions to fit, %d held out\n", len(train), len(valid))
	if o.k == 0 {
		o.k = fitK(train)
	}
	fmt.Fprintf(os.Stderr, "K = %.1f\n", o.k)
	f := newFitter(o)
	if *compare != "" {
		b, err := os.ReadFile(*compare)
		if err != nil {
			return err
		}
		w, err := eval.Decode(b)
		if err != nil {
			return fmt.Errorf("%s: %v", *compare, err)
		}
		fmt.Fprintf(os.Stderr, "%s: held out %.6f (results %.6f, scores %.6f)\n", *compare, f.lossOf(w, valid, f.o.lambda),
			f.lossOf(w, valid, 0), f.lossOf(w, valid, 1))
	}
	best, bestLoss := f.export(), math.Inf(1)
	r := rand.New(rand.NewPCG(o.seed, 0x5eed))
	for ep := 1; ep <= o.epochs; ep++ {
		r.Shuffle(len(train), func(i, j int) { train[i], train[j] = train[j], train[i] })
		tl := f.epoch(train, ep)
		vl := f.loss(valid, f.o.lambda)
		fmt.Fprintf(os.Stderr, "epoch %d: train %.6f held out %.6f (results %.6f, scores %.6f)\n", ep, tl, vl,
			f.loss(valid, 0), f.loss(valid, 1))
		if vl < bestLoss || len(valid) == 0 {
			bestLoss, best = vl, f.export() // with nothing held out, the last
		}
	}
	out, err := os.Create(o.out)
	if err != nil {
		return err
	}
	if err := best.Encode(out); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func readSamples(files []string, o fitOptions) (train, valid []sample, err error) {
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return nil, nil, err
		}
		sc := bufio.NewScanner(f)
		line := 0
		for sc.Scan() {
			line++
			fields := strings.Split(sc.Text(), "\t")
			if len(fields) != 4 {
				f.Close()
				return nil, nil, fmt.Errorf("%s:%d: want 4 fields, got %d", name, line, len(fields))
			}
			p, err := game.ParseSFEN(fields[0])
			if err != nil {
				f.Close()
				return nil, nil, fmt.Errorf("%s:%d: %v", name, line, err)
			}
			score, err1 := strconv.ParseFloat(fields[1], 64)
			result, err2 := strconv.ParseFloat(fields[2], 64)
			g, err3 := strconv.Atoi(fields[3])
			if err := errors.Join(err1, err2, err3); err != nil {
				f.Close()
				return nil, nil, fmt.Errorf("%s:%d: %v", name, line, err)
			}
			s := sample{p, score, result, 0}
			if o.phases == 2 {
				s.phase = float64(eval.Phase(&p)) / eval.PhaseMax
			}
			// Held-out games are chosen by number within each file, and the
			// file's name keeps two files' games apart.
			if o.holdout > 0 && (g+len(name))%o.holdout == 0 {
				valid = append(valid, s)
			} else {
				train = append(train, s)
			}
			if o.maxPosition > 0 && len(train) >= o.maxPosition {
				break
			}
		}
		f.Close()
		if err := sc.Err(); err != nil {
			return nil, nil, err
		}
	}
	return train, valid, nil
}

func sigmoid(x float64) float64 { return 1 / (1 + math.Exp(-x)) }

// fitK finds the scale at which the search's scores best predict the
// results (least squares, by golden-section search).
func fitK(s []sample) float64 {
	errAt := func(k float64) float64 {
		e := 0.0
		for i := range s {
			d := sigmoid(s[i].score/k) - s[i].result
			e += d * d
		}
		return e
	}
	lo, hi := 50.0, 2000.0
	g := (math.Sqrt(5) - 1) / 2
	for hi-lo > 1 {
		a, b := hi-g*(hi-lo), lo+g*(hi-lo)
		if errAt(a) < errAt(b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// fitter learns two sets of weights, the opening's and the endgame's; a
// position's evaluation blends them by its phase (with -phases 1 every
// phase is 0 and the endgame set is a copy).
type fitter struct {
	o     fitOptions
	w     [2]*params
	grad  [2][]float64 // by flat weight
	terms []eval.Term
}

func newFitter(o fitOptions) *fitter {
	return &fitter{o: o, w: [2]*params{newParams(o), newParams(o)},
		grad: [2][]float64{make([]float64, eval.NumWeights), make([]float64, eval.NumWeights)}}
}

// export rounds both sets to the engine's weights.
func (f *fitter) export() *eval.Weights {
	var w eval.Weights
	a, b := f.w[0].export(), f.w[1].export()
	if f.o.phases == 1 {
		b = a
	}
	for i := range w {
		w[i] = [2]int16{a[i], b[i]}
	}
	return &w
}

// eval is the blended evaluation of the features f.terms.
func (f *fitter) eval(flat [2][]float64, phase float64) float64 {
	o, e := 0.0, 0.0
	for _, t := range f.terms {
		o += flat[0][t.Index] * float64(t.Coef)
		e += flat[1][t.Index] * float64(t.Coef)
	}
	return o*(1-phase) + e*phase
}

func (f *fitter) target(s *sample) float64 {
	return f.o.lambda*sigmoid(s.score/f.o.k) + (1-f.o.lambda)*s.result
}

// lossOf is the loss of fixed weights w for the target mixed with lambda.
func (f *fitter) lossOf(w *eval.Weights, s []sample, lambda float64) float64 {
	flat := [2][]float64{make([]float64, eval.NumWeights), make([]float64, eval.NumWeights)}
	for i, x := range w {
		flat[0][i], flat[1][i] = float64(x[0]), float64(x[1])
	}
	return f.lossFlat(flat, s, lambda)
}

// loss is the mean cross-entropy of the predictions against the targets
// mixed with lambda (0: the results alone, 1: the scores alone).
func (f *fitter) loss(s []sample, lambda float64) float64 {
	return f.lossFlat([2][]float64{f.w[0].flat, f.w[1].flat}, s, lambda)
}

func (f *fitter) lossFlat(flat [2][]float64, s []sample, lambda float64) float64 {
	total := 0.0
	for i := range s {
		f.terms = eval.Features(&s[i].pos, f.terms[:0])
		e := f.eval(flat, s[i].phase)
		p := math.Min(math.Max(sigmoid(e/f.o.k), 1e-9), 1-1e-9)
		y := lambda*sigmoid(s[i].score/f.o.k) + (1-lambda)*s[i].result
		total -= y*math.Log(p) + (1-y)*math.Log(1-p)
	}
	return total / float64(max(1, len(s)))
}

// epoch runs one pass of mini-batch steps and returns the mean loss.
func (f *fitter) epoch(s []sample, ep int) float64 {
	total := 0.0
	for lo := 0; lo < len(s); lo += f.o.batch {
		batch := s[lo:min(lo+f.o.batch, len(s))]
		clear(f.grad[0])
		clear(f.grad[1])
		flat := [2][]float64{f.w[0].flat, f.w[1].flat}
		for i := range batch {
			f.terms = eval.Features(&batch[i].pos, f.terms[:0])
			ph := batch[i].phase
			e := f.eval(flat, ph)
			p := sigmoid(e / f.o.k)
			y := f.target(&batch[i])
			pc := math.Min(math.Max(p, 1e-9), 1-1e-9)
			total -= y*math.Log(pc) + (1-y)*math.Log(1-pc)
			d := (p - y) / f.o.k / float64(len(batch))
			do, de := d*(1-ph), d*ph
			for _, t := range f.terms {
				f.grad[0][t.Index] += do * float64(t.Coef)
				f.grad[1][t.Index] += de * float64(t.Coef)
			}
		}
		f.w[0].step(f.grad[0], ep)
		if f.o.phases == 2 {
			f.w[1].step(f.grad[1], ep)
		}
	}
	return total / float64(len(s))
}
