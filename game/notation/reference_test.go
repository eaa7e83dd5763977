package notation

import (
	"errors"
	"testing"

	"shogi/game"
)

// The examples in ../../../shared/reference (Wikipedia's Shogi article, the
// Heian Shogi notation page, George Fernandez's 1996 letter on romaji
// notation, and the page on the new method), each read in a position built
// to show it. Where a text is wrong the test says so and checks the
// corrected move.
var referenceCases = []struct {
	source string
	sfen   string
	setup  []string // USI moves played first; the last one is the previous move
	text   string
	want   string // USI
	styles map[Style]string
}{
	// Wikipedia: three golds can go to 7八; the descriptions tell them apart.
	{source: "wikipedia golds", sfen: "4k4/9/9/9/9/9/2G6/3G5/2G1K4 b - 1", text: "7八金引", want: "7g7h",
		styles: map[Style]string{KI2: "▲７八金引", Western: "G7g-7h"}},
	{source: "wikipedia golds", sfen: "4k4/9/9/9/9/9/2G6/3G5/2G1K4 b - 1", text: "7八金寄", want: "6h7h",
		styles: map[Style]string{KI2: "▲７八金寄", Western: "G6h-7h"}},
	{source: "wikipedia golds", sfen: "4k4/9/9/9/9/9/2G6/3G5/2G1K4 b - 1", text: "7八金上", want: "7i7h",
		styles: map[Style]string{KI2: "▲７八金上", Western: "G7i-7h"}},
	{source: "wikipedia golds", sfen: "4k4/9/9/9/9/9/2G6/3G5/2G1K4 b - 1", text: "G6h-7h", want: "6h7h"},
	// Wikipedia: 直 for the gold going straight up among three.
	{source: "wikipedia 直", sfen: "4k4/9/9/9/9/9/9/3GGG3/4K4 b - 1", text: "５七金直", want: "5h5g",
		styles: map[Style]string{KI2: "▲５七金直", Romaji: "57 Kin Sugu", Sassersson: "57kin↑"}},
	{source: "wikipedia 直", sfen: "4k4/9/9/9/9/9/9/3GGG3/4K4 b - 1", text: "５七金右", want: "4h5g"},
	{source: "wikipedia 直", sfen: "4k4/9/9/9/9/9/9/3GGG3/4K4 b - 1", text: "５七金左", want: "6h5g"},
	// Wikipedia: 行 and 入 are other ways to write 上 for a dragon or horse;
	// ShogiHome writes 上.
	{source: "wikipedia 龍行", sfen: "k8/9/9/9/6+R2/9/9/4+R4/K8 b - 1", text: "5五龍行", want: "5h5e",
		styles: map[Style]string{KI2: "▲５五龍上"}},
	{source: "wikipedia 龍入", sfen: "k8/9/9/9/6+R2/9/9/4+R4/K8 b - 1", text: "5五龍入", want: "5h5e"},
	{source: "wikipedia 龍上", sfen: "k8/9/9/9/6+R2/9/9/4+R4/K8 b - 1", text: "5五竜上", want: "5h5e"},
	{source: "wikipedia 龍寄", sfen: "k8/9/9/9/6+R2/9/9/4+R4/K8 b - 1", text: "5五龍寄", want: "3e5e"},
	{source: "wikipedia 馬入", sfen: "k8/9/6+B2/9/9/9/2+B6/9/8K b - 1", text: "5五馬入", want: "7g5e"},
	{source: "wikipedia 馬引", sfen: "k8/9/6+B2/9/9/9/2+B6/9/8K b - 1", text: "5五馬引", want: "3c5e"},
	// Wikipedia: ☗8三銀引成, which is S7bx8c+ when it captures.
	{source: "wikipedia 8三銀引成", sfen: "8k/2S6/1p7/S8/9/9/9/9/4K4 b - 1", text: "☗8三銀引成", want: "7b8c+",
		styles: map[Style]string{KI2: "▲８三銀引成", Western: "S7bx8c+"}},
	{source: "wikipedia 8三銀引成", sfen: "8k/2S6/1p7/S8/9/9/9/9/4K4 b - 1", text: "S7bx8c+", want: "7b8c+"},
	{source: "wikipedia 8三銀引成", sfen: "8k/2S6/1p7/S8/9/9/9/9/4K4 b - 1", text: "８三銀上成", want: "9d8c+"},
	// Wikipedia: "△5二金右 refers to the silver on the right from White's
	// perspective" means the gold: White's right is the 6 file side.
	{source: "wikipedia △5二金右 (the text says silver; it is the gold)", sfen: "k2g1g3/9/9/9/9/9/9/9/4K4 w - 1",
		text: "△5二金右", want: "6a5b", styles: map[Style]string{KI2: "△５二金右", Western: "G6a-5b"}},
	{source: "wikipedia △5二金左", sfen: "k2g1g3/9/9/9/9/9/9/9/4K4 w - 1", text: "△5二金左", want: "4a5b"},
	// Wikipedia: P*2c is written 2三歩; 打 only when a board pawn could go.
	{source: "wikipedia drop", sfen: "4k4/9/9/9/9/9/9/9/4K4 b P 1", text: "2三歩", want: "P*2c",
		styles: map[Style]string{KI2: "▲２三歩", KIF: "２三歩打", Western: "P*2c"}},
	{source: "wikipedia drop", sfen: "4k4/9/9/9/9/9/9/9/4K4 b P 1", text: "P*2d", want: "P*2d"},
	{source: "wikipedia drop", sfen: "4k4/9/9/9/9/9/9/9/4K4 b P 1", text: "2三歩打", want: "P*2c"},
	// Wikipedia: "... P-5e indicates a move by White".
	{source: "wikipedia ... P-5e", sfen: game.StartSFEN, setup: []string{"7g7f", "5c5d", "2g2f"}, text: "... P-5e", want: "5d5e"},
	// Heian page: "8h or 9h being the bottom left corner" — it is 9i, where
	// Black's lance stands at the start.
	{source: "heian bottom-left corner, corrected to 9i", sfen: game.StartSFEN, text: "L-9h", want: "9i9h"},
	{source: "heian bottom-left corner, corrected to 9i", sfen: game.StartSFEN, text: "L9i-9h", want: "9i9h"},
	{source: "wikipedia P-8f", sfen: game.StartSFEN, text: "8六歩", want: "8g8f"},
	{source: "wikipedia P-8f", sfen: game.StartSFEN, text: "P-8f", want: "8g8f"},
	{source: "wikipedia Nx7c=", sfen: "k8/9/2p6/9/3N5/9/9/9/4K4 b - 1", text: "Nx7c=", want: "6e7c",
		styles: map[Style]string{Western: "Nx7c=", KI2: "▲７三桂不成"}},
	{source: "wikipedia Nx7c+", sfen: "k8/9/2p6/9/3N5/9/9/9/4K4 b - 1", text: "Nx7c+", want: "6e7c+"},
	{source: "wikipedia L*5e", sfen: "k8/9/9/9/9/9/9/9/4K4 b L 1", text: "L*5e", want: "L*5e"},
	{source: "wikipedia +R-2b", sfen: "k8/9/9/9/9/9/9/7+R1/4K4 b - 1", text: "+R-2b", want: "2h2b"},
	// Wikipedia, Hosking: Rx24, +Rx24, S-21+, S-21=, N65-53+ against N45-53+.
	{source: "wikipedia Rx24", sfen: "k8/9/9/7p1/9/9/9/7R1/4K4 b - 1", text: "Rx24", want: "2h2d",
		styles: map[Style]string{Hosking: "Rx24"}},
	{source: "wikipedia +Rx24", sfen: "k8/9/9/7p1/9/9/9/7+R1/4K4 b - 1", text: "+Rx24", want: "2h2d"},
	{source: "wikipedia S-21+", sfen: "k8/6S2/9/9/9/9/9/9/4K4 b - 1", text: "S-21+", want: "3b2a+",
		styles: map[Style]string{Hosking: "S-21+"}},
	{source: "wikipedia S-21=", sfen: "k8/6S2/9/9/9/9/9/9/4K4 b - 1", text: "S-21=", want: "3b2a"},
	{source: "wikipedia N65-53+", sfen: "k8/9/9/9/3N1N3/9/9/9/4K4 b - 1", text: "N65-53+", want: "6e5c+",
		styles: map[Style]string{Hosking: "N65-53+", KI2: "▲５三桂左成"}},
	{source: "wikipedia N45-53+", sfen: "k8/9/9/9/3N1N3/9/9/9/4K4 b - 1", text: "N45-53+", want: "4e5c+"},
	// Heian page: G6h-5g (the left gold) and G4h-5g. The page puts them in
	// the start position, where the golds stand on 6i and 4i; here they
	// stand on 6h and 4h.
	{source: "heian G6h-5g", sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPPP1PPPP/1B1G1G1R1/LNS1K1SNL b - 1",
		text: "G6h-5g", want: "6h5g", styles: map[Style]string{Western: "G6h-5g"}},
	{source: "heian G4h-5g", sfen: "lnsgkgsnl/1r5b1/ppppppppp/9/9/4P4/PPPP1PPPP/1B1G1G1R1/LNS1K1SNL b - 1",
		text: "G4h-5g", want: "4h5g"},
	// The 1996 letter: four silvers can reach 3c; the one on 4d does not
	// promote.
	{source: "1996 letter four silvers", sfen: "k8/5S1S1/9/5S1S1/9/9/9/9/4K4 b - 1", text: "33 Gin Hidari Agaru Narazu",
		want: "4d3c", styles: map[Style]string{Romaji: "33 Gin Hidari Agaru Narazu", Western: "S4d-3c=", KI2: "▲３三銀左上不成"}},
	{source: "1996 letter four silvers", sfen: "k8/5S1S1/9/5S1S1/9/9/9/9/4K4 b - 1", text: "33 GinHidariAgaruNarazu", want: "4d3c"},
	{source: "1996 letter four silvers", sfen: "k8/5S1S1/9/5S1S1/9/9/9/9/4K4 b - 1", text: "S4d-3c=", want: "4d3c"},
	{source: "1996 letter four silvers", sfen: "k8/5S1S1/9/5S1S1/9/9/9/9/4K4 b - 1", text: "33 Gin Migi Agaru Nari", want: "2d3c+"},
	{source: "1996 letter four silvers", sfen: "k8/5S1S1/9/5S1S1/9/9/9/9/4K4 b - 1", text: "33 Gin Hidari Hiku Nari", want: "4b3c+"},
	{source: "1996 letter four silvers", sfen: "k8/5S1S1/9/5S1S1/9/9/9/9/4K4 b - 1", text: "33 Gin Migi Hiku Narazu", want: "2b3c"},
	// Example #1: P-7f is 76 Fu.
	{source: "1996 letter #1", sfen: game.StartSFEN, text: "76 Fu", want: "7g7f", styles: map[Style]string{Romaji: "76 Fu"}},
	// Example #2: White's Sx3g+ is 37 Gin Nari; note (a): Dou Gin Nari when
	// it takes the piece that just moved there.
	{source: "1996 letter #2", sfen: "k8/9/9/9/9/5s3/6P2/9/4K4 w - 1", text: "37 Gin Nari", want: "4f3g+",
		styles: map[Style]string{Romaji: "37 Gin Nari", Western: "Sx3g+"}},
	{source: "1996 letter (a)", sfen: "k8/9/9/9/9/5s3/9/6G2/4K4 b - 1", setup: []string{"3h3g"}, text: "Dou Gin Nari",
		want: "4f3g+", styles: map[Style]string{Romaji: "Dou Gin Nari", Sassersson: "〃gin+", KI2: "△同　銀成"}},
	// Note (b): with another silver on 2h, 37 Gin Agaru Nari.
	{source: "1996 letter (b)", sfen: "k8/9/9/9/9/5s3/6P2/7s1/4K4 w - 1", text: "37 Gin Agaru Nari", want: "4f3g+",
		styles: map[Style]string{Romaji: "37 Gin Agaru Nari"}},
	// Note (b) goes on: with the other silver on 2f it "would be 37 Gin
	// Hidari Nari". Wrong: left and right are the mover's, and White's
	// silver on 4f is on White's right, so it is 37 Gin Migi Nari; Hidari
	// is the silver on 2f.
	{source: "1996 letter (b), corrected: Migi", sfen: "k8/9/9/9/9/5s1s1/6P2/9/4K4 w - 1", text: "37 Gin Migi Nari",
		want: "4f3g+", styles: map[Style]string{Romaji: "37 Gin Migi Nari"}},
	{source: "1996 letter (b), corrected: Hidari is the other silver", sfen: "k8/9/9/9/9/5s1s1/6P2/9/4K4 w - 1",
		text: "37 Gin Hidari Nari", want: "2f3g+"},
	{source: "1996 letter #2", sfen: "k8/9/9/9/9/5s3/6P2/9/4K4 w - 1", text: "Sx3g+", want: "4f3g+"},
	// The letter spells the four-silver move out in English to show its
	// length; that reads too.
	{source: "1996 letter in English", sfen: "k8/5S1S1/9/5S1S1/9/9/9/9/4K4 b - 1",
		text: "33 Silver Left Forward Doesn't Promote", want: "4d3c"},
	// Example #3 and note (c): White's G4a-5b is 52 Kin Hidari beside a
	// gold on 6a, 52 Kin Agaru beside one on 4b, 52 Kin Hidari Agaru with both.
	{source: "1996 letter #3", sfen: "k2g1g3/9/9/9/9/9/9/9/4K4 w - 1", text: "52 Kin Hidari", want: "4a5b",
		styles: map[Style]string{Romaji: "52 Kin Hidari", Western: "G4a-5b"}},
	{source: "1996 letter #3", sfen: "k2g1g3/9/9/9/9/9/9/9/4K4 w - 1", text: "G4a-5b", want: "4a5b"},
	{source: "1996 letter (c)", sfen: "k4g3/5g3/9/9/9/9/9/9/4K4 w - 1", text: "52 Kin Agaru", want: "4a5b",
		styles: map[Style]string{Romaji: "52 Kin Agaru"}},
	{source: "1996 letter (c)", sfen: "k2g1g3/5g3/9/9/9/9/9/9/4K4 w - 1", text: "52 Kin Hidari Agaru", want: "4a5b",
		styles: map[Style]string{Romaji: "52 Kin Hidari Agaru"}},
	// Example #4 and note (d): L*5e is 55 Kyo, or 55 Kyo Utsu when a
	// lance on the board could go there too.
	{source: "1996 letter #4", sfen: "k8/9/9/9/9/9/9/9/K8 b L 1", text: "55 Kyo", want: "L*5e",
		styles: map[Style]string{Romaji: "55 Kyo", Western: "L*5e"}},
	{source: "1996 letter (d)", sfen: "k8/9/9/9/9/9/9/9/K3L4 b L 1", text: "55 Kyo Utsu", want: "L*5e",
		styles: map[Style]string{Romaji: "55 Kyo Utsu", KI2: "▲５五香打"}},
	{source: "1996 letter (d)", sfen: "k8/9/9/9/9/9/9/9/K3L4 b L 1", text: "55 Kyo", want: "5i5e"},
	// The new method's table, around 2二.
	{source: "new method と引", sfen: newMethodSFEN, text: "22to↓", want: "2a2b",
		styles: map[Style]string{Sassersson: "22to↓", Hosking: "+P21-22", KI2: "▲２二と引"}},
	{source: "new method と寄", sfen: newMethodSFEN, text: "22to←", want: "1b2b",
		styles: map[Style]string{Sassersson: "22to←", Hosking: "+P12-22", KI2: "▲２二と寄"}},
	{source: "new method と上", sfen: newMethodSFEN, text: "22to↑", want: "2c2b",
		styles: map[Style]string{Sassersson: "22to↑", Hosking: "+P23-22", KI2: "▲２二と上"}},
	{source: "new method 銀左成", sfen: newMethodSFEN, text: "22gin↗+", want: "3c2b+",
		styles: map[Style]string{Sassersson: "22gin↗+", Hosking: "S33-22+", KI2: "▲２二銀左成"}},
	{source: "new method 銀右不成", sfen: newMethodSFEN, text: "22gin↖=", want: "1c2b",
		styles: map[Style]string{Sassersson: "22gin↖=", Hosking: "S13-22=", KI2: "▲２二銀右不成"}},
	{source: "new method 銀打", sfen: newMethodSFEN, text: "22gin□", want: "S*2b",
		styles: map[Style]string{Sassersson: "22gin□", Hosking: "S*22", KI2: "▲２二銀打"}},
	{source: "new method 歩", sfen: newMethodSFEN, text: "22fu", want: "P*2b",
		styles: map[Style]string{Sassersson: "22fu", Hosking: "P*22", KI2: "▲２二歩"}},
	{source: "new method (Japanese column)", sfen: newMethodSFEN, text: "2二と引", want: "2a2b"},
	{source: "new method (Japanese column)", sfen: newMethodSFEN, text: "2二と寄", want: "1b2b"},
	{source: "new method (Japanese column)", sfen: newMethodSFEN, text: "2二と上", want: "2c2b"},
	{source: "new method (Japanese column)", sfen: newMethodSFEN, text: "2二銀左成", want: "3c2b+"},
	{source: "new method (Japanese column)", sfen: newMethodSFEN, text: "2二銀右不成", want: "1c2b"},
	{source: "new method (Japanese column)", sfen: newMethodSFEN, text: "2二銀打", want: "S*2b"},
	{source: "new method (Hosking column)", sfen: newMethodSFEN, text: "+P21-22", want: "2a2b"},
	{source: "new method (Hosking column)", sfen: newMethodSFEN, text: "S'22", want: "S*2b"},
	{source: "new method (Hosking column)", sfen: newMethodSFEN, text: "P'22", want: "P*2b"},
	// The new method's 〃: the silver takes what just moved.
	{source: "new method 〃", sfen: game.StartSFEN, setup: []string{"7g7f", "3c3d", "8h2b+"}, text: "〃gin", want: "3a2b",
		styles: map[Style]string{Sassersson: "〃gin", KI2: "△同　銀", KIF: "同　銀(31)", Western: "Sx2b"}},
}

// newMethodSFEN is the corner of the new method's diagram: tokins on 2一,
// 1二 and 2三, silvers on 3三 and 1三, a silver and a pawn in hand.
const newMethodSFEN = "4k2+P1/8+P/6S+PS/9/9/9/9/9/4K4 b SP 1"

func setup(t *testing.T, sfen string, moves []string) (game.Position, game.Move) {
	t.Helper()
	p := mustSFEN(t, sfen)
	prev := game.NoMove
	for _, u := range moves {
		m, err := p.ParseUSI(u)
		if err != nil || !p.IsLegal(m) {
			t.Fatalf("setup move %s in %s: %v", u, p.SFEN(), err)
		}
		p = p.Play(m)
		prev = m
	}
	return p, prev
}

func TestReferenceExamples(t *testing.T) {
	for _, tc := range referenceCases {
		p, prev := setup(t, tc.sfen, tc.setup)
		m, err := ParseAny(&p, tc.text, prev)
		if err != nil || m.USI() != tc.want {
			t.Errorf("%s: %q in %s reads as %s, %v; want %s", tc.source, tc.text, p.SFEN(), m.USI(), err, tc.want)
			continue
		}
		for st, want := range tc.styles {
			if got := Format(&p, m, st, prev); got != want {
				t.Errorf("%s: %s written in %v is %q, want %q", tc.source, tc.want, st, got, want)
			}
		}
	}
}

// Move sequences from the texts, read one after another from their start.
func TestReferenceSequences(t *testing.T) {
	ten, _ := game.FindHandicap("2p")
	for _, tc := range []struct {
		source string
		sfen   string
		texts  []string
		want   []string
	}{
		{"wikipedia japanese", game.StartSFEN, []string{"▲7六歩", "△3四歩", "▲2六歩", "△3二金"}, []string{"7g7f", "3c3d", "2g2f", "4a3b"}},
		{"wikipedia japanese", game.StartSFEN, []string{"☗7六歩", "☖3四歩", "☗2六歩", "☖3二金"}, []string{"7g7f", "3c3d", "2g2f", "4a3b"}},
		{"wikipedia 同", "k3b4/9/7p1/9/7P1/9/4B4/7R1/4K4 b - 1", []string{"☗2四歩", "☖同歩", "☗同角", "☖同角", "☗同飛"},
			[]string{"2e2d", "2c2d", "5g2d", "5a2d", "2h2d"}},
		{"wikipedia 同 (western)", "k3b4/9/7p1/9/7P1/9/4B4/7R1/4K4 b - 1", []string{"1. P-2d", "Px2d,", "2. Bx2d", "Bx2d,", "3. Rx2d"},
			[]string{"2e2d", "2c2d", "5g2d", "5a2d", "2h2d"}},
		{"wikipedia western", game.StartSFEN, []string{"1. P-7f", "P-3d", "2. P-2f", "P-4d", "3. S-4h", "S-3b"},
			[]string{"7g7f", "3c3d", "2g2f", "4c4d", "3i4h", "3a3b"}},
		{"wikipedia handicap", ten.SFEN, []string{"1. ... G-3b", "2. P-7f", "G-7b"}, []string{"4a3b", "7g7f", "6a7b"}},
		// The Heian page's "1. P-7e P-3d 2. P-2e G-3b" is no legal opening:
		// a pawn goes one square, so it is P-7f and P-2f (checked below).
		{"heian sample, corrected", game.StartSFEN, []string{"1. P-7f", "P-3d", "2. P-2f", "G-3b"}, []string{"7g7f", "3c3d", "2g2f", "4a3b"}},
		{"1996 letter sample game", game.StartSFEN, []string{"76 Fu", "84 Fu", "26 Fu", "32 Kin"}, []string{"7g7f", "8c8d", "2g2f", "4a3b"}},
		{"1996 letter sample game, said aloud", game.StartSFEN, []string{"1. Nana Roku Fu", "2. Hachi Yon Fu", "3. Ni Roku Fu", "4. San Ni Kin"},
			[]string{"7g7f", "8c8d", "2g2f", "4a3b"}},
		{"1996 letter sample game, numbered", game.StartSFEN, []string{"1. 76 Fu", "2. 84 Fu", "3 26 Fu", "4 32 Kin"}, []string{"7g7f", "8c8d", "2g2f", "4a3b"}},
	} {
		p := mustSFEN(t, tc.sfen)
		prev := game.NoMove
		for i, text := range tc.texts {
			m, err := ParseAny(&p, trimComma(text), prev)
			if err != nil || m.USI() != tc.want[i] {
				t.Errorf("%s: move %d %q reads as %s, %v; want %s", tc.source, i+1, text, m.USI(), err, tc.want[i])
				break
			}
			p = p.Play(m)
			prev = m
		}
	}
	// As printed, the Heian sample's first move names no pawn that can go.
	p := game.StartPosition()
	_, err := ParseAny(&p, "1. P-7e", game.NoMove)
	var npe *NoPieceError
	if !errors.As(err, &npe) {
		t.Errorf("heian sample as printed: P-7e from the start gives %v, want a NoPieceError", err)
	}
}

func trimComma(s string) string {
	if n := len(s); n > 0 && s[n-1] == ',' {
		return s[:n-1]
	}
	return s
}
