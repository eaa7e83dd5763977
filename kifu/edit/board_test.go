package edit

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"shogi/game"
	"shogi/kifu"
)

func sq(t testing.TB, s string) game.Square {
	t.Helper()
	x, err := game.ParseSquare(s)
	if err != nil {
		t.Fatal(err)
	}
	return x
}

func refusal(err error) BoardRefusal {
	var be *BoardError
	if errors.As(err, &be) {
		return be.Refusal
	}
	return 0
}

// The tsume: clear, White's king on 1a, Black's gold on 2c, a
// gold in Black's hand, the rest to White.
func TestBoardTsume(t *testing.T) {
	b := NewBoard(game.StartPosition())
	b.Load(game.EmptyPosition())
	if err := b.Place(sq(t, "1a"), game.NewPiece(game.White, game.King)); err != nil {
		t.Fatal(err)
	}
	if err := b.Place(sq(t, "2c"), game.NewPiece(game.Black, game.Gold)); err != nil {
		t.Fatal(err)
	}
	if err := b.AddToHand(game.Black, game.Gold); err != nil {
		t.Fatal(err)
	}
	if moved := b.RestToHand(game.White); moved != 36 {
		t.Errorf("rest to White's hand moved %d pieces, want 36 (40 less a king, two golds and Black's king left out)", moved)
	}
	if got, want := b.SFEN(), "8k/9/7G1/9/9/9/9/9/9 b G2r2b2g4s4n4l18p 1"; got != want {
		t.Errorf("SFEN %s, want %s", got, want)
	}
	if w := b.TsumeWarnings(); len(w) != 0 {
		t.Errorf("a valid tsume warns %v", w)
	}
	if b.Playable() {
		t.Error("playable without Black's king")
	}
	p := b.Position()
	mate := mustUSI(t, &p, "G*1b")
	if after := p.Play(mate); !after.IsCheckmate() {
		t.Error("G*1b does not mate: the position is not the one set up")
	}
	// The position reads back the same from each of its forms.
	for name, text := range map[string]string{
		"KIF diagram": b.Diagram() + "手数----指手---------消費時間--\n",
		"CSA":         "V2.2\n" + b.CSA(),
		"SFEN":        b.SFEN(),
	} {
		r, err := kifu.Read([]byte(text), "")
		if err != nil {
			t.Errorf("%s: %v\n%s", name, err, text)
			continue
		}
		if r.Start.SFEN() != b.SFEN() {
			t.Errorf("%s reads back as %s\n%s", name, r.Start.SFEN(), text)
		}
	}
}

func TestBoardPieceSet(t *testing.T) {
	b := NewBoard(game.EmptyPosition())
	refused := 0
	// Forty pawns typed on forty squares: the set has eighteen.
	for i := range 40 {
		s := game.Square(9 + i) // ranks b to f
		err := b.Place(s, game.NewPiece(game.Color(i%2), game.Pawn))
		if err != nil {
			var be *BoardError
			if !errors.As(err, &be) || be.Refusal != SetExhausted || be.Type != game.Pawn || be.Limit != 18 {
				t.Fatalf("pawn %d: %v", i+1, err)
			}
			refused++
		}
	}
	if refused != 22 || b.InBox(game.Pawn) != 0 {
		t.Errorf("%d refused, %d in the box; want 22 and 0", refused, b.InBox(game.Pawn))
	}
	// Promoting one is no new piece; putting a pawn where one was is fine.
	if err := b.Promote(game.Square(9)); err != nil {
		t.Fatal(err)
	}
	if err := b.Place(game.Square(9), game.NewPiece(game.White, game.Pawn)); err != nil {
		t.Errorf("replacing a tokin with a pawn: %v", err)
	}
	// Kings: one a side.
	if err := b.Place(sq(t, "5i"), game.NewPiece(game.Black, game.King)); err != nil {
		t.Fatal(err)
	}
	err := b.Place(sq(t, "4i"), game.NewPiece(game.Black, game.King))
	var be *BoardError
	if !errors.As(err, &be) || be.Refusal != SecondKing || be.Square != sq(t, "5i") || be.Color != game.Black {
		t.Errorf("a second Black king: %v", err)
	}
	if err := b.Place(sq(t, "5a"), game.NewPiece(game.White, game.King)); err != nil {
		t.Fatal(err)
	}
	if refusal(b.Place(sq(t, "1a"), game.NewPiece(game.White, game.King))) != SecondKing {
		t.Error("a third king was placed")
	}
	// The king may move: put it on its own square again, or elsewhere after clearing.
	if err := b.Place(sq(t, "5i"), game.NewPiece(game.Black, game.King)); err != nil {
		t.Errorf("the king on its own square: %v", err)
	}
	// Hands.
	if refusal(b.AddToHand(game.Black, game.Pawn)) != SetExhausted {
		t.Error("a 19th pawn went into a hand")
	}
	if refusal(b.AddToHand(game.Black, game.King)) != NotHeld || refusal(b.AddToHand(game.Black, game.Horse)) != NotHeld {
		t.Error("a king or a horse went into a hand")
	}
	if refusal(b.TakeFromHand(game.White, game.Rook)) != NoneInHand {
		t.Error("took a rook White does not have")
	}
	if refusal(b.Promote(sq(t, "5i"))) != CannotPromote || refusal(b.Promote(sq(t, "9i"))) != EmptySquare {
		t.Error("promoting a king or an empty square")
	}
	if refusal(b.Place(game.Square(81), game.NewPiece(game.Black, game.Gold))) != OffBoard {
		t.Error("a square off the board")
	}
	for _, w := range b.Warnings() {
		if w.Kind == game.TooMany {
			t.Errorf("the set was exceeded: %v", w)
		}
	}
}

// With every spare piece in White's hand (the tsume preset), a piece put
// on the board or in Black's hand comes out of White's.
func TestBoardTakesFromWhitesHand(t *testing.T) {
	b := NewBoard(game.StartPosition())
	var tsume Preset
	for _, p := range Presets() {
		if p.Key == "tsume" {
			tsume = p
		}
	}
	b.Load(tsume.Position())
	if err := b.Place(sq(t, "5c"), game.NewPiece(game.Black, game.Gold)); err != nil {
		t.Fatal(err)
	}
	if err := b.AddToHand(game.Black, game.Gold); err != nil {
		t.Fatal(err)
	}
	p := b.Position()
	if p.Hand(game.White, game.Gold) != 2 || p.Hand(game.Black, game.Gold) != 1 {
		t.Errorf("golds: White %d Black %d, want 2 and 1", p.Hand(game.White, game.Gold), p.Hand(game.Black, game.Gold))
	}
	if err := b.TakeFromHand(game.Black, game.Gold); err != nil || b.InBox(game.Gold) != 1 {
		t.Errorf("a gold taken from a hand goes to the box: %v, %d in the box", err, b.InBox(game.Gold))
	}
}

func TestBoardWarnings(t *testing.T) {
	kinds := func(ws []game.Warning) string {
		s := ""
		for _, w := range ws {
			s += fmt.Sprintf("%d ", w.Kind)
		}
		return s
	}
	tests := []struct {
		sfen string
		want []game.WarningKind
	}{
		{game.StartSFEN, nil},
		{"4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1", []game.WarningKind{game.Nifu}},
		{"P3k4/9/9/9/9/9/9/9/4K4 b - 1", []game.WarningKind{game.DeadPiece}},
		{"4k4/9/9/9/9/9/9/9/4R4 b - 1", []game.WarningKind{game.NoKing, game.WrongInCheck}},
		{"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", []game.WarningKind{game.WrongInCheck}},
	}
	for _, tt := range tests {
		p, err := game.ParseSFEN(tt.sfen)
		if err != nil {
			t.Fatal(err)
		}
		b := NewBoard(p)
		want := ""
		for _, k := range tt.want {
			want += fmt.Sprintf("%d ", k)
		}
		if got := kinds(b.Warnings()); got != want {
			t.Errorf("%s: warnings %s, want %s", tt.sfen, got, want)
		}
		if b.Playable() != (len(tt.want) == 0) {
			t.Errorf("%s: playable %v", tt.sfen, b.Playable())
		}
	}
	// A tsume needs the defender's king only.
	oneKing, _ := game.ParseSFEN("4k4/9/9/9/9/9/9/9/9 b G 1")
	if w := NewBoard(oneKing).TsumeWarnings(); len(w) != 0 {
		t.Errorf("one-king tsume: %v", w)
	}
	noDefender, _ := game.ParseSFEN("9/9/9/9/9/9/9/9/4K4 b G 1")
	if w := NewBoard(noDefender).TsumeWarnings(); len(w) != 1 || w[0].Kind != game.NoKing || w[0].Side != game.White {
		t.Errorf("a tsume without White's king: %v", w)
	}
}

func TestBoardPresets(t *testing.T) {
	ps := Presets()
	if len(ps) != len(game.Handicaps())+1 {
		t.Fatalf("%d presets for %d handicaps", len(ps), len(game.Handicaps()))
	}
	seen := map[string]bool{}
	for _, p := range ps {
		pos := p.Position()
		seen[p.Key] = true
		b := NewBoard(game.EmptyPosition())
		b.Load(pos)
		switch p.Key {
		case "tsume", "tsume2":
			if w := b.TsumeWarnings(); len(w) != 0 {
				t.Errorf("%s: %v", p.Key, w)
			}
			if b.InBox(game.Pawn)+b.InBox(game.Rook)+b.InBox(game.Gold) != 0 {
				t.Errorf("%s: pieces left in the box", p.Key)
			}
		case "empty":
			if len(b.Warnings()) != 2 {
				t.Errorf("empty: %v", b.Warnings())
			}
		default:
			if !b.Playable() {
				t.Errorf("%s is not playable: %v", p.Key, b.Warnings())
			}
		}
	}
	if !seen["even"] || !seen["tsume"] || !seen["tsume2"] || !seen["10p"] {
		t.Errorf("presets %v", seen)
	}
}

func TestBoardFlipUndoRedo(t *testing.T) {
	start, _ := game.ParseSFEN("lnsgk4/9/9/9/9/9/9/9/4K4 b RB2p 1")
	b := NewBoard(start)
	b.Flip()
	if got, want := b.SFEN(), "4k4/9/9/9/9/9/9/9/4KGSNL w 2Prb 1"; got != want {
		t.Errorf("flipped: %s, want %s", got, want)
	}
	b.SetSideToMove(game.Black)
	b.Clear(sq(t, "5i"))
	steps := []string{start.SFEN()}
	b2 := NewBoard(start)
	b2.Flip()
	steps = append(steps, b2.SFEN())
	b2.SetSideToMove(game.Black)
	steps = append(steps, b2.SFEN(), b.SFEN())
	for i := len(steps) - 2; i >= 0; i-- {
		if !b.Undo() || b.SFEN() != steps[i] {
			t.Fatalf("undo to step %d: %s, want %s", i, b.SFEN(), steps[i])
		}
	}
	if b.Undo() || b.CanUndo() {
		t.Error("undo past the start")
	}
	for i := 1; i < len(steps); i++ {
		if !b.Redo() || b.SFEN() != steps[i] {
			t.Fatalf("redo to step %d: %s", i, b.SFEN())
		}
	}
	if b.Redo() {
		t.Error("redo past the end")
	}
	// A change that changes nothing is no step.
	b.Clear(sq(t, "5i"))
	b.SetSideToMove(game.Black)
	if b.Undo(); b.SFEN() != steps[len(steps)-2] {
		t.Error("no-op changes entered the history")
	}
	// The even start flipped is itself with White to move.
	e := NewBoard(game.StartPosition())
	e.Flip()
	if got := e.SFEN(); got != "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1" {
		t.Errorf("even start flipped: %s", got)
	}
	if r := e.Record(); r.Handicap != "" || r.Start.SFEN() != e.SFEN() {
		t.Errorf("record: %q %s", r.Handicap, r.Start.SFEN())
	}
	if r := NewBoard(game.StartPosition()).Record(); r.Handicap != "平手" {
		t.Errorf("the even start's record is named %q", r.Handicap)
	}
}

// A position with forty pawns (typed as an SFEN) is taken, with a
// warning that says so; no pawn more can be added, and its forms are
// written without a panic.
func TestBoardFortyPawns(t *testing.T) {
	p, err := game.ParseSFEN("4k4/ppppppppp/9/PPPPPPPPP/PPPP5/ppppppppp/9/PPPPPPPPP/4K4 b - 1")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard(p)
	var too *game.Warning
	for _, w := range b.Warnings() {
		if w.Kind == game.TooMany {
			too = &w
		}
	}
	if too == nil || too.Type != game.Pawn || too.Count != 40 || too.Limit != 18 {
		t.Fatalf("warnings %v", b.Warnings())
	}
	if refusal(b.Place(sq(t, "1e"), game.NewPiece(game.Black, game.Pawn))) != SetExhausted || refusal(b.AddToHand(game.White, game.Pawn)) != SetExhausted {
		t.Error("a 41st pawn was taken")
	}
	if b.InBox(game.Pawn) != -22 {
		t.Errorf("pawns in the box: %d, want -22", b.InBox(game.Pawn))
	}
	b.RestToHand(game.White)
	if q := b.Position(); q.Hand(game.White, game.Pawn) != 0 || q.Hand(game.White, game.Rook) != 2 {
		t.Errorf("rest to White: %s", b.SFEN())
	}
	_, _, _ = b.Diagram(), b.CSA(), b.SFEN()
	if err := b.Place(sq(t, "1e"), game.NewPiece(game.Black, game.Gold)); err != nil {
		t.Errorf("a gold: %v", err)
	}
}

// The handicaps come in the order of what they take away: along the list
// of 落ち starts White never has more pieces on the board than before
// (十枚落ち after 九枚落ち, 両香落ち before 二枚落ち).
func TestPresetsOrder(t *testing.T) {
	last, lastName := 41, ""
	for _, p := range Presets() {
		if !strings.HasSuffix(p.Japanese, "落ち") {
			continue
		}
		pos := p.Position()
		n := 0
		for s := game.Square(0); s < game.NumSquares; s++ {
			if pc := pos.At(s); pc != game.NoPiece && pc.Color() == game.White {
				n++
			}
		}
		if n > last {
			t.Errorf("%s (%d pieces) comes after %s (%d)", p.Japanese, n, lastName, last)
		}
		last, lastName = n, p.Japanese
	}
}

// A loaded position keeps its move number: a pasted "… w - 2" is move 2.
func TestLoadKeepsMoveNumber(t *testing.T) {
	p, err := game.ParseSFEN("lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
	if err != nil {
		t.Fatal(err)
	}
	b := NewBoard(game.StartPosition())
	b.Load(p)
	if got := b.SFEN(); got != p.SFEN() {
		t.Errorf("loaded %s, want %s", got, p.SFEN())
	}
	if got := NewBoard(p).SFEN(); got != p.SFEN() {
		t.Errorf("opened on %s, want %s", got, p.SFEN())
	}
}
