package newgame

import (
	"time"

	"shogi/app/settings"
	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	tea "charm.land/bubbletea/v2"

	"shogi/game"
	"shogi/game/match"
)

// form is the new-game page: who plays (a person, a built-in level
// or an engine of the list, for each of the two players), the handicap,
// who takes Black (or furigoma), the clock (none, sudden death, byōyomi
// or Fischer; the same for both sides or White's own) and the piece
// style. Its clock starts as the settings' and becomes their default
// when a game starts.
type form struct {
	c        *common.Common
	players  [2]int // indexes into c.playerChoices(), for player 1 and player 2
	handicap int    // index into handicapChoices()
	seat     int    // 0: player 1 plays Black, 1: player 1 plays White, 2: furigoma
	kind     int    // clockNone … clockFischer
	main     [2]time.Duration
	second   [2]time.Duration // byōyomi or increment, by colour
	perSide  bool             // White's clock differs from Black's
	// custom is a start set up in the editor: the first of the starts
	// the handicap row offers (nil: none).
	custom *game.Position
}

// The kinds of clock.
const (
	clockNone = iota
	clockSudden
	clockByoyomi
	clockFischer
)

// formRow is a row of the new-game page.
type formRow int

const (
	rowPlayer1 formRow = iota
	rowPlayer2
	rowHandicap
	rowSeat
	rowClock
	rowMain
	rowSecond
	rowPerSide
	rowWhiteMain
	rowWhiteSecond
	rowPieces
	rowStart
)

// Presets the clock's values step through (a value from the settings
// that is not among them is kept until changed).
var (
	mainPresets   = durations(0, 60, 120, 180, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800)
	byoyomiPreset = durations(1, 2, 3, 5, 10, 15, 20, 30, 40, 60)
	incPresets    = durations(1, 2, 3, 5, 10, 15, 20, 30, 60)
)

func durations(secs ...int) []time.Duration {
	out := make([]time.Duration, len(secs))
	for i, s := range secs {
		out[i] = time.Duration(s) * time.Second
	}
	return out
}

// newForm starts the form with the settings' clock, player 1 a person and
// player 2 the strongest built-in level.
func newForm(c *common.Common) form {
	f := form{c: c}
	choices := c.PlayerChoices()
	for i, p := range choices {
		if p.Spec.Kind == match.BuiltinKind {
			f.players[1] = i // the last built-in: the strongest
		}
	}
	tc := c.Settings.Clock.Controls()
	switch {
	case tc[0].IsZero() && tc[1].IsZero():
		f.kind = clockNone
	case tc[0].Byoyomi > 0 || tc[1].Byoyomi > 0:
		f.kind = clockByoyomi
	case tc[0].Increment > 0 || tc[1].Increment > 0:
		f.kind = clockFischer
	default:
		f.kind = clockSudden
	}
	for col := range tc {
		f.main[col] = tc[col].Main
		f.second[col] = max(tc[col].Byoyomi, tc[col].Increment)
	}
	if f.kind == clockNone {
		f.main = [2]time.Duration{10 * time.Minute, 10 * time.Minute}
		f.second = [2]time.Duration{30 * time.Second, 30 * time.Second}
	}
	f.perSide = tc[0] != tc[1]
	return f
}

// Rows are the form's rows as it stands: the clock's values only when
// there is a clock, White's only when they differ.
func (f *form) Rows() []formRow {
	out := []formRow{rowPlayer1, rowPlayer2, rowHandicap, rowSeat, rowClock}
	if f.kind != clockNone {
		out = append(out, rowMain)
		if f.kind != clockSudden {
			out = append(out, rowSecond)
		}
		out = append(out, rowPerSide)
		if f.perSide {
			out = append(out, rowWhiteMain)
			if f.kind != clockSudden {
				out = append(out, rowWhiteSecond)
			}
		}
	}
	return append(out, rowPieces, rowStart)
}

// change steps the value of row i by d.
func (f *form) change(i, d int) tea.Cmd {
	rows := f.Rows()
	if i < 0 || i >= len(rows) {
		return nil
	}
	cycle := func(v, n int) int { return common.WrapAdd(v, d, n) }
	c := f.c
	switch rows[i] {
	case rowPlayer1, rowPlayer2:
		k := int(rows[i] - rowPlayer1)
		f.players[k] = cycle(f.players[k], len(c.PlayerChoices()))
	case rowHandicap:
		f.handicap = cycle(f.handicap, f.starts())
	case rowSeat:
		f.seat = cycle(f.seat, 3)
	case rowClock:
		f.kind = cycle(f.kind, 4)
		if f.kind == clockSudden {
			for col := range f.main {
				if f.main[col] == 0 {
					f.main[col] = 10 * time.Minute
				}
			}
		}
	case rowMain, rowWhiteMain:
		col := 0
		if rows[i] == rowWhiteMain {
			col = 1
		}
		f.main[col] = step(f.main[col], mainPresets, d, f.kind == clockSudden)
		if !f.perSide {
			f.main[1] = f.main[0]
		}
	case rowSecond, rowWhiteSecond:
		col := 0
		if rows[i] == rowWhiteSecond {
			col = 1
		}
		p := byoyomiPreset
		if f.kind == clockFischer {
			p = incPresets
		}
		f.second[col] = step(f.second[col], p, d, true)
		if !f.perSide {
			f.second[1] = f.second[0]
		}
	case rowPerSide:
		f.perSide = !f.perSide
		if !f.perSide {
			f.main[1], f.second[1] = f.main[0], f.second[0]
		}
	case rowPieces:
		c.SetPieces(common.PieceStyle(cycle(int(c.Pieces), int(common.NumPieceStyles))))
		return c.RememberDisplay()
	}
	return nil
}

// step moves v to the next preset up (d > 0) or down; positive keeps it
// above zero.
func step(v time.Duration, presets []time.Duration, d int, positive bool) time.Duration {
	lo := 0
	if positive && presets[0] == 0 {
		lo = 1
	}
	if d > 0 {
		for _, p := range presets[lo:] {
			if p > v {
				return p
			}
		}
		return presets[lo]
	}
	for i := len(presets) - 1; i >= lo; i-- {
		if presets[i] < v {
			return presets[i]
		}
	}
	return presets[len(presets)-1]
}

// Controls are Black's and White's allowances as the form says.
func (f *form) Controls() [2]match.TimeControl {
	var tc [2]match.TimeControl
	if f.kind == clockNone {
		return tc
	}
	for col := range tc {
		tc[col].Main = f.main[col]
		switch f.kind {
		case clockByoyomi:
			tc[col].Byoyomi = f.second[col]
		case clockFischer:
			tc[col].Increment = f.second[col]
		}
	}
	if !f.perSide {
		tc[1] = tc[0]
	}
	return tc
}

// setup is the game the form describes, with a command saving its clock
// as the settings' default.
func (f *form) setup() (common.Setup, tea.Cmd) {
	c := f.c
	choices := c.PlayerChoices()
	p1, p2 := choices[f.players[0]%len(choices)], choices[f.players[1]%len(choices)]
	players := [2]match.Spec{p1.Spec, p2.Spec}
	names := common.HumanNames(c.Settings, players, [2]string{p1.Name, p2.Name}, [2]int{0, 1})
	labels := [2]string{common.PlayerLabel(c, players[0], names[0]), common.PlayerLabel(c, players[1], names[1])}
	s := common.Setup{Players: players, Names: names, Start: f.preview(), Time: f.Controls()}
	switch f.seat {
	case 1:
		s.Players[0], s.Players[1] = s.Players[1], s.Players[0]
		s.Names[0], s.Names[1] = s.Names[1], s.Names[0]
	case 2:
		toss := game.TossPawns(c.Rand)
		s.Toss, s.TossPlayers = &toss, labels
		if !toss.TosserIsBlack {
			s.Players[0], s.Players[1] = s.Players[1], s.Players[0]
			s.Names[0], s.Names[1] = s.Names[1], s.Names[0]
		}
	}
	tc := s.Time
	return s, c.SaveSettings(func(st *settings.Settings) { st.Clock = settings.ClockFrom(tc) })
}

// setStart makes p the form's start: the handicap row offers it first.
func (f *form) setStart(p game.Position) {
	f.custom = &p
	f.handicap = 0
}

// starts is how many starts the handicap row offers.
func (f *form) starts() int {
	n := len(common.HandicapChoices())
	if f.custom != nil {
		n++
	}
	return n
}

// handicapAt is the handicap row's choice, or false for the set-up
// start.
func (f *form) handicapAt() (game.Handicap, bool) {
	hs := common.HandicapChoices()
	i := f.handicap % f.starts()
	if f.custom != nil {
		if i == 0 {
			return game.Handicap{}, false
		}
		i--
	}
	return hs[i], true
}

// preview is the start the handicap row gives.
func (f *form) preview() game.Position {
	h, ok := f.handicapAt()
	if !ok {
		return *f.custom
	}
	return h.Position()
}

// lines draws the form, the cursor on row cursor.
func (f *form) lines(cursor int) []string {
	c := f.c
	w := c.Words
	mw := words.MenuWordsFor(c.Lang)
	st := c.Styles
	choices := c.PlayerChoices()
	lw := common.MaxWidth(c.Measure, mw.Player1, mw.Player2, mw.Handicap, mw.Seat, mw.Pieces, w.ClockField, w.MainField,
		w.ByoyomiField, w.IncField, w.PerSideField, w.WhiteMain, w.WhiteByoyomi, w.WhiteInc)
	var lines []string
	secondLabel, whiteSecond := w.ByoyomiField, w.WhiteByoyomi
	if f.kind == clockFischer {
		secondLabel, whiteSecond = w.IncField, w.WhiteInc
	}
	for i, r := range f.Rows() {
		var text string
		switch r {
		case rowPlayer1, rowPlayer2:
			label := mw.Player1
			if r == rowPlayer2 {
				label = mw.Player2
			}
			text = field(c, label, lw, c.ChoiceLabel(choices[f.players[r-rowPlayer1]%len(choices)]))
		case rowHandicap:
			hname := w.SetUpStart
			if h, ok := f.handicapAt(); ok {
				hname = common.HandicapLabel(c, h)
			}
			text = field(c, mw.Handicap, lw, hname)
		case rowSeat:
			text = field(c, mw.Seat, lw, mw.Seats[f.seat])
		case rowClock:
			text = field(c, w.ClockField, lw, w.ClockKinds[f.kind])
		case rowMain:
			text = field(c, w.MainField, lw, clockValue(c, f.main[0]))
		case rowSecond:
			text = field(c, secondLabel, lw, clockValue(c, f.second[0]))
		case rowPerSide:
			v := w.PerSide[0]
			if f.perSide {
				v = w.PerSide[1]
			}
			text = field(c, w.PerSideField, lw, v)
		case rowWhiteMain:
			text = field(c, w.WhiteMain, lw, clockValue(c, f.main[1]))
		case rowWhiteSecond:
			text = field(c, whiteSecond, lw, clockValue(c, f.second[1]))
		case rowPieces:
			text = field(c, mw.Pieces, lw, mw.StyleNames[c.Pieces%common.NumPieceStyles])
		case rowStart:
			text = mw.Start
		}
		components.Row(st, &lines, i, cursor, text)
	}
	if h, ok := f.handicapAt(); ok && h.Key != "even" {
		lines = append(lines, "", st.Dim.Render(mw.GiverNote))
	}
	return lines
}

// field is a label padded to width and a value to change with ←/→.
func field(c *common.Common, label string, width int, value string) string {
	return components.Field(c.Measure, label, width, value)
}

// clockValue writes a clock setting: 10m, 30s, 10分, 30秒.
func clockValue(c *common.Common, d time.Duration) string {
	if c.Lang == words.Japanese && !c.ASCII {
		return words.JaDuration(d)
	}
	return match.ShortDuration(d)
}
