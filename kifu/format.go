package kifu

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"shogi/game"
	"shogi/game/notation"
)

// Format is a record file format.
type Format int

const (
	Unknown Format = iota
	KIF
	KI2
	CSA
	USI  // position startpos moves … / position sfen … moves …
	SFEN // one position (writing: the final position of the main line)
	JKF
	Western
)

var formatNames = [...]string{"unknown", "kif", "ki2", "csa", "usi", "sfen", "jkf", "western"}

func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return fmt.Sprintf("format(%d)", int(f))
}

// ParseFormat reads a format name: kif, ki2, csa, usi, sfen, jkf, western
// (also kifu, ki2u, json, psn).
func ParseFormat(s string) (Format, error) {
	switch strings.ToLower(strings.TrimPrefix(strings.TrimSpace(s), ".")) {
	case "kif", "kifu":
		return KIF, nil
	case "ki2", "ki2u":
		return KI2, nil
	case "csa":
		return CSA, nil
	case "usi":
		return USI, nil
	case "sfen":
		return SFEN, nil
	case "jkf", "json":
		return JKF, nil
	case "western", "psn", "txt":
		return Western, nil
	}
	return Unknown, fmt.Errorf("unknown format %q (want kif, ki2, csa, usi, sfen, jkf or western)", s)
}

// FormatOfPath returns the format a file name's extension says, or Unknown.
func FormatOfPath(path string) Format {
	f, err := ParseFormat(filepath.Ext(path))
	if err != nil || filepath.Ext(path) == "" {
		return Unknown
	}
	return f
}

// EncodingOfPath returns the encoding a file of that name is written in by
// the usual convention: Shift_JIS for .kif and .ki2, UTF-8 for everything
// else (.kifu, .ki2u, .csa, .jkf …).
func EncodingOfPath(path string) Encoding {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".kif", ".ki2":
		return ShiftJIS
	}
	return UTF8
}

// Detect guesses the format of decoded text from its content alone.
func Detect(text string) Format {
	f, _ := detect(text)
	return f
}

// detect is Detect that also says whether the content decided: a file of
// Japanese headers alone is KIF or KI2 by its name.
func detect(text string) (Format, bool) {
	t := strings.TrimLeft(text, " \t\r\n\ufeff")
	if strings.HasPrefix(t, "{") {
		return JKF, true
	}
	first, _, _ := strings.Cut(t, "\n")
	first = strings.TrimSpace(first)
	for _, p := range []string{"position ", "sfen ", "startpos"} {
		if strings.HasPrefix(first, p) {
			return USI, true
		}
	}
	if strings.Count(strings.Fields(first + " x")[0], "/") == 8 {
		return USI, true
	}
	kifMoves, ki2Moves, summary, headers, csa, western := 0, 0, 0, 0, 0, 0
	s := scanner{text: t}
	for s.next() && s.line < 400 {
		l := strings.TrimLeft(s.cur, " 　")
		if l == "" {
			continue
		}
		switch {
		case strings.HasPrefix(l, "[") && strings.HasSuffix(strings.TrimSpace(l), "\"]"):
			western += 100 // a tag: no other format has such lines
		case numberDot(l) || strings.HasPrefix(l, "{"):
			western++
		case strings.HasPrefix(l, "手数"):
			kifMoves += 3
		case l[0] >= '0' && l[0] <= '9':
			kifMoves++
		case strings.HasPrefix(l, "▲") || strings.HasPrefix(l, "△") || strings.HasPrefix(l, "☗") || strings.HasPrefix(l, "☖"):
			ki2Moves++
		case strings.HasPrefix(l, "まで"):
			summary++
		case csaLine(l):
			csa++
		case strings.Contains(l, "：") || strings.HasPrefix(l, "|") || strings.HasPrefix(l, "変化"):
			headers++ // KIF and KI2 share headers, diagrams and branch lines
		}
	}
	japanese := kifMoves + ki2Moves + headers
	switch {
	case western > 0 && western >= csa+japanese:
		return Western, true
	case csa > japanese:
		return CSA, true
	case ki2Moves > 0 && ki2Moves*3 >= kifMoves:
		return KI2, true
	case kifMoves > 0:
		return KIF, true
	case summary > 0:
		return KI2, true // a KI2 record whose only line is its ending
	case headers > 0:
		return KIF, false
	}
	return Unknown, false
}

// numberDot reports whether l starts with a move number and a dot: 12.
func numberDot(l string) bool {
	i := 0
	for i < len(l) && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	return i > 0 && i < len(l) && l[i] == '.'
}

// csaLine reports whether l looks like a CSA statement.
func csaLine(l string) bool {
	switch {
	case strings.HasPrefix(l, "V2"), strings.HasPrefix(l, "N+"), strings.HasPrefix(l, "N-"),
		strings.HasPrefix(l, "PI"), strings.HasPrefix(l, "P+"), strings.HasPrefix(l, "P-"),
		strings.HasPrefix(l, "$"), strings.HasPrefix(l, "%"), strings.HasPrefix(l, "'"):
		return true
	case len(l) >= 2 && l[0] == 'P' && l[1] >= '1' && l[1] <= '9':
		return true
	case len(l) >= 7 && (l[0] == '+' || l[0] == '-') && l[1] >= '0' && l[1] <= '9':
		return true
	case l == "+" || l == "-" || l == "/":
		return true
	case len(l) >= 2 && l[0] == 'T' && l[1] >= '0' && l[1] <= '9':
		return true
	}
	return false
}

// Read reads a record of any format: by content first, then by the
// extension of name (which may be empty). See ReadFormat for what comes
// back on an error.
func Read(data []byte, name string) (*Record, error) {
	return ReadFormat(data, name, Unknown)
}

// ReadFormat reads a record in format f (Unknown: detect it). Errors are
// *ParseError with the file name and line.
//
// A record that breaks off — an illegal move the file does not mark as a
// foul, a line that cannot be read after the start position — comes back
// together with the error: the record holds the start and every move up
// to the one before the problem, so a viewer can show that part and say
// where it stopped. When the start position itself cannot be read, the
// record is nil.
func ReadFormat(data []byte, name string, f Format) (*Record, error) {
	text, _, warning, err := Decode(data)
	if err != nil {
		return nil, withFile(err, name)
	}
	if strings.IndexByte(text, '\n') < 0 && strings.IndexByte(text, '\r') >= 0 {
		// Lines broken by CR alone: an old Mac's file, or a terminal's
		// paste piped in (shogi open -).
		text = strings.ReplaceAll(text, "\r", "\n")
	}
	if strings.TrimSpace(text) == "" {
		// Nothing at all is not an empty game: say so whatever the format.
		return nil, withFile(&ParseError{Err: errors.New("empty file: no record in it")}, name)
	}
	guessed := f == Unknown
	if f == Unknown {
		var sure bool
		f, sure = detect(text)
		if byName := FormatOfPath(name); !sure && byName != Unknown {
			f = byName
		}
	}
	var r *Record
	switch f {
	case KIF:
		r, err = readKIF(text)
	case KI2:
		r, err = readKI2(text)
	case CSA:
		r, err = readCSA(text)
	case USI, SFEN:
		r, err = readUSI(text)
	case JKF:
		r, err = readJKF(text)
	case Western:
		r, err = readWestern(text)
	default:
		if strings.TrimSpace(text) == "" {
			err = &ParseError{Err: errors.New("empty file")}
		} else {
			err = &ParseError{Line: 1, Err: errors.New("not a game record in any known format (KIF, KI2, CSA, USI, SFEN, JKF, Western)")}
		}
	}
	if err != nil && guessed {
		// Nothing but moves, in a notation the guessed format does not
		// read (7g7f 3c3d, P-7f …): a game from the even start.
		if ml, ok := readMoveList(text); ok {
			r, err = ml, nil
		}
	}
	if r != nil && warning != "" {
		r.Warnings = append([]string{warning}, r.Warnings...)
	}
	return r, withFile(err, name)
}

// withFile puts the file name into a *ParseError.
func withFile(err error, name string) error {
	if err == nil {
		return nil
	}
	var pe *ParseError
	if errors.As(err, &pe) {
		if pe.File == "" {
			pe.File = name
		}
		return pe
	}
	return &ParseError{File: name, Err: err}
}

// ReadFile reads a record file.
func ReadFile(path string) (*Record, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Read(data, path)
}

// WriteOptions say how to write a record.
type WriteOptions struct {
	Encoding Encoding // KIF and KI2 only; the other formats are always UTF-8
}

// Write writes r in format f. SFEN writes the final position of the main
// line; USI one `position … moves …` line.
func Write(w io.Writer, r *Record, f Format, opts WriteOptions) error {
	data, err := Marshal(r, f, opts)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Marshal returns r written in format f.
func Marshal(r *Record, f Format, opts WriteOptions) ([]byte, error) {
	if f == KIF {
		return marshalKIF(r, opts.Encoding) // straight into bytes in its encoding
	}
	var b strings.Builder
	enc := UTF8
	switch f {
	case KI2:
		enc = opts.Encoding
		writeKI2(&b, r, enc)
	case CSA:
		writeCSA(&b, r)
	case USI:
		writeUSI(&b, r)
	case SFEN:
		p := r.PositionAt(r.lastMainMove())
		b.WriteString(p.SFEN())
		b.WriteByte('\n')
	case JKF:
		if err := writeJKF(&b, r); err != nil {
			return nil, err
		}
	case Western:
		writeWestern(&b, r)
	default:
		return nil, fmt.Errorf("cannot write format %v", f)
	}
	return encode(b.String(), enc)
}

// lastMainMove returns the last node of the main line that is not an
// ending (the root if there are no moves).
func (r *Record) lastMainMove() *Node {
	n := r.Root
	for n.FirstChild() != nil && n.FirstChild().Ending == NoEnding {
		n = n.FirstChild()
	}
	return n
}

// WriteFile writes r to path in the format and encoding its extension
// says (.kif/.ki2 Shift_JIS, .kifu/.ki2u UTF-8, .csa, .jkf, .usi, .sfen,
// .psn/.txt Western). It writes a temporary file and renames it, so a
// failure leaves no partial file.
func WriteFile(path string, r *Record) error {
	f := FormatOfPath(path)
	if f == Unknown {
		return fmt.Errorf("%s: unknown record extension (want .kif, .kifu, .ki2, .ki2u, .csa, .jkf, .usi, .sfen or .psn)", path)
	}
	data, err := Marshal(r, f, WriteOptions{Encoding: EncodingOfPath(path)})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return WriteFileAtomic(path, data)
}

// WriteFileAtomic writes data to a temporary file beside path and renames
// it into place. A new file is an ordinary one (0644); one that is
// replaced keeps its mode.
func WriteFileAtomic(path string, data []byte) error {
	mode := os.FileMode(0o644)
	if fi, err := os.Stat(path); err == nil {
		mode = fi.Mode().Perm()
	}
	return WriteFileMode(path, data, mode)
}

// WriteFileMode is WriteFileAtomic with the file's mode given: the
// temporary file has it before anything is written to it (a private
// file, 0600, is never readable by others, not for a moment).
func WriteFileMode(path string, data []byte, mode os.FileMode) (err error) {
	// Errors name the user's path, not the temporary file's.
	defer func() {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("cannot write %s: %w", path, pe.Err)
		}
	}()
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	err = tmp.Chmod(mode) // CreateTemp makes it 0600
	if err == nil {
		_, err = io.Copy(tmp, bytes.NewReader(data))
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
	}
	return err
}

// readMoveList reads text that is nothing but moves, in any notation the
// notation package reads (7g7f 3c3d, ▲７六歩△３四歩, P-7f P-3d, 76 Fu,
// +7776FU -3334FU, ７六歩(77) …), one after another from the even start,
// with move numbers ("1.", "2", "3...") allowed between them. ok is false
// unless every word reads as the next legal move (a record of any real
// format has words that do not: headers, tags, a position).
func readMoveList(text string) (*Record, bool) {
	text = strings.NewReplacer("同　", "同", "同 ", "同").Replace(strings.TrimPrefix(text, "\ufeff"))
	var words []string
	for _, f := range strings.Fields(text) {
		words = append(words, splitMarks(f)...)
	}
	if len(words) == 0 {
		return nil, false
	}
	r := NewRecord(game.StartPosition())
	n, p, prev := r.Root, game.StartPosition(), game.NoMove
	for i := 0; i < len(words); {
		used := 0
		// The longest run of words that is one move ("76 Fu" is one).
		for k := min(3, len(words)-i); k >= 1 && used == 0; k-- {
			m, err := notation.ParseAny(&p, strings.Join(words[i:i+k], " "), prev)
			if err == nil && p.IsLegal(m) {
				n = r.AddMove(n, m)
				p, prev, used = p.Play(m), m, k
			}
		}
		if used == 0 {
			if !isMoveNumber(words[i]) {
				return nil, false
			}
			used = 1
		}
		i += used
	}
	if n == r.Root {
		return nil, false
	}
	return r, true
}

// isMoveNumber reports whether w is a move number: 12, 12., 12...
func isMoveNumber(w string) bool {
	d := strings.TrimRight(w, ".")
	if d == "" {
		return false
	}
	for _, c := range d {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
