package game

import (
	"errors"
	"slices"
	"sort"
	"strings"
	"testing"
)

func legalUSI(p *Position) []string {
	var out []string
	for _, m := range p.LegalMoves(nil) {
		out = append(out, m.USI())
	}
	sort.Strings(out)
	return out
}

// Hand-made positions, each checked by hand against the rules text.
func TestRestrictions(t *testing.T) {
	tests := []struct {
		name    string
		sfen    string
		has     []string // legal
		hasNot  []string // illegal
		rule    Rule     // the rule the first hasNot move breaks
		exactly []string // if set, the complete legal move list
	}{
		{
			// White king 1a; gold 2c guards 1b and 2b, knight 3c guards 2a.
			// P*1b mates: the king cannot take (gold guards 1b) nor flee.
			name: "uchifuzume forbidden", sfen: "8k/9/6NG1/9/9/9/9/9/4K4 b P 1",
			has: []string{"P*1c", "P*2b"}, hasNot: []string{"P*1b"}, rule: RuleUchifuzume,
		},
		{
			// The silver on 2a could take the pawn on 1b, but it is pinned
			// against its king by the rook on 5a: the drop mates.
			name: "uchifuzume with a pinned defender", sfen: "4R2sk/9/7G1/9/9/9/9/9/4K4 b P 1",
			has: []string{"P*1c", "P*2b"}, hasNot: []string{"P*1b"}, rule: RuleUchifuzume,
		},
		{
			// Without the knight the king escapes to 2a: the drop only checks.
			name: "pawn drop check is legal", sfen: "8k/9/7G1/9/9/9/9/9/4K4 b P 1",
			has: []string{"P*1b"},
		},
		{
			// A white gold on 2a can take the pawn on 1b, so the drop is legal.
			name: "pawn drop that can be captured", sfen: "7gk/9/6NG1/9/9/9/9/9/4K4 b P 1",
			has: []string{"P*1b"},
		},
		{
			// The king could take the pawn if nothing guarded 1b.
			name: "pawn drop the king can take", sfen: "8k/9/6N2/9/9/9/9/9/4K4 b P 1",
			has: []string{"P*1b"},
		},
		{
			// A tokin on the file does not count for nifu.
			name: "nifu ignores a promoted pawn", sfen: "4k4/9/4+P4/9/9/9/9/9/K8 b P 1",
			has: []string{"P*5b", "P*5d", "P*5i"},
		},
		{
			name: "nifu", sfen: "4k4/9/9/9/9/9/4P4/9/K8 b P 1",
			has: []string{"P*4e"}, hasNot: []string{"P*5e"}, rule: RuleNifu,
		},
		{
			name: "forced and optional promotion", sfen: "4k4/7P1/8L/3N5/5N3/9/9/9/K8 b - 1",
			exactly: []string{"1c1a+", "1c1b", "1c1b+", "2b2a+", "4e3c", "4e3c+", "4e5c", "4e5c+", "6d5b+", "6d7b+", "9i8h", "9i8i", "9i9h"},
		},
		{
			name: "pawn cannot stay unpromoted on the last rank", sfen: "4k4/7P1/9/9/9/9/9/9/K8 b - 1",
			hasNot: []string{"2b2a"}, rule: RuleDeadPiece,
		},
		{
			name: "White's forced promotion", sfen: "k8/9/9/9/9/3n5/9/1p5l1/4K4 w - 1",
			has: []string{"8h8i+", "6f5h+", "6f7h+", "2h2i+"}, hasNot: []string{"8h8i", "6f5h", "2h2i"}, rule: RuleDeadPiece,
		},
		{
			name: "drops on the last ranks", sfen: "4k4/9/9/9/9/9/9/9/4K4 b PLN 1",
			has: []string{"P*1b", "L*1b", "N*1c"}, hasNot: []string{"P*1a", "L*9a", "N*1b", "N*5a"}, rule: RuleDeadPiece,
		},
		{
			// The silver on 5h is pinned by the rook on 5a: it may only move along the file.
			name: "pinned piece", sfen: "4r3k/9/9/9/9/9/9/4S4/4K4 b - 1",
			exactly: []string{"5h5g", "5i4h", "5i4i", "5i6h", "5i6i"},
		},
		{
			name: "pinned piece leaving the line", sfen: "4r3k/9/9/9/9/9/9/4S4/4K4 b - 1",
			hasNot: []string{"5h4g"}, rule: RuleSelfCheck,
		},
		{
			// Rook on 9i and knight on 4g both check: only the king may move,
			// even though Black holds a gold that could block the rook.
			name: "double check", sfen: "4k4/9/9/9/9/9/5n3/9/r3K4 b G 1",
			exactly: []string{"5i4h", "5i5h", "5i6h"},
		},
		{
			// The rook on 9i checks along rank i: drops between answer it.
			name: "check answered by drops", sfen: "4k4/9/9/9/9/9/9/9/r3K4 b G 1",
			exactly: []string{"5i4h", "5i5h", "5i6h", "G*6i", "G*7i", "G*8i"},
		},
		{
			// The king may not step along the checking rook's line, away from it.
			name: "king cannot retreat along the checking line", sfen: "4k4/9/9/9/9/9/9/9/r3K4 b - 1",
			hasNot: []string{"5i4i"}, rule: RuleSelfCheck,
		},
		{
			name: "king cannot capture a guarded piece", sfen: "4k4/9/9/9/9/9/3g5/4g4/4K4 b - 1",
			hasNot: []string{"5i5h"}, rule: RuleSelfCheck,
		},
		{
			name: "discovered check by moving a pinned lance's blocker", sfen: "4k4/9/9/9/9/9/9/4S4/4K4 b - 1",
			has: []string{"5h4g", "5h6g"},
		},
		{
			name: "lance pin: the silver may not leave the file", sfen: "4k4/4l4/9/9/9/9/9/4S4/4K4 b - 1",
			exactly: []string{"5h5g", "5i4h", "5i4i", "5i6h", "5i6i"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustSFEN(t, tc.sfen)
			got := legalUSI(&p)
			if tc.exactly != nil && !slices.Equal(got, tc.exactly) {
				t.Errorf("legal moves:\n got %v\nwant %v", got, tc.exactly)
			}
			for _, m := range tc.has {
				if !slices.Contains(got, m) {
					t.Errorf("%s should be legal", m)
				}
			}
			for i, u := range tc.hasNot {
				if slices.Contains(got, u) {
					t.Errorf("%s should be illegal", u)
					continue
				}
				m, err := p.ParseUSI(u)
				if err != nil {
					t.Fatalf("ParseUSI(%s): %v", u, err)
				}
				err = p.CheckMove(m)
				var ill *IllegalMoveError
				if !errors.As(err, &ill) {
					t.Errorf("CheckMove(%s) = %v, want an IllegalMoveError", u, err)
				} else if i == 0 && tc.rule != RuleNone && ill.Rule != tc.rule {
					t.Errorf("CheckMove(%s): rule %q, want %q", u, ill.Rule, tc.rule)
				}
			}
		})
	}
}

func TestCheckMoveRules(t *testing.T) {
	p := StartPosition()
	tests := []struct {
		usi  string
		rule Rule
	}{
		{"7g7f", RuleNone},
		{"7g7e", RuleCannotReach},
		{"8h2b", RuleCannotReach}, // blocked by the pawns
		{"2h2c", RuleCannotReach}, // blocked by its own pawn
		{"7i7g", RuleOwnPiece},
		{"7i6i", RuleOwnPiece},
		{"5e5d", RuleNoPiece},
		{"3c3d", RuleWrongSide},
		{"7g7f+", RuleCannotPromote},
		{"P*5e", RuleNotInHand},
	}
	for _, tc := range tests {
		m, err := p.ParseUSI(tc.usi)
		if err != nil {
			// Moves from squares the side to move does not own are built by hand.
			from, _ := ParseSquare(tc.usi[:2])
			to, _ := ParseSquare(tc.usi[2:4])
			m = p.NewMove(from, to, false)
			if p.At(from) == NoPiece {
				m = NewBoardMove(from, to, NewPiece(Black, Pawn), NoPiece, false)
			}
		}
		err = p.CheckMove(m)
		var ill *IllegalMoveError
		switch {
		case tc.rule == RuleNone && err != nil:
			t.Errorf("%s: %v, want legal", tc.usi, err)
		case tc.rule != RuleNone && (!errors.As(err, &ill) || ill.Rule != tc.rule):
			t.Errorf("%s: %v, want %q", tc.usi, err, tc.rule)
		}
	}
}

func TestCheckmateAndNoMoves(t *testing.T) {
	// Black's gold on 5b, guarded by the pawn on 5c, mates the king on 5a.
	g := NewGame(mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"))
	if err := g.Play(mustUSI(t, g, "G*5b")); err != nil {
		t.Fatal(err)
	}
	if r := g.Result(); r.Ending != Checkmate || r.Outcome != BlackWins {
		t.Errorf("after G*5b: %v, want Black wins by checkmate", r)
	}
	if err := g.Play(NoMove); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after mate: %v, want ErrGameOver", err)
	}
	g.Undo()
	if g.Result().Over() {
		t.Errorf("after undo: %v, want in progress", g.Result())
	}
	// White's king on 9i is boxed in by its own pieces, none of which can
	// move: no legal move, no check, and White loses.
	p := mustSFEN(t, "8K/9/9/9/9/9/9/pn7/kp7 w - 1")
	if p.HasLegalMove() || p.InCheck() {
		t.Fatalf("%s: want no legal move and no check", p.SFEN())
	}
	if r := NewGame(p).Result(); r.Ending != NoLegalMoves || r.Outcome != BlackWins {
		t.Errorf("no legal moves: %v, want Black wins", r)
	}
}

func mustUSI(t *testing.T, g *Game, u string) Move {
	t.Helper()
	p := g.Position()
	m, err := p.ParseUSI(u)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestWarnings(t *testing.T) {
	tests := []struct {
		sfen string
		want []string // substrings, one per warning, in order
	}{
		{StartSFEN, nil},
		{"4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", []string{"Black has no king"}},
		{"P3k4/9/9/9/9/9/9/9/4K4 b - 1", []string{"Black pawn on 9a can never move"}},
		{"4k4/9/9/9/9/9/4P4/4P4/4K4 b - 1", []string{"2 unpromoted pawns on file 5"}},
		{"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", []string{"19 pawns, but a set has 18"}},
		{"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", []string{"White is in check but it is Black's turn"}},
		{"4k4/9/9/9/9/9/9/9/9 w - 1", []string{"Black has no king"}},
		{"1n2k4/9/9/9/9/9/9/9/4K4 w - 1", nil}, // White's knight on 8a can move
		{"4k4/9/9/9/9/9/9/1n7/4K4 w - 1", []string{"White knight on 8h can never move"}},
	}
	for _, tc := range tests {
		p := mustSFEN(t, tc.sfen)
		got := p.Warnings()
		if len(got) != len(tc.want) {
			t.Errorf("%s: warnings %q, want %d matching %q", tc.sfen, got, len(tc.want), tc.want)
			continue
		}
		for i := range got {
			if !strings.Contains(got[i].String(), tc.want[i]) {
				t.Errorf("%s: warning %q, want it to mention %q", tc.sfen, got[i], tc.want[i])
			}
		}
	}
}

// ParseUSI refuses every malformed move with an error, never a panic or a
// move from a square that does not exist; well-formed moves come back with
// their pieces.
func TestParseUSIForm(t *testing.T) {
	p := StartPosition()
	for _, bad := range []string{
		"", "7g", "7g7", "0a7g", "7g0a", "0a0b", "7z7f", "7g7z", "a7g7", "7g7f=", "7g7f++",
		"P*0a", "P*5z", "K*5e", "X*5e", "p*", "7g7f7e", "７g７f", "7G7F",
	} {
		if m, err := p.ParseUSI(bad); err == nil {
			t.Errorf("ParseUSI(%q) = %v, want an error", bad, m)
		}
	}
	for _, c := range []struct{ text, want string }{
		{"7g7f", "7g7f"}, {" 2h2f ", "2h2f"}, {"P*5e", "P*5e"}, {"p*5e", "P*5e"},
	} {
		m, err := p.ParseUSI(c.text)
		if err != nil || m.USI() != c.want {
			t.Errorf("ParseUSI(%q) = %v, %v; want %s", c.text, m, err, c.want)
		}
	}
	if m, err := p.ParseUSI("8h2b+"); err != nil || !m.IsPromotion() || m.Piece() != NewPiece(Black, Bishop) || m.Captured() != NewPiece(White, Bishop) {
		t.Errorf("ParseUSI(8h2b+) = %v (piece %v, captured %v), %v", m, m.Piece(), m.Captured(), err)
	}
}
