package kept

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// The autosave of older versions of the app was one small text file; the
// Resume list moves it into a kept game (kept.go):
//
//	shogi autosave 1
//	black human
//	white greedy
//	sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//	moves 7g7f 3c3d
const autosaveMagic = "shogi autosave 1"

// loadAutosave reads an old autosave file. It returns (nil, nil) when
// there is none.
func loadAutosave(path string) (*Game, error) {
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	s := &Game{}
	sc := bufio.NewScanner(f)
	line := 0
	var moves []string
	haveStart := false
	have := [2]bool{}
	for sc.Scan() {
		line++
		text := sc.Text()
		if line == 1 {
			if text != autosaveMagic {
				return nil, fmt.Errorf("%s:1: not an autosave file", path)
			}
			continue
		}
		k, v, _ := strings.Cut(text, " ")
		switch k {
		case "black", "white":
			sp, err := match.ParseSpec(v)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
			c := game.Black
			if k == "white" {
				c = game.White
			}
			s.Players[c], have[c] = sp, true
		case "sfen":
			p, err := game.ParseSFEN(v)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: %v", path, line, err)
			}
			s.Start, haveStart = p, true
		case "moves":
			moves = strings.Fields(v)
		case "":
		default:
			return nil, fmt.Errorf("%s:%d: unknown line %q", path, line, k)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s:%d: %v", path, line+1, err)
	}
	if !haveStart || !have[0] || !have[1] {
		return nil, fmt.Errorf("%s: incomplete autosave", path)
	}
	// The moves are replayed as a game, so a file with moves past the
	// game's end (a repetition) is refused here, not when it is resumed.
	g := game.NewGame(s.Start)
	for i, u := range moves {
		if r := g.Result(); r.Over() {
			return nil, fmt.Errorf("%s: move %d %q: the game ended before it (%v)", path, i+1, u, r)
		}
		p := g.Position()
		mv, err := p.ParseUSI(u)
		if err == nil {
			err = g.Play(mv)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: move %d %q: %v", path, i+1, u, err)
		}
	}
	s.Moves = g.Moves()
	return s, nil
}

// migrateAutosave turns the single autosave of older versions into a
// kept game.
func migrateAutosave(stateDir string) error {
	old := filepath.Join(stateDir, "autosave.txt")
	g, err := loadAutosave(old)
	if g == nil && err == nil {
		return nil
	}
	if err != nil {
		return err
	}
	g.Began = time.Now()
	if fi, _ := os.Stat(old); fi != nil {
		g.Began = fi.ModTime()
	}
	g.Saved = g.Began
	g.Notes = make([]match.MoveNote, len(g.Moves))
	if err := Write(NewPath(stateDir, g.Began), *g); err != nil {
		return err
	}
	return os.Remove(old)
}
