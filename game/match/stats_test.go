package match

import (
	"math"
	"strings"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestElo(t *testing.T) {
	// 60 wins, 20 draws, 20 losses: a score of 0.7 is +147.2 Elo (logistic);
	// the 95% interval's half-width, computed independently (Python, the
	// cutechess-cli method), is 66.0.
	x := Tally{Wins: 60, Draws: 20, Losses: 20}
	d, m := x.Elo()
	if !near(d, 147.19, 0.01) || !near(m, 66.01, 0.01) {
		t.Errorf("Elo %v ± %v", d, m)
	}
	if !near(x.LOS(), 0.999996, 1e-6) {
		t.Errorf("LOS %v", x.LOS())
	}
	// Swapping the players negates the difference and mirrors the LOS.
	y := Tally{Wins: 20, Draws: 20, Losses: 60}
	if d2, m2 := y.Elo(); !near(d2, -d, 1e-9) || !near(m2, m, 1e-9) || !near(y.LOS(), 1-x.LOS(), 1e-12) {
		t.Errorf("mirror: %v ± %v, LOS %v", d2, m2, y.LOS())
	}
	even := Tally{Wins: 5, Draws: 10, Losses: 5}
	if d, _ := even.Elo(); d != 0 || even.LOS() != 0.5 {
		t.Errorf("even: %v %v", d, even.LOS())
	}
	// All wins: the difference is unbounded, and says so.
	s := Tally{Wins: 20}.String()
	if s != "20-0-0 (W-D-L), score 100.0%, Elo +inf ± inf (95%), LOS 100.0%" {
		t.Errorf("%q", s)
	}
	if got := x.String(); got != "60-20-20 (W-D-L), score 70.0%, Elo +147.2 ± 66.0 (95%), LOS 100.0%" {
		t.Errorf("%q", got)
	}
}

func TestSPRT(t *testing.T) {
	p, err := ParseSPRT("0,10")
	if err != nil {
		t.Fatal(err)
	}
	lo, hi := p.Bounds()
	if !near(lo, -math.Log(19), 1e-12) || !near(hi, math.Log(19), 1e-12) {
		t.Errorf("bounds %v %v, want ∓ln 19", lo, hi)
	}
	// One lucky win is no verdict; a long clear lead is; so is a long tie.
	if v := p.Verdict(Tally{Wins: 1}); v != "" {
		t.Errorf("after one win: %q (llr %.2f)", v, p.LLR(Tally{Wins: 1}))
	}
	if v := p.Verdict(Tally{Wins: 300, Draws: 100, Losses: 200}); v != "H1 accepted" {
		t.Errorf("+58 Elo over 600 games: %q (llr %.2f)", v, p.LLR(Tally{Wins: 300, Draws: 100, Losses: 200}))
	}
	if v := p.Verdict(Tally{Wins: 2400, Draws: 1200, Losses: 2400}); v != "H0 accepted" {
		t.Errorf("even over 6000 games: %q (llr %.2f)", v, p.LLR(Tally{Wins: 2400, Draws: 1200, Losses: 2400}))
	}
	// The LLR grows with the evidence.
	if a, b := p.LLR(Tally{Wins: 30, Losses: 20}), p.LLR(Tally{Wins: 60, Losses: 40}); !(b > a && a > 0) {
		t.Errorf("llr %v then %v", a, b)
	}
	for _, bad := range []string{"10", "10,0", "a,1", "0,b", "5,5"} {
		if _, err := ParseSPRT(bad); err == nil || !strings.Contains(err.Error(), "--sprt") {
			t.Errorf("ParseSPRT(%q): %v", bad, err)
		}
	}
}
