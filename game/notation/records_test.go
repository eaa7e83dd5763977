package notation

import (
	"bufio"
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"shogi/game"
)

// kifuDir holds records written by other programs, with how ShogiHome
// reads each (FILE.expected: start SFEN, main-line moves in USI, END).
var kifuDir = filepath.Join("..", "..", "..", "shared", "kifu")

var (
	ki2Move = regexp.MustCompile(`[▲△☗☖][^▲△☗☖\s]+`)
	kifMove = regexp.MustCompile(`^\s*\d+\s+(\S+)`)
	csaMove = regexp.MustCompile(`^[+-]\d{4}[A-Z]{2}$`)
)

// TestRecords reads the main line of every record whose moves this
// package can see without a text decoder (UTF-8 KIF and KI2, every CSA)
// move by move, and checks each against ShogiHome's reading. CSA and KIF
// moves must also be written back as the file has them (KIF up to the
// spelling some programs use: 同歩 for 同　歩, 竜 for 龍).
func TestRecords(t *testing.T) {
	if _, err := os.Stat(kifuDir); err != nil {
		t.Skipf("no records at %s (%v): they live beside the repository, not in it", kifuDir, err)
	}
	files, _ := filepath.Glob(filepath.Join(kifuDir, "*", "*"))
	nFiles, nMoves, nSame := 0, 0, 0
	for _, name := range files {
		if strings.HasSuffix(name, ".expected") {
			continue
		}
		style := map[string]Style{"csa": CSA, "kif": KIF, "ki2": KI2}[filepath.Base(filepath.Dir(name))]
		if style == USI {
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
		if style != CSA && !utf8.Valid(data) {
			continue // Shift_JIS: decoding is the record reader's job
		}
		exp, err := os.ReadFile(name + ".expected")
		if err != nil {
			continue
		}
		lines := strings.Split(strings.TrimSpace(string(exp)), "\n")
		p, err := game.ParseSFEN(lines[0])
		if err != nil {
			t.Errorf("%s: expected start %q: %v", name, lines[0], err)
			continue
		}
		var want []string
		for _, l := range lines[1:] {
			if !strings.HasPrefix(l, "END") {
				want = append(want, l)
			}
		}
		texts := recordMoves(data, style)
		// ShogiHome reads the variation after this file's two-move main line
		// as its continuation; the main line is two moves.
		if len(texts) != len(want) && filepath.Base(name) != "bioshogi__gekisashi_branch.kif" {
			t.Errorf("%s: %d moves found, ShogiHome reads %d", filepath.Base(name), len(texts), len(want))
		}
		nFiles++
		prev := game.NoMove
		for i, text := range texts {
			if i >= len(want) {
				t.Errorf("%s: move %d %q beyond ShogiHome's %d moves", filepath.Base(name), i+1, text, len(want))
				break
			}
			m, err := Parse(&p, text, style, prev)
			if filepath.Base(name) == "bioshogi__nifu_unmarked.kif" && i == 2 {
				// ShogiHome keeps this nifu drop; a strict reader stops.
				var ie *game.IllegalMoveError
				if !errors.As(err, &ie) || ie.Rule != game.RuleNifu {
					t.Errorf("%s: move 3 %q: %v, want nifu", filepath.Base(name), text, err)
				}
				break
			}
			if err != nil || m.USI() != want[i] {
				t.Errorf("%s: move %d %q in %s: %s, %v; ShogiHome reads %s", filepath.Base(name), i+1, text, p.SFEN(), m.USI(), err, want[i])
				break
			}
			nMoves++
			if style != KI2 {
				if out := Format(&p, m, style, prev); out != kifConventions(text) {
					t.Errorf("%s: move %d written %q, the file has %q", filepath.Base(name), i+1, out, text)
				} else {
					nSame++
				}
			}
			p = p.Play(m)
			prev = m
		}
	}
	t.Logf("%d records, %d moves read as ShogiHome reads them; %d CSA/KIF moves written back as the file has them", nFiles, nMoves, nSame)
}

// recordMoves extracts the main line's move texts: up to the first
// variation, without comments, times or the ending.
func recordMoves(data []byte, style Style) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<16), 1<<22)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		if strings.HasPrefix(line, "変化") {
			break
		}
		switch style {
		case CSA:
			for _, f := range strings.Split(line, ",") {
				if f = strings.TrimSpace(f); csaMove.MatchString(f) {
					out = append(out, f)
				}
			}
		case KIF:
			if m := kifMove.FindStringSubmatch(line); m != nil {
				r, _ := utf8.DecodeRuneInString(m[1])
				if r != '同' && digit(r) == 0 && (r < '１' || r > '９') {
					return out // 投了, 中断, … end the main line
				}
				out = append(out, m[1])
			}
		case KI2:
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "▲") || strings.HasPrefix(t, "△") {
				out = append(out, ki2Move.FindAllString(t, -1)...)
			}
		}
	}
	return out
}

// kifConventions rewrites the two KIF spellings that differ between
// programs into ShogiHome's.
func kifConventions(text string) string {
	text = strings.ReplaceAll(text, "竜", "龍")
	if rest, ok := strings.CutPrefix(text, "同"); ok && !strings.HasPrefix(rest, "　") {
		text = "同　" + rest
	}
	return text
}
