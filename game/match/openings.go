package match

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"

	"shogi/game"
	"shogi/game/usi"
)

// ReadOpenings reads a file of start positions: SFEN lines (with or
// without "sfen", "position", "moves …") and "startpos moves …" lines.
// Blank lines and lines starting with # are skipped.
func ReadOpenings(path string) ([]Opening, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Opening
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		cmd := line
		if f := usi.Command(line); f != "position" && f != "startpos" && f != "sfen" {
			cmd = "sfen " + line
		}
		start, moves, err := usi.ParsePosition(cmd)
		if err != nil {
			var se *usi.SyntaxError
			if errors.As(err, &se) {
				err = errors.New(se.Msg)
			}
			return nil, fmt.Errorf("%s:%d: %v", path, n, err)
		}
		g := game.NewGame(start)
		for _, m := range moves {
			g.Play(m)
		}
		if g.Result().Over() {
			return nil, fmt.Errorf("%s:%d: the game is already over there (%v)", path, n, g.Result())
		}
		out = append(out, Opening{Start: start, Moves: moves})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("%s: no positions in it", path)
	}
	return out, nil
}
