package csa

import (
	"strconv"
	"strings"

	"shogi/game"
	"shogi/game/engine"
	"shogi/game/notation"
)

// Message is one line from the server, as ParseLine reads it.
type Message interface{ message() }

// The lines a server sends outside a game summary.
type (
	// Blank is an empty line: a keep-alive, or the server's answer to one.
	Blank struct{}
	// LoginOK is "LOGIN:<name> OK".
	LoginOK struct{ Name string }
	// LoginIncorrect is "LOGIN:incorrect": the name or password was refused.
	LoginIncorrect struct{}
	// LogoutCompleted is "LOGOUT:completed".
	LogoutCompleted struct{}
	// SummaryBegin is "BEGIN Game_Summary"; the summary's lines follow.
	SummaryBegin struct{}
	// Start is "START:<game id>": both sides agreed and the game begins.
	Start struct{ GameID string }
	// Reject is "REJECT:<game id> by <name>": the game will not be played.
	Reject struct{ GameID, By string }
	// Move is a move as the server confirms it, "+7776FU,T12": the text,
	// the time the server charged in its time units (when given), and a
	// comment some servers pass on.
	Move struct {
		Text    string
		Time    int
		HasTime bool
		Comment string
	}
	// Special is a special move the server announces before a result,
	// "%TORYO" or "%KACHI" (some servers add ",T<time>").
	Special struct {
		Word    string // TORYO, KACHI, CHUDAN, …
		Time    int
		HasTime bool
	}
	// ResultLine is one of the # lines that end a game: a reason
	// (#TIME_UP) or an outcome (#WIN).
	ResultLine struct {
		Reason  Reason
		Outcome Outcome
	}
	// X1 is a reply of the extended mode, "##[LIST] game-id": its tag and
	// the rest of the line.
	X1 struct{ Tag, Text string }
)

func (Blank) message()           {}
func (LoginOK) message()         {}
func (LoginIncorrect) message()  {}
func (LogoutCompleted) message() {}
func (SummaryBegin) message()    {}
func (Start) message()           {}
func (Reject) message()          {}
func (Move) message()            {}
func (Special) message()         {}
func (ResultLine) message()      {}
func (X1) message()              {}

// ParseLine reads one line from the server (without its line feed; a
// carriage return before it is dropped). A line that is not the protocol
// is a *SyntaxError.
func ParseLine(line string) (Message, error) {
	line = strings.TrimSuffix(line, "\r")
	switch {
	case strings.TrimSpace(line) == "":
		return Blank{}, nil
	case line == "LOGIN:incorrect":
		return LoginIncorrect{}, nil
	case strings.HasPrefix(line, "LOGIN:"):
		name, ok := strings.CutSuffix(line[len("LOGIN:"):], " OK")
		if !ok || name == "" || strings.ContainsAny(name, " \t") {
			return nil, syntaxError(line, "a login answer is LOGIN:<name> OK or LOGIN:incorrect")
		}
		return LoginOK{Name: name}, nil
	case line == "LOGOUT:completed":
		return LogoutCompleted{}, nil
	case line == "BEGIN Game_Summary":
		return SummaryBegin{}, nil
	case strings.HasPrefix(line, "START:"):
		id := line[len("START:"):]
		if !goodToken(id) {
			return nil, syntaxError(line, "START wants a game id")
		}
		return Start{GameID: id}, nil
	case strings.HasPrefix(line, "REJECT:"):
		id, by, _ := strings.Cut(line[len("REJECT:"):], " by ")
		if !goodToken(id) {
			return nil, syntaxError(line, "REJECT wants a game id")
		}
		return Reject{GameID: id, By: by}, nil
	case strings.HasPrefix(line, "##["):
		tag, text, ok := strings.Cut(line[3:], "]")
		if !ok || tag == "" {
			return nil, syntaxError(line, "an x1 reply is ##[TAG] text")
		}
		return X1{Tag: tag, Text: strings.TrimPrefix(text, " ")}, nil
	case line[0] == '#':
		return parseResult(line)
	case line[0] == '%':
		return parseSpecial(line)
	case line[0] == '+' || line[0] == '-':
		return parseMove(line)
	}
	return nil, syntaxError(line, "not a line of the CSA protocol")
}

// goodToken reports whether s is one word of printable ASCII, as game ids
// and names are.
func goodToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] > '~' {
			return false
		}
	}
	return true
}

var (
	reasonOf  = map[string]Reason{}
	outcomeOf = map[string]Outcome{"WIN": Win, "LOSE": Lose, "DRAW": Draw, "CENSORED": Censored}
)

func init() {
	for r, w := range reasonWords {
		if w != "" {
			reasonOf[w] = Reason(r)
		}
	}
}

func parseResult(line string) (Message, error) {
	w := line[1:]
	if r, ok := reasonOf[w]; ok {
		return ResultLine{Reason: r}, nil
	}
	if o, ok := outcomeOf[w]; ok {
		return ResultLine{Outcome: o}, nil
	}
	return nil, syntaxError(line, "not a result the protocol knows (#RESIGN … #WIN #LOSE #DRAW #CENSORED)")
}

func parseSpecial(line string) (Message, error) {
	word, rest, _ := strings.Cut(line[1:], ",")
	if word == "" || strings.TrimLeft(word, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") != "" {
		return nil, syntaxError(line, "a special move is %%WORD, as %%TORYO")
	}
	s := Special{Word: word}
	if rest != "" {
		t, ok := parseTime(rest)
		if !ok {
			return nil, syntaxError(line, "after a special move only a time T<n> may come")
		}
		s.Time, s.HasTime = t, true
	}
	return s, nil
}

// parseTime reads "T12".
func parseTime(s string) (int, bool) {
	d, ok := strings.CutPrefix(s, "T")
	if !ok || d == "" || len(d) > 9 {
		return 0, false
	}
	n, err := strconv.Atoi(d)
	if err != nil || n < 0 || d[0] == '+' || d[0] == '-' {
		return 0, false
	}
	return n, true
}

func parseMove(line string) (Message, error) {
	text, rest, _ := strings.Cut(line, ",")
	if !moveShape(text) {
		return nil, syntaxError(line, "a move is a sign, four digits and a piece, as +7776FU")
	}
	m := Move{Text: text}
	for rest != "" {
		var part string
		if strings.HasPrefix(rest, "'") {
			m.Comment, rest = rest[1:], "" // a comment runs to the end of the line
			break
		}
		part, rest, _ = strings.Cut(rest, ",")
		t, ok := parseTime(part)
		if !ok || m.HasTime {
			return nil, syntaxError(line, "after a move come its time T<n> and a comment ',…'")
		}
		m.Time, m.HasTime = t, true
	}
	return m, nil
}

// moveShape reports whether s looks like a CSA move: +7776FU.
func moveShape(s string) bool {
	if len(s) != 7 || (s[0] != '+' && s[0] != '-') {
		return false
	}
	for i := 1; i < 5; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return game.PieceTypeFromCSA(s[5:7]) != game.NoPieceType
}

// ReadMove reads a move's text against the position it is played in. The
// sign must be the side to move's and the move legal.
func ReadMove(p *game.Position, text string) (game.Move, error) {
	if !moveShape(text) {
		return game.NoMove, syntaxError(text, "a move is a sign, four digits and a piece, as +7776FU")
	}
	if (text[0] == '-') != (p.SideToMove() == game.White) {
		return game.NoMove, syntaxError(text, "it is %s's turn", p.SideToMove())
	}
	return notation.Parse(p, text, notation.CSA, game.NoMove)
}

// FormatMove writes a move as the protocol sends it: +7776FU. The move
// need not be legal: a move an engine got wrong is sent as it is, for the
// server to judge.
func FormatMove(m game.Move) string {
	return notation.Format(nil, m, notation.CSA, game.NoMove)
}

// Comment writes an engine's view of the position after its move as
// floodgate keeps it: "* SCORE PV", the score in centipawns from Black's
// side (a mate in n plies ±(32000−n), one of unknown length ±30000), then
// the line it expects, as far as it is legal from after. Sent after a move
// (",'* 52 -3334FU"), the server writes it to its record as "'** 52 -3334FU".
func Comment(score int, pv []game.Move, after game.Position) string {
	var b strings.Builder
	b.WriteString("* ")
	b.WriteString(strconv.Itoa(score))
	for _, m := range pv {
		if !after.IsLegal(m) {
			break
		}
		b.WriteByte(' ')
		b.WriteString(FormatMove(m))
		after = after.Play(m)
	}
	return b.String()
}

// MateScore is floodgate's number for a mate: ±(32000 − plies), ±30000
// for a mate of unknown length; plies > 0 means Black mates.
func MateScore(plies int) int {
	sign := 1
	if plies < 0 {
		sign, plies = -1, -plies
	}
	if plies >= engine.MateUnknown {
		return sign * 30000
	}
	return sign * (32000 - plies)
}

// EngineComment turns a mover's last engine report into the comment sent
// with its move, or "" when the report says nothing about the move (no
// score, or a PV that does not start with it). before is the position
// the move was played in.
func EngineComment(info *engine.Info, m game.Move, before game.Position) string {
	if info == nil || !info.HasScore {
		return ""
	}
	pv := info.PV
	if len(pv) > 0 {
		if pv[0] != m {
			return ""
		}
		pv = pv[1:]
	}
	sign := 1
	if m.Color() == game.White {
		sign = -1
	}
	score := sign * info.Score.Value
	if info.Score.Mate {
		v := info.Score.Value
		if v == 0 {
			v = -1 // "mate 0": the side to move is mated now
		}
		score = MateScore(sign * v)
	}
	if !before.IsLegal(m) {
		return ""
	}
	return Comment(score, pv, before.Play(m))
}
