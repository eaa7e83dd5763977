package notation

import (
	"strings"
	"unicode"

	"shogi/game"
)

// tri is a yes/no that a text may leave unsaid.
type tri int8

const (
	unsaid tri = iota
	yes
	no
)

// spec is what a text says about a move, before the position is consulted.
type spec struct {
	text    string
	style   Style // the style the text is written in, which decides unsaid promotion
	color   int8  // -1 unsaid, else the game.Color a side mark names
	to      game.Square
	same    bool // 同 / Dou / 〃
	piece   game.PieceType
	after   bool // piece is the kind after the move (CSA)
	from    game.Square
	drop    tri
	promote tri
	v       int  // 1 forward (上), -1 back (引), 2 sideways (寄); 0 unsaid
	h       rune // '右', '左', '直' or 0
	arrow   bool // the new method's arrow: ah, av give the direction of travel
	ah, av  int
}

func newSpec(text string) spec {
	return spec{text: text, color: -1, to: game.NoSquare, from: game.NoSquare}
}

// scanner walks the runes of a normalised text.
type scanner struct {
	r []rune
	i int
}

func (s *scanner) eof() bool { return s.i >= len(s.r) }

func (s *scanner) peek() rune {
	if s.i < len(s.r) {
		return s.r[s.i]
	}
	return 0
}

func (s *scanner) peekAt(k int) rune {
	if s.i+k < len(s.r) {
		return s.r[s.i+k]
	}
	return 0
}

func (s *scanner) skipSpace() {
	for s.i < len(s.r) && isSpace(s.r[s.i]) {
		s.i++
	}
}

func (s *scanner) fail(msg string) *SyntaxError {
	return &SyntaxError{Pos: s.i, Incomplete: s.i >= len(s.r), Msg: msg}
}

// end fails unless only spaces remain.
func (s *scanner) end() *SyntaxError {
	s.skipSpace()
	if !s.eof() {
		return s.fail("unexpected text after the move")
	}
	return nil
}

// word matches one of words (lower case ASCII or any runes) at the cursor,
// ignoring ASCII case, longest first; it returns the index in words or -1
// and advances past the match.
func (s *scanner) word(words []string) int {
	best, bestLen := -1, 0
	for wi, w := range words {
		n := 0
		ok := true
		for _, wr := range w {
			if s.i+n >= len(s.r) || lower(s.r[s.i+n]) != wr {
				ok = false
				break
			}
			n++
		}
		if ok && n > bestLen {
			best, bestLen = wi, n
		}
	}
	s.i += bestLen
	return best
}

// lower is unicode.ToLower with fast paths for ASCII and for the kana and
// kanji that make up most of what is scanned (they have no case).
func lower(r rune) rune {
	switch {
	case r >= 'A' && r <= 'Z':
		return r + 'a' - 'A'
	case r < 0x80 || r >= 0x2E80:
		return r
	}
	return unicode.ToLower(r)
}

// wordPrefix reports whether the rest of the text is a proper start of one
// of words, so a half-typed word reads as incomplete rather than wrong.
func (s *scanner) wordPrefix(words []string) bool {
	rest := strings.ToLower(string(s.r[s.i:]))
	if rest == "" {
		return true
	}
	for _, w := range words {
		if len(rest) < len(w) && strings.HasPrefix(w, rest) {
			return true
		}
	}
	return false
}

func isSpace(r rune) bool { return r == ' ' || r == '\t' || r == '\u3000' || r == '\r' || r == '\n' }

// normalize folds full-width ASCII to half-width, one rune for one, so
// positions in errors still point into the text as typed.
func normalize(text string) []rune {
	r := []rune(text)
	for i, c := range r {
		switch {
		case c >= 0xFF01 && c <= 0xFF5E:
			r[i] = c - 0xFEE0
		case c == '\u3000':
			r[i] = ' '
		}
	}
	return r
}

// A grammar reads one family of styles from the scanner's cursor to the end.
type grammar func(s *scanner, sp *spec) *SyntaxError

var grammarOf = map[Style]grammar{
	USI: scanUSI, CSA: scanCSA, KIF: scanJapanese, KI2: scanJapanese,
	Western: scanWestern, Hosking: scanWestern, Romaji: scanRoman, Sassersson: scanRoman,
}

// allGrammars is the order ParseAny tries; the grammars hardly overlap, and
// where they do (USI and Western drops, P*5e) they mean the same move.
var allGrammars = []grammar{scanUSI, scanCSA, scanJapanese, scanWestern, scanRoman}

// scan reads text with the first grammar that takes all of it. Side marks
// (▲△☗☖) and a move number ("12 ", "1.", "1...") may come first; a
// leading number is taken as a move number only if the text does not read
// as a move with it, so "25 Fu" is a pawn to 2五.
func scan(text string, grammars []grammar) (spec, error) {
	r := normalize(text)
	for len(r) > 0 && isSpace(r[len(r)-1]) {
		r = r[:len(r)-1]
	}
	var best *SyntaxError
	try := func(start int) (spec, bool) {
		s := &scanner{r: r, i: start}
		s.skipSpace()
		color := int8(-1)
		switch s.peek() {
		case '▲', '☗':
			color = int8(game.Black)
			s.i++
		case '△', '☖':
			color = int8(game.White)
			s.i++
		}
		s.skipSpace()
		at := s.i
		for _, g := range grammars {
			sp := newSpec(text)
			sp.color = color
			s.i = at
			err := g(s, &sp)
			if err == nil {
				if sp.color >= 0 && color >= 0 && sp.color != color {
					best = &SyntaxError{Pos: at, Msg: "the side mark and the move's sign disagree"}
					continue
				}
				return sp, true
			}
			if best == nil || better(err, best) {
				best = err
			}
		}
		return spec{}, false
	}
	if sp, ok := try(0); ok {
		return sp, nil
	}
	if start, ok := moveNumber(r); ok {
		if sp, ok := try(start); ok {
			return sp, nil
		}
	}
	if best == nil {
		best = &SyntaxError{Incomplete: true, Msg: "empty move"}
	}
	best.Text = text
	return spec{}, best
}

// better prefers an error that says "go on" (the text is a move's start),
// then the one that read furthest.
func better(a, b *SyntaxError) bool {
	if a.Incomplete != b.Incomplete {
		return a.Incomplete
	}
	return a.Pos > b.Pos
}

// moveNumber finds the end of a leading move number: digits followed by
// dots or a space, or dots alone ("... P-3d" is White's move).
func moveNumber(r []rune) (int, bool) {
	i := 0
	for i < len(r) && isSpace(r[i]) {
		i++
	}
	d := i
	for i < len(r) && r[i] >= '0' && r[i] <= '9' {
		i++
	}
	digits := i > d
	dots := 0
	for i < len(r) {
		switch {
		case r[i] == '.' || r[i] == '…':
			dots++
			i++
			continue
		case isSpace(r[i]):
			i++
			continue
		}
		break
	}
	if !digits && dots == 0 {
		return 0, false
	}
	if digits && dots == 0 && (i == len(r) || !isSpace(r[i-1])) {
		return 0, false
	}
	return i, true
}

// ---- squares and digits

// digit reads a file or rank: an ASCII digit 1–9 (full-width already
// folded) or a kanji numeral 一…九.
func digit(r rune) int {
	if r >= '1' && r <= '9' {
		return int(r - '0')
	}
	if i := strings.IndexRune("一二三四五六七八九", r); i >= 0 {
		return i/3 + 1 // each kanji is three bytes
	}
	return 0
}

// squareDigits reads two digits (file, rank) as in 76, ７六, 七六.
func (s *scanner) squareDigits() (game.Square, *SyntaxError) {
	f := digit(s.peek())
	if f == 0 {
		return game.NoSquare, s.fail("want a file digit 1-9")
	}
	s.i++
	rk := digit(s.peek())
	if rk == 0 {
		return game.NoSquare, s.fail("want a rank 1-9")
	}
	s.i++
	return game.NewSquare(f, rk), nil
}

// squareWestern reads a file digit and a rank letter a–i or digit 1–9; it
// reports whether the rank was a digit (Hosking).
func (s *scanner) squareWestern() (game.Square, bool, *SyntaxError) {
	f := digit(s.peek())
	if f == 0 || s.peek() > '9' {
		return game.NoSquare, false, s.fail("want a file digit 1-9")
	}
	s.i++
	c := unicode.ToLower(s.peek())
	switch {
	case c >= 'a' && c <= 'i':
		s.i++
		return game.NewSquare(f, int(c-'a')+1), false, nil
	case c >= '1' && c <= '9':
		s.i++
		return game.NewSquare(f, int(c-'0')), true, nil
	}
	return game.NoSquare, false, s.fail("want a rank a-i or 1-9")
}

// ---- USI: 7g7f, 8h2b+, P*5e

func scanUSI(s *scanner, sp *spec) *SyntaxError {
	sp.style = USI
	if t := usiDropType(s.peek()); t != game.NoPieceType && s.peekAt(1) == '*' {
		s.i += 2
		to, err := s.usiSquare()
		if err != nil {
			return err
		}
		sp.piece, sp.to, sp.drop = t, to, yes
		return s.end()
	}
	from, err := s.usiSquare()
	if err != nil {
		return err
	}
	to, err := s.usiSquare()
	if err != nil {
		return err
	}
	sp.from, sp.to, sp.drop, sp.promote = from, to, no, no
	if s.peek() == '+' {
		s.i++
		sp.promote = yes
	}
	return s.end()
}

func usiDropType(r rune) game.PieceType {
	switch r {
	case 'P':
		return game.Pawn
	case 'L':
		return game.Lance
	case 'N':
		return game.Knight
	case 'S':
		return game.Silver
	case 'G':
		return game.Gold
	case 'B':
		return game.Bishop
	case 'R':
		return game.Rook
	}
	return game.NoPieceType
}

func (s *scanner) usiSquare() (game.Square, *SyntaxError) {
	f := s.peek()
	if f < '1' || f > '9' {
		return game.NoSquare, s.fail("want a file digit 1-9")
	}
	s.i++
	rk := s.peek()
	if rk < 'a' || rk > 'i' {
		return game.NoSquare, s.fail("want a rank letter a-i")
	}
	s.i++
	return game.NewSquare(int(f-'0'), int(rk-'a')+1), nil
}

// ---- CSA: +7776FU, -3334FU, +0055KA

func scanCSA(s *scanner, sp *spec) *SyntaxError {
	sp.style = CSA
	switch s.peek() {
	case '+':
		sp.color = int8(game.Black)
		s.i++
	case '-':
		sp.color = int8(game.White)
		s.i++
	}
	var d [4]int
	for k := range d {
		r := s.peek()
		if r < '0' || r > '9' {
			return s.fail("want four digits: origin (00 for a drop) and destination")
		}
		d[k] = int(r - '0')
		s.i++
	}
	var name [2]rune
	for k := range name {
		r := unicode.ToUpper(s.peek())
		if r < 'A' || r > 'Z' {
			return s.fail("want a two-letter piece name (FU, KY, … RY)")
		}
		name[k] = r
		s.i++
	}
	at := s.i - 2
	t := game.PieceTypeFromCSA(string(name[:]))
	if t == game.NoPieceType {
		s.i = at
		return s.fail("unknown CSA piece name")
	}
	if d[2] == 0 || d[3] == 0 {
		s.i = at - 2
		return s.fail("destination square must be 11-99")
	}
	sp.to, sp.piece, sp.after = game.NewSquare(d[2], d[3]), t, true
	switch {
	case d[0] == 0 && d[1] == 0:
		sp.drop = yes
	case d[0] == 0 || d[1] == 0:
		s.i = at - 4
		return s.fail("origin square must be 11-99, or 00 for a drop")
	default:
		sp.from, sp.drop = game.NewSquare(d[0], d[1]), no
	}
	if s.peek() == ',' && unicode.ToUpper(s.peekAt(1)) == 'T' { // ",T12": the seconds a record spent
		for k := s.i + 2; k <= len(s.r); k++ {
			if k == len(s.r) || s.r[k] < '0' || s.r[k] > '9' {
				s.i = k
				break
			}
		}
	}
	return s.end()
}

// ---- Japanese (KIF and KI2): ７六歩(77), 同　歩, ２二銀左成, ５五角打

var kanjiPieces = []string{"玉", "王", "飛", "龍", "竜", "角", "馬", "金", "銀", "成銀", "全", "桂", "成桂", "圭", "今",
	"香", "成香", "杏", "仝", "歩", "と", "个"}

var kanjiPieceTypes = []game.PieceType{game.King, game.King, game.Rook, game.Dragon, game.Dragon, game.Bishop, game.Horse,
	game.Gold, game.Silver, game.ProSilver, game.ProSilver, game.Knight, game.ProKnight, game.ProKnight, game.ProKnight,
	game.Lance, game.ProLance, game.ProLance, game.ProLance, game.Pawn, game.ProPawn, game.ProPawn}

var kanjiMarks = []string{"右", "左", "直", "上", "行", "入", "引", "寄", "打", "成", "成り", "不成", "不成り", "生"}

func scanJapanese(s *scanner, sp *spec) *SyntaxError {
	sp.style = KI2
	if s.peek() == '同' {
		s.i++
		sp.same = true
		s.skipSpace()
		if digit(s.peek()) != 0 { // 同２二 names the square too
			to, err := s.squareDigits()
			if err != nil {
				return err
			}
			sp.to = to
		}
	} else {
		to, err := s.squareDigits()
		if err != nil {
			return err
		}
		sp.to = to
	}
	s.skipSpace()
	pi := s.word(kanjiPieces)
	if pi < 0 {
		return s.fail("want a piece: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍")
	}
	sp.piece = kanjiPieceTypes[pi]
	for !s.eof() && s.peek() != '(' {
		at := s.i
		k := s.word(kanjiMarks)
		if k < 0 {
			if isSpace(s.peek()) {
				s.i++
				continue
			}
			return s.fail("want 右 左 直 上 引 寄 打 成 不成 or (origin)")
		}
		if err := setJapaneseMark(sp, kanjiMarks[k]); err != "" {
			s.i = at
			return s.fail(err)
		}
	}
	if originStart(s.r[s.i:]) {
		s.i = len(s.r) // "(7": the origin is being typed
		return s.fail("want the origin, as (77)")
	}
	if s.peek() == '(' && s.peekAt(3) == ')' {
		s.i++
		from, err := s.squareDigits()
		if err != nil {
			return err
		}
		if s.peek() != ')' {
			return s.fail("want ) after the origin")
		}
		s.i++
		sp.from, sp.style = from, KIF
		if sp.drop == yes {
			s.i--
			return s.fail("a drop has no origin")
		}
		sp.drop = no
	}
	s.skipKIFTime()
	return s.end()
}

// skipKIFTime passes over the time a KIF move line ends with,
// "( 0:01/00:00:01)", so a line pasted from a record reads as its move.
func (s *scanner) skipKIFTime() {
	s.skipSpace()
	if s.peek() != '(' {
		return
	}
	for k := s.i + 1; k < len(s.r); k++ {
		switch r := s.r[k]; {
		case r == ')':
			s.i = k + 1
			return
		case r >= '0' && r <= '9' || r == ':' || r == '/' || r == ' ':
		default:
			return
		}
	}
}

// setJapaneseMark records one mark (kanji or its romaji reading); it
// returns what is wrong, or "".
func setJapaneseMark(sp *spec, m string) string {
	switch m {
	case "右", "左", "直":
		if sp.h != 0 {
			return "two side marks"
		}
		sp.h = []rune(m)[0]
	case "上", "行", "入", "引", "寄":
		if sp.v != 0 {
			return "two direction marks"
		}
		switch m {
		case "引":
			sp.v = -1
		case "寄":
			sp.v = 2
		default:
			sp.v = 1
		}
	case "打":
		if sp.drop == yes {
			return "打 twice"
		}
		sp.drop = yes
	case "成", "成り":
		if sp.promote != unsaid {
			return "two promotion marks"
		}
		sp.promote = yes
	case "不成", "不成り", "生":
		if sp.promote != unsaid {
			return "two promotion marks"
		}
		sp.promote = no
	}
	return ""
}

// ---- Western (Hodges) and Hosking: P-7f, S7bx8c+, +R-2b, L*5e, P-76, P'22

func scanWestern(s *scanner, sp *spec) *SyntaxError {
	sp.style = Western
	promoted := false
	if s.peek() == '+' {
		promoted = true
		s.i++
	}
	var t game.PieceType
	switch unicode.ToUpper(s.peek()) {
	case 'P':
		t = game.Pawn
	case 'L':
		t = game.Lance
	case 'N':
		t = game.Knight
	case 'S':
		t = game.Silver
	case 'G':
		t = game.Gold
	case 'B':
		t = game.Bishop
	case 'R':
		t = game.Rook
	case 'K':
		t = game.King
	case 'D':
		t = game.Dragon
	case 'H':
		t = game.Horse
	case 'T':
		t = game.ProPawn
	default:
		return s.fail("want a piece letter: P L N S G B R K (+ for promoted)")
	}
	s.i++
	if promoted {
		if !t.CanPromote() {
			s.i--
			return s.fail("this piece has no promoted form")
		}
		t = t.Promote()
	}
	sp.piece = t
	s.skipSpace()
	sep := func() bool {
		switch s.peek() {
		case '-':
			sp.drop = unsaid
		case 'x', 'X', '×':
			sp.drop = no
		case '*', '\'':
			sp.drop = yes
		default:
			return false
		}
		s.i++
		s.skipSpace()
		return true
	}
	numeric := false
	if !sep() {
		a, num, err := s.squareWestern()
		if err != nil {
			return err
		}
		s.skipSpace()
		switch {
		case sep():
			sp.from = a
		case digit(s.peek()) != 0 && s.peek() <= '9':
			sp.from = a
		default:
			sp.to, numeric = a, num
		}
	}
	if sp.to == game.NoSquare {
		to, num, err := s.squareWestern()
		if err != nil {
			return err
		}
		sp.to, numeric = to, num
	}
	if sp.from != game.NoSquare && sp.drop == yes {
		return s.fail("a drop has no origin")
	}
	if sp.from != game.NoSquare {
		sp.drop = no
	}
	switch s.peek() {
	case '+':
		sp.promote = yes
		s.i++
	case '=':
		sp.promote = no
		s.i++
	}
	if numeric {
		sp.style = Hosking
	}
	return s.end()
}

// ---- romaji and the new method: 76 Fu, 33 Gin Hidari Agaru Narazu,
// Dou Gin Nari, 22gin↗+, 〃gin, 22gin□

// romanPieces are the romaji names (the 1996 letter's, with common
// variants), the new method's abbreviations, and the English names the
// letter uses to show how long a spelled-out move gets.
var romanPieces = []string{"gyoku", "gy", "ou", "oh", "o", "hisha", "hi", "ryu", "ryuu", "ryuo", "kaku", "kk", "uma",
	"kin", "gin", "narigin", "+gin", "kei", "keima", "narikei", "+kei", "kyo", "kyou", "kyosha", "narikyo", "narikyou", "+kyo",
	"fu", "fuhyo", "tokin", "to", "+fu",
	"king", "rook", "dragon", "bishop", "horse", "gold", "silver", "promoted silver", "knight", "promoted knight",
	"lance", "promoted lance", "pawn", "promoted pawn"}

var romanPieceTypes = []game.PieceType{game.King, game.King, game.King, game.King, game.King, game.Rook, game.Rook,
	game.Dragon, game.Dragon, game.Dragon, game.Bishop, game.Bishop, game.Horse,
	game.Gold, game.Silver, game.ProSilver, game.ProSilver, game.Knight, game.Knight, game.ProKnight, game.ProKnight,
	game.Lance, game.Lance, game.Lance, game.ProLance, game.ProLance, game.ProLance,
	game.Pawn, game.Pawn, game.ProPawn, game.ProPawn, game.ProPawn,
	game.King, game.Rook, game.Dragon, game.Bishop, game.Horse, game.Gold, game.Silver, game.ProSilver, game.Knight, game.ProKnight,
	game.Lance, game.ProLance, game.Pawn, game.ProPawn}

var romanMarks = []string{"migi", "hidari", "sugu", "choku", "agaru", "yuku", "iku", "hairu", "hiku", "yoru", "utsu",
	"nari", "narazu", "↑", "↓", "←", "→", "↗", "↖", "↘", "↙", "□", "+", "=",
	"right", "left", "straight", "forward", "up", "sideways", "side", "back", "down", "drop", "drops",
	"promote", "promotes", "doesn't promote", "does not promote", "don't promote", "not promote"}

var romanMarkKanji = map[string]string{"migi": "右", "hidari": "左", "sugu": "直", "choku": "直", "agaru": "上",
	"yuku": "行", "iku": "行", "hairu": "入", "hiku": "引", "yoru": "寄", "utsu": "打", "nari": "成", "narazu": "不成",
	"□": "打", "+": "成", "=": "不成",
	"right": "右", "left": "左", "straight": "直", "forward": "上", "up": "上", "sideways": "寄", "side": "寄",
	"back": "引", "down": "引", "drop": "打", "drops": "打", "promote": "成", "promotes": "成",
	"doesn't promote": "不成", "does not promote": "不成", "don't promote": "不成", "not promote": "不成"}

// spokenDigits are the numbers as the letter says a square aloud:
// Nana Roku Fu is 76 Fu (yon and nana, not shi and shichi, but both read).
var spokenDigits = []string{"ichi", "ni", "san", "yon", "shi", "go", "roku", "nana", "shichi", "hachi", "kyu", "kyuu", "ku"}
var spokenValues = []int{1, 2, 3, 4, 4, 5, 6, 7, 7, 8, 9, 9, 9}

// arrows maps the new method's arrows to a direction of travel (h, v) as
// the mover sees it.
var arrows = map[string][2]int{"↑": {0, 1}, "↓": {0, -1}, "←": {-1, 0}, "→": {1, 0},
	"↗": {1, 1}, "↖": {-1, 1}, "↘": {1, -1}, "↙": {-1, -1}}

func scanRoman(s *scanner, sp *spec) *SyntaxError {
	sp.style = Romaji
	newMethod := false
	switch {
	case s.peek() == '〃':
		s.i++
		sp.same, newMethod = true, true
	case digit(s.peek()) != 0 && s.peek() <= '9':
		to, err := s.squareDigits()
		if err != nil {
			return err
		}
		sp.to = to
	case s.spokenSquare(sp):
	default:
		if s.word([]string{"dou", "do"}) < 0 {
			if s.wordPrefix([]string{"dou"}) {
				s.i = len(s.r)
			}
			return s.fail("want a square (two digits), Dou or 〃")
		}
		sp.same = true
	}
	spaced := isSpace(s.peek())
	s.skipSpace()
	pieceAt := s.i
	pi := s.word(romanPieces)
	if pi < 0 {
		if s.wordPrefix(romanPieces) {
			s.i = len(s.r)
		}
		return s.fail("want a piece: Fu Kyo Kei Gin Kin Kaku Hi Gyoku Tokin NariKyo NariKei NariGin Uma Ryu")
	}
	sp.piece = romanPieceTypes[pi]
	// The new method writes its lower-case abbreviation right after the
	// square; romaji writes a capitalised word after a space.
	if romanPieces[pi][0] == '+' || romanPieces[pi] == "gy" || romanPieces[pi] == "kk" ||
		(!spaced && unicode.IsLower(s.r[pieceAt])) {
		newMethod = true
	}
	for {
		s.skipSpace()
		if s.eof() {
			break
		}
		at := s.i
		k := s.word(romanMarks)
		if k < 0 {
			if s.wordPrefix(romanMarks) {
				s.i = len(s.r)
			}
			return s.fail("want Migi Hidari Sugu Agaru Hiku Yoru Utsu Nari Narazu, an arrow, □, + or =")
		}
		w := romanMarks[k]
		if a, ok := arrows[w]; ok {
			if sp.arrow {
				s.i = at
				return s.fail("two arrows")
			}
			sp.arrow, sp.ah, sp.av = true, a[0], a[1]
			newMethod = true
			continue
		}
		if w == "□" || w == "+" || w == "=" {
			newMethod = true
		}
		if err := setJapaneseMark(sp, romanMarkKanji[w]); err != "" {
			s.i = at
			return s.fail(err)
		}
	}
	if newMethod {
		sp.style = Sassersson
	}
	return nil
}

// spokenSquare reads a square said aloud, "Nana Roku", if the text starts
// with one.
func (s *scanner) spokenSquare(sp *spec) bool {
	at := s.i
	f := s.word(spokenDigits)
	if f < 0 {
		return false
	}
	s.skipSpace()
	r := s.word(spokenDigits)
	if r < 0 {
		s.i = at
		return false
	}
	sp.to = game.NewSquare(spokenValues[f], spokenValues[r])
	return true
}

// originStart reports whether rest is "(", "(7" or "(77": a KIF origin
// still being typed.
func originStart(rest []rune) bool {
	if len(rest) == 0 || len(rest) > 3 || rest[0] != '(' {
		return false
	}
	for _, r := range rest[1:] {
		if digit(r) == 0 {
			return false
		}
	}
	return true
}
