package prefs

import (
	"fmt"
	"slices"
	"strings"

	tea "charm.land/bubbletea/v2"

	"shogi/app/settings"
	"shogi/app/shelf"
	"shogi/app/words"
	"shogi/game/book"
	"shogi/tui/common"
	"shogi/tui/components"
)

// The settings' opening books: the levels' book play and its plies on
// the settings page, and a page listing the book files in the order they
// are consulted, each with how it is read or why it cannot be.

// booksPage is the list of books: its cursor, a path being typed, and
// what each book was found to be.
type booksPage struct {
	cursor int
	path   *components.LineInput
	info   map[string]shelf.Info // by path as the settings write it
}

// booksCheckedMsg says how each book of the list is read.
type booksCheckedMsg struct{ info map[string]shelf.Info }

func (m *Screen) bwords() *words.BookWords { return words.BookWordsFor(m.c.Lang) }

// openBooks shows the page and checks the books.
func (m *Screen) openBooks() tea.Cmd {
	m.page, m.books = pageBooks, booksPage{}
	return m.checkBooks()
}

// checkBooks opens the list's books off the UI loop (an unsorted one is
// read whole) and says how each is read.
func (m *Screen) checkBooks() tea.Cmd {
	files := slices.Clone(m.c.Settings.Book.Files)
	sh := m.c.Shelf
	return func() tea.Msg {
		out := map[string]shelf.Info{}
		for _, f := range files {
			out[f] = sh.Info(settings.ExpandHome(f))
		}
		return booksCheckedMsg{info: out}
	}
}

// changeBookSetting steps the levels' book play (off, weighted, best) or
// its plies by d.
func (m *Screen) changeBookSetting(r settingsRow, d int) tea.Cmd {
	if r == setBookPlay {
		p := settings.PickSetting(common.WrapAdd(int(m.c.Settings.Book.Play), d, 3))
		return m.c.SaveSettings(func(s *settings.Settings) { s.Book.Play = p })
	}
	cur := m.c.Settings.Book.Plies
	presets := settings.BookPlies
	i := slices.IndexFunc(presets, func(n int) bool { return n >= cur })
	switch {
	case i < 0:
		i = len(presets) - 1
	case presets[i] == cur || d < 0:
		// From a preset step to the next; from a value between two
		// presets, up to the one above or down to the one below.
		i = max(0, min(i+d, len(presets)-1))
	}
	n := presets[i]
	return m.c.SaveSettings(func(s *settings.Settings) { s.Book.Plies = n })
}

// bookSettingText draws one of the book rows of the settings page.
func (m *Screen) bookSettingText(r settingsRow, lw int) string {
	c := m.c
	bw := m.bwords()
	bs := c.Settings.Book
	switch r {
	case setBookPlay:
		text := m.field(bw.PlayField, lw, bw.PickNames[book.Pick(bs.Play)%3])
		if len(c.BookPaths()) == 0 {
			text += "  " + c.Styles.Dim.Render("("+bw.NoBookFiles+")")
		}
		return text
	case setBookPlies:
		return m.field(bw.PliesField, lw, fmt.Sprintf(bw.Plies, bs.Plies))
	}
	return bw.BooksItem + fmt.Sprintf(" (%d)", len(bs.Files))
}

// booksKey handles the page's keys: a adds a book by its path, d removes
// the one under the cursor, [ and ] move it up and down the order.
func (m *Screen) booksKey(k tea.KeyPressMsg) tea.Cmd {
	c := m.c
	keys := c.Keys
	bw := m.bwords()
	b := &m.books
	files := c.Settings.Book.Files
	if b.path != nil {
		switch {
		case k.String() == "esc":
			b.path = nil
		case common.IsEnter(k):
			path := b.path.Trimmed()
			b.path = nil
			if path == "" {
				return nil
			}
			if slices.Contains(files, path) {
				m.status = fmt.Sprintf(bw.Already, path)
				return nil
			}
			m.status = fmt.Sprintf(bw.Added, path)
			b.cursor = len(files)
			save := c.SaveSettings(func(s *settings.Settings) { s.Book.Files = append(s.Book.Files, path) })
			return tea.Batch(save, m.checkBooks())
		default:
			b.path.Edit(k)
		}
		return nil
	}
	n := len(files) + 1 // the books and "add a book file"
	at := b.cursor
	switch {
	case common.KeyIs(k, keys.Up):
		b.cursor = common.WrapAdd(b.cursor, -1, n)
	case common.KeyIs(k, keys.Down):
		b.cursor = common.WrapAdd(b.cursor, 1, n)
	case k.String() == "a" || common.IsEnter(k) && at == len(files):
		in := components.NewInput(bw.BookPath, "", 0)
		b.path = &in
	case (k.String() == "d" || k.String() == "delete") && at < len(files):
		m.status = fmt.Sprintf(bw.Removed, files[at])
		b.cursor = max(0, min(at, len(files)-2))
		return c.SaveSettings(func(s *settings.Settings) { s.Book.Files = slices.Delete(s.Book.Files, at, at+1) })
	case (k.String() == "[" || k.String() == "]") && at < len(files):
		to := at - 1
		if k.String() == "]" {
			to = at + 1
		}
		if to < 0 || to >= len(files) {
			return nil
		}
		b.cursor = to
		return c.SaveSettings(func(s *settings.Settings) {
			s.Book.Files[at], s.Book.Files[to] = s.Book.Files[to], s.Book.Files[at]
		})
	case k.String() == "esc" || common.KeyIs(k, keys.Leave):
		m.page, m.cursor = pageSettings, slices.Index(m.set.Rows(), setBooks)
	}
	return nil
}

// booksLines draws the page: each book in the order consulted, with how
// it is read, then "add a book file".
func (m *Screen) booksLines() []string {
	c := m.c
	st := c.Styles
	bw := m.bwords()
	b := &m.books
	files := c.Settings.Book.Files
	lines := []string{st.Bold.Render(bw.BooksTitle), ""}
	if len(files) == 0 {
		lines = append(lines, "   "+st.Dim.Render(bw.NoneYet))
	}
	width := min(c.Width-4, 76)
	for i, f := range files {
		m.bookRow(&lines, i, components.FitName(c.Measure, fmt.Sprintf("%d. ", i+1), f, "", width)) // a long path keeps its file name
		for _, l := range m.bookState(f, width-6) {
			lines = append(lines, "      "+l)
		}
	}
	m.bookRow(&lines, len(files), bw.AddBook)
	if b.path != nil {
		text, _, _ := b.path.Render(min(c.Width-4, 70), c.Measure)
		lines = append(lines, "", text, st.Dim.Render(c.Words.TypeHintValue))
	}
	return lines
}

// bookErrorLines is how many lines a book's problem may wrap to.
const bookErrorLines = 3

// bookState says how a book is read, or why it cannot be (wrapped to
// width, so that the file's line and what is wrong there are read).
func (m *Screen) bookState(f string, width int) []string {
	st := m.c.Styles
	bw := m.bwords()
	in, ok := m.books.info[f]
	var text string
	switch {
	case !ok:
		text = st.Dim.Render(bw.Checking)
	case in.Err != nil:
		lines := components.WrapText(m.c.Measure, common.BookProblemText(bw, in.Err), width)
		if len(lines) > bookErrorLines {
			lines = lines[:bookErrorLines]
			lines[bookErrorLines-1] = m.c.Measure.Truncate(lines[bookErrorLines-1], width-1) + "…"
		}
		for i, l := range lines {
			lines[i] = st.Err.Render(l)
		}
		return lines
	case in.OnDisk:
		text = st.Dim.Render(fmt.Sprintf(bw.OnDisk, sizeText(in.Size)))
	default:
		text = st.Dim.Render(fmt.Sprintf(bw.InMemory, in.Positions, sizeText(in.Size)))
	}
	return []string{text}
}

func (m *Screen) bookRow(lines *[]string, i int, text string) {
	components.Row(m.c.Styles, lines, i, m.books.cursor, text)
}

// sizeText writes a file size: 812 B, 34 KB, 1.2 GB.
func sizeText(n int64) string {
	units := []string{"B", "KB", "MB", "GB", "TB"}
	f := float64(n)
	i := 0
	for f >= 1000 && i < len(units)-1 {
		f /= 1000
		i++
	}
	if i == 0 || f >= 10 {
		return fmt.Sprintf("%.0f %s", f, units[i])
	}
	return strings.TrimSuffix(fmt.Sprintf("%.1f", f), ".0") + " " + units[i]
}
