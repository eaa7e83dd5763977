package match

import (
	"fmt"
	"math"
	"strings"
)

// Tally counts a series' results from the first player's side.
type Tally struct{ Wins, Draws, Losses int }

// Games returns how many games the tally counts.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score returns the first player's points per game (a draw is half).
func (t Tally) Score() float64 {
	if t.Games() == 0 {
		return 0.5
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games())
}

// eloOf is the Elo difference a score stands for (logistic model).
func eloOf(s float64) float64 { return -400 * math.Log10(1/s-1) }

// z975 is the normal distribution's 97.5% quantile: a 95% interval is
// ±z975 standard errors.
const z975 = 1.959963984540054

// Elo returns the Elo difference the tally stands for and the half-width
// of its 95% confidence interval, computed as cutechess-cli does: the
// interval of the mean score (its standard error from the per-game
// variance of wins, draws and losses), mapped to Elo. A score of 0 or 1
// gives an infinite difference.
func (t Tally) Elo() (diff, margin float64) {
	n := float64(t.Games())
	if n == 0 {
		return 0, math.Inf(1)
	}
	s := t.Score()
	w, d, l := float64(t.Wins)/n, float64(t.Draws)/n, float64(t.Losses)/n
	sd := math.Sqrt(w*(1-s)*(1-s)+d*(0.5-s)*(0.5-s)+l*s*s) / math.Sqrt(n)
	lo, hi := s-z975*sd, s+z975*sd
	diff = eloOf(s)
	if lo <= 0 || hi >= 1 {
		return diff, math.Inf(1)
	}
	return diff, (eloOf(hi) - eloOf(lo)) / 2
}

// LOS returns the likelihood of superiority: the chance that the first
// player is the stronger, from wins and losses (draws say nothing).
func (t Tally) LOS() float64 {
	if t.Wins+t.Losses == 0 {
		return 0.5
	}
	return 0.5 * (1 + math.Erf(float64(t.Wins-t.Losses)/math.Sqrt(2*float64(t.Wins+t.Losses))))
}

// String writes the tally as the last line of shogi match does: wins,
// draws and losses, the score, the Elo difference with its 95% interval,
// and the LOS.
func (t Tally) String() string {
	diff, margin := t.Elo()
	return fmt.Sprintf("%d-%d-%d (W-D-L), score %.1f%%, Elo %s ± %s (95%%), LOS %.1f%%",
		t.Wins, t.Draws, t.Losses, 100*t.Score(), signed(diff), unsigned(margin), 100*t.LOS())
}

func signed(x float64) string {
	switch {
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.1f", x)
}

func unsigned(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return "inf"
	}
	return fmt.Sprintf("%.1f", x)
}

// SPRT is a sequential probability ratio test of H0 "the first player is
// Elo0 stronger" against H1 "it is Elo1 stronger", with error rates Alpha
// (accepting H1 wrongly) and Beta (accepting H0 wrongly).
type SPRT struct{ Elo0, Elo1, Alpha, Beta float64 }

// ParseSPRT reads "ELO0,ELO1" with α = β = 0.05.
func ParseSPRT(s string) (SPRT, error) {
	a, b, ok := strings.Cut(s, ",")
	var t SPRT
	if !ok {
		return t, fmt.Errorf("--sprt %q: want ELO0,ELO1, as in 0,10", s)
	}
	if _, err := fmt.Sscanf(strings.TrimSpace(a), "%g", &t.Elo0); err != nil {
		return t, fmt.Errorf("--sprt %q: %q is not a number", s, a)
	}
	if _, err := fmt.Sscanf(strings.TrimSpace(b), "%g", &t.Elo1); err != nil {
		return t, fmt.Errorf("--sprt %q: %q is not a number", s, b)
	}
	if !(t.Elo1 > t.Elo0) || math.IsInf(t.Elo0, 0) || math.IsInf(t.Elo1, 0) {
		return t, fmt.Errorf("--sprt %q: want ELO0 < ELO1", s)
	}
	t.Alpha, t.Beta = 0.05, 0.05
	return t, nil
}

// Bounds returns the log-likelihood ratios at which the test stops:
// below lower H0 is accepted, above upper H1.
func (p SPRT) Bounds() (lower, upper float64) {
	return math.Log(p.Beta / (1 - p.Alpha)), math.Log((1 - p.Beta) / p.Alpha)
}

// LLR returns the log-likelihood ratio of the tally, by the normal
// approximation of the generalised SPRT on game scores (as fishtest's
// trinomial test). The variance is taken with half a game added to each
// of wins, draws and losses, so that a handful of one-sided results does
// not end the test at once.
func (p SPRT) LLR(t Tally) float64 {
	n := float64(t.Games())
	if n == 0 {
		return 0
	}
	s := t.Score()
	s0, s1 := 1/(1+math.Pow(10, -p.Elo0/400)), 1/(1+math.Pow(10, -p.Elo1/400))
	nw, nd, nl := float64(t.Wins)+0.5, float64(t.Draws)+0.5, float64(t.Losses)+0.5
	m := nw + nd + nl
	v := (nw*(1-s)*(1-s) + nd*(0.5-s)*(0.5-s) + nl*s*s) / m
	return n * (s1 - s0) * (2*s - s0 - s1) / (2 * v)
}

// Verdict returns "H1 accepted", "H0 accepted" or "" (go on).
func (p SPRT) Verdict(t Tally) string {
	lo, hi := p.Bounds()
	switch llr := p.LLR(t); {
	case llr >= hi:
		return "H1 accepted"
	case llr <= lo:
		return "H0 accepted"
	}
	return ""
}
