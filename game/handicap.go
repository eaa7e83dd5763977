package game

import (
	"slices"
	"strings"
	"sync"
)

// Handicap is a named start position. In a handicap game the player
// giving the handicap (上手, uwate) takes White and moves first. Left and
// right are from that player's seat, so 右香落ち removes the lance on 9a.
type Handicap struct {
	Key      string // short key for the command line: "2p"
	Name     string // English: "2-piece"
	Japanese string // 二枚落ち, as written in KIF 手合割
	SFEN     string
	Aliases  []string // other names that find it
	// Setup marks a start that is no game's: one to edit or solve from
	// (the tsume start, the empty board). Playable says the opposite.
	Setup bool
}

// Playable reports whether a game is played from h (see Setup).
func (h Handicap) Playable() bool { return !h.Setup }

// CheckPlayable is nil for a handicap a game is played from, else a
// *HandicapError.
func (h Handicap) CheckPlayable() error {
	if h.Setup {
		return &HandicapError{Handicap: h}
	}
	return nil
}

// PlayableHandicaps are the handicaps games are played from, in the
// table's order: every one but the set-ups.
func PlayableHandicaps() []Handicap {
	var out []Handicap
	for _, h := range handicaps {
		if h.Playable() {
			out = append(out, h)
		}
	}
	return out
}

// handicaps is the table of start positions: the even game, every standard
// handicap in the order of the pieces it takes away (fewest first), the
// common amateur ones, and two set-ups that are not games
// (the tsume start and the empty board, both with Black to move).
var handicaps = []Handicap{
	{"even", "even", "平手", StartSFEN, []string{"none", "hirate", "standard"}, false},
	{"lance", "lance", "香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"l", "left-lance", "kyo"}, false},
	{"right-lance", "right lance", "右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"rl"}, false},
	{"bishop", "bishop", "角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"b", "kaku"}, false},
	{"rook", "rook", "飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"r", "hisha", "飛落ち"}, false},
	{"rook-lance", "rook-lance", "飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"rl2", "r+l"}, false},
	{"both-lances", "both lances", "両香落ち", "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"2l", "two-lances"}, false},
	{"2p", "2-piece", "二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"2", "two-piece"}, false},
	{"3p", "3-piece", "三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"3", "three-piece"}, false},
	{"4p", "4-piece", "四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"4", "four-piece"}, false},
	{"5p", "5-piece", "五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"5", "five-piece"}, false},
	{"left-5p", "left 5-piece", "左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"l5p", "left-5-piece"}, false},
	{"6p", "6-piece", "六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"6", "six-piece"}, false},
	{"left-7p", "left 7-piece", "左七枚落ち", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"l7p", "left-7-piece"}, false},
	{"right-7p", "right 7-piece", "右七枚落ち", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"r7p", "right-7-piece"}, false},
	{"8p", "8-piece", "八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"8", "eight-piece"}, false},
	{"9p", "9-piece", "九枚落ち", "3gk4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"9", "nine-piece"}, false},
	{"10p", "10-piece", "十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"10", "ten-piece"}, false},
	{"three-pawns", "three pawns", "歩三兵", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1", []string{"3pawns", "fu-sanbei"}, false},
	{"naked-king", "naked king", "裸玉", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"naked", "hadaka"}, false},
	{"dragonfly", "dragonfly", "トンボ", "4k4/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"tonbo", "とんぼ"}, false},
	{"dragonfly-lances", "dragonfly + lances", "トンボ＋香", "l3k3l/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"tonbo-l", "トンボ+香"}, false},
	{"dragonfly-knights-lances", "dragonfly + knights and lances", "トンボ＋桂香", "ln2k2nl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"tonbo-nl", "トンボ+桂香"}, false},
	{"tsume", "tsume", "詰将棋", "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", []string{"tsume-shogi", "problem"}, true},
	{"empty", "empty board", "空盤", "9/9/9/9/9/9/9/9/9 b - 1", []string{"blank", "clear"}, true},
}

// Handicaps returns the table of start positions, the even game first
// (a copy: the table itself cannot be changed from outside).
func Handicaps() []Handicap { return slices.Clone(handicaps) }

// FindHandicap looks a handicap up by key, English or Japanese name or
// alias, ignoring case, spaces and the 落ち suffix's absence.
func FindHandicap(name string) (Handicap, bool) {
	i, ok := handicapNames()[normHandicap(name)]
	if !ok {
		return Handicap{}, false
	}
	return handicaps[i], true
}

// handicapNames maps every normalised key, name and alias to its row,
// made once: every record read or written looks its start up here. Where
// two rows share a name the first keeps it, as a search in order would.
var handicapNames = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for i, h := range handicaps {
		for _, n := range append([]string{h.Key, h.Name, h.Japanese}, h.Aliases...) {
			if _, ok := m[normHandicap(n)]; !ok {
				m[normHandicap(n)] = i
			}
		}
	}
	return m
})

// HandicapBySFEN finds the handicap whose start is p (ignoring the move
// number), so a record's start can be named.
func HandicapBySFEN(p *Position) (Handicap, bool) {
	for i, q := range handicapPositions() {
		if q.Equal(p) {
			return handicaps[i], true
		}
	}
	return Handicap{}, false
}

// handicapPositions holds the handicaps' positions, parsed once: writing
// any KIF or KI2 names its start.
var handicapPositions = sync.OnceValue(func() []Position {
	ps := make([]Position, len(handicaps))
	for i, h := range handicaps {
		ps[i] = h.Position()
	}
	return ps
})

// Position returns the handicap's start position.
func (h Handicap) Position() Position {
	p, err := ParseSFEN(h.SFEN)
	if err != nil {
		panic("game: bad handicap table entry " + h.Key + ": " + err.Error())
	}
	return p
}

// handicapReplacer drops the spaces and 落 of a handicap's name and
// unifies its punctuation (built once: it is safe for concurrent use).
var handicapReplacer = strings.NewReplacer(" ", "", "_", "-", "　", "", "＋", "+", "落", "")

func normHandicap(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = handicapReplacer.Replace(s)
	s = strings.TrimSuffix(s, "ち")
	s = strings.TrimSuffix(s, "-handicap")
	return s
}
