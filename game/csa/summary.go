package csa

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"shogi/game"
)

// Summary is a game as the server proposes it (BEGIN Game_Summary … END
// Game_Summary), every field read.
type Summary struct {
	ProtocolVersion string // Protocol_Version: "1.2"
	ProtocolMode    string // Protocol_Mode: "Server" or "Direct"
	Format          string // Format: "Shogi 1.0"
	Declaration     string // Declaration: "Jishogi 1.1" (the 27-point rule), or "" when not given
	GameID          string // Game_ID
	Names           [2]string
	YourTurn        game.Color // Your_Turn: the side this client plays
	RematchOnDraw   bool       // Rematch_On_Draw: YES
	ToMove          game.Color // To_Move
	MaxMoves        int        // Max_Moves: the game is drawn at this many moves; 0 is no limit
	Time            [2]TimeRule
	// Start is the position block's position; Moves were already played
	// from it (a game resumed, a buoy), each with the time in MoveTimes
	// (in Time_Unit, 0 when not given).
	Start     game.Position
	Moves     []game.Move
	MoveTimes []int
	// Unknown holds the fields this reader does not know, in order: a
	// server's extensions, kept for the caller to show.
	Unknown []Field
}

// Field is one line of a summary: Section is "" at the top, else the
// block it is in ("Time+").
type Field struct {
	Line                int
	Section, Key, Value string
}

// TimeRule is one side's time as the summary gives it. Durations are the
// summary's counts times Unit.
type TimeRule struct {
	Unit         time.Duration // Time_Unit; 1 s when not given
	Total        time.Duration // Total_Time
	Byoyomi      time.Duration // Byoyomi
	Increment    time.Duration // Increment (Fischer)
	Delay        time.Duration // Delay: time not charged at the start of each move
	LeastPerMove time.Duration // Least_Time_Per_Move: the least a move is charged
	Roundup      bool          // Time_Roundup: YES rounds a move's time up to the unit, NO down
}

// IsZero reports whether the side plays without a clock.
func (r TimeRule) IsZero() bool { return r.Total == 0 && r.Byoyomi == 0 && r.Increment == 0 }

// Opponent returns the name of the side this client does not play.
func (s *Summary) Opponent() string { return s.Names[s.YourTurn.Other()] }

// Position returns the position after the moves already played.
func (s *Summary) Position() game.Position {
	p := s.Start
	for _, m := range s.Moves {
		p = p.Play(m)
	}
	return p
}

// Clock returns the server's clock after the moves already played.
func (s *Summary) Clock() *Clock {
	k := NewClock(s.Time)
	p := s.Start
	for i, m := range s.Moves {
		k.Charge(p.SideToMove(), s.MoveTimes[i])
		p = p.Play(m)
	}
	return k
}

// ParseSummary reads a game summary from BEGIN Game_Summary to END
// Game_Summary (blank lines are skipped; nothing but blank lines may
// follow). A summary that does not read or contradicts itself is a
// *SummaryError saying on which line and why.
func ParseSummary(text string) (*Summary, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i == len(lines) || strings.TrimSuffix(lines[i], "\r") != "BEGIN Game_Summary" {
		return nil, &SummaryError{Msg: "does not begin with BEGIN Game_Summary"}
	}
	r := newSummaryReader()
	for _, l := range lines[i+1:] {
		if r.done {
			if strings.TrimSpace(l) != "" {
				return nil, &SummaryError{Line: r.n + 1, Text: clip(l), Msg: "a line after END Game_Summary"}
			}
			r.n++
			continue
		}
		if err := r.feed(l); err != nil {
			return nil, err
		}
	}
	if !r.done {
		return nil, &SummaryError{Msg: "ends without END Game_Summary"}
	}
	return r.s, nil
}

// summaryReader reads a summary line by line, after its BEGIN line.
type summaryReader struct {
	s       *Summary
	n       int    // the line number: BEGIN Game_Summary is 1
	section string // the open block; "" at the top
	known   bool   // the open block is one this reader knows
	seen    map[string]bool
	values  map[string]valueAt // by section and key, for fields given twice
	pos     game.CSAPosition
	moves   []rawMove
	sawSide bool // the position block had a lone + or -
	done    bool
}

type valueAt struct {
	value string
	line  int
}

type rawMove struct {
	text    string
	line    int
	time    int
	hasTime bool
}

func newSummaryReader() *summaryReader {
	return &summaryReader{s: &Summary{}, n: 1, seen: map[string]bool{}, values: map[string]valueAt{}}
}

func (r *summaryReader) errf(line string, format string, args ...any) *SummaryError {
	return &SummaryError{Line: r.n, Text: clip(line), Msg: fmt.Sprintf(format, args...)}
}

// feed reads the next line; after END Game_Summary, done is set.
func (r *summaryReader) feed(line string) error {
	r.n++
	line = strings.TrimSuffix(line, "\r")
	t := strings.TrimSpace(line)
	switch {
	case t == "":
		return nil
	case strings.HasPrefix(t, "BEGIN "):
		name := strings.TrimSpace(t[len("BEGIN "):])
		if r.section != "" {
			return r.errf(line, "BEGIN %s inside BEGIN %s", name, r.section)
		}
		if r.seen[name] {
			return r.errf(line, "a second %s block", name)
		}
		if name == "Game_Summary" {
			return r.errf(line, "BEGIN Game_Summary inside the summary")
		}
		r.seen[name], r.section = true, name
		switch name {
		case "Time", "Time+", "Time-", "Position":
			r.known = true
		default:
			r.known = false
			r.s.Unknown = append(r.s.Unknown, Field{Line: r.n, Key: "BEGIN " + name})
		}
		return nil
	case strings.HasPrefix(t, "END "):
		name := strings.TrimSpace(t[len("END "):])
		if name == "Game_Summary" {
			if r.section != "" {
				return r.errf(line, "END Game_Summary inside BEGIN %s", r.section)
			}
			return r.finish()
		}
		if name != r.section {
			if r.section == "" {
				return r.errf(line, "END %s without BEGIN %s", name, name)
			}
			return r.errf(line, "END %s inside BEGIN %s", name, r.section)
		}
		r.section = ""
		return nil
	case r.section == "Position":
		return r.position(line, t)
	}
	key, value, ok := strings.Cut(t, ":")
	if !ok || key == "" || strings.ContainsAny(key, " \t") {
		return r.errf(line, "not a field (Key:Value)")
	}
	if r.section != "" && !r.known {
		r.s.Unknown = append(r.s.Unknown, Field{Line: r.n, Section: r.section, Key: key, Value: value})
		return nil
	}
	id := r.section + "/" + key
	if old, ok := r.values[id]; ok {
		if old.value != value {
			return r.errf(line, "%s is given twice: %q on line %d, then %q", key, old.value, old.line, value)
		}
		return nil
	}
	if !r.knownField(key) {
		r.s.Unknown = append(r.s.Unknown, Field{Line: r.n, Section: r.section, Key: key, Value: value})
		return nil
	}
	r.values[id] = valueAt{value, r.n}
	return r.check(line, key, value)
}

var (
	topFields  = []string{"Protocol_Version", "Protocol_Mode", "Format", "Declaration", "Game_ID", "Name+", "Name-", "Your_Turn", "Rematch_On_Draw", "To_Move", "Max_Moves"}
	timeFields = []string{"Time_Unit", "Total_Time", "Byoyomi", "Increment", "Delay", "Least_Time_Per_Move", "Time_Roundup"}
)

func (r *summaryReader) knownField(key string) bool {
	fields := topFields
	if r.section != "" {
		fields = timeFields
	}
	for _, f := range fields {
		if f == key {
			return true
		}
	}
	return false
}

// check reads one known field's value into the summary, or says why it
// cannot.
func (r *summaryReader) check(line, key, v string) error {
	s := r.s
	switch key {
	case "Protocol_Version":
		if !strings.HasPrefix(v, "1.") {
			return r.errf(line, "protocol version %q: this client speaks 1.x", v)
		}
		s.ProtocolVersion = v
	case "Protocol_Mode":
		if v != "Server" && v != "Direct" {
			return r.errf(line, "protocol mode %q is neither Server nor Direct", v)
		}
		s.ProtocolMode = v
	case "Format":
		if v != "Shogi 1.0" {
			return r.errf(line, "format %q: this client plays Shogi 1.0", v)
		}
		s.Format = v
	case "Declaration":
		s.Declaration = v
	case "Game_ID":
		if !goodToken(v) {
			return r.errf(line, "a game id is one word of printable ASCII")
		}
		s.GameID = v
	case "Name+", "Name-":
		if v == "" {
			return r.errf(line, "an empty name")
		}
		s.Names[sideOf(key[4])] = v
	case "Your_Turn", "To_Move":
		if v != "+" && v != "-" {
			return r.errf(line, "%s is + or -", key)
		}
		if key == "Your_Turn" {
			s.YourTurn = sideOf(v[0])
		} else {
			s.ToMove = sideOf(v[0])
		}
	case "Rematch_On_Draw":
		if v != "YES" && v != "NO" {
			return r.errf(line, "Rematch_On_Draw is YES or NO")
		}
		s.RematchOnDraw = v == "YES"
	case "Max_Moves":
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 1<<20 {
			return r.errf(line, "Max_Moves is a count of moves (0 for no limit)")
		}
		s.MaxMoves = n
	case "Time_Unit":
		if _, err := parseUnit(v); err != nil {
			return r.errf(line, "%v", err)
		}
	case "Time_Roundup":
		if v != "YES" && v != "NO" {
			return r.errf(line, "Time_Roundup is YES or NO")
		}
	default: // a count of time units
		if _, ok := parseCount(v); !ok {
			return r.errf(line, "%s is a whole number of time units", key)
		}
	}
	return nil
}

func sideOf(sign byte) game.Color {
	if sign == '-' {
		return game.White
	}
	return game.Black
}

// parseUnit reads a Time_Unit: a number and sec, min or msec ("1sec").
func parseUnit(v string) (time.Duration, error) {
	num := strings.TrimRight(v, "abcdefghijklmnopqrstuvwxyz")
	var u time.Duration
	switch v[len(num):] {
	case "msec":
		u = time.Millisecond
	case "sec":
		u = time.Second
	case "min":
		u = time.Minute
	default:
		return 0, fmt.Errorf("time unit %q: want a number and sec, min or msec", v)
	}
	n, err := strconv.ParseFloat(num, 64)
	if err != nil || n <= 0 || n > 3600 || strings.ContainsAny(num, "eE+-") {
		return 0, fmt.Errorf("time unit %q: want a number and sec, min or msec", v)
	}
	d := time.Duration(n * float64(u))
	if d < time.Millisecond {
		return 0, fmt.Errorf("time unit %q is less than a millisecond", v)
	}
	return d, nil
}

// parseCount reads a whole, non-negative count of time units.
func parseCount(v string) (int, bool) {
	if v == "" || len(v) > 9 || strings.TrimLeft(v, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	return n, err == nil
}

// position reads a line of the Position block: a position statement, a
// move played already (+7776FU or +7776FU,T12), its time on a line of its
// own (T12), or a comment.
func (r *summaryReader) position(line, t string) error {
	switch {
	case strings.HasPrefix(t, "'"):
		return nil
	case t[0] == 'P' || t == "+" || t == "-":
		if len(r.moves) > 0 {
			return r.errf(line, "a position statement after the moves")
		}
		if err := r.pos.Statement(t); err != nil {
			return r.errf(line, "%v", err)
		}
		r.sawSide = r.sawSide || t == "+" || t == "-"
		return nil
	case t[0] == 'T':
		n, ok := parseTime(t)
		if !ok || len(r.moves) == 0 || r.moves[len(r.moves)-1].hasTime {
			return r.errf(line, "a time T<n> belongs after a move")
		}
		m := &r.moves[len(r.moves)-1]
		m.time, m.hasTime = n, true
		return nil
	case t[0] == '+' || t[0] == '-':
		msg, err := parseMove(t)
		if err != nil {
			return r.errf(line, "not a move as the protocol writes one (+7776FU,T12)")
		}
		mv := msg.(Move)
		r.moves = append(r.moves, rawMove{text: mv.Text, line: r.n, time: mv.Time, hasTime: mv.HasTime})
		return nil
	}
	return r.errf(line, "not a position statement or a move")
}

// finish checks the summary as a whole at END Game_Summary.
func (r *summaryReader) finish() error {
	s := r.s
	for _, f := range []string{"Game_ID", "Name+", "Name-", "Your_Turn"} {
		if _, ok := r.values["/"+f]; !ok {
			return r.errf("END Game_Summary", "no %s", f)
		}
	}
	if s.Names[0] == s.Names[1] {
		return r.errf("END Game_Summary", "both sides are called %q", s.Names[0])
	}
	if err := r.times(); err != nil {
		return err
	}
	// The position and the moves already played.
	s.Start = r.pos.Position()
	if w := s.Start.Warnings(); len(w) > 0 {
		var say []string
		for _, x := range w {
			say = append(say, x.String())
		}
		return &SummaryError{Msg: "the position cannot arise in play: " + strings.Join(say, "; "), Warnings: w}
	}
	_, toMove := r.values["/To_Move"]
	if !r.sawSide {
		// No side to move in the block: To_Move says it (black by default).
		if toMove {
			s.Start.SetSideToMove(s.ToMove)
		}
	}
	g := game.NewGame(s.Start)
	for i, m := range r.moves {
		p := g.Position()
		mv, err := ReadMove(&p, m.text)
		if err == nil {
			err = g.Play(mv)
		}
		if err != nil {
			return &SummaryError{Line: m.line, Text: m.text, Msg: fmt.Sprintf("move %d: %v", i+1, err)}
		}
		s.Moves = append(s.Moves, mv)
		s.MoveTimes = append(s.MoveTimes, m.time)
	}
	p := g.Position()
	if !toMove {
		s.ToMove = p.SideToMove()
	}
	// To_Move is the side to move at the start (as CSA 1.2.1 writes) or
	// after the moves played (as shogi-server writes): with no moves both
	// are the same and must agree with the position.
	if len(s.Moves) == 0 && s.ToMove != s.Start.SideToMove() {
		return &SummaryError{Line: r.values["/To_Move"].line, Text: "To_Move:" + sign(s.ToMove),
			Msg: fmt.Sprintf("To_Move says %s, the position %s", s.ToMove, s.Start.SideToMove())}
	}
	if s.MaxMoves > 0 && len(s.Moves) >= s.MaxMoves {
		return &SummaryError{Msg: fmt.Sprintf("%d moves already played, but the game ends at %d", len(s.Moves), s.MaxMoves)}
	}
	if r := g.Result(); r.Over() {
		return &SummaryError{Msg: "the game is already over: " + r.String()}
	}
	r.done = true
	return nil
}

func sign(c game.Color) string {
	if c == game.White {
		return "-"
	}
	return "+"
}

// times builds both sides' time rules: the Time block for both, then
// Time+ and Time- for one side each.
func (r *summaryReader) times() error {
	for c := game.Black; c <= game.White; c++ {
		side := "Time" + sign(c)
		get := func(key string) (valueAt, bool) {
			if v, ok := r.values[side+"/"+key]; ok {
				return v, true
			}
			v, ok := r.values["Time/"+key]
			return v, ok
		}
		rule := TimeRule{Unit: time.Second}
		if v, ok := get("Time_Unit"); ok {
			rule.Unit, _ = parseUnit(v.value)
		}
		for _, f := range []struct {
			key string
			d   *time.Duration
		}{{"Total_Time", &rule.Total}, {"Byoyomi", &rule.Byoyomi}, {"Increment", &rule.Increment},
			{"Delay", &rule.Delay}, {"Least_Time_Per_Move", &rule.LeastPerMove}} {
			if v, ok := get(f.key); ok {
				n, _ := parseCount(v.value)
				*f.d = time.Duration(n) * rule.Unit
				if *f.d/rule.Unit != time.Duration(n) || *f.d > 1000*time.Hour {
					return &SummaryError{Line: v.line, Text: f.key + ":" + v.value, Msg: "a time longer than a thousand hours"}
				}
			}
		}
		if v, ok := get("Time_Roundup"); ok {
			rule.Roundup = v.value == "YES"
		}
		r.s.Time[c] = rule
	}
	if r.seen["Time+"] != r.seen["Time-"] && !r.seen["Time"] {
		return &SummaryError{Msg: "a time block for one side only (Time+ without Time-, or the other way) and none for both"}
	}
	return nil
}

// String writes the summary as a server sends it, every field, the Time
// block once for both sides when they have the same time (else Time+
// and Time-), the position as nine rows, the pieces in hand and the side
// to move, then the moves already played with their times. Fields no one
// knows are written at the end, their blocks as they came (those of a
// Time block that is not written, in the first that is). ParseSummary reads it back
// to the same summary, but for where it finds the fields no one knows.
func (s *Summary) String() string {
	var b strings.Builder
	line := func(k, v string) { b.WriteString(k + ":" + v + "\n") }
	b.WriteString("BEGIN Game_Summary\n")
	for _, f := range []struct{ k, v string }{{"Protocol_Version", s.ProtocolVersion}, {"Protocol_Mode", s.ProtocolMode},
		{"Format", s.Format}, {"Declaration", s.Declaration}} {
		if f.v != "" {
			line(f.k, f.v)
		}
	}
	line("Game_ID", s.GameID)
	line("Name+", s.Names[game.Black])
	line("Name-", s.Names[game.White])
	line("Your_Turn", sign(s.YourTurn))
	line("Rematch_On_Draw", map[bool]string{true: "YES", false: "NO"}[s.RematchOnDraw])
	line("To_Move", sign(s.ToMove))
	line("Max_Moves", strconv.Itoa(s.MaxMoves))
	blocks := []string{"Time"}
	if s.Time[0] != s.Time[1] {
		blocks = []string{"Time+", "Time-"}
	}
	for i, name := range blocks {
		r := s.Time[i]
		if r.Unit <= 0 {
			r.Unit = time.Second
		}
		b.WriteString("BEGIN " + name + "\n")
		line("Time_Unit", formatUnit(r.Unit))
		count := func(d time.Duration) string { return strconv.FormatInt(int64(d/r.Unit), 10) }
		line("Total_Time", count(r.Total))
		line("Byoyomi", count(r.Byoyomi))
		line("Increment", count(r.Increment))
		line("Delay", count(r.Delay))
		line("Least_Time_Per_Move", count(r.LeastPerMove))
		line("Time_Roundup", map[bool]string{true: "YES", false: "NO"}[r.Roundup])
		for _, f := range s.Unknown {
			// A block not written gives its fields to the first written.
			if f.Section == name || i == 0 && isTime(f.Section) && !written(blocks, f.Section) {
				line(f.Key, f.Value)
			}
		}
		b.WriteString("END " + name + "\n")
	}
	b.WriteString("BEGIN Position\n")
	for _, l := range s.Start.CSALines() {
		b.WriteString(l + "\n")
	}
	for i, m := range s.Moves {
		fmt.Fprintf(&b, "%s,T%d\n", FormatMove(m), s.MoveTimes[i])
	}
	b.WriteString("END Position\n")
	section := ""
	for _, f := range s.Unknown {
		switch {
		case isTime(f.Section):
			continue // written in a Time block
		case strings.HasPrefix(f.Key, "BEGIN "):
			if section != "" {
				b.WriteString("END " + section + "\n")
			}
			section = strings.TrimPrefix(f.Key, "BEGIN ")
			b.WriteString(f.Key + "\n")
			continue
		}
		if f.Section != section {
			b.WriteString("END " + section + "\n")
			section = ""
		}
		line(f.Key, f.Value)
	}
	if section != "" {
		b.WriteString("END " + section + "\n")
	}
	b.WriteString("END Game_Summary\n")
	return b.String()
}

func isTime(section string) bool {
	return section == "Time" || section == "Time+" || section == "Time-"
}

func written(blocks []string, name string) bool {
	for _, b := range blocks {
		if b == name {
			return true
		}
	}
	return false
}

// formatUnit writes a time unit as Time_Unit does: 1sec, 1min, 500msec.
func formatUnit(u time.Duration) string {
	switch {
	case u%time.Minute == 0:
		return strconv.FormatInt(int64(u/time.Minute), 10) + "min"
	case u%time.Second == 0:
		return strconv.FormatInt(int64(u/time.Second), 10) + "sec"
	}
	return strconv.FormatInt(int64(u/time.Millisecond), 10) + "msec"
}
