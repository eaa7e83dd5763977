package kifu

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"

	"shogi/game"
)

// JKF (JSON Kifu Format): {"header": {...}, "initial": {"preset": "KY"} or
// {"preset": "OTHER", "data": {board, color, hands}}, "moves": [{comments},
// {move, time, comments, forks}, …, {special}]}. moves[0] holds the comment
// before the first move; forks on moves[i] are alternatives to it.

type jkfRecord struct {
	Header  jkfHeader   `json:"header"`
	Initial *jkfInitial `json:"initial,omitempty"`
	Moves   []jkfMove   `json:"moves"`
}

// jkfHeader keeps the header object's keys in file order.
type jkfHeader []Header

func (h *jkfHeader) UnmarshalJSON(data []byte) error {
	d := json.NewDecoder(bytes.NewReader(data))
	tok, err := d.Token()
	if err != nil {
		return err
	}
	if tok == nil {
		return nil
	}
	if delim, ok := tok.(json.Delim); !ok || delim != '{' {
		return errors.New("header is not an object")
	}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return err
		}
		var v any
		if err := d.Decode(&v); err != nil {
			return err
		}
		var s string
		switch x := v.(type) {
		case string:
			s = x
		case nil:
		default:
			b, _ := json.Marshal(x)
			s = string(b)
		}
		*h = append(*h, Header{k.(string), s})
	}
	return nil
}

func (h jkfHeader) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, x := range h {
		if i > 0 {
			b.WriteByte(',')
		}
		k, _ := json.Marshal(x.Key)
		v, _ := json.Marshal(x.Value)
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

type jkfInitial struct {
	Preset string   `json:"preset"`
	Data   *jkfData `json:"data,omitempty"`
}

type jkfData struct {
	Board [9][9]jkfPiece    `json:"board"`
	Color int               `json:"color"`
	Hands [2]map[string]int `json:"hands"`
}

type jkfPiece struct {
	Color *int   `json:"color,omitempty"`
	Kind  string `json:"kind,omitempty"`
}

type jkfMove struct {
	Comments []string     `json:"comments,omitempty"`
	Move     *jkfMoveData `json:"move,omitempty"`
	Time     *jkfTime     `json:"time,omitempty"`
	Special  string       `json:"special,omitempty"`
	Forks    [][]jkfMove  `json:"forks,omitempty"`
}

type jkfMoveData struct {
	Color    int       `json:"color"`
	From     *jkfPlace `json:"from,omitempty"`
	To       *jkfPlace `json:"to,omitempty"`
	Piece    string    `json:"piece"`
	Same     bool      `json:"same,omitempty"`
	Promote  *bool     `json:"promote,omitempty"`
	Capture  string    `json:"capture,omitempty"`
	Relative string    `json:"relative,omitempty"`
}

type jkfPlace struct {
	X int `json:"x"`
	Y int `json:"y"`
}

type jkfTime struct {
	Now   jkfClock `json:"now"`
	Total jkfClock `json:"total"`
}

type jkfClock struct {
	H *float64 `json:"h,omitempty"`
	M float64  `json:"m"`
	S float64  `json:"s"`
}

func (c jkfClock) duration() time.Duration {
	h := 0.0
	if c.H != nil {
		h = *c.H
	}
	secs := h*3600 + c.M*60 + c.S
	if secs < 0 || secs > 1e9 || math.IsNaN(secs) {
		return 0
	}
	return time.Duration(math.Round(secs)) * time.Second
}

// jkfPresets maps JKF's preset names to handicaps' Japanese names.
var jkfPresets = map[string]string{
	"HIRATE": "平手", "KY": "香落ち", "KY_R": "右香落ち", "KA": "角落ち", "HI": "飛車落ち", "HIKY": "飛香落ち",
	"2": "二枚落ち", "3": "三枚落ち", "4": "四枚落ち", "5": "五枚落ち", "5_L": "左五枚落ち", "6": "六枚落ち",
	"7_L": "左七枚落ち", "7_R": "右七枚落ち", "8": "八枚落ち", "10": "十枚落ち",
}

// jsonLine turns a byte offset into a line number.
func jsonLine(text string, off int64) int {
	if off < 0 || off > int64(len(text)) {
		return 0
	}
	return 1 + strings.Count(text[:off], "\n")
}

func readJKF(text string) (*Record, error) {
	var j jkfRecord
	if err := json.Unmarshal([]byte(text), &j); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, &ParseError{Line: jsonLine(text, se.Offset), Err: fmt.Errorf("JKF: %v", err)}
		case errors.As(err, &te):
			return nil, &ParseError{Line: jsonLine(text, te.Offset), Err: fmt.Errorf("JKF: %v", err)}
		}
		return nil, &ParseError{Line: 1 + strings.Count(text, "\n"), Err: fmt.Errorf("JKF: %v", err)}
	}
	r := NewRecord(game.StartPosition())
	handicapHeader := ""
	for _, h := range j.Header {
		if h.Key == "手合割" {
			handicapHeader = strings.Trim(h.Value, " 　")
			continue
		}
		r.Headers = append(r.Headers, h)
	}
	start, err := j.start(handicapHeader)
	if err != nil {
		return nil, &ParseError{Err: fmt.Errorf("JKF initial: %v", err)}
	}
	r.Start = start
	r.nameStart()
	if _, known := findHandicap(handicapHeader); r.Handicap == "" && handicapHeader != "" && !known {
		r.Handicap = handicapHeader // a name of the writer's own for a set-up position
	}
	r.warnStart()
	if len(j.Moves) > 0 {
		r.Root.SetComment(strings.Join(j.Moves[0].Comments, "\n"))
		if j.Moves[0].Move != nil || j.Moves[0].Special != "" {
			return nil, &ParseError{Err: errors.New("JKF: moves[0] holds the start's comments, not a move")}
		}
	}
	b := newBuilder(r)
	lines := moveLines(text)
	if len(j.Moves) > 1 {
		if err := readJKFLine(b, j.Moves[1:], "moves", 1, lines); err != nil {
			return r, err
		}
	}
	return r, b.finish()
}

// moveLines finds the line on which each element of the top-level moves
// array starts, so errors can say where (forks take their move's line).
func moveLines(text string) []int {
	d := json.NewDecoder(strings.NewReader(text))
	if tok, err := d.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var raw json.RawMessage
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil
		}
		if k != "moves" {
			if d.Decode(&raw) != nil {
				return nil
			}
			continue
		}
		if tok, err := d.Token(); err != nil || tok != json.Delim('[') {
			return nil
		}
		var out []int
		line, last := 1, int64(0) // counted as we go: the array may be long
		for d.More() {
			off := d.InputOffset()
			for off < int64(len(text)) && strings.IndexByte(" \t\r\n,", text[off]) >= 0 {
				off++
			}
			if off > int64(len(text)) {
				return out
			}
			line += strings.Count(text[last:off], "\n")
			last = off
			out = append(out, line)
			if d.Decode(&raw) != nil {
				return out
			}
		}
		return out
	}
	return nil
}

// start returns the position initial describes.
func (j *jkfRecord) start(handicapHeader string) (game.Position, error) {
	if j.Initial == nil {
		if handicapHeader != "" {
			h, ok := findHandicap(handicapHeader)
			if !ok {
				return game.Position{}, fmt.Errorf("unknown 手合割 %q and no initial position", handicapHeader)
			}
			return h.Position(), nil
		}
		return game.StartPosition(), nil
	}
	if j.Initial.Preset != "OTHER" && j.Initial.Preset != "" {
		name, ok := jkfPresets[j.Initial.Preset]
		if !ok {
			return game.Position{}, fmt.Errorf("unknown preset %q", j.Initial.Preset)
		}
		h, _ := findHandicap(name)
		return h.Position(), nil
	}
	d := j.Initial.Data
	if d == nil {
		return game.Position{}, errors.New("preset OTHER without data")
	}
	p := game.EmptyPosition()
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			c := d.Board[x][y]
			if c.Kind == "" {
				continue
			}
			t := game.PieceTypeFromCSA(c.Kind)
			if t == game.NoPieceType || c.Color == nil || *c.Color < 0 || *c.Color > 1 {
				return game.Position{}, fmt.Errorf("board[%d][%d]: bad piece %+v", x, y, c)
			}
			p.Put(game.NewSquare(x+1, y+1), game.NewPiece(game.Color(*c.Color), t))
		}
	}
	for c := 0; c < 2; c++ {
		for k, n := range d.Hands[c] {
			t := game.PieceTypeFromCSA(k)
			if t == game.NoPieceType || t.IsPromoted() || t == game.King || n < 0 || n > 18 {
				return game.Position{}, fmt.Errorf("hands[%d]: bad entry %q: %d", c, k, n)
			}
			p.SetHand(game.Color(c), t, n)
		}
	}
	if d.Color < 0 || d.Color > 1 {
		return game.Position{}, fmt.Errorf("bad color %d", d.Color)
	}
	p.SetSideToMove(game.Color(d.Color))
	return p, nil
}

// readJKFLine reads moves (the first at ply first) onto the builder's
// current line, then each fork.
func readJKFLine(b *builder, moves []jkfMove, path string, first int, lines []int) error {
	type fork struct {
		ply   int
		moves []jkfMove
		path  string
		line  int
	}
	var forks []fork
	for i, jm := range moves {
		where := fmt.Sprintf("%s[%d]", path, i+first)
		if lines != nil && i+first < len(lines) {
			b.line = lines[i+first]
		}
		if jm.Move == nil && jm.Special == "" {
			if len(jm.Comments) > 0 {
				b.cur.addComment(strings.Join(jm.Comments, "\n"))
			}
			continue
		}
		ply := b.cur.Ply + 1
		var n *Node
		if jm.Special != "" {
			e, w := endingFromCSA(jm.Special, b.position().SideToMove())
			if e == OtherEnding {
				// Not a JKF special: maybe a Japanese word (不戦敗 …).
				if e2, w2 := endingFromKIF(jm.Special, b.position().SideToMove()); e2 != NoEnding {
					e, w = e2, w2
				}
			}
			nn, err := b.end(e, w)
			if err != nil {
				return fmt.Errorf("%s: %w", where, err)
			}
			n = nn
		} else {
			if err := b.canMove(); err != nil {
				return err
			}
			m, err := jkfToMove(b.position(), jm.Move, b.prev())
			if err != nil {
				return &ParseError{Line: b.line, Ply: ply, Err: fmt.Errorf("%s: %v", where, err)}
			}
			if err := b.play(m); err != nil {
				return err
			}
			if b.pendingErr != nil {
				b.pendingErr.Err = fmt.Errorf("%s: %w", where, b.pendingErr.Err)
				continue
			}
			n = b.cur
		}
		if jm.Time != nil {
			n.Elapsed, n.Total, n.HasTime = jm.Time.Now.duration(), jm.Time.Total.duration(), true
		}
		if len(jm.Comments) > 0 {
			n.SetComment(strings.Join(jm.Comments, "\n"))
		}
		for k, f := range jm.Forks {
			forks = append(forks, fork{ply, f, fmt.Sprintf("%s.forks[%d]", where, k), b.line})
		}
	}
	if err := b.settle(); err != nil {
		return err
	}
	// Forks are alternatives to the move they hang on. Going back to a
	// branch point only works along the line just read, so the latest
	// plies come first, and forks of one move in their order.
	sort.SliceStable(forks, func(i, j int) bool { return forks[i].ply > forks[j].ply })
	for _, f := range forks {
		if err := b.branch(f.ply); err != nil {
			return err
		}
		b.line = f.line
		if err := readJKFLine(b, f.moves, f.path, 0, nil); err != nil {
			return err
		}
	}
	return nil
}

// jkfToMove builds a move from JKF's description of it.
func jkfToMove(p *game.Position, d *jkfMoveData, prev game.Move) (game.Move, error) {
	if d.Color != int(p.SideToMove()) {
		return game.NoMove, fmt.Errorf("a move for color %d, but %s is to move", d.Color, p.SideToMove().Japanese())
	}
	var to game.Square
	switch {
	case d.To != nil:
		to = game.NewSquare(d.To.X, d.To.Y)
	case d.Same && prev != game.NoMove:
		to = prev.To()
	}
	if !to.Valid() {
		return game.NoMove, errors.New("no valid destination")
	}
	t := game.PieceTypeFromCSA(d.Piece)
	if t == game.NoPieceType {
		return game.NoMove, fmt.Errorf("bad piece %q", d.Piece)
	}
	if d.From == nil {
		if t.IsPromoted() || t == game.King {
			return game.NoMove, fmt.Errorf("cannot drop %s", d.Piece)
		}
		return game.NewDrop(game.NewPiece(p.SideToMove(), t), to), nil
	}
	from := game.NewSquare(d.From.X, d.From.Y)
	if !from.Valid() {
		return game.NoMove, fmt.Errorf("bad origin %+v", *d.From)
	}
	pc := p.At(from)
	if pc == game.NoPiece {
		return game.NoMove, fmt.Errorf("no piece on %d%d", from.File(), from.Rank())
	}
	if pc.Type() != t {
		return game.NoMove, fmt.Errorf("the piece on %d%d is %s, not %s", from.File(), from.Rank(), pc.Type().CSA(), d.Piece)
	}
	return p.NewMove(from, to, d.Promote != nil && *d.Promote), nil
}

// writeJKF writes r as JKF.
func writeJKF(b *strings.Builder, r *Record) error {
	j := jkfRecord{Header: jkfHeader{}}
	for _, h := range r.Headers {
		k, _ := translate(h.Key, jpHeaders)
		j.Header = append(j.Header, Header{k, h.Value})
	}
	j.Initial = jkfInitialOf(&r.Start)
	if name := customHandicap(r); name != "" {
		j.Header = append(j.Header, Header{"手合割", name})
	}
	root := jkfMove{}
	if r.Root.Comment() != "" {
		root.Comments = strings.Split(r.Root.Comment(), "\n")
	}
	j.Moves = []jkfMove{root}
	if r.Root.FirstChild() != nil {
		j.Moves = append(j.Moves, jkfLine(r.Root.FirstChild(), r.Start)...)
	}
	data, err := json.Marshal(&j)
	if err != nil {
		return err
	}
	b.Write(data)
	b.WriteByte('\n')
	return nil
}

// jkfInitialOf writes a preset for a handicap every program knows, else
// OTHER with the position.
func jkfInitialOf(p *game.Position) *jkfInitial {
	if h, ok := game.HandicapBySFEN(p); ok && wellKnown[h.Japanese] {
		for k, v := range jkfPresets {
			if v == h.Japanese {
				return &jkfInitial{Preset: k}
			}
		}
	}
	d := &jkfData{Color: int(p.SideToMove())}
	for x := 0; x < 9; x++ {
		for y := 0; y < 9; y++ {
			pc := p.At(game.NewSquare(x+1, y+1))
			if pc != game.NoPiece {
				c := int(pc.Color())
				d.Board[x][y] = jkfPiece{Color: &c, Kind: pc.Type().CSA()}
			}
		}
	}
	for c := 0; c < 2; c++ {
		d.Hands[c] = map[string]int{}
		for _, t := range game.HandTypes {
			d.Hands[c][t.CSA()] = p.Hand(game.Color(c), t)
		}
	}
	return &jkfInitial{Preset: "OTHER", Data: d}
}

// jkfLine writes the line that starts with first and follows each node's
// first child, with forks for the other children.
func jkfLine(first *Node, pos game.Position) []jkfMove {
	var out []jkfMove
	prev := lastMove(first.Parent)
	for n := first; ; n = n.FirstChild() {
		var jm jkfMove
		if n.Ending != NoEnding {
			jm.Special = csaWord(n, pos.SideToMove())
			switch {
			case n.Ending == OtherEnding && n.Word() != "":
				jm.Special = n.Word()
			case n.Ending == Forfeit:
				jm.Special = kifWord(n) // JKF has no special for it
			}
		} else {
			m := n.Move
			d := &jkfMoveData{Color: int(m.Color()), To: &jkfPlace{m.To().File(), m.To().Rank()}, Piece: m.Piece().Type().CSA()}
			if !m.IsDrop() {
				d.From = &jkfPlace{m.From().File(), m.From().Rank()}
				if game.CanPromoteMove(m.Color(), m.Piece().Type(), m.From(), m.To()) {
					v := m.IsPromotion()
					d.Promote = &v
				}
			}
			if m.Captured() != game.NoPiece {
				d.Capture = m.Captured().Type().CSA()
			}
			if prev != game.NoMove && prev.To() == m.To() {
				d.Same = true
			}
			jm.Move = d
		}
		if n.HasTime {
			e := float64(Seconds(n.Elapsed))
			t := float64(Seconds(n.Total))
			h := math.Floor(t / 3600)
			jm.Time = &jkfTime{
				Now:   jkfClock{M: math.Floor(e / 60), S: math.Mod(e, 60)},
				Total: jkfClock{H: &h, M: math.Floor(math.Mod(t, 3600) / 60), S: math.Mod(t, 60)},
			}
		}
		if c := commentFor(n, JKF, func() game.Position { return playSafe(&pos, n.Move) }); c != "" {
			jm.Comments = strings.Split(c, "\n")
		}
		if n.Index() == 0 {
			for alt := n.NextSibling(); alt != nil; alt = alt.NextSibling() {
				jm.Forks = append(jm.Forks, jkfLine(alt, pos))
			}
		}
		out = append(out, jm)
		if n.IsMove() {
			prev = n.Move
			pos = playSafe(&pos, n.Move)
		}
		if n.FirstChild() == nil {
			break
		}
	}
	return out
}
