package tui

import (
	"fmt"
	"image/color"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"shogi/app/words"
	"shogi/internal/testenv"
	"shogi/tui/common"
	"shogi/tui/components"
	"shogi/tui/internal/screentest"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"github.com/mattn/go-runewidth"

	"shogi/game"
	"shogi/kifu"
)

// update rewrites golden files: go test -update.

// golden compares got with testdata/name, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	screentest.Golden(t, filepath.Join("testdata", name), got)
}

// checkMoves reach the position of the mock-ups (../shared/mockups): after
// 22 moves White's silver drop on 8h checks the king on 7g; Black has a
// bishop and a pawn twice over in hand, White a pawn.
var checkMoves = strings.Fields("7g7f 3c3d 8h2b+ 3a2b B*4e 8b3b 4e3d 3b3d 2g2f B*4e 2f2e 4e6g+ 2e2d B*7g 6i6h 7g6h+ 7i6h 6g6h 5i6h G*5h 6h7g S*8h")

const checkSFEN = "lnsgkg1nl/7s1/pppppp1pp/6rP1/9/2P6/PPK1PPP1P/1s2g2R1/LN3GSNL b 2BPp 23"

// checkHarness plays checkMoves (typed, in USI) and picks the king in
// check with the cursor, so the screen shows the last move, the check, the
// picked piece, its empty and capture targets.
func checkHarness(t testing.TB, o Options) *harness {
	t.Helper()
	o.Play = true
	h := newHarness(t, o)
	for _, mv := range checkMoves {
		h.typeMove(mv)
	}
	if h.game().Len() != len(checkMoves) {
		t.Fatalf("only %d moves played (status %q)", h.game().Len(), h.status())
	}
	pos := h.game().Position()
	if got := pos.SFEN(); got != checkSFEN {
		t.Fatalf("position %s, want %s", got, checkSFEN)
	}
	h.m.playShown().Cursor = sq(t, "7g")
	h.press("enter")
	if h.m.playShown().Selected != sq(t, "7g") {
		t.Fatalf("the king was not picked (status %q)", h.status())
	}
	return h
}

// goldenSizes are the three layouts' usual terminals.
var goldenSizes = [][2]int{{80, 24}, {120, 40}, {200, 50}}

// styleOptions are the options of each golden piece style: kanji with
// Japanese words, Western and ASCII (a 7-bit terminal) with English.
func styleOptions(st common.PieceStyle) Options {
	switch st {
	case common.Kanji:
		return Options{Pieces: common.Kanji, Lang: words.Japanese}
	case common.ASCII:
		return Options{Pieces: common.ASCII, ASCII: true}
	}
	return Options{Pieces: st}
}

// TestGoldenViews draws the play screen in every layout (80×24, 120×40,
// 200×50), piece style (kanji, western, ascii), theme (light, dark) and
// side (flipped or not). The text is compared with testdata/views/*.txt,
// the same in both themes; the colours with testdata/views/*.ansi (cat one
// in a terminal to see it). Each golden is read back: the board and hands on it must be
// the position, whoever is at the bottom. Each style and theme plays the
// moves once and is then resized and flipped, as a person's terminal is:
// each frame is drawn afresh from the game's state, so each golden holds
// what a game started at that size shows.
func TestGoldenViews(t *testing.T) {
	t.Parallel()
	for _, st := range []common.PieceStyle{common.Kanji, common.Western, common.ASCII} {
		t.Run(st.String(), func(t *testing.T) {
			t.Parallel()
			themes := []common.Theme{common.ThemeLight, common.ThemeDark}
			hs := make([]*harness, len(themes))
			for i, theme := range themes {
				o := styleOptions(st)
				o.Theme = theme
				hs[i] = checkHarness(t, o)
				if theme == common.ThemeLight {
					// Each theme on the terminal it suits: the text
					// follows the terminal's background.
					hs[i].send(tea.BackgroundColorMsg{Color: color.White})
				}
			}
			for _, size := range goldenSizes {
				for _, flip := range []bool{false, true} {
					name := fmt.Sprintf("%dx%d-%s", size[0], size[1], st)
					if flip {
						name += "-flipped"
					}
					t.Run(name, func(t *testing.T) {
						var text string
						for i, theme := range themes {
							h := hs[i]
							h.send(windowSize(size[0], size[1]))
							if flip {
								h.press("f")
								defer h.press("f") // back to Black at the bottom for the next size
							}
							view := h.View()
							plain := ansi.Strip(view)
							if text == "" {
								text = plain
							} else if plain != text {
								t.Errorf("the text differs between the light and the dark theme")
							}
							golden(t, filepath.Join("views", name+"-"+theme.String()+".ansi"), view)
							if st == common.ASCII && strings.ContainsFunc(plain, func(r rune) bool { return r >= 0x80 }) {
								t.Errorf("non-ASCII on an ASCII screen:\n%s", plain)
							}
							pos := h.game().Position()
							readBack(t, plain, &pos, st, flip)
							tints(t, h, view, theme)
						}
						golden(t, filepath.Join("views", name+".txt"), text)
					})
				}
			}
		})
	}
	h := newHarness(t, Options{})
	golden(t, "menu.txt", h.screen())
}

// glyphPiece reads a drawn piece back: the inverse of the style's glyphs,
// worked out from the asset table, not from the renderer.
func glyphPiece(t *testing.T, text string, st common.PieceStyle) (game.Piece, bool) {
	t.Helper()
	text = strings.TrimSpace(text)
	white := false
	if strings.HasPrefix(text, "v") {
		white, text = true, strings.TrimPrefix(text, "v")
	}
	if text == "・" || text == "." || text == "" || text == "＊" || text == "*" {
		return game.NoPiece, true
	}
	if text == "王" {
		return game.NewPiece(game.White, game.King), true
	}
	for pt := game.Pawn; pt <= game.Dragon; pt++ {
		switch st {
		case common.ASCII:
			if text == pt.SFEN() {
				return game.NewPiece(game.Black, pt), true
			}
			if text == strings.ToLower(pt.SFEN()) {
				return game.NewPiece(game.White, pt), true
			}
		case common.Western:
			if text == strings.TrimSpace(components.Glyphs[components.GlyphWestern][pt]) {
				return game.NewPiece(map[bool]game.Color{false: game.Black, true: game.White}[white], pt), true
			}
		default:
			if text == components.Glyphs[components.GlyphKanji][pt] {
				return game.NewPiece(map[bool]game.Color{false: game.Black, true: game.White}[white], pt), true
			}
		}
	}
	return game.NoPiece, false
}

// boardRow finds a rank line of a drawn board by its shape alone: ten
// bars the same distance apart (4 or 6 columns: a grid), or two bars 28
// columns apart (the compact board), followed by the rank's label. It
// returns the nine cells' text and the label.
func boardRow(line string, m common.Measure) (cells []string, label string, ok bool) {
	type cell struct {
		col int
		r   rune
	}
	var cs []cell
	col := 0
	for _, r := range strings.NewReplacer("[", "|", "]", "|").Replace(line) {
		cs = append(cs, cell{col, r})
		col += m.Cond.RuneWidth(r)
	}
	var bars []int // indexes into cs
	for i, c := range cs {
		if c.r == '|' {
			bars = append(bars, i)
		}
	}
	text := func(from, to int) string {
		var b strings.Builder
		for _, c := range cs[from:to] {
			b.WriteRune(c.r)
		}
		return b.String()
	}
	labelAfter := func(i int) string {
		f := strings.Fields(text(i+1, len(cs)))
		if len(f) == 0 || !strings.Contains("一二三四五六七八九abcdefghi", f[0]) || len([]rune(f[0])) != 1 {
			return ""
		}
		return f[0]
	}
	for i := 0; i+9 < len(bars); i++ {
		gap := cs[bars[i+1]].col - cs[bars[i]].col
		if gap != 4 && gap != 6 {
			continue
		}
		even := true
		for j := i; j < i+9; j++ {
			if cs[bars[j+1]].col-cs[bars[j]].col != gap {
				even = false
			}
		}
		if label = labelAfter(bars[i+9]); !even || label == "" {
			continue
		}
		for j := i; j < i+9; j++ {
			cells = append(cells, text(bars[j]+1, bars[j+1]))
		}
		return cells, label, true
	}
	for i := 0; i+1 < len(bars); i++ {
		if label = labelAfter(bars[i+1]); cs[bars[i+1]].col-cs[bars[i]].col != 28 || label == "" {
			continue
		}
		cur, w := "", 0
		for _, c := range cs[bars[i]+1 : bars[i+1]] {
			cur += string(c.r)
			if w += m.Cond.RuneWidth(c.r); w == 3 {
				cells = append(cells, cur)
				cur, w = "", 0
			}
		}
		return cells, label, true
	}
	return nil, "", false
}

// readBack reads the board from a screen's text, without the renderer's
// geometry (boardRow finds the rank lines by their shape), and checks
// every square and both hands against pos, the board facing as flipped
// says.
func readBack(t *testing.T, screen string, pos *game.Position, st common.PieceStyle, flipped bool) {
	t.Helper()
	m := common.NewMeasure(common.Narrow)
	// The file numbers say which way the board faces.
	order := `９\s*８\s*７\s*６\s*５\s*４\s*３\s*２\s*１|9\s*8\s*7\s*6\s*5\s*4\s*3\s*2\s*1`
	if flipped {
		order = `１\s*２\s*３\s*４\s*５\s*６\s*７\s*８\s*９|1\s*2\s*3\s*4\s*5\s*6\s*7\s*8\s*9`
	}
	if !regexp.MustCompile(order).MatchString(screen) {
		t.Errorf("the file numbers are not in %s order (flipped %v)", order, flipped)
	}
	found := 0
	for _, line := range strings.Split(screen, "\n") {
		cells, label, ok := boardRow(line, m)
		if !ok {
			continue
		}
		rank := strings.Index("abcdefghi", label) + 1
		for i, k := range components.KanjiRanks {
			if k == label {
				rank = i + 1
			}
		}
		if rank == 0 || len(label) == 0 {
			t.Fatalf("a board row with no rank label: %q", line)
		}
		if len(cells) != 9 {
			t.Fatalf("rank %s: %d cells in %q", label, len(cells), line)
		}
		for i, cell := range cells {
			file := 9 - i
			if flipped {
				file = i + 1
			}
			want := pos.At(game.NewSquare(file, rank))
			got, ok := glyphPiece(t, cell, st)
			if !ok || got != want {
				t.Errorf("square %d%s reads %q, the position has %v", file, label, cell, want)
			}
		}
		found++
	}
	if found != 9 {
		t.Fatalf("%d rank lines found on the screen, want 9:\n%s", found, screen)
	}
	// The hands: each side's counts, written as glyph, glyph×N or glyphxN.
	for _, c := range []game.Color{game.Black, game.White} {
		for _, pt := range game.HandTypes {
			n := pos.Hand(c, pt)
			g := components.GlyphOnly(pt, st)
			if n == 0 {
				continue
			}
			want := g
			if n > 1 {
				want = fmt.Sprintf("%s ×%d", g, n)
				if !strings.Contains(screen, want) {
					want = fmt.Sprintf("%s×%d", g, n)
				}
				if st == common.ASCII {
					want = fmt.Sprintf("%sx%d", g, n)
					if !strings.Contains(screen, want) {
						want = fmt.Sprintf("%s x%d", g, n)
					}
				}
			}
			if !strings.Contains(screen, want) {
				t.Errorf("%v's %d %v in hand are not on the screen (%q)", c, n, pt, want)
			}
		}
	}
}

// Every board line has the same display width in every style and size,
// flipped or not, under both East Asian width settings, with every kind of
// piece of both colours and every highlight on the board.
func TestBoardWidths(t *testing.T) {
	all := "+p+l+n+s+b+rpk1/1gsnlrb2/9/9/9/9/9/2BRLNSG1/1KP+R+B+S+N+L+P w RBGSNLP 1"
	pos, err := game.ParseSFEN(all)
	if err != nil {
		t.Fatal(err)
	}
	var targets components.SquareSet
	targets[game.NewSquare(5, 5)], targets[game.NewSquare(9, 1)] = true, true
	for _, ea := range []bool{false, true} {
		cond := runewidth.NewCondition()
		cond.EastAsianWidth = ea
		for _, level := range []common.ColorLevel{common.LevelTrue, common.Level256, common.LevelMono} {
			st := common.NewStyles(common.PaletteFor(true, level), common.PaletteFor(true, level), level)
			for _, ps := range []common.PieceStyle{common.Kanji, common.Western, common.ASCII, common.KIF} {
				for _, size := range []components.BoardSize{components.BoardCompact, components.BoardLarge, components.BoardHuge} {
					for _, flip := range []bool{false, true} {
						o := components.BoardOpts{Style: ps, Size: size, Flip: flip, Cursor: game.NewSquare(5, 5),
							Selected: game.NewSquare(8, 2), Targets: &targets, Last: game.NoMove,
							Check: game.NewSquare(8, 9), Checkers: []game.Square{game.NewSquare(7, 9)}, Styles: st}
						g := components.NewBoardGeom(size, ps)
						lines := components.RenderBoard(&pos, o)
						if len(lines) != g.H {
							t.Errorf("%v %v: %d lines, want %d", ps, size, len(lines), g.H)
						}
						for i, line := range lines {
							if w := cond.StringWidth(ansi.Strip(line)); w != g.W {
								t.Errorf("eastAsian=%v %v %v flip=%v line %d %q: width %d, want %d", ea, ps, size, flip, i, ansi.Strip(line), w, g.W)
							}
						}
					}
				}
			}
		}
	}
}

// sweepScreens draws the app's screens at a given size, for the size
// sweep: a game in check with a long status (an illegal move's reason),
// its help, a study with a long comment, the menu.
func sweepScreens(t *testing.T, policy common.WidthPolicy) []func(w, h int) string {
	game := checkHarness(t, Options{Width: policy, Lang: words.Japanese})
	game.typeMove("７四銀") // a move that reads six ways would wrap; this one is illegal: a long reason
	help := checkHarness(t, Options{Width: policy, Pieces: common.Western})
	help.press("?")
	study := newHarness(t, Options{Width: policy, Lang: words.Japanese})
	study.send(common.OpenMsg{Path: filepath.Join("study", "testdata", "study", "branches.kif")})
	study.press("end")
	menu := newHarness(t, Options{Width: policy})
	var out []func(w, h int) string
	for _, h := range []*harness{game, help, study, menu} {
		h := h
		out = append(out, func(w, hh int) string {
			h.send(windowSize(w, hh))
			return h.View()
		})
	}
	return out
}

// Nothing is drawn outside the terminal at any size from the minimum to
// 300×100 (every size at a layout's boundary, one before and one after
// it, and 60 others at random, unless SHOGI_LONG_TESTS=1 sweeps them
// all), under both width settings:
// every line at most the width, at most the height in lines. Below the
// minimum the app says how much room it needs, within the terminal too.
func TestNothingExceedsTheTerminal(t *testing.T) {
	t.Parallel()
	sizes := map[[2]int]bool{}
	heights := []int{components.MinHeight, 24, components.LargeHeight - 1, components.LargeHeight, components.HugeHeight - 1, components.HugeHeight, 50, 100}
	widths := []int{components.MinWidth, 80, components.LargeWidth - 1, components.LargeWidth, 120, components.HugeWidth - 1, components.HugeWidth, 200, 300}
	// Every size at a layout's boundary and either side of it, where a
	// layout's parts first meet the terminal's edge (every one with
	// SHOGI_LONG_TESTS=1); the random sizes below stand for those between.
	swept := func(v int, bounds []int) bool {
		if testenv.Long() {
			return true
		}
		for _, b := range bounds {
			if v >= b-1 && v <= b+1 {
				return true
			}
		}
		return false
	}
	for w := components.MinWidth; w <= 300; w++ {
		for _, h := range heights {
			if swept(w, widths) {
				sizes[[2]int{w, h}] = true
			}
		}
	}
	for h := components.MinHeight; h <= 100; h++ {
		for _, w := range widths {
			if swept(h, heights) {
				sizes[[2]int{w, h}] = true
			}
		}
	}
	rng := rand.New(rand.NewPCG(3, 4))
	random := 60
	if testenv.Long() {
		random = 300
	}
	for range random {
		sizes[[2]int{components.MinWidth + rng.IntN(300-components.MinWidth+1), components.MinHeight + rng.IntN(100-components.MinHeight+1)}] = true
	}
	if testing.Short() {
		for s := range sizes {
			if s[0]%7 != 0 && s[1]%7 != 0 {
				delete(sizes, s)
			}
		}
	}
	// Each width setting and each screen has a harness of its own: they
	// are swept side by side.
	for _, policy := range []common.WidthPolicy{common.Narrow, common.Wide} {
		t.Run(policy.String(), func(t *testing.T) {
			t.Parallel()
			sweepPolicy(t, policy, sizes)
		})
	}
}

// sweepPolicy draws every screen at every size under one width setting,
// and the message below the minimum.
func sweepPolicy(t *testing.T, policy common.WidthPolicy, sizes map[[2]int]bool) {
	cond := runewidth.NewCondition()
	cond.EastAsianWidth = policy == common.Wide
	screens := sweepScreens(t, policy)
	for i, draw := range screens {
		t.Run(fmt.Sprint("screen ", i), func(t *testing.T) {
			t.Parallel()
			for size := range sizes {
				lines := strings.Split(draw(size[0], size[1]), "\n")
				if len(lines) > size[1] {
					t.Fatalf("%v, screen %d at %dx%d: %d lines", policy, i, size[0], size[1], len(lines))
				}
				for _, l := range lines {
					if w := cond.StringWidth(ansi.Strip(l)); w > size[0] {
						t.Fatalf("%v, screen %d at %dx%d: %q is %d columns", policy, i, size[0], size[1], ansi.Strip(l), w)
					}
				}
			}
		})
	}
	// Below the minimum: the message, wrapped, within the terminal. The
	// subtest runs now, before the parallel sweeps above begin, so the
	// game screen's harness is used by one at a time.
	t.Run("below the minimum", func(t *testing.T) {
		draw := screens[0]
		for w := 1; w < components.MinWidth+2; w++ {
			for h := 1; h < components.MinHeight+2; h++ {
				if w >= components.MinWidth && h >= components.MinHeight {
					continue
				}
				v := draw(w, h)
				lines := strings.Split(v, "\n")
				if len(lines) > h || !strings.Contains(strings.ReplaceAll(ansi.Strip(v), "\n", ""), "小さすぎ") && w > 20 && h > 3 {
					t.Fatalf("%dx%d: %q", w, h, v)
				}
				for _, l := range lines {
					if cw := cond.StringWidth(ansi.Strip(l)); cw > w {
						t.Fatalf("%dx%d: %q is %d columns", w, h, l, cw)
					}
				}
			}
		}
	})
}

// The layouts switch where they are documented, and the large and huge
// boards are drawn there.
func TestLayoutsBySize(t *testing.T) {
	for _, c := range []struct {
		w, h int
		want components.LayoutKind
	}{
		{80, 24, components.LayoutCompact}, {99, 40, components.LayoutCompact}, {100, 31, components.LayoutCompact}, {100, 32, components.LayoutLarge},
		{120, 40, components.LayoutLarge}, {139, 50, components.LayoutLarge}, {140, 43, components.LayoutLarge}, {140, 44, components.LayoutHuge}, {200, 50, components.LayoutHuge},
	} {
		if got := components.ChooseLayout(c.w, c.h, common.Kanji); got != c.want {
			t.Errorf("%dx%d: layout %v, want %v", c.w, c.h, got, c.want)
		}
	}
	if got := components.ChooseLayout(200, 50, common.KIF); got != components.LayoutCompact {
		t.Errorf("the KIF style at 200x50: layout %v, want the diagram", got)
	}
}

// The KIF style is the board exactly as a KIF diagram, and y copies that
// diagram, which our own KIF reader reads back to the same position.
func TestKIFStyleAndCopy(t *testing.T) {
	h := checkHarness(t, Options{Pieces: common.KIF, Lang: words.Japanese})
	s := h.screen()
	for _, want := range []string{
		"後手の持駒：歩",
		"先手の持駒：角二　歩",
		"|v香v桂v銀v金v王v金 ・v桂v香|一",
		"| 歩 歩 玉 ・ 歩 歩 歩 ・ 歩|七",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the KIF screen lacks %q:\n%s", want, s)
		}
	}
	if strings.Contains(s, "- - -") {
		t.Errorf("the KIF diagram has zone rules:\n%s", s)
	}
	h.press("esc", "y")
	if !strings.HasPrefix(h.clipboard(), "後手の持駒：歩") {
		t.Fatalf("y copied %q", h.clipboard())
	}
	pos := readKIFDiagram(t, h.clipboard())
	want := h.game().Position()
	if got := pos.SFEN(); got[:strings.LastIndex(got, " ")] != want.SFEN()[:strings.LastIndex(want.SFEN(), " ")] {
		t.Errorf("the copied diagram reads back as %s, want %s", got, want.SFEN())
	}
	h.press("Y")
	if h.clipboard() != want.SFEN() {
		t.Errorf("Y copied %q, want the SFEN %q", h.clipboard(), want.SFEN())
	}
}

// readKIFDiagram reads a copied diagram with the project's KIF reader.
func readKIFDiagram(t *testing.T, text string) game.Position {
	t.Helper()
	rec, err := kifu.Read([]byte(text), "copied.kif")
	if err != nil {
		t.Fatalf("the copied diagram does not read as KIF: %v\n%s", err, text)
	}
	return rec.Start
}

// tints reads the highlights back from a styled frame: the background of
// each square named below must be its tint in the theme's palette table
// (not from the styles the renderer built), wherever the layout put it.
func tints(t *testing.T, h *harness, view string, theme common.Theme) {
	t.Helper()
	pal := common.PaletteFor(theme == common.ThemeDark, common.LevelTrue)
	l := h.m.playShown().Layout()
	rgb := func(hex string) string {
		v, err := strconv.ParseUint(strings.TrimPrefix(hex, "#"), 16, 32)
		if err != nil || len(hex) != 7 {
			t.Fatalf("colour %q is not #rrggbb", hex)
		}
		return fmt.Sprintf("2;%d;%d;%d", uint8(v>>16), uint8(v>>8), uint8(v))
	}
	for sq, want := range map[string]string{
		"7g": pal.Picked,  // the king, picked
		"8h": pal.Capture, // the checking silver, which the king can take
		"8f": pal.Target,  // where the king can go
		"5e": pal.Plate,   // an empty square outside the zones
	} {
		s, _ := game.ParseSquare(sq)
		for col := range 9 {
			for row := range 9 {
				if game.NewSquare(components.FileAt(col, h.m.playShown().Flip), components.RankAt(row, h.m.playShown().Flip)) != s {
					continue
				}
				x, y := l.Geom.CellOrigin(col, row)
				got := attrsAt(t, view, l.Board.X+x+1, l.Board.Y+y)
				if got.BG != rgb(want) {
					t.Errorf("%v: square %s has background %q, want %s", theme, sq, got.BG, want)
				}
			}
		}
	}
}
