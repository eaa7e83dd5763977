package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"shogi/game"
	"shogi/game/notation"
)

// csa: positions from the games shogi match wrote (--out FILE.csa), in
// the form play writes, so that the games of test matches between
// versions of the engine feed the fit too. A move's score is the
// floodgate comment after it ('** SCORE PV, from Black's side), which
// shogi match writes from the engine that played it; positions before a
// move with no such comment (the opening) are skipped, and so are those
// play would skip (in check, a capture or promotion played, a mate or a
// score of 3000 or more). Games lost on time or by a foul are skipped.
// With -player NAME only the positions where the side to move is the
// player whose name (the N+ or N- line) contains NAME are kept: the
// positions another engine scored, to measure how far our evaluation is
// from that engine's.

func runCSA(args []string) error {
	fs := flag.NewFlagSet("csa", flag.ContinueOnError)
	out := fs.String("o", "", "output file (default standard output)")
	first := fs.Int("first", 1000000, "number the games from this")
	player := fs.String("player", "", "keep only the positions where this player (part of its name) is to move")
	if err := fs.Parse(args); err != nil {
		return err
	}
	w := io.Writer(os.Stdout)
	if *out != "" {
		f, err := os.Create(*out)
		if err != nil {
			return err
		}
		defer f.Close()
		w = f
	}
	bw := bufio.NewWriter(w)
	defer bw.Flush()
	n := *first
	for _, name := range fs.Args() {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		err = readCSAGames(f, *player, func(lines []string) {
			for _, l := range lines {
				fmt.Fprintf(bw, "%s\t%d\n", l, n)
			}
			n++
		})
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	fmt.Fprintf(os.Stderr, "%d games\n", n-*first)
	return nil
}

// csaGame is one game being read.
type csaGame struct {
	pos    game.Position
	prev   game.Move
	recs   []record
	last   record // the position before the move just read, awaiting its comment
	quiet  bool   // that move can be a sample
	scored bool   // the move just read has had its comment
	ended  bool
	winner int // 0 Black, 1 White, -1 draw or unknown
}

// readCSAGames reads a file of games separated by "/" and calls emit with
// each finished game's lines (SFEN, score, result); with player not empty,
// only the lines where the side to move's name contains it.
func readCSAGames(r io.Reader, player string, emit func([]string)) error {
	sc := bufio.NewScanner(r)
	var g *csaGame
	var names [2]string // the players, from the N+ and N- lines before PI
	finish := func() {
		if g == nil || !g.ended || g.winner < 0 && len(g.recs) == 0 {
			g = nil
			return
		}
		lines := make([]string, 0, len(g.recs))
		for _, rc := range g.recs {
			res := "0.5"
			if g.winner >= 0 {
				res = "0"
				if game.Color(g.winner) == rc.side {
					res = "1"
				}
			}
			lines = append(lines, rc.sfen+"\t"+strconv.Itoa(rc.score)+"\t"+res)
		}
		emit(lines)
		g = nil
	}
	line := 0
	for sc.Scan() {
		line++
		t := strings.TrimSpace(sc.Text())
		switch {
		case t == "/":
			finish()
			names = [2]string{}
		case strings.HasPrefix(t, "N+"):
			names[game.Black] = t[2:]
		case strings.HasPrefix(t, "N-"):
			names[game.White] = t[2:]
		case t == "PI":
			g = &csaGame{pos: game.StartPosition(), prev: game.NoMove, winner: -1}
		case g == nil || g.ended || t == "":
		case t == "+" || t == "-":
			if t == "-" {
				g.pos.SetSideToMove(game.White)
			}
		case (t[0] == '+' || t[0] == '-') && len(t) == 7:
			p := g.pos
			m, err := notation.Parse(&p, t, notation.CSA, g.prev)
			if err != nil {
				return fmt.Errorf("line %d: %v", line, err)
			}
			g.last = record{sfen: p.SFEN(), side: p.SideToMove()}
			g.scored = false
			g.quiet = !p.InCheck() && m.Captured() == game.NoPiece && !m.IsPromotion()
			g.pos, g.prev = p.Play(m), m
		case strings.HasPrefix(t, "'** "):
			if g.last.sfen == "" || g.scored {
				break
			}
			g.scored = true
			f := strings.Fields(t[4:])
			v, err := strconv.Atoi(f[0])
			if err != nil {
				return fmt.Errorf("line %d: %v", line, err)
			}
			if g.last.side == game.White {
				v = -v
			}
			if g.quiet && abs(v) < 3000 && strings.Contains(names[g.last.side], player) {
				g.last.score = v
				g.recs = append(g.recs, g.last)
			}
		case t[0] == '%':
			g.ended = true
			side := int(g.pos.SideToMove())
			switch t {
			case "%TSUMI", "%TORYO":
				g.winner = 1 - side // the side to move lost
			case "%KACHI":
				g.winner = side
			case "%TIME_UP", "%ILLEGAL_MOVE", "%CHUDAN":
				g.recs = nil // the result says nothing of the positions
			}
		}
	}
	finish()
	if err := sc.Err(); err != nil {
		return err
	}
	return nil
}
