package usi

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"shogi/game"
	"shogi/game/engine"
)

// The USI wire format in both directions, in one place: what a GUI writes
// (position, go, setoption) and what an engine writes (id, option, info,
// bestmove, checkmate). The client in this package and the built-in
// engine's USI front end both read and write through these functions, so
// the two sides cannot drift apart.

// SyntaxError is a line that does not read as the command it should be.
type SyntaxError struct {
	Line string // the line as received (cut short when very long)
	Msg  string
}

func (e *SyntaxError) Error() string { return fmt.Sprintf("usi: %q: %s", e.Line, e.Msg) }

func syntaxError(line, format string, args ...any) *SyntaxError {
	return &SyntaxError{Line: clip(line), Msg: fmt.Sprintf(format, args...)}
}

// clip shortens a line for messages: an engine flooding garbage must not
// flood the log with one error.
func clip(s string) string {
	const max = 120
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && s[cut]&0xc0 == 0x80 { // do not split a UTF-8 sequence
		cut--
	}
	return s[:cut] + "…"
}

// Command returns the first word of a line: the command it carries.
func Command(line string) string {
	if f := fields(line); len(f) > 0 {
		return f[0]
	}
	return ""
}

// seps separate the words of a line. Only these count (not every Unicode
// space), so that fields and restAfter agree on where a word ends.
const seps = " \t\r\n"

func isSep(r rune) bool { return strings.ContainsRune(seps, r) }

// fields splits a line into its words.
func fields(line string) []string { return strings.FieldsFunc(line, isSep) }

// ---- position ----

// FormatPosition writes the position command for start followed by moves:
// "position startpos moves 7g7f 3c3d" for the even start, otherwise
// "position sfen … moves …" (handicaps and any other start).
func FormatPosition(start game.Position, moves []game.Move) string {
	var b strings.Builder
	b.WriteString("position ")
	if sfen := start.SFEN(); sfen == game.StartSFEN {
		b.WriteString("startpos")
	} else {
		b.WriteString("sfen ")
		b.WriteString(sfen)
	}
	if len(moves) > 0 {
		b.WriteString(" moves")
		for _, m := range moves {
			b.WriteByte(' ')
			b.WriteString(m.USI())
		}
	}
	return b.String()
}

// ParsePosition reads a position command ("position startpos moves …" or
// "position sfen B S H [N] moves …"; the leading "position" may be left
// out) into the start position and the moves, each checked against the
// rules: an illegal move is an error naming it and the rule it breaks.
func ParsePosition(line string) (game.Position, []game.Move, error) {
	f := fields(line)
	if len(f) > 0 && f[0] == "position" {
		f = f[1:]
	}
	if len(f) == 0 {
		return game.Position{}, nil, syntaxError(line, "want startpos or sfen")
	}
	var start game.Position
	rest := f[1:]
	switch f[0] {
	case "startpos":
		start = game.StartPosition()
	case "sfen":
		n := 0
		for n < len(rest) && rest[n] != "moves" {
			n++
		}
		if n < 3 || n > 4 {
			return game.Position{}, nil, syntaxError(line, "sfen wants board, side, hand and an optional move number, got %d field(s)", n)
		}
		p, err := game.ParseSFEN(strings.Join(rest[:n], " "))
		if err != nil {
			return game.Position{}, nil, syntaxError(line, "%v", err)
		}
		start, rest = p, rest[n:]
	default:
		return game.Position{}, nil, syntaxError(line, "want startpos or sfen, got %q", f[0])
	}
	if len(rest) == 0 {
		return start, nil, nil
	}
	if rest[0] != "moves" {
		return game.Position{}, nil, syntaxError(line, "unexpected %q after the position", rest[0])
	}
	moves := make([]game.Move, 0, len(rest)-1)
	p := start
	for i, text := range rest[1:] {
		m, err := p.ParseUSI(text)
		if err == nil {
			err = p.CheckMove(m)
		}
		if err != nil {
			return game.Position{}, nil, syntaxError(line, "move %d (%s): %v", i+1, text, err)
		}
		if !m.IsDrop() {
			m = p.NewMove(m.From(), m.To(), m.IsPromotion())
		}
		moves = append(moves, m)
		p = p.Play(m)
	}
	return start, moves, nil
}

// ---- go ----

// MateLimit is the budget of a "go mate" search.
type MateLimit struct {
	Search   bool          // the go command asked for a mate search
	Time     time.Duration // how long it may take; 0 with Infinite unset is "go mate 0"
	Infinite bool          // go mate infinite
}

// FormatGo writes the go command for l. With a clock it sends both sides'
// remaining times and then the increments when either side has one, else
// the byōyomi (0 for sudden death, which engines expect to be said).
// MoveTime, Depth, Nodes and Infinite are sent when set.
func FormatGo(l engine.Limits) string {
	var b strings.Builder
	b.WriteString("go")
	if l.Ponder {
		b.WriteString(" ponder")
	}
	clock := l.BTime > 0 || l.WTime > 0 || l.Byoyomi > 0 || l.BInc > 0 || l.WInc > 0
	if clock {
		writeMS(&b, "btime", l.BTime)
		writeMS(&b, "wtime", l.WTime)
		if l.BInc > 0 || l.WInc > 0 {
			writeMS(&b, "binc", l.BInc)
			writeMS(&b, "winc", l.WInc)
		} else {
			writeMS(&b, "byoyomi", l.Byoyomi)
		}
	}
	if l.MoveTime > 0 {
		writeMS(&b, "movetime", l.MoveTime)
	}
	if l.Depth > 0 {
		b.WriteString(" depth ")
		b.WriteString(strconv.Itoa(l.Depth))
	}
	if l.Nodes > 0 {
		b.WriteString(" nodes ")
		b.WriteString(strconv.FormatUint(l.Nodes, 10))
	}
	if l.Infinite {
		b.WriteString(" infinite")
	}
	return b.String()
}

func writeMS(b *strings.Builder, key string, d time.Duration) {
	b.WriteByte(' ')
	b.WriteString(key)
	b.WriteByte(' ')
	b.WriteString(strconv.FormatInt(max(0, d.Milliseconds()), 10))
}

// FormatGoMate writes "go mate MS", or "go mate infinite" when d is 0.
func FormatGoMate(d time.Duration) string {
	if d <= 0 {
		return "go mate infinite"
	}
	return "go mate " + strconv.FormatInt(d.Milliseconds(), 10)
}

// ParseGo reads a go command into its limits, or into a mate search. A
// negative time (some GUIs send one when a clock has run out) counts as 0.
// Unknown words are an error, so a typo is reported rather than ignored.
func ParseGo(line string) (engine.Limits, MateLimit, error) {
	var l engine.Limits
	var mate MateLimit
	f := fields(line)
	if len(f) == 0 || f[0] != "go" {
		return l, mate, syntaxError(line, "not a go command")
	}
	ms := func(i int) (time.Duration, error) {
		if i+1 >= len(f) {
			return 0, syntaxError(line, "%s wants milliseconds", f[i])
		}
		n, err := strconv.ParseInt(f[i+1], 10, 64)
		if err != nil || n > int64(1<<62/time.Millisecond) || n < -int64(1<<62/time.Millisecond) {
			return 0, syntaxError(line, "%s %q: not a number of milliseconds", f[i], f[i+1])
		}
		return time.Duration(max(n, 0)) * time.Millisecond, nil
	}
	for i := 1; i < len(f); i++ {
		var err error
		switch f[i] {
		case "ponder":
			l.Ponder = true
			continue
		case "infinite":
			l.Infinite = true
			continue
		case "btime":
			l.BTime, err = ms(i)
		case "wtime":
			l.WTime, err = ms(i)
		case "byoyomi":
			l.Byoyomi, err = ms(i)
		case "binc":
			l.BInc, err = ms(i)
		case "winc":
			l.WInc, err = ms(i)
		case "movetime":
			l.MoveTime, err = ms(i)
		case "depth":
			if i+1 >= len(f) {
				return l, mate, syntaxError(line, "depth wants a number")
			}
			n, perr := strconv.Atoi(f[i+1])
			if perr != nil || n < 0 {
				return l, mate, syntaxError(line, "depth %q: not a number of plies", f[i+1])
			}
			l.Depth = n
		case "nodes":
			if i+1 >= len(f) {
				return l, mate, syntaxError(line, "nodes wants a number")
			}
			n, perr := strconv.ParseUint(f[i+1], 10, 64)
			if perr != nil {
				return l, mate, syntaxError(line, "nodes %q: not a number", f[i+1])
			}
			l.Nodes = n
		case "mate":
			mate.Search = true
			if i+1 < len(f) && f[i+1] == "infinite" {
				mate.Infinite = true
			} else if i+1 < len(f) {
				mate.Time, err = ms(i)
			} else {
				mate.Infinite = true // a bare "go mate" asks for no limit
				continue
			}
		default:
			return l, mate, syntaxError(line, "unknown go parameter %q", f[i])
		}
		if err != nil {
			return l, mate, err
		}
		i++
	}
	return l, mate, nil
}

// ---- info ----

// FormatInfo writes an info line. A line carries either a PV or a free
// string, since each runs to the end of the line: when both are set the
// PV is written (send the string in an Info of its own). An Info with
// nothing set writes "info string" with an empty text.
func FormatInfo(info engine.Info) string {
	var b strings.Builder
	b.WriteString("info")
	num := func(key string, v uint64) {
		b.WriteByte(' ')
		b.WriteString(key)
		b.WriteByte(' ')
		b.WriteString(strconv.FormatUint(v, 10))
	}
	if info.Depth > 0 {
		num("depth", uint64(info.Depth))
	}
	if info.SelDepth > 0 {
		num("seldepth", uint64(info.SelDepth))
	}
	if info.Time > 0 {
		num("time", uint64(info.Time.Milliseconds()))
	}
	if info.Nodes > 0 {
		num("nodes", info.Nodes)
	}
	if info.NPS > 0 {
		num("nps", info.NPS)
	}
	if info.HashFull > 0 {
		num("hashfull", uint64(info.HashFull))
	}
	if info.MultiPV > 0 {
		num("multipv", uint64(info.MultiPV))
	}
	if info.HasScore {
		b.WriteString(" score ")
		b.WriteString(FormatScore(info.Score))
	}
	if info.CurrMove != game.NoMove {
		b.WriteString(" currmove ")
		b.WriteString(info.CurrMove.USI())
	}
	switch {
	case len(info.PV) > 0:
		b.WriteString(" pv")
		for _, m := range info.PV {
			b.WriteByte(' ')
			b.WriteString(m.USI())
		}
	case info.String != "" || b.Len() == len("info"):
		b.WriteString(" string ")
		b.WriteString(strings.NewReplacer("\r", " ", "\n", " ").Replace(info.String))
	}
	return b.String()
}

// FormatScore writes the score as an info line does: "cp 30", "mate 5",
// "mate -4", "mate +" or "mate -" (length unknown), then any bound.
func FormatScore(s engine.Score) string {
	var t string
	switch {
	case !s.Mate:
		t = "cp " + strconv.Itoa(s.Value)
	case s.Value >= engine.MateUnknown:
		t = "mate +"
	case s.Value <= -engine.MateUnknown:
		t = "mate -"
	default:
		t = "mate " + strconv.Itoa(s.Value)
	}
	switch s.Bound {
	case engine.Lower:
		t += " lowerbound"
	case engine.Upper:
		t += " upperbound"
	}
	return t
}

// infoKeys are the info words that take one value, which ParseInfo skips
// when it does not keep it.
var infoSkip = map[string]bool{"currmovenumber": true, "tbhits": true, "cpuload": true, "sbhits": true}

// ParseInfo reads an info line sent while pos was being searched. The PV
// and currmove are read against pos: a PV is cut before its first move
// that cannot be read or is illegal (an engine's PV is not trusted), and
// a currmove that is not a legal move is left out. Numbers that do not
// read, or a score without a value, are an error; words ParseInfo does not
// know are skipped, as the protocol asks.
func ParseInfo(line string, pos game.Position) (engine.Info, error) {
	var info engine.Info
	f := fields(line)
	if len(f) == 0 || f[0] != "info" {
		return info, syntaxError(line, "not an info line")
	}
	unsigned := func(i int) (uint64, error) {
		if i+1 >= len(f) {
			return 0, syntaxError(line, "%s wants a number", f[i])
		}
		n, err := strconv.ParseUint(f[i+1], 10, 64)
		if err != nil {
			// Some engines send a negative time or nodes when they wrap.
			if v, serr := strconv.ParseInt(f[i+1], 10, 64); serr == nil && v < 0 {
				return 0, nil
			}
			return 0, syntaxError(line, "%s %q: not a number", f[i], f[i+1])
		}
		return n, nil
	}
	small := func(i int) (int, error) {
		n, err := unsigned(i)
		if err == nil && n > 1<<30 {
			return 0, syntaxError(line, "%s %d: out of range", f[i], n)
		}
		return int(n), err
	}
	for i := 1; i < len(f); i++ {
		var err error
		switch key := f[i]; key {
		case "depth":
			info.Depth, err = small(i)
			i++
		case "seldepth":
			info.SelDepth, err = small(i)
			i++
		case "time":
			var n uint64
			n, err = unsigned(i)
			info.Time = time.Duration(min(n, uint64(1<<62/time.Millisecond))) * time.Millisecond
			i++
		case "nodes":
			info.Nodes, err = unsigned(i)
			i++
		case "nps":
			info.NPS, err = unsigned(i)
			i++
		case "hashfull":
			info.HashFull, err = small(i)
			i++
		case "multipv":
			info.MultiPV, err = small(i)
			i++
		case "score":
			var n int
			info.Score, n, err = parseScore(line, f[i+1:])
			info.HasScore = err == nil
			i += n
		case "currmove":
			if i+1 >= len(f) {
				return info, syntaxError(line, "currmove wants a move")
			}
			if m, perr := pos.ParseUSI(f[i+1]); perr == nil && pos.IsLegal(m) {
				info.CurrMove = m
			}
			i++
		case "string":
			info.String = restAfter(line, i)
			return info, nil
		case "pv":
			info.PV = readPV(pos, f[i+1:])
			return info, nil
		default:
			if infoSkip[key] {
				i++
			}
		}
		if err != nil {
			return info, err
		}
	}
	return info, nil
}

// restAfter returns the text of line after its n-th field (0-based) and
// the spaces following it, keeping the spacing inside the text.
func restAfter(line string, n int) string {
	s := line
	for k := 0; k <= n; k++ {
		s = strings.TrimLeft(s, seps)
		end := strings.IndexAny(s, seps)
		if end < 0 {
			return ""
		}
		s = s[end:]
	}
	// A carriage return inside a line is a space: one line, one value.
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(strings.Trim(s, seps))
}

// parseScore reads "cp N" or "mate N|+|-" and an optional bound; it
// returns how many fields it used.
func parseScore(line string, f []string) (engine.Score, int, error) {
	var s engine.Score
	if len(f) < 2 {
		return s, len(f), syntaxError(line, "score wants cp or mate and a value")
	}
	switch f[0] {
	case "cp":
		v, err := strconv.Atoi(f[1])
		if err != nil || v > engine.MateUnknown || v < -engine.MateUnknown {
			return s, 2, syntaxError(line, "score cp %q: not a number of centipawns", f[1])
		}
		s.Value = v
	case "mate":
		s.Mate = true
		switch f[1] {
		case "+":
			s.Value = engine.MateUnknown
		case "-":
			s.Value = -engine.MateUnknown
		default:
			v, err := strconv.Atoi(f[1])
			if err != nil || v >= engine.MateUnknown || v <= -engine.MateUnknown {
				return s, 2, syntaxError(line, "score mate %q: not a number of plies", f[1])
			}
			s.Value = v
		}
	default:
		return s, 1, syntaxError(line, "score %q: want cp or mate", f[0])
	}
	n := 2
	if len(f) > 2 {
		switch f[2] {
		case "lowerbound":
			s.Bound, n = engine.Lower, 3
		case "upperbound":
			s.Bound, n = engine.Upper, 3
		}
	}
	return s, n, nil
}

// readPV reads moves from pos while they are legal.
func readPV(pos game.Position, texts []string) []game.Move {
	var pv []game.Move
	for _, t := range texts {
		m, err := pos.ParseUSI(t)
		if err != nil || !pos.IsLegal(m) {
			break
		}
		pv = append(pv, m)
		pos = pos.Play(m)
	}
	return pv
}

// ---- bestmove ----

// FormatBestMove writes a bestmove line.
func FormatBestMove(b engine.BestMove) string {
	switch {
	case b.Resign:
		return "bestmove resign"
	case b.Win:
		return "bestmove win"
	case b.Ponder != game.NoMove:
		return "bestmove " + b.Move.USI() + " ponder " + b.Ponder.USI()
	}
	return "bestmove " + b.Move.USI()
}

// MoveError is a move an engine sent that cannot be played: it does not
// read as a USI move, or it breaks a rule. Text is what the engine sent.
type MoveError struct {
	Text string
	Err  error // a *game.IllegalMoveError when the move read but is illegal
}

func (e *MoveError) Error() string {
	var ill *game.IllegalMoveError
	if errors.As(e.Err, &ill) {
		return fmt.Sprintf("illegal move %s: %s", e.Text, ill.Rule)
	}
	return fmt.Sprintf("unreadable move %q: %v", clip(e.Text), e.Err)
}

func (e *MoveError) Unwrap() error { return e.Err }

// ParseBestMove reads a bestmove line answering a search of pos. The move
// must read as a USI move with a piece of the side to move on its origin;
// whether it is legal is the caller's to judge (a game loses by it, an
// analysis ignores it), so an illegal move that reads comes back without
// an error. A ponder move that is not legal after the best move is left
// out.
func ParseBestMove(line string, pos game.Position) (engine.BestMove, error) {
	var b engine.BestMove
	f := fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		return b, syntaxError(line, "want bestmove and a move")
	}
	switch f[1] {
	case "resign":
		b.Resign = true
		return b, nil
	case "win":
		b.Win = true
		return b, nil
	}
	m, err := pos.ParseUSI(f[1])
	if err != nil {
		return b, &MoveError{Text: f[1], Err: err}
	}
	if !m.IsDrop() {
		m = pos.NewMove(m.From(), m.To(), m.IsPromotion())
	}
	b.Move = m
	if len(f) >= 4 && f[2] == "ponder" && pos.IsLegal(m) {
		after := pos.Play(m)
		if p, err := after.ParseUSI(f[3]); err == nil && after.IsLegal(p) {
			b.Ponder = p
		}
	}
	return b, nil
}

// ---- checkmate ----

// Checkmate is the answer to "go mate": a mating sequence, or why there is
// none.
type Checkmate struct {
	Moves          []game.Move // the mate, attacker first
	NoMate         bool        // checkmate nomate: there is no mate
	NotImplemented bool        // the engine has no mate search
	Timeout        bool        // none found in the time given
}

// FormatCheckmate writes a checkmate line.
func FormatCheckmate(c Checkmate) string {
	switch {
	case c.NotImplemented:
		return "checkmate notimplemented"
	case c.Timeout:
		return "checkmate timeout"
	case c.NoMate || len(c.Moves) == 0:
		return "checkmate nomate"
	}
	var b strings.Builder
	b.WriteString("checkmate")
	for _, m := range c.Moves {
		b.WriteByte(' ')
		b.WriteString(m.USI())
	}
	return b.String()
}

// ParseCheckmate reads a checkmate line answering a mate search of pos.
// Every move of a mating sequence must be legal in turn.
func ParseCheckmate(line string, pos game.Position) (Checkmate, error) {
	var c Checkmate
	f := fields(line)
	if len(f) < 2 || f[0] != "checkmate" {
		return c, syntaxError(line, "want checkmate and moves, nomate, notimplemented or timeout")
	}
	switch f[1] {
	case "nomate":
		c.NoMate = true
		return c, nil
	case "notimplemented":
		c.NotImplemented = true
		return c, nil
	case "timeout":
		c.Timeout = true
		return c, nil
	}
	p := pos
	for _, t := range f[1:] {
		m, err := p.ParseUSI(t)
		if err == nil {
			err = p.CheckMove(m)
		}
		if err != nil {
			return Checkmate{}, &MoveError{Text: t, Err: err}
		}
		c.Moves = append(c.Moves, m)
		p = p.Play(m)
	}
	return c, nil
}

// ---- options ----

// OptionType is the type of an engine option.
type OptionType uint8

// The option types of the protocol.
const (
	Check OptionType = iota + 1
	Spin
	Combo
	Button
	String
	Filename
)

var optionTypeNames = [...]string{Check: "check", Spin: "spin", Combo: "combo", Button: "button", String: "string", Filename: "filename"}

func (t OptionType) String() string {
	if int(t) < len(optionTypeNames) && optionTypeNames[t] != "" {
		return optionTypeNames[t]
	}
	return fmt.Sprintf("type(%d)", int(t))
}

// Option is one option an engine declares.
type Option struct {
	Name     string
	Type     OptionType
	Default  string   // as sent; "" for <empty>
	Min, Max int      // spin only
	Vars     []string // combo only
}

// CheckValue reports whether value suits the option: true or false for a
// check, a whole number within range for a spin, one of the choices for a
// combo, nothing for a button, one line for a string or file name.
func (o Option) CheckValue(value string) error {
	switch o.Type {
	case Check:
		if value != "true" && value != "false" {
			return fmt.Errorf("option %s is a check: want true or false, not %q", o.Name, value)
		}
	case Spin:
		n, err := strconv.Atoi(value)
		if err != nil {
			return fmt.Errorf("option %s is a spin: %q is not a whole number", o.Name, value)
		}
		if n < o.Min || n > o.Max {
			return fmt.Errorf("option %s: %d is out of range %d…%d", o.Name, n, o.Min, o.Max)
		}
	case Combo:
		for _, v := range o.Vars {
			if v == value {
				return nil
			}
		}
		return fmt.Errorf("option %s: %q is not one of %s", o.Name, value, strings.Join(o.Vars, ", "))
	case Button:
		if value != "" {
			return fmt.Errorf("option %s is a button: it takes no value", o.Name)
		}
	case String, Filename:
		if strings.ContainsAny(value, "\r\n") {
			return fmt.Errorf("option %s: a value must be one line", o.Name)
		}
	}
	return nil
}

// FormatOption writes an option line as an engine declares it.
func FormatOption(o Option) string {
	var b strings.Builder
	b.WriteString("option name ")
	b.WriteString(o.Name)
	b.WriteString(" type ")
	b.WriteString(o.Type.String())
	switch {
	case o.Type == String || o.Type == Filename:
		def := o.Default
		if def == "" {
			def = "<empty>"
		}
		b.WriteString(" default ")
		b.WriteString(def)
	case o.Type != Button && o.Default != "":
		b.WriteString(" default ")
		b.WriteString(o.Default)
	}
	if o.Type == Spin {
		fmt.Fprintf(&b, " min %d max %d", o.Min, o.Max)
	}
	if o.Type == Combo {
		for _, v := range o.Vars {
			b.WriteString(" var ")
			b.WriteString(v)
		}
	}
	return b.String()
}

// ParseOption reads an option line. Names may hold spaces ("Skill
// Level"): a name runs from "name" to "type". A string option's default
// runs to the end of the line; "<empty>" is the empty string.
func ParseOption(line string) (Option, error) {
	var o Option
	f := fields(line)
	if len(f) < 5 || f[0] != "option" || f[1] != "name" {
		return o, syntaxError(line, "want option name NAME type TYPE")
	}
	ti := -1
	for i := 2; i < len(f); i++ {
		if f[i] == "type" {
			ti = i
			break
		}
	}
	if ti <= 2 || ti+1 >= len(f) {
		return o, syntaxError(line, "option without a name or a type")
	}
	o.Name = strings.Join(f[2:ti], " ")
	for t, name := range optionTypeNames {
		if name != "" && name == f[ti+1] {
			o.Type = OptionType(t)
		}
	}
	if o.Type == 0 {
		return o, syntaxError(line, "option %s: unknown type %q", o.Name, f[ti+1])
	}
	rest := f[ti+2:]
	if o.Type == String || o.Type == Filename {
		// The default is free text, spaces included.
		if len(rest) > 0 && rest[0] == "default" {
			o.Default = restAfter(line, ti+2)
		}
		if o.Default == "<empty>" {
			o.Default = ""
		}
		return o, nil
	}
	var haveMin, haveMax bool
	for i := 0; i < len(rest); i++ {
		if i+1 >= len(rest) {
			return o, syntaxError(line, "option %s: %q wants a value", o.Name, rest[i])
		}
		v := rest[i+1]
		switch rest[i] {
		case "default":
			o.Default = v
		case "min", "max":
			n, err := strconv.Atoi(v)
			if err != nil {
				return o, syntaxError(line, "option %s: %s %q is not a whole number", o.Name, rest[i], v)
			}
			if rest[i] == "min" {
				o.Min, haveMin = n, true
			} else {
				o.Max, haveMax = n, true
			}
		case "var":
			o.Vars = append(o.Vars, v)
		default:
			return o, syntaxError(line, "option %s: unexpected %q", o.Name, rest[i])
		}
		i++
	}
	if o.Type == Spin && (!haveMin || !haveMax || o.Min > o.Max) {
		return o, syntaxError(line, "option %s: a spin wants min ≤ max", o.Name)
	}
	return o, nil
}

// FormatSetOption writes "setoption name NAME value VALUE" (no value part
// for a button, whose value is empty).
func FormatSetOption(name, value string) string {
	if value == "" {
		return "setoption name " + name
	}
	return "setoption name " + name + " value " + value
}

// ParseSetOption reads a setoption line into the option's name and value.
func ParseSetOption(line string) (name, value string, err error) {
	f := fields(line)
	if len(f) < 3 || f[0] != "setoption" || f[1] != "name" {
		return "", "", syntaxError(line, "want setoption name NAME [value VALUE]")
	}
	vi := len(f)
	for i := 2; i < len(f); i++ {
		if f[i] == "value" {
			vi = i
			break
		}
	}
	if vi == 2 {
		return "", "", syntaxError(line, "setoption without a name")
	}
	name = strings.Join(f[2:vi], " ")
	if vi < len(f) {
		value = restAfter(line, vi)
	}
	return name, value, nil
}

// ---- id, gameover ----

// ParseID reads "id name X" or "id author X".
func ParseID(line string) (key, value string, err error) {
	f := fields(line)
	if len(f) < 2 || f[0] != "id" || (f[1] != "name" && f[1] != "author") {
		return "", "", syntaxError(line, "want id name or id author")
	}
	return f[1], restAfter(line, 1), nil
}

// FormatGameOver writes "gameover win|lose|draw" for the side c, given
// how the game ended.
func FormatGameOver(r game.Result, c game.Color) string {
	switch w, ok := r.Winner(); {
	case ok && w == c:
		return "gameover win"
	case ok:
		return "gameover lose"
	}
	return "gameover draw"
}
