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
}

// handicaps is the table of start positions: the even game, every standard
// handicap in the order of the pieces it takes away (fewest first), the
// common amateur ones, and two set-ups that are not games
// (the tsume start and the empty board, both with Black to move).
var handicaps = []Handicap{
	{"even", "even", "平手", StartSFEN, []string{"none", "hirate", "standard"}},
	{"lance", "lance", "香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"l", "left-lance", "kyo"}},
	{"right-lance", "right lance", "右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"rl"}},
	{"bishop", "bishop", "角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"b", "kaku"}},
	{"rook", "rook", "飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"r", "hisha", "飛落ち"}},
	{"rook-lance", "rook-lance", "飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"rl2", "r+l"}},
	{"both-lances", "both lances", "両香落ち", "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"2l", "two-lances"}},
	{"2p", "2-piece", "二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"2", "two-piece"}},
	{"3p", "3-piece", "三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"3", "three-piece"}},
	{"4p", "4-piece", "四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"4", "four-piece"}},
	{"5p", "5-piece", "五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"5", "five-piece"}},
	{"left-5p", "left 5-piece", "左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"l5p", "left-5-piece"}},
	{"6p", "6-piece", "六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"6", "six-piece"}},
	{"left-7p", "left 7-piece", "左七枚落ち", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"l7p", "left-7-piece"}},
	{"right-7p", "right 7-piece", "右七枚落ち", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"r7p", "right-7-piece"}},
	{"8p", "8-piece", "八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"8", "eight-piece"}},
	{"9p", "9-piece", "九枚落ち", "3gk4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"9", "nine-piece"}},
	{"10p", "10-piece", "十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"10", "ten-piece"}},
	{"three-pawns", "three pawns", "歩三兵", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1", []string{"3pawns", "fu-sanbei"}},
	{"naked-king", "naked king", "裸玉", "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"naked", "hadaka"}},
	{"dragonfly", "dragonfly", "トンボ", "4k4/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"tonbo", "とんぼ"}},
	{"dragonfly-lances", "dragonfly + lances", "トンボ＋香", "l3k3l/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"tonbo-l", "トンボ+香"}},
	{"dragonfly-knights-lances", "dragonfly + knights and lances", "トンボ＋桂香", "ln2k2nl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", []string{"tonbo-nl", "トンボ+桂香"}},
	{"tsume", "tsume", "詰将棋", "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1", []string{"tsume-shogi", "problem"}},
	{"empty", "empty board", "空盤", "9/9/9/9/9/9/9/9/9 b - 1", []string{"blank", "clear"}},
}

// Handicaps returns the table of start positions, the even game first
// (a copy: the table itself cannot be changed from outside).
func Handicaps() []Handicap { return slices.Clone(handicaps) }

// FindHandicap looks a handicap up by key, English or Japanese name or
// alias, ignoring case, spaces and the 落ち suffix's absence.
func FindHandicap(name string) (Handicap, bool) {
	want := normHandicap(name)
	for _, h := range handicaps {
		names := append([]string{h.Key, h.Name, h.Japanese}, h.Aliases...)
		for _, n := range names {
			if normHandicap(n) == want {
				return h, true
			}
		}
	}
	return Handicap{}, false
}

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

func normHandicap(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer(" ", "", "_", "-", "　", "", "＋", "+", "落", "").Replace(s)
	s = strings.TrimSuffix(s, "ち")
	s = strings.TrimSuffix(s, "-handicap")
	return s
}
