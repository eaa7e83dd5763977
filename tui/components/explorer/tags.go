package explorer

import (
	"fmt"
	"strings"

	"shogi/app/words"
	"shogi/game"
	"shogi/game/opening"
	"shogi/kifu"
)

// TagLine is the study header's line of openings and castles: each
// side's, as game/opening names them from the record's main line (the
// same tags the games database stores), and the record's own 戦型 header
// beside them when it has one; "" when there is neither. marks are the
// sides' marks (▲ △, or B: W: in ASCII).
//
//	戦型: ▲四間飛車 美濃囲い  △居飛車 舟囲い  (棋譜: 四間飛車)
func TagLine(r *kifu.Record, l words.Lang, marks [2]string) string {
	if r == nil {
		return ""
	}
	w := words.ExplorerWordsFor(l)
	tags := opening.Tag(r.Start, r.MainMoves())
	var parts []string
	for c := game.Black; c <= game.White; c++ {
		t := tags[c]
		if s := strings.TrimSpace(t.Opening + " " + t.Castle); s != "" {
			parts = append(parts, marks[c]+s)
		}
	}
	if v, ok := r.Lookup(kifu.KeyOpening); ok && strings.TrimSpace(v) != "" {
		parts = append(parts, "("+fmt.Sprintf(w.RecordOpening, strings.TrimSpace(v))+")")
	}
	if len(parts) == 0 {
		return ""
	}
	return w.Opening + ": " + strings.Join(parts, "  ")
}
