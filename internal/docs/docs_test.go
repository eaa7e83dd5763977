package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// root is the module's top, where README.md and docs/ are.
const root = "../.."

// pending are pages other branches are writing: a link to one is checked
// like any other once the page exists, and only logged while it does not.
var pending = map[string]bool{}

// page is a Markdown file: its lines outside fenced code, its headings'
// anchors, and its links.
type page struct {
	path    string // relative to root, slash-separated
	lines   []string
	anchors map[string]bool
	links   []link
}

type link struct {
	line   int
	target string
}

// linkRE finds [text](target) and ![alt](target); code spans are removed
// before it runs.
var linkRE = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)\)`)

func readPage(t *testing.T, rel string) *page {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
	if err != nil {
		t.Fatal(err)
	}
	p := &page{path: rel, anchors: map[string]bool{}}
	seen := map[string]int{}
	fenced := false
	code := false // in a code span, which may run on over lines of a paragraph
	for i, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		p.lines = append(p.lines, line)
		if strings.TrimSpace(line) == "" {
			code = false
		}
		if h, ok := strings.CutPrefix(line, "#"); ok {
			a := anchor(strings.TrimLeft(h, "#"))
			if n := seen[a]; n > 0 {
				p.anchors[a+"-"+itoa(n)] = true
			} else {
				p.anchors[a] = true
			}
			seen[a]++
		}
		var text string
		text, code = stripCode(line, code)
		for _, m := range linkRE.FindAllStringSubmatch(text, -1) {
			p.links = append(p.links, link{line: i + 1, target: m[1]})
		}
	}
	return p
}

func itoa(n int) string {
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// stripCode removes `code spans`, where brackets are not links; in says
// whether the line starts inside a span opened on the line before, and
// the result whether the next line does.
func stripCode(s string, in bool) (string, bool) {
	var b strings.Builder
	for _, r := range s {
		if r == '`' {
			in = !in
			continue
		}
		if !in {
			b.WriteRune(r)
		}
	}
	return b.String(), in
}

// anchor is the fragment GitHub gives a heading: lower case, the
// characters that are not letters, marks, digits, '_', '-' or spaces
// dropped, spaces made hyphens.
func anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsMark(r) || unicode.IsNumber(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestAnchor(t *testing.T) {
	for heading, want := range map[string]string{
		" Checking problems: `shogi tsume --check`":  "checking-problems-shogi-tsume---check",
		" Mate problems (詰将棋) and next-move quizzes": "mate-problems-詰将棋-and-next-move-quizzes",
		" The rules commands: `perft`, `moves`":      "the-rules-commands-perft-moves",
	} {
		if got := anchor(heading); got != want {
			t.Errorf("anchor(%q) = %q, want %q", heading, got, want)
		}
	}
}

// pages reads README.md and every docs/*.md.
func pages(t *testing.T) map[string]*page {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	ps := map[string]*page{"README.md": readPage(t, "README.md")}
	for _, n := range names {
		rel := "docs/" + filepath.Base(n)
		ps[rel] = readPage(t, rel)
	}
	return ps
}

// TestLinks: every relative link reaches a file of the repository, and a
// link with a fragment into a Markdown page reaches one of its headings.
func TestLinks(t *testing.T) {
	ps := pages(t)
	for _, p := range ps {
		for _, l := range p.links {
			if strings.Contains(l.target, "://") || strings.HasPrefix(l.target, "mailto:") {
				continue
			}
			file, frag, _ := strings.Cut(l.target, "#")
			rel := p.path
			if file != "" {
				rel = filepath.ToSlash(filepath.Clean(filepath.Join(filepath.Dir(p.path), file)))
			}
			if strings.HasPrefix(rel, "../") {
				t.Errorf("%s:%d: %s leaves the repository", p.path, l.line, l.target)
				continue
			}
			if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel))); err != nil {
				if pending[rel] {
					t.Logf("%s:%d: %s is not written yet (another branch writes it)", p.path, l.line, rel)
					continue
				}
				t.Errorf("%s:%d: %s: no such file", p.path, l.line, l.target)
				continue
			}
			if frag == "" {
				continue
			}
			q := ps[rel]
			if q == nil {
				if !strings.HasSuffix(rel, ".md") {
					t.Errorf("%s:%d: %s: a fragment into a file that is not Markdown", p.path, l.line, l.target)
					continue
				}
				q = readPage(t, rel)
			}
			if !q.anchors[frag] {
				t.Errorf("%s:%d: %s: %s has no heading #%s", p.path, l.line, l.target, rel, frag)
			}
		}
	}
}

// TestShape: README.md stays at most 250 lines and links every docs page;
// each docs page opens with its title and then a paragraph saying what it
// covers.
func TestShape(t *testing.T) {
	ps := pages(t)
	b, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "\n"); n > 250 {
		t.Errorf("README.md has %d lines; at most 250, the rest goes to docs/", n)
	}
	linked := map[string]bool{}
	for _, l := range ps["README.md"].links {
		file, _, _ := strings.Cut(l.target, "#")
		linked[file] = true
	}
	for rel, p := range ps {
		if rel == "README.md" {
			continue
		}
		if !linked[rel] {
			t.Errorf("README.md does not link %s", rel)
		}
		var first []string
		for _, line := range p.lines {
			if len(first) == 0 && strings.TrimSpace(line) == "" {
				continue
			}
			first = append(first, line)
			if len(first) == 3 {
				break
			}
		}
		if len(first) < 3 || !strings.HasPrefix(first[0], "# ") || first[1] != "" || !startsParagraph(first[2]) {
			t.Errorf("%s does not open with a title and then a paragraph saying what it covers", rel)
		}
	}
}

// startsParagraph reports whether line begins running text rather than a
// heading, list, table, quote or picture.
func startsParagraph(line string) bool {
	if line == "" {
		return false
	}
	for _, p := range []string{"#", "-", "*", "|", ">", "!", "<", "    "} {
		if strings.HasPrefix(line, p) {
			return false
		}
	}
	return true
}
