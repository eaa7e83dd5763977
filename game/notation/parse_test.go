package notation

import (
	"errors"
	"strings"
	"testing"

	"shogi/game"
)

// Lenient reading: every text here names the same move.
func TestLenientInput(t *testing.T) {
	for _, tc := range []struct {
		sfen  string
		want  string
		texts []string
	}{
		{game.StartSFEN, "7g7f", []string{"7g7f", "７六歩", "7六歩", "76歩", "七六歩", "７６歩", "▲７六歩", "☗7六歩", "  ▲ ７六歩  ",
			"７六歩(77)", "7六歩（77）", "+7776FU", "7776FU", "+7776fu", "+7776FU,T12", "P-7f", "p-7f", "P-7F", "P7f", "P-76", "P 7f", "P7g-7f", "P77-76",
			"76 Fu", "76fu", "76 FU", "1. P-7f", "1.P-7f", "1 ７六歩", "1 76 Fu", "12 76 Fu", "76fu", "７六歩上", "７六歩直", "７六歩不成",
			"   1 ７六歩(77)   ( 0:00/00:00:00)", "７六歩(77)( 0:01/00:00:01)",
			// A line of a file with CRLF endings keeps its CR.
			"7g7f\r", "７六歩\r", "P-7f\r", "+7776FU\r", "76 Fu\r", "P77 76", "P7g 7f"}},
		// An origin and a destination apart, on file 9 (a '9' after the
		// origin is a destination, not the end of the move).
		{game.StartSFEN, "9i9h", []string{"L99 98", "L9i 9h", "L9i 98", "L99-98"}},
		// A number that reads as the square is the square: 25 Fu is no move
		// number 25 but a pawn to 2五 (here the pawn on 2六).
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1", "2f2e", []string{"25 Fu", "3 25 Fu", "3. 25 Fu"}},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", "3c3d", []string{"△３四歩", "☖3四歩", "-3334FU",
			"1... P-3d", "1...P-3d", "... P-3d", "1… P-3d", "1…P-3d", "2 ３四歩", "3c3d", "34 Fu"}},
		// Alternate names of pieces: 竜/龍, 王/玉, and the promoted minors.
		{"4k4/9/9/9/4+R4/9/9/9/4K4 b - 1", "5e5b", []string{"５二龍", "５二竜", "+R-5b", "D-5b", "52 Ryu", "52ryu"}},
		{"4k4/9/9/9/4+B4/9/9/9/4K4 b - 1", "5e3c", []string{"３三馬", "+B-3c", "H-3c", "33 Uma", "33uma"}},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5h", []string{"５八玉", "５八王", "K-5h", "58 Gyoku", "58gy", "58 Ou"}},
		{"4k4/9/9/9/4+S4/9/9/9/4K4 b - 1", "5e5d", []string{"５四成銀", "５四全", "+S-5d", "54 NariGin", "54+gin"}},
		{"4k4/9/9/9/4+N4/9/9/9/4K4 b - 1", "5e5d", []string{"５四成桂", "５四圭", "５四今", "+N-5d", "54 NariKei", "54+kei"}},
		{"4k4/9/9/9/4+L4/9/9/9/4K4 b - 1", "5e5d", []string{"５四成香", "５四杏", "５四仝", "+L-5d", "54 NariKyo", "54+kyo"}},
		{"4k4/9/9/9/4+P4/9/9/9/4K4 b - 1", "5e5d", []string{"５四と", "５四个", "+P-5d", "T-5d", "54 Tokin", "54to", "54+fu"}},
		// Drops: * or ', 打 optional when no board piece could go.
		{"4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5e", []string{"G*5e", "G*55", "G'5e", "５五金", "５五金打", "55 Kin", "55 Kin Utsu", "55kin□", "+0055KI", "５五金打   ( 0:01/00:00:01)"}},
	} {
		p := mustSFEN(t, tc.sfen)
		for _, text := range tc.texts {
			m, err := ParseAny(&p, text, game.NoMove)
			if err != nil || m.USI() != tc.want {
				t.Errorf("%q in %s: %s, %v; want %s", text, tc.sfen, m.USI(), err, tc.want)
			}
		}
	}
}

func TestSameSquare(t *testing.T) {
	p, prev := setup(t, game.StartSFEN, []string{"7g7f", "3c3d", "8h2b+"})
	for _, text := range []string{"同　銀", "同銀", "同 銀", "△同　銀", "同　銀(31)", "同２二銀", "Dou Gin", "Do Gin", "〃gin", "Sx2b", "3a2b"} {
		m, err := ParseAny(&p, text, prev)
		if err != nil || m.USI() != "3a2b" {
			t.Errorf("%q: %s, %v; want 3a2b", text, m.USI(), err)
		}
	}
	var se *SameSquareError
	if _, err := ParseAny(&p, "同　銀", game.NoMove); !errors.As(err, &se) {
		t.Errorf("同 with no previous move: %v, want a SameSquareError", err)
	}
	if _, err := ParseAny(&p, "同３三銀", prev); !errors.As(err, &se) {
		t.Errorf("同 with another square: %v, want a SameSquareError", err)
	}
}

// Lenient is not loose: a bare move number must be followed by a space (so
// 76Fu stays a move), and only ",T" and seconds may follow a CSA move.
func TestLenientLimits(t *testing.T) {
	p := game.StartPosition()
	for _, text := range []string{"12P-7f", "1P-7f", "+7776FU,X", "+7776FU,", "+7776FU,T12x", "+7770FU", "+7707FU"} {
		if m, err := ParseAny(&p, text, game.NoMove); err == nil {
			t.Errorf("%q read as %s, want an error", text, m.USI())
		}
	}
}

// A CSA move names the piece as it stands after the move, so a piece of
// another kind at the origin is the wrong piece, not a refused promotion.
func TestCSAWrongPiece(t *testing.T) {
	p := game.StartPosition()
	for _, text := range []string{"+7776KI", "+7968KI", "+8822KI"} {
		var npe *NoPieceError
		if _, err := Parse(&p, text, CSA, game.NoMove); !errors.As(err, &npe) {
			t.Errorf("%s: %v, want a NoPieceError", text, err)
		}
	}
}

// An ambiguous move lists its candidates in the style it was written in:
// the new method (+gin with arrows) is told from romaji (NariGin Hidari)
// by the promoted piece's abbreviation as much as by a lower-case one.
func TestAmbiguousKeepsTheStyle(t *testing.T) {
	p := mustSFEN(t, "4k4/9/9/9/3+S+S4/9/9/9/4K4 b - 1")
	for text, want := range map[string]string{
		"54+gin":     "ambiguous: 54+gin↗, 54+gin↑",
		"54 +gin":    "ambiguous: 54+gin↗, 54+gin↑",
		"54 NariGin": "ambiguous: 54 NariGin Hidari, 54 NariGin Sugu",
	} {
		if _, err := ParseAny(&p, text, game.NoMove); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
	// Romaji words (Narazu) keep romaji; the new method's own marks switch.
	p = mustSFEN(t, "4k4/9/9/9/4S1S2/9/4K4/9/9 b - 1")
	for text, want := range map[string]string{
		"44 Gin Narazu": "ambiguous: 44 Gin Hidari, 44 Gin Migi",
		"44gin=":        "ambiguous: 44gin↗, 44gin↖",
	} {
		if _, err := ParseAny(&p, text, game.NoMove); err == nil || err.Error() != want {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}

func TestErrors(t *testing.T) {
	golds := mustSFEN(t, "4k4/9/9/9/9/9/2G6/3G5/2G1K4 b - 1")
	start := game.StartPosition()

	// Ambiguous: the candidates are listed in the style of the text.
	var ae *AmbiguousError
	_, err := ParseAny(&golds, "G-7h", game.NoMove)
	if !errors.As(err, &ae) || err.Error() != "ambiguous: G7g-7h, G6h-7h, G7i-7h" || len(ae.Candidates) != 3 {
		t.Errorf("G-7h among three golds: %v", err)
	}
	_, err = ParseAny(&golds, "７八金", game.NoMove)
	if !errors.As(err, &ae) || err.Error() != "ambiguous: ▲７八金引, ▲７八金寄, ▲７八金上" {
		t.Errorf("７八金 among three golds: %v", err)
	}
	// A missing promotion mark is a question where the style marks both
	// choices, and "no promotion" where it marks only promotion.
	silver := mustSFEN(t, "4k4/9/9/4S4/9/9/9/9/4K4 b - 1")
	for _, tc := range []struct{ text, want string }{
		{"S-5c", "ambiguous: S-5c+, S-5c="},
		{"５三銀", "ambiguous: ▲５三銀成, ▲５三銀不成"},
		{"53 Gin", "ambiguous: 53 Gin Nari, 53 Gin Narazu"},
		{"53gin", "ambiguous: 53gin+, 53gin="},
		{"S-53", "ambiguous: S-53+, S-53="},
	} {
		if _, err := ParseAny(&silver, tc.text, game.NoMove); !errors.As(err, &ae) || err.Error() != tc.want {
			t.Errorf("%q: %v, want %s", tc.text, err, tc.want)
		}
	}
	for text, want := range map[string]string{"５三銀(54)": "5d5c", "+5453GI": "5d5c", "5d5c": "5d5c", "+5453NG": "5d5c+", "５三銀成(54)": "5d5c+"} {
		if m, err := ParseAny(&silver, text, game.NoMove); err != nil || m.USI() != want {
			t.Errorf("%q: %s, %v, want %s", text, m.USI(), err, want)
		}
	}
	// KIF and the others read as KI2: told the style, a bare KIF move with
	// an origin means no promotion; told KI2, it is a question.
	if m, err := Parse(&silver, "５三銀(54)", KIF, game.NoMove); err != nil || m.USI() != "5d5c" {
		t.Errorf("KIF ５三銀(54): %s %v", m.USI(), err)
	}
	if _, err := Parse(&silver, "５三銀(54)", KI2, game.NoMove); !errors.As(err, &ae) {
		t.Errorf("KI2 ５三銀(54): %v, want ambiguous", err)
	}
	// Forced promotion needs no mark; refusing it is a dead piece.
	pawn := mustSFEN(t, "k8/4P4/9/9/9/9/9/9/4K4 b - 1")
	if m, err := ParseAny(&pawn, "P-5a", game.NoMove); err != nil || m.USI() != "5b5a+" {
		t.Errorf("P-5a: %s %v, want the forced promotion", m.USI(), err)
	}
	var ie *IllegalError
	var gie *game.IllegalMoveError
	if _, err := ParseAny(&pawn, "P-5a=", game.NoMove); !errors.As(err, &ie) || !errors.As(err, &gie) || gie.Rule != game.RuleDeadPiece {
		t.Errorf("P-5a=: %v, want a dead piece", err)
	}
	// Named rules.
	nifu := mustSFEN(t, "4k4/9/9/9/9/9/4P4/9/4K4 b P 1")
	for _, tc := range []struct {
		p    game.Position
		text string
		rule game.Rule
	}{
		{nifu, "P*5e", game.RuleNifu},
		{nifu, "５五歩打", game.RuleNifu},
		{mustSFEN(t, "k8/9/1GN6/9/9/9/9/9/4K4 b P 1"), "P*9b", game.RuleUchifuzume},
		{mustSFEN(t, "4k4/4r4/9/9/9/9/9/4G4/4K4 b - 1"), "G-4h", game.RuleSelfCheck},
		{mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b P 1"), "P*3a", game.RuleDeadPiece},
		{start, "7g7e", game.RuleCannotReach},
		{start, "7f7e", game.RuleNoPiece},
		{start, "3c3d", game.RuleNotYourPiece},
		{start, "-3334FU", game.RuleWrongSide},
		{start, "△３四歩", game.RuleWrongSide},
		{start, "P-7f+", game.RuleCannotPromote},
		{start, "P*5e", game.RuleNotInHand},
	} {
		_, err := ParseAny(&tc.p, tc.text, game.NoMove)
		if !errors.As(err, &ie) || !errors.As(err, &gie) || gie.Rule != tc.rule {
			t.Errorf("%q in %s: %v, want %v", tc.text, tc.p.SFEN(), err, tc.rule)
		}
	}
	// No piece of the kind can reach the square.
	var npe *NoPieceError
	for _, text := range []string{"P-7e", "７五歩", "75 Fu", "G-5e", "R-2b", "+R-2b", "S4d-3c", "２二角打"} {
		if _, err := ParseAny(&start, text, game.NoMove); !errors.As(err, &npe) && !errors.As(err, &ie) {
			t.Errorf("%q: %v, want a NoPieceError", text, err)
		}
	}
	if _, err := ParseAny(&start, "G-5e", game.NoMove); err == nil || err.Error() != "no Black gold can reach 5e, and none is in hand" {
		t.Errorf("G-5e: %v", err)
	}
	// A gold in hand cannot go to a taken square, and the text did not say
	// "drop": it is the board's golds that cannot reach, not a drop error.
	for _, sfen := range []string{"4k4/4p4/9/9/9/9/9/9/4K4 b G 1", "4k4/4p4/9/9/9/9/9/5G3/4K4 b G 1"} {
		p := mustSFEN(t, sfen)
		for _, text := range []string{"G-5b", "G5b", "G-52", "５二金", "52 Kin"} {
			_, err := ParseAny(&p, text, game.NoMove)
			if !errors.As(err, &npe) || !npe.InHand || npe.To.String() != "5b" {
				t.Errorf("%q in %s: %v, want a NoPieceError with a piece in hand", text, sfen, err)
			}
		}
		// Said as a drop, it is the drop's rule that is broken.
		for _, text := range []string{"G*5b", "５二金打"} {
			_, err := ParseAny(&p, text, game.NoMove)
			if !errors.As(err, &gie) || gie.Rule != game.RuleOccupied {
				t.Errorf("%q in %s: %v, want RuleOccupied", text, sfen, err)
			}
		}
	}
}

// A rival that is pinned still counts when writing (as ShogiHome and
// lishogi count it), and reading accepts the move with or without the
// mark it calls for.
func TestPinnedRival(t *testing.T) {
	// Golds on 6h and 4h can both reach 5g, but the one on 4h is pinned to
	// its king on 4i by the rook on 4a.
	p := mustSFEN(t, "k4r3/9/9/9/9/9/9/3G1G3/5K3 b - 1")
	want := "6h5g"
	for _, text := range []string{"G-5g", "G6h-5g", "５七金", "５七金左", "57 Kin", "57 Kin Hidari", "57kin", "57kin↗"} {
		m, err := ParseAny(&p, text, game.NoMove)
		if err != nil || m.USI() != want {
			t.Errorf("%q with a pinned rival: %s, %v; want %s", text, m.USI(), err, want)
		}
	}
	m, _ := p.ParseUSI(want)
	if got := Format(&p, m, KI2, game.NoMove); got != "▲５七金左" {
		t.Errorf("KI2 with a pinned rival: %q, want ▲５七金左", got)
	}
	if got := Format(&p, m, Western, game.NoMove); got != "G6h-5g" {
		t.Errorf("Western with a pinned rival: %q, want G6h-5g", got)
	}
}

func TestSyntax(t *testing.T) {
	for text, want := range map[string]Syntax{
		"": SyntaxPartial, "7": SyntaxPartial, "7g": SyntaxPartial, "7g7": SyntaxPartial, "7g7f": SyntaxComplete,
		"P": SyntaxPartial, "P-": SyntaxPartial, "P-7": SyntaxPartial, "P-7f": SyntaxComplete, "P-7f+": SyntaxComplete,
		"７": SyntaxPartial, "７六歩(": SyntaxPartial, "７六歩(7": SyntaxPartial, "７六歩(77": SyntaxPartial, "７六歩(77)": SyntaxComplete, "７六": SyntaxPartial, "７六歩": SyntaxComplete, "同": SyntaxPartial, "▲": SyntaxPartial,
		"76 F": SyntaxPartial, "76 Fu": SyntaxComplete, "33 Gin Hid": SyntaxPartial, "D": SyntaxPartial, "Do": SyntaxPartial,
		"+77": SyntaxPartial, "+7776F": SyntaxPartial, "+7776FU": SyntaxComplete, "1.": SyntaxPartial,
		"Q-7f": SyntaxInvalid, "7z": SyntaxInvalid, "P-7f#": SyntaxInvalid, "７六歩X": SyntaxInvalid, "hello": SyntaxInvalid,
		"P-0f": SyntaxInvalid, "+7776XX": SyntaxInvalid,
	} {
		if got := CheckSyntax(text); got != want {
			t.Errorf("CheckSyntax(%q) = %v, want %v", text, got, want)
		}
	}
	_, err := ParseAny(new(game.Position), "P-7f#", game.NoMove)
	var se *SyntaxError
	if !errors.As(err, &se) || se.Pos != 4 || se.Incomplete || !strings.Contains(err.Error(), "character 5") {
		t.Errorf("P-7f#: %v (%+v)", err, se)
	}
}

func TestDetect(t *testing.T) {
	for text, want := range map[string]Style{
		"7g7f": USI, "P*5e": USI, "+7776FU": CSA, "P-7f": Western, "P-76": Hosking, "▲７六歩": KI2, "７六歩(77)": KIF,
		"76 Fu": Romaji, "22gin↗+": Sassersson, "〃gin": Sassersson,
	} {
		if got, err := Detect(text); err != nil || got != want {
			t.Errorf("Detect(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
}

func TestParseStyle(t *testing.T) {
	for _, s := range styles {
		if got, err := ParseStyle(strings.ToUpper(s.String())); err != nil || got != s {
			t.Errorf("ParseStyle(%q) = %v, %v", s, got, err)
		}
	}
	if _, err := ParseStyle("klingon"); err == nil {
		t.Error("ParseStyle(klingon) accepted")
	}
}
