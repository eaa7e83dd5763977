package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"shogi/game"
	"shogi/game/bot/internal/eval"
)

// show: a weights file in brief, as docs/builtin-engine.md's table shows it (Markdown),
// the opening's weights or the endgame's.
// The king-relative tables are summed up as means: a kind's value on the
// board is the mean over the squares it can stand on, with its king on a
// castle's square (7h, 8h, 2h, 3h) or at home (5i) and the enemy king at
// home; the bonus beside a king is the mean over the squares next to it
// less that.

var castleSquares = []string{"5i", "7h", "8h", "2h", "3h"}

func runShow(args []string) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
	phase := fs.String("phase", "opening", "which weights: opening or endgame")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return fmt.Errorf("show: name one weights file")
	}
	b, err := os.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	pw, err := eval.Decode(b)
	if err != nil {
		return err
	}
	var ph int
	switch *phase {
	case "opening":
	case "endgame":
		ph = 1
	default:
		return fmt.Errorf("show: -phase %q: want opening or endgame", *phase)
	}
	w := new([eval.NumWeights]int16)
	for i := range pw {
		w[i] = pw[i][ph]
	}
	row := func(name string, cells []string) {
		for len(cells) < eval.NumKinds {
			cells = append(cells, "")
		}
		fmt.Printf("| %s | %s |\n", name, strings.Join(cells, " | "))
	}
	var head []string
	for _, t := range eval.KindTypes {
		head = append(head, t.Kanji())
	}
	fmt.Printf("| term | %s |\n|---|%s\n", strings.Join(head, " | "), strings.Repeat("---|", eval.NumKinds))
	home, _ := game.ParseSquare("5a") // the enemy king, seen from Black
	var board, own, enemy, hand, hanging, hangingToMove []string
	for k := range eval.NumKinds {
		var sum, n, near, nn, att, na int
		for _, ks := range castleSquares {
			sq, _ := game.ParseSquare(ks)
			for s := game.Square(0); s < game.NumSquares; s++ {
				if !canStand(eval.KindTypes[k], s) || s == sq || s == home {
					continue
				}
				v := kp(w, eval.OffOwn, sq, s, k) + kp(w, eval.OffEnemy, home, s, k)
				sum, n = sum+v, n+1
				if chebyshev(s, sq) == 1 {
					near, nn = near+v, nn+1
				}
			}
		}
		for s := game.Square(0); s < game.NumSquares; s++ {
			if canStand(eval.KindTypes[k], s) && chebyshev(s, home) == 1 {
				att, na = att+kp(w, eval.OffEnemy, home, s, k), na+1
			}
		}
		mean := sum / n
		enemyMean := 0
		for s := game.Square(0); s < game.NumSquares; s++ {
			enemyMean += kp(w, eval.OffEnemy, home, s, k)
		}
		enemyMean /= game.NumSquares
		board = append(board, fmt.Sprint(mean))
		own = append(own, fmt.Sprintf("%+d", near/max(nn, 1)-mean))
		enemy = append(enemy, fmt.Sprintf("%+d", att/max(na, 1)-enemyMean))
		if k < 7 {
			var h []string
			for c := 1; c <= min(4, []int{18, 4, 4, 4, 4, 2, 2}[k]); c++ {
				h = append(h, fmt.Sprint(w[eval.OffHand+k*19+c]))
			}
			hand = append(hand, strings.Join(h, " / "))
		}
		hanging = append(hanging, fmt.Sprint(w[eval.OffThreat+(0*eval.NumKinds+k)*2]))
		hangingToMove = append(hangingToMove, fmt.Sprint(w[eval.OffThreat+(1*eval.NumKinds+k)*2]))
	}
	row("on the board (mean over its squares, own king castled or at home)", board)
	row("beside its own king (more than that)", own)
	row("beside the enemy king (more than its mean there)", enemy)
	row("in hand: one / two / three / four", hand)
	row("attacked and undefended, the opponent to move", hanging)
	row("attacked and undefended, its side to move", hangingToMove)
	var mob []string
	for i := range 5 {
		var m []string
		for _, c := range []int{2, 4, 8, 12} {
			m = append(m, fmt.Sprint(w[eval.OffMob+i*21+c]))
		}
		mob = append(mob, strings.Join(m, " / "))
	}
	row("reaching 2 / 4 / 8 / 12 squares (sliders)", []string{"", mob[0], "", "", "", mob[1], mob[2], "", "", "", "", mob[3], mob[4]})
	var d []string
	for _, u := range []int{2, 4, 8, 12, 16, 20, 30} {
		d = append(d, fmt.Sprintf("%d: %d", u, w[eval.OffDanger+u]))
	}
	fmt.Printf("\nking danger by units: %s\n", strings.Join(d, ", "))
	fmt.Printf("entering king: %d, and %d for each own piece in the camp with it; the side to move: %d\n",
		w[eval.OffEntered], w[eval.OffEntered+1], w[eval.OffTempo])
	return nil
}

// kp is the weight of a piece of kind k on s (Black's view) with the king
// on king, in the table at off.
func kp(w *[eval.NumWeights]int16, off int, king, s game.Square, k int) int {
	kv, v := int(king), int(s)
	if kv%9 < 4 {
		kv, v = kv-kv%9+8-kv%9, v-v%9+8-v%9
	}
	ki := kv/9*5 + 8 - kv%9
	return int(w[off+(ki*eval.NumKinds+k)*game.NumSquares+v])
}

// canStand reports whether a Black piece of type t may stand on s.
func canStand(t game.PieceType, s game.Square) bool {
	switch t {
	case game.Pawn, game.Lance:
		return s.Rank() > 1
	case game.Knight:
		return s.Rank() > 2
	}
	return true
}

func chebyshev(a, b game.Square) int {
	dr, dc := int(a)/9-int(b)/9, int(a)%9-int(b)%9
	return max(dr, -dr, dc, -dc)
}
