package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"shogi/game"
	"shogi/game/bot/internal/eval"
)

// show: a weights file in brief, as README.md's table shows it: each
// kind's value on the board (the own-king table's mean over the king's
// home squares), in hand by count, the danger curve, mobility, threats,
// the entering king and tempo.

func runShow(args []string) error {
	fs := flag.NewFlagSet("show", flag.ContinueOnError)
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
	w, err := eval.Decode(b)
	if err != nil {
		return err
	}
	kinds := make([]string, eval.NumKinds)
	for i, t := range eval.KindTypes {
		kinds[i] = t.Kanji()
	}
	fmt.Println("kind:", strings.Join(kinds, " "))
	// Board value: the mean over every square where the kind can stand,
	// with the king on 5i, 6h, 7h, 8h (castles) and 5i's mirror images.
	var board []string
	for k := range eval.NumKinds {
		sum, n := 0, 0
		for _, ks := range []string{"5i", "6h", "7h", "8h", "2h", "3h", "4h"} {
			sq, _ := game.ParseSquare(ks)
			ki, mir := kingIndexOf(int(sq))
			for s := range game.NumSquares {
				if s/9 < 3 && (k == 0 || k == 1 || k == 2) {
					continue // the far ranks, where these cannot stand or seldom do
				}
				v := s
				if mir {
					v = s - s%9 + 8 - s%9
				}
				sum += int(w[eval.OffOwn+(ki*eval.NumKinds+k)*81+v]) + int(w[eval.OffEnemy+(kingIdxHome*eval.NumKinds+k)*81+v])
				n++
			}
		}
		board = append(board, fmt.Sprint(sum/n))
	}
	fmt.Println("board:", strings.Join(board, " "))
	for h := range 7 {
		var vals []string
		for c := 1; c <= []int{18, 4, 4, 4, 4, 2, 2}[h]; c++ {
			vals = append(vals, fmt.Sprint(w[eval.OffHand+h*19+c]))
		}
		fmt.Printf("hand %s: %s\n", eval.KindTypes[h].Kanji(), strings.Join(vals, " "))
	}
	var d []string
	for u := 0; u <= 40; u += 2 {
		d = append(d, fmt.Sprint(w[eval.OffDanger+u]))
	}
	fmt.Println("danger (units 0, 2, … 40):", strings.Join(d, " "))
	for i, name := range []string{"香", "角", "飛", "馬", "龍"} {
		var m []string
		for c := 0; c <= 20; c += 2 {
			m = append(m, fmt.Sprint(w[eval.OffMob+i*21+c]))
		}
		fmt.Printf("mobility %s (0, 2, … 20): %s\n", name, strings.Join(m, " "))
	}
	var kr []string
	for ki := range eval.NumKingSquares {
		kr = append(kr, fmt.Sprint(w[eval.OffKing+ki]))
	}
	fmt.Println("king squares (rank 1–9 × file 1–5):", strings.Join(kr, " "))
	for tm := range 2 {
		var th []string
		for k := range eval.NumKinds {
			th = append(th, fmt.Sprintf("%d/%d", w[eval.OffThreat+(tm*eval.NumKinds+k)*2], w[eval.OffThreat+(tm*eval.NumKinds+k)*2+1]))
		}
		fmt.Printf("attacked, undefended/defended, %s: %s\n", []string{"not to move", "to move"}[tm], strings.Join(th, " "))
	}
	fmt.Printf("entered king: %d, per piece in camp %d; tempo %d\n", w[eval.OffEntered], w[eval.OffEntered+1], w[eval.OffTempo])
	return nil
}

// kingIdxHome is the enemy king's index on its own 5a, seen from Black.
var kingIdxHome, _ = kingIndexOf(4)

func kingIndexOf(k int) (int, bool) {
	mir := false
	if k%9 < 4 {
		k, mir = k-k%9+8-k%9, true
	}
	return k/9*5 + 8 - k%9, mir
}
