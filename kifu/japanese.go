package kifu

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"shogi/game"
)

// What KIF and KI2 share: headers, 手合割, and the board diagram (BOD) that
// gives a start position.

var (
	fullDigits = []string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	kanjiDigit = []string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// digitValue reads one file or rank digit: ASCII, full-width or kanji.
// It returns the value and the byte length, or 0.
func digitValue(s string) (int, int) {
	if s == "" {
		return 0, 0
	}
	if c := s[0]; c >= '1' && c <= '9' {
		return int(c - '0'), 1
	}
	r, size := utf8.DecodeRuneInString(s)
	switch {
	case r >= '１' && r <= '９':
		return int(r-'１') + 1, size
	}
	switch r {
	case '一':
		return 1, size
	case '二':
		return 2, size
	case '三':
		return 3, size
	case '四':
		return 4, size
	case '五':
		return 5, size
	case '六':
		return 6, size
	case '七':
		return 7, size
	case '八':
		return 8, size
	case '九':
		return 9, size
	}
	return 0, 0
}

// kanjiCount reads a hand count: 二, 十, 十八, or digits; "" is one.
func kanjiCount(s string) (int, bool) {
	if s == "" {
		return 1, true
	}
	if n, err := strconv.Atoi(toHalfWidth(s)); err == nil {
		return n, n >= 0
	}
	n := 0
	if rest, ok := strings.CutPrefix(s, "十"); ok {
		n, s = 10, rest
		if s == "" {
			return n, true
		}
	}
	d, size := digitValue(s)
	if d == 0 || size != len(s) {
		return 0, false
	}
	return n + d, true
}

// toHalfWidth turns full-width digits and letters into ASCII.
func toHalfWidth(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r >= '！' && r <= '～' }) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r >= '！' && r <= '～' {
			r = r - '！' + '!'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// kanjiNumber writes a hand count as KIF does: 二 … 九, 十, 十一 … 十八.
func kanjiNumber(n int) string {
	switch {
	case n <= 9:
		return kanjiDigit[n]
	case n == 10:
		return "十"
	case n < 20:
		return "十" + kanjiDigit[n-10]
	}
	return strconv.Itoa(n)
}

// pieceNames maps every name a Japanese record uses to a piece type.
var pieceNames = map[string]game.PieceType{
	"歩": game.Pawn, "香": game.Lance, "桂": game.Knight, "銀": game.Silver, "金": game.Gold,
	"角": game.Bishop, "飛": game.Rook, "玉": game.King, "王": game.King,
	"と": game.ProPawn, "成香": game.ProLance, "杏": game.ProLance, "成桂": game.ProKnight, "圭": game.ProKnight,
	"成銀": game.ProSilver, "全": game.ProSilver, "馬": game.Horse, "龍": game.Dragon, "竜": game.Dragon,
}

// boardGlyph is the one-character name a board diagram uses.
var boardGlyph = [game.NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"}

// jpStart collects the lines of a KIF/KI2 header that give the start
// position: 手合割, the board diagram, the hands and the side to move.
type jpStart struct {
	handicap     string
	handicapLine int
	rows         int
	board        game.Position
	boardLine    int
	hands        [2]string
	hasHands     [2]bool
	side         game.Color
	hasSide      bool
}

// headerLine handles a key：value line of a Japanese header. It reports
// whether the key was about the start position.
func (s *jpStart) headerLine(key, value string, line int) (bool, error) {
	switch key {
	case "手合割":
		s.handicap, s.handicapLine = value, line
	case "先手の持駒", "下手の持駒":
		s.hands[game.Black], s.hasHands[game.Black] = value, true
	case "後手の持駒", "上手の持駒":
		s.hands[game.White], s.hasHands[game.White] = value, true
	case "手数":
		// 手数＝N in some diagrams: the moves are numbered from 1 anyway.
	default:
		return false, nil
	}
	return true, nil
}

// sideLine handles 先手番 / 後手番 (上手番 / 下手番).
func (s *jpStart) sideLine(text string) bool {
	switch strings.TrimSpace(text) {
	case "先手番", "下手番":
		s.side, s.hasSide = game.Black, true
	case "後手番", "上手番":
		s.side, s.hasSide = game.White, true
	default:
		return false
	}
	return true
}

// boardLine reads one line of a diagram: the file numbers, a frame, or a
// row `| ・v香 …|一`. It reports whether the line belongs to a diagram.
func (s *jpStart) boardRow(text string, line int) (bool, error) {
	t := strings.TrimRight(text, " 　")
	switch {
	case strings.HasPrefix(t, "+") && strings.Trim(t, "+-") == "":
		return true, nil
	case strings.HasPrefix(strings.TrimLeft(t, " "), "９") && strings.Contains(t, "１"):
		return true, nil
	case !strings.HasPrefix(t, "|"):
		return false, nil
	}
	if s.rows == 0 {
		s.board = game.EmptyPosition()
		s.boardLine = line
	}
	if s.rows >= 9 {
		return true, &ParseError{Line: line, Err: errors.New("board diagram has more than nine rows")}
	}
	rank := s.rows + 1
	body := t[1:]
	if i := strings.LastIndex(body, "|"); i >= 0 {
		body = body[:i]
	}
	file := 9
	for body != "" && file >= 1 {
		r, size := utf8.DecodeRuneInString(body)
		color := game.Black
		switch r {
		case ' ', '^', '+':
			body = body[size:]
		case 'v', 'V':
			color = game.White
			body = body[size:]
		case '　':
			// A full-width space in place of ' ' and the piece: an empty square.
			body = body[size:]
			file--
			continue
		}
		r, size = utf8.DecodeRuneInString(body)
		name := string(r)
		body = body[size:]
		if name == "・" || name == " " {
			file--
			continue
		}
		t, ok := pieceNames[name]
		if !ok {
			return true, &ParseError{Line: line, Err: fmt.Errorf("board diagram: %q is not a piece", name)}
		}
		s.board.Put(game.NewSquare(file, rank), game.NewPiece(color, t))
		file--
	}
	if file != 0 || strings.TrimSpace(body) != "" {
		return true, &ParseError{Line: line, Err: fmt.Errorf("board diagram row %d does not have nine squares", rank)}
	}
	s.rows++
	return true, nil
}

// parseHand reads `角　金三　銀二` or `なし` into c's hand of p.
func parseHand(p *game.Position, c game.Color, text string, line int) error {
	text = strings.TrimSpace(strings.Trim(text, " 　"))
	if text == "" || text == "なし" || text == "残り全部" {
		return nil // 残り全部 (every other piece) is filled in by build
	}
	for _, f := range strings.FieldsFunc(text, func(r rune) bool { return r == ' ' || r == '　' || r == '、' || r == ',' }) {
		r, size := utf8.DecodeRuneInString(f)
		t, ok := pieceNames[string(r)]
		if !ok || t > game.King || t == game.King {
			return &ParseError{Line: line, Err: fmt.Errorf("pieces in hand: %q is not a piece that can be held", f)}
		}
		n, ok := kanjiCount(f[size:])
		if !ok || n > 18 {
			return &ParseError{Line: line, Err: fmt.Errorf("pieces in hand: bad count in %q", f)}
		}
		p.SetHand(c, t, p.Hand(c, t)+n)
	}
	return nil
}

// build returns the start position the header described and the
// handicap's name, or an error naming an unknown 手合割.
func (s *jpStart) build(warn func(string)) (game.Position, string, error) {
	name := strings.Trim(s.handicap, " 　")
	if s.rows > 0 {
		if s.rows != 9 {
			return game.Position{}, "", &ParseError{Line: s.boardLine, Err: fmt.Errorf("board diagram has %d rows, want 9", s.rows)}
		}
		p := s.board
		for c := game.Black; c <= game.White; c++ {
			if err := parseHand(&p, c, s.hands[c], s.boardLine); err != nil {
				return game.Position{}, "", err
			}
		}
		if s.hasSide {
			p.SetSideToMove(s.side)
		}
		for c := game.Black; c <= game.White; c++ {
			if strings.Trim(s.hands[c], " 　") == "残り全部" {
				game.GiveRest(&p, c)
			}
		}
		p.SetMoveNumber(1)
		hname := ""
		if h, ok := game.HandicapBySFEN(&p); ok {
			hname = h.Japanese
		} else if _, known := findHandicap(name); !known {
			hname = name // a name of the writer's own for a set-up position (その他, 詰将棋 …)
		}
		return p, hname, nil
	}
	if name == "" {
		return game.StartPosition(), "平手", nil
	}
	h, ok := findHandicap(name)
	if !ok {
		return game.Position{}, "", &ParseError{Line: s.handicapLine, Err: fmt.Errorf("unknown 手合割 %q and no board diagram: cannot tell the start position", name)}
	}
	p := h.Position()
	for c := game.Black; c <= game.White; c++ {
		if s.hasHands[c] {
			if err := parseHand(&p, c, s.hands[c], s.handicapLine); err != nil {
				return game.Position{}, "", err
			}
		}
	}
	if s.hasSide {
		p.SetSideToMove(s.side)
	}
	if h.Setup {
		warn(fmt.Sprintf("手合割 %s without a board diagram: the start is %s", name, h.Name))
	}
	return p, h.Japanese, nil
}

// wellKnown are the handicaps every program reads by name alone.
var wellKnown = map[string]bool{"平手": true, "香落ち": true, "右香落ち": true, "角落ち": true, "飛車落ち": true,
	"飛香落ち": true, "二枚落ち": true, "四枚落ち": true, "六枚落ち": true, "八枚落ち": true, "十枚落ち": true}

// writeStart writes 手合割 and, unless the start is a handicap every program
// knows by name, the board diagram.
func writeStart(b *strings.Builder, r *Record) {
	h, named := game.HandicapBySFEN(&r.Start)
	if named && wellKnown[h.Japanese] {
		writeHandicapLine(b, h.Japanese)
		return
	}
	switch {
	case named && h.Key != "empty":
		writeHandicapLine(b, h.Japanese)
	case !named && customHandicap(r) != "":
		writeHandicapLine(b, customHandicap(r))
	}
	writeBOD(b, &r.Start)
}

// writeHandicapLine writes `手合割：name` (without fmt, which allocates).
func writeHandicapLine(b *strings.Builder, name string) {
	b.WriteString("手合割：")
	b.WriteString(name)
	b.WriteByte('\n')
}

// writeBOD writes a board diagram with both hands and the side to move.
func writeBOD(b *strings.Builder, p *game.Position) {
	fmt.Fprintf(b, "後手の持駒：%s\n", handText(p, game.White))
	b.WriteString("  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n")
	for rank := 1; rank <= 9; rank++ {
		b.WriteByte('|')
		for file := 9; file >= 1; file-- {
			pc := p.At(game.NewSquare(file, rank))
			switch {
			case pc == game.NoPiece:
				b.WriteString(" ・")
			case pc.Color() == game.White:
				b.WriteString("v" + boardGlyph[pc.Type()])
			default:
				b.WriteString(" " + boardGlyph[pc.Type()])
			}
		}
		fmt.Fprintf(b, "|%s\n", kanjiDigit[rank])
	}
	b.WriteString("+---------------------------+\n")
	fmt.Fprintf(b, "先手の持駒：%s\n", handText(p, game.Black))
	if p.SideToMove() == game.White {
		b.WriteString("後手番\n")
	} else {
		b.WriteString("先手番\n")
	}
}

func handText(p *game.Position, c game.Color) string {
	var parts []string
	for _, t := range game.HandTypes {
		n := p.Hand(c, t)
		if n == 0 {
			continue
		}
		s := t.Kanji()
		if n > 1 {
			s += kanjiNumber(n)
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "なし"
	}
	return strings.Join(parts, "　") + "　"
}

// splitHeader splits `key：value` (or `key:value`). ok is false for a
// line that is not a header.
func splitHeader(text string) (key, value string, ok bool) {
	i := strings.Index(text, "：")
	size := len("：")
	if j := strings.IndexByte(text, ':'); j >= 0 && (i < 0 || j < i) {
		i, size = j, 1
	}
	if i <= 0 {
		return "", "", false
	}
	key = strings.Trim(text[:i], " 　\t\r")
	if key == "" {
		return "", "", false
	}
	return key, strings.Trim(text[i+size:], " 　\t\r"), true
}
