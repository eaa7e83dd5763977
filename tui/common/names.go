package common

import (
	"shogi/app/settings"
	"shogi/game/match"
)

// HumanNames gives the people among players their names from the
// settings: rows says which of the new-game form's rows (player 1 or 2)
// each colour's player came from.
func HumanNames(st *settings.Settings, players [2]match.Spec, names [2]string, rows [2]int) [2]string {
	for c, p := range players {
		if p.Kind == match.HumanKind && names[c] == "" {
			if rows[c] == 0 {
				names[c] = st.Names.Player1
			} else {
				names[c] = st.Names.Player2
			}
		}
	}
	return names
}
