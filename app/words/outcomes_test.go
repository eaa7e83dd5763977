package words

import (
	"strings"
	"testing"
	"time"

	"shogi/game"
	"shogi/game/match"
)

// Every outcome has its own words in each language, made from its kind
// and figures: no two kinds read alike, the figures appear, and the
// Japanese words are not the English ones.
func TestOutcomeWords(t *testing.T) {
	t.Parallel()
	names := [2]string{"山田", "gpsusi"}
	results := []match.Result{
		{Why: match.Checkmated, Side: game.White}, {Why: match.NoLegalMove, Side: game.Black},
		{Why: match.Resigned, Side: game.Black}, {Why: match.Forfeited, Side: game.White, Grace: time.Minute},
		{Why: match.Sennichite}, {Why: match.PerpetualCheck, Side: game.Black}, {Why: match.Declared, Side: game.Black},
		{Why: match.FalseDeclaration, Side: game.White, Declaration: &game.DeclarationError{Condition: game.DeclareFewPoints, Have: 25, Need: 27}},
		{Why: match.ImpasseAgreed, Points: [2]int{31, 23}}, {Why: match.MoveLimit, Limit: 256},
		{Why: match.TimeUp, Side: game.White}, {Why: match.IllegalMove, Side: game.Black, Illegal: "7g7e",
			Refusal: &game.IllegalMoveError{Rule: game.RuleNifu}},
		{Why: match.EngineFault, Side: game.White}, {Why: match.Interrupted},
	}
	for _, w := range []*Words{&EnglishWords, &JapaneseWords} {
		seen := map[string]match.Why{}
		for _, r := range results {
			s := w.Ending(r, names)
			if s == "" {
				t.Errorf("%v: %v has no words", w.Lang, r.Why)
			}
			if other, ok := seen[s]; ok {
				t.Errorf("%v: %v and %v both read %q", w.Lang, r.Why, other, s)
			}
			seen[s] = r.Why
			if r.Why == match.ImpasseAgreed && (!strings.Contains(s, "31") || !strings.Contains(s, "23")) {
				t.Errorf("%v: the points are missing: %q", w.Lang, s)
			}
			if r.Why == match.FalseDeclaration && (!strings.Contains(s, "25") || !strings.Contains(s, "27")) {
				t.Errorf("%v: the figures are missing: %q", w.Lang, s)
			}
			if r.Why == match.Resigned && !strings.Contains(s, names[game.Black]) {
				t.Errorf("%v: the player is not named: %q", w.Lang, s)
			}
		}
	}
	for _, e := range []*game.ImpasseError{{Cause: game.ImpasseNoKing, Side: game.White}, {Cause: game.ImpasseNotEntered, Side: game.Black}, {Cause: game.ImpasseInCheck}} {
		if en, ja := EnglishWords.Impasse(e), JapaneseWords.Impasse(e); en == ja || en == "" || ja == "" {
			t.Errorf("impasse %v: %q / %q", e.Cause, en, ja)
		}
	}
	for c := game.DeclareNoKing; c <= game.DeclareFewPoints; c++ {
		e := &game.DeclarationError{Condition: c, Have: 9, Need: 10}
		if en, ja := EnglishWords.Declaration(e), JapaneseWords.Declaration(e); en == ja || en == "" || ja == "" {
			t.Errorf("declaration %v: %q / %q", c, en, ja)
		}
	}
	w := game.Warning{Kind: game.Nifu, Side: game.Black, Count: 2, File: 7}
	if s := JapaneseWords.Warning(w, nil); !strings.Contains(s, "二歩") || !strings.Contains(s, "7") {
		t.Errorf("nifu in Japanese: %q", s)
	}
}

// A game's set-up refused: each refusal has its words in both languages,
// with its figures, and the Japanese differ from the English.
func TestSetupRefusalWords(t *testing.T) {
	t.Parallel()
	tsume, _ := game.FindHandicap("tsume")
	nifu := game.Warning{Kind: game.Nifu, Side: game.Black, Count: 2, File: 7}
	noKing := game.Warning{Kind: game.NoKing, Side: game.White}
	for _, w := range []*Words{&EnglishWords, &JapaneseWords} {
		say := map[string]string{
			"negative": w.TimeControlRefusal(&match.TimeControlError{Problem: match.NegativeTime}),
			"both":     w.TimeControlRefusal(&match.TimeControlError{Problem: match.ByoyomiAndIncrement}),
			"handicap": w.HandicapRefusal(&game.HandicapError{Handicap: tsume}),
			"no move":  w.StartRefusal(&game.StartError{NoMove: true}, nil),
			"warnings": w.StartRefusal(&game.StartError{Warnings: []game.Warning{nifu, noKing}}, nil),
		}
		seen := map[string]string{}
		for what, s := range say {
			if s == "" {
				t.Errorf("%v: %s has no words", w.Lang, what)
			}
			if other, ok := seen[s]; ok {
				t.Errorf("%v: %s and %s both read %q", w.Lang, what, other, s)
			}
			seen[s] = what
		}
		if want := w.Warning(nifu, nil); !strings.HasPrefix(say["warnings"], want) || !strings.HasSuffix(say["warnings"], w.Warning(noKing, nil)) {
			t.Errorf("%v: the warnings read %q", w.Lang, say["warnings"])
		}
		if !strings.Contains(say["handicap"], tsume.Name) && !strings.Contains(say["handicap"], tsume.Japanese) {
			t.Errorf("%v: the handicap is not named: %q", w.Lang, say["handicap"])
		}
	}
	if en, ja := EnglishWords.TimeControlRefusal(&match.TimeControlError{Problem: match.ByoyomiAndIncrement}),
		JapaneseWords.TimeControlRefusal(&match.TimeControlError{Problem: match.ByoyomiAndIncrement}); en == ja {
		t.Errorf("the Japanese words are the English ones: %q", en)
	}
}
