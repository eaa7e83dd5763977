package game

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
)

func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, u := range strings.Fields(moves) {
		if err := g.Play(mustUSI(t, g, u)); err != nil {
			t.Fatalf("%s: %v", u, err)
		}
	}
}

func TestSennichiteDraw(t *testing.T) {
	g := NewGame(StartPosition())
	cycle := "2h3h 8b7b 3h2h 7b8b "
	playAll(t, g, cycle+cycle)
	if g.Repetitions() != 3 || g.Result().Over() {
		t.Fatalf("after two cycles: %d occurrences, %v; want 3, in progress", g.Repetitions(), g.Result())
	}
	playAll(t, g, cycle)
	if r := g.Result(); r.Ending != Repetition || r.Outcome != Draw {
		t.Errorf("fourth occurrence: %v, want a draw by repetition", r)
	}
	g.Undo()
	if g.Result().Over() {
		t.Errorf("undo after sennichite: %v, want in progress", g.Result())
	}
}

func TestPerpetualCheckLoses(t *testing.T) {
	// White's king on 5a is in check from the rook on 5e; Black keeps
	// checking as the king steps between 5a and 4a.
	g := NewGame(mustSFEN(t, "4k4/9/9/9/4R4/9/9/9/K8 w - 1"))
	cycle := "5a4a 5e4e 4a5a 4e5e "
	playAll(t, g, cycle+cycle+cycle)
	if r := g.Result(); r.Ending != PerpetualCheck || r.Outcome != WhiteWins {
		t.Errorf("perpetual check by Black: %v, want White wins by perpetual check", r)
	}
	// The same shuffle without checks is a plain draw.
	g = NewGame(mustSFEN(t, "4k4/9/9/9/9/9/9/9/R3K4 w - 1"))
	playAll(t, g, "5a4a 9i8i 4a5a 8i9i 5a4a 9i8i 4a5a 8i9i 5a4a 9i8i 4a5a 8i9i")
	if r := g.Result(); r.Ending != Repetition || r.Outcome != Draw {
		t.Errorf("quiet shuffle: %v, want a draw by repetition", r)
	}
}

func TestImpasse(t *testing.T) {
	g := NewGame(StartPosition())
	if p := g.Position(); p.Points(Black) != 27 || p.Points(White) != 27 {
		t.Errorf("start points %d/%d, want 27/27", p.Points(Black), p.Points(White))
	}
	if r := g.Impasse(); r.Outcome != Draw || r.Ending != Impasse {
		t.Errorf("impasse at the start: %v, want a draw", r)
	}
	// White has its king and one rook in hand: 5 points, short of 24.
	g = NewGame(mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b 2B4G4S4N4L18Pr 1"))
	if p := g.Position(); p.Points(White) != 5 || p.Points(Black) != 10+16+18 {
		t.Fatalf("points %d/%d", p.Points(Black), p.Points(White))
	}
	if r := g.Impasse(); r.Outcome != BlackWins {
		t.Errorf("impasse with White on 5 points: %v, want Black wins", r)
	}
	// The boundary: 24 points is enough, 23 is not.
	for _, c := range []struct {
		sfen   string
		black  int
		result Outcome
	}{
		{"4k4/9/9/9/9/9/9/9/4K4 b RB4G4S4N2Lrb2l18p 1", 24, Draw},
		{"4k4/9/9/9/9/9/9/9/4K4 b RB4G4S4NLrb3l18p 1", 23, WhiteWins},
	} {
		g := NewGame(mustSFEN(t, c.sfen))
		p := g.Position()
		if p.Points(Black) != c.black || p.Points(White) != 54-c.black {
			t.Fatalf("%s: points %d/%d", c.sfen, p.Points(Black), p.Points(White))
		}
		if r := g.Impasse(); r.Outcome != c.result {
			t.Errorf("impasse with Black on %d points: %v, want %v", c.black, r, c.result)
		}
	}
}

// An impasse may be claimed alone only when both kings have entered
// their promotion zones and the claimant is not in check.
func TestCanClaimImpasse(t *testing.T) {
	tests := []struct {
		sfen, why string
	}{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "Black's king is not in its promotion zone"},
		{"4K4/9/9/9/9/9/9/9/4k4 b - 1", ""},
		{"4K4/9/9/9/9/9/9/9/9 b - 1", "White has no king"},
		{"4K4/9/9/9/9/9/4k4/9/9 b - 1", ""},
		{"4K4/9/9/9/9/4k4/9/9/9 b - 1", "White's king is not in its promotion zone"},
		{"2K6/9/9/9/9/9/9/9/2k3R2 w - 1", "the king is in check"},
		{"9/4K4/9/9/9/9/9/9/4k4 b - 1", ""},
		{"9/9/9/4K4/9/9/9/9/4k4 b - 1", "Black's king is not in its promotion zone"},
	}
	for _, tc := range tests {
		p := mustSFEN(t, tc.sfen)
		err := p.CanClaimImpasse()
		var ie *ImpasseError
		switch {
		case tc.why == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.sfen, err)
		case tc.why != "" && (!errors.As(err, &ie) || ie.Error() != "impasse refused: "+tc.why):
			t.Errorf("%s: %v, want %q", tc.sfen, err, tc.why)
		}
	}
}

func TestDeclaration(t *testing.T) {
	// Black's king on 5b with ten pieces in the camp: R B 4G 4S = 18 points.
	base := "RBGG1GGSS/4K4/SS7/9/9/9/9/9/4k4 b %s 1"
	tests := []struct {
		hand string
		want string // "" for success, else a substring of the refusal
	}{
		{"10P", ""},
		{"9P", "27 points, need 28"},
	}
	for _, tc := range tests {
		g := NewGame(mustSFEN(t, strings.Replace(base, "%s", tc.hand, 1)))
		err := g.Declare()
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("hand %s: %v, want a won declaration", tc.hand, err)
		case tc.want == "" && (g.Result().Ending != Declaration || g.Result().Outcome != BlackWins):
			t.Errorf("hand %s: %v", tc.hand, g.Result())
		case tc.want != "":
			var de *DeclarationError
			if !errors.As(err, &de) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("hand %s: %v, want refusal %q", tc.hand, err, tc.want)
			}
			if g.Result().Over() {
				t.Errorf("refused declaration ended the game: %v", g.Result())
			}
		}
	}
	// White needs only 27: the same material, mirrored, with 9 pawns.
	g := NewGame(mustSFEN(t, "4K4/9/9/9/9/9/7ss/4k4/ssgg1ggbr w 9p 1"))
	if err := g.Declare(); err != nil || g.Result().Outcome != WhiteWins {
		t.Errorf("White with 27 points: %v, %v; want a win", err, g.Result())
	}
	// Nine pieces in the camp are not enough, whatever the points.
	p := mustSFEN(t, "RBGG1GGS1/4K4/SS7/9/9/9/9/9/4k4 b 2R 1")
	if err := p.CanDeclare(); err == nil || !strings.Contains(err.Error(), "only 9 pieces") {
		t.Errorf("nine pieces: %v", err)
	}
	// A king outside the camp cannot declare.
	p = mustSFEN(t, "RBGG1GGSS/9/SS7/4K4/9/9/9/9/4k4 b 10P 1")
	if err := p.CanDeclare(); err == nil || !strings.Contains(err.Error(), "not in the enemy camp") {
		t.Errorf("king outside: %v", err)
	}
}

func TestResignAndFoul(t *testing.T) {
	g := NewGame(StartPosition())
	g.Resign(Black)
	if r := g.Result(); r.Outcome != WhiteWins || r.Ending != Resignation {
		t.Errorf("Black resigns: %v", r)
	}
	g = NewGame(StartPosition())
	g.Foul(White)
	if r := g.Result(); r.Outcome != BlackWins || r.Ending != IllegalMove {
		t.Errorf("White fouls: %v", r)
	}
	if err := g.Play(mustUSI(t, g, "7g7f")); !errors.Is(err, ErrGameOver) {
		t.Errorf("play after the end: %v", err)
	}
}

func TestIllegalPlayLeavesGame(t *testing.T) {
	g := NewGame(StartPosition())
	before := g.Position()
	m := before.NewMove(NewSquare(7, 7), NewSquare(7, 5), false)
	var ill *IllegalMoveError
	if err := g.Play(m); !errors.As(err, &ill) || ill.Rule != RuleCannotReach {
		t.Errorf("7g7e: %v", err)
	}
	after := g.Position()
	if g.Len() != 0 || !after.Equal(&before) {
		t.Error("an illegal move changed the game")
	}
}

func TestHandicaps(t *testing.T) {
	removed := map[string]int{"even": 0, "lance": 1, "right-lance": 1, "bishop": 1, "rook": 1, "rook-lance": 2,
		"2p": 2, "3p": 3, "4p": 4, "5p": 5, "left-5p": 5, "6p": 6, "left-7p": 7, "right-7p": 7, "8p": 8, "10p": 10,
		"both-lances": 2, "9p": 9}
	for _, h := range handicaps {
		p := h.Position()
		if w := p.Warnings(); len(w) > 0 && h.Key != "tsume" && h.Key != "empty" {
			t.Errorf("%s: warnings %q", h.Key, w)
		}
		if n, ok := removed[h.Key]; ok {
			white := 0
			for s := Square(0); s < NumSquares; s++ {
				if pc := p.At(s); pc != NoPiece && pc.Color() == White {
					white++
				}
			}
			if white != 20-n {
				t.Errorf("%s: White has %d pieces, want %d", h.Key, white, 20-n)
			}
			wantSide := White
			if h.Key == "even" {
				wantSide = Black
			}
			if p.SideToMove() != wantSide {
				t.Errorf("%s: %s to move", h.Key, p.SideToMove())
			}
		}
		for _, name := range append([]string{h.Key, h.Name, h.Japanese, strings.ToUpper(h.Name)}, h.Aliases...) {
			if got, ok := FindHandicap(name); !ok || got.Key != h.Key {
				t.Errorf("FindHandicap(%q) = %q, %v; want %q", name, got.Key, ok, h.Key)
			}
		}
		if got, ok := HandicapBySFEN(&p); !ok || got.Key != h.Key {
			t.Errorf("HandicapBySFEN(%s) = %q", h.Key, got.Key)
		}
	}
	// Left and right are from White's seat: 香落ち takes 1a, 右香落ち 9a.
	for key, sq := range map[string]string{"香落ち": "1a", "右香落ち": "9a", "三枚落ち": "1a"} {
		h, _ := FindHandicap(key)
		p := h.Position()
		s, _ := ParseSquare(sq)
		if p.At(s) != NoPiece {
			t.Errorf("%s: %s still holds %v", key, sq, p.At(s))
		}
	}
	if _, ok := FindHandicap("3.5-piece"); ok {
		t.Error("FindHandicap found a handicap that does not exist")
	}
	ts, _ := FindHandicap("詰将棋")
	tp := ts.Position()
	if tp.Hand(White, Pawn) != 18 || tp.Hand(White, Rook) != 2 || tp.KingSquare(White) != NewSquare(5, 1) || tp.KingSquare(Black) != NoSquare {
		t.Errorf("tsume start: %s", tp.SFEN())
	}
}

func TestFurigoma(t *testing.T) {
	black := 0
	const n = 2000
	for seed := uint64(0); seed < n; seed++ {
		f := TossPawns(rand.New(rand.NewPCG(seed, 1)))
		for i, toss := range f.Tosses {
			fu, to := 0, 0
			for _, face := range toss {
				switch face {
				case FaceFu:
					fu++
				case FaceTo:
					to++
				}
			}
			last := i == len(f.Tosses)-1
			if !last && fu != to {
				t.Fatalf("seed %d: toss %d (%v) was decisive but was tossed again", seed, i, toss)
			}
			if last && (fu == to || f.TosserIsBlack != (fu > to)) {
				t.Fatalf("seed %d: last toss %v gives TosserIsBlack=%v", seed, toss, f.TosserIsBlack)
			}
		}
		if f.TosserIsBlack {
			black++
		}
	}
	if black < n*45/100 || black > n*55/100 {
		t.Errorf("tosser got Black %d times in %d", black, n)
	}
	a := TossPawns(rand.New(rand.NewPCG(42, 42)))
	b := TossPawns(rand.New(rand.NewPCG(42, 42)))
	if len(a.Tosses) != len(b.Tosses) || a.Tosses[0] != b.Tosses[0] {
		t.Error("the same seed gave different tosses")
	}
}

// SetHand ignores what a hand cannot hold (a count past a byte, a
// negative one, a piece that never goes to hand) instead of wrapping
// or writing out of place.
func TestSetHandRange(t *testing.T) {
	p := StartPosition()
	p.SetHand(Black, Pawn, 18)
	for _, c := range []struct {
		t PieceType
		n int
	}{{Pawn, 256}, {Pawn, 300}, {Pawn, -1}, {King, 1}, {Dragon, 1}, {NoPieceType, 1}} {
		p.SetHand(Black, c.t, c.n)
		if p.Hand(Black, Pawn) != 18 || p.Hand(White, Pawn) != 0 {
			t.Errorf("after SetHand(Black, %v, %d): pawns %d/%d", c.t, c.n, p.Hand(Black, Pawn), p.Hand(White, Pawn))
		}
	}
	p.SetHand(Black, Pawn, 255)
	if p.Hand(Black, Pawn) != 255 {
		t.Errorf("SetHand(Black, Pawn, 255): %d", p.Hand(Black, Pawn))
	}
}
