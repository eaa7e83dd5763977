package words

import (
	"errors"
	"fmt"
	"strings"

	"shogi/game"
	"shogi/game/match"
)

// outcomeWords say the rules' refusals and warnings, and why a game
// ended, from their kinds and figures: one table per language.
type outcomeWords struct {
	// Impasse refusals: %s the side (its king).
	impasseNoKing, impasseNotEntered, impasseInCheck string
	// Declaration refusals; the counting ones take what there is and what
	// is needed.
	declareNoKing, declareNotInCamp, declareInCheck string
	declareFewPieces, declareFewPoints              string
	// Position warnings: %s a side, a piece or a kind; %d counts.
	noKing, deadPiece, tooMany, nifu, wrongInCheck string
	// Why a game ended: %s the player (name and side).
	checkmated, noLegalMove, resigned, forfeited, sennichite, perpetual string
	declared, falseDeclaration, impasseAgreed, moveLimit                string
	timeUp, illegalMove, engineFault, interrupted                       string
	who                                                                 string // %s name, %s side
	// Refusals of a game's set-up: a time control (negative, both kinds
	// of extra time), a handicap that is no game (%s its name), a start
	// position's warnings joined by startSep, or its side to move stuck.
	timeNegative, timeBoth, handicapSetup, startNoMove, startSep string
}

var outcomeEnglish = outcomeWords{
	impasseNoKing: "%s has no king", impasseNotEntered: "%s's king is not in its promotion zone", impasseInCheck: "the king is in check",
	declareNoKing: "no king", declareNotInCamp: "the king is not in the enemy camp", declareInCheck: "the king is in check",
	declareFewPieces: "only %d pieces besides the king in the enemy camp, need %d", declareFewPoints: "%d points, need %d",
	noKing: "%s has no king", deadPiece: "the %s on %s can never move", tooMany: "%d %ss, but a set has %d",
	nifu: "%s has %d unpromoted pawns on file %d (nifu)", wrongInCheck: "%s is in check but it is not their turn",
	checkmated: "%s is checkmated", noLegalMove: "%s has no legal move", resigned: "%s resigned",
	forfeited: "%s left and did not come back within %v", sennichite: "the same position arose four times (sennichite)",
	perpetual: "%s gave perpetual check", declared: "%s declared an entering-king win",
	falseDeclaration: "%s declared, but %s", impasseAgreed: "impasse by agreement: Black %d points, White %d",
	moveLimit: "the move limit (%d) was reached", timeUp: "%s ran out of time", illegalMove: "%s played %s, which is illegal: %s",
	engineFault: "%s's engine failed", interrupted: "the game was interrupted",
	who:          "%s (%s)",
	timeNegative: "a time cannot be negative", timeBoth: "give byōyomi or an increment, not both",
	handicapSetup: "%s is a set-up to edit or solve, not a game's start",
	startNoMove:   "the side to move has no legal move", startSep: "; ",
}

var outcomeJapanese = outcomeWords{
	impasseNoKing: "%s玉がありません", impasseNotEntered: "%s玉が入玉していません", impasseInCheck: "王手されています",
	declareNoKing: "玉がありません", declareNotInCamp: "玉が敵陣にいません", declareInCheck: "王手されています",
	declareFewPieces: "敵陣の駒が玉のほかに%d枚です (%d枚必要)", declareFewPoints: "%d点です (%d点必要)",
	noKing: "%sの玉がありません", deadPiece: "%[2]sの%[1]sは動けません", tooMany: "%[2]sが%[1]d枚あります (駒の数は%[3]d枚)",
	nifu: "%[1]sの歩が%[3]d筋に%[2]d枚あります (二歩)", wrongInCheck: "手番でない%sに王手がかかっています",
	checkmated: "%sが詰みました", noLegalMove: "%sに指せる手がありません", resigned: "%sが投了しました",
	forfeited: "%sが戻らず時間切れになりました (%v)", sennichite: "同一局面が4回現れました (千日手)",
	perpetual: "%sの連続王手の千日手です", declared: "%sが入玉宣言しました",
	falseDeclaration: "%sの入玉宣言は成立しません: %s", impasseAgreed: "合意による持将棋: 先手%d点、後手%d点",
	moveLimit: "手数の上限 (%d手) に達しました", timeUp: "%sの時間切れです", illegalMove: "%sの%sは反則です: %s",
	engineFault: "%sのエンジンに障害が起きました", interrupted: "対局は中断されました",
	who:          "%s (%s)",
	timeNegative: "時間に負の値は使えません", timeBoth: "秒読みと加算 (フィッシャー) はどちらか一方にしてください",
	handicapSetup: "%sは編集・詰将棋用の配置で、対局の開始局面ではありません",
	startNoMove:   "手番の側に指せる手がありません", startSep: "、",
}

func init() {
	EnglishWords.outcomes = outcomeEnglish
	JapaneseWords.outcomes = outcomeJapanese
}

// Impasse says why an impasse may not be claimed.
func (w *Words) Impasse(e *game.ImpasseError) string {
	o := &w.outcomes
	switch e.Cause {
	case game.ImpasseNoKing:
		return fmt.Sprintf(o.impasseNoKing, w.SideName(e.Side))
	case game.ImpasseNotEntered:
		return fmt.Sprintf(o.impasseNotEntered, w.SideName(e.Side))
	}
	return o.impasseInCheck
}

// Declaration says which condition of the entering-king declaration is
// not met.
func (w *Words) Declaration(e *game.DeclarationError) string {
	o := &w.outcomes
	switch e.Condition {
	case game.DeclareNoKing:
		return o.declareNoKing
	case game.DeclareNotInCamp:
		return o.declareNotInCamp
	case game.DeclareInCheck:
		return o.declareInCheck
	case game.DeclareFewPieces:
		return fmt.Sprintf(o.declareFewPieces, e.Have, e.Need)
	}
	return fmt.Sprintf(o.declareFewPoints, e.Have, e.Need)
}

// TimeControlRefusal says why a time control was refused.
func (w *Words) TimeControlRefusal(e *match.TimeControlError) string {
	if e.Problem == match.NegativeTime {
		return w.outcomes.timeNegative
	}
	return w.outcomes.timeBoth
}

// HandicapRefusal says that a set-up is no game's start.
func (w *Words) HandicapRefusal(e *game.HandicapError) string {
	name := e.Handicap.Name
	if w.Lang == Japanese {
		name = e.Handicap.Japanese
	}
	return fmt.Sprintf(w.outcomes.handicapSetup, name)
}

// StartRefusal says why no game can start from a position: its warnings
// (square names a square as the screen writes it; nil: 5a), or that the
// side to move cannot move.
func (w *Words) StartRefusal(e *game.StartError, square func(game.Square) string) string {
	if len(e.Warnings) == 0 {
		return w.outcomes.startNoMove
	}
	out := make([]string, len(e.Warnings))
	for i, x := range e.Warnings {
		out[i] = w.Warning(x, square)
	}
	return strings.Join(out, w.outcomes.startSep)
}

// Warning says what makes a position one that cannot arise in play;
// square names a square as the screen writes it (nil: 5a).
func (w *Words) Warning(x game.Warning, square func(game.Square) string) string {
	o := &w.outcomes
	switch x.Kind {
	case game.NoKing:
		return fmt.Sprintf(o.noKing, w.SideName(x.Side))
	case game.DeadPiece:
		if square == nil {
			square = game.Square.String
		}
		return fmt.Sprintf(o.deadPiece, w.PieceName(x.Piece.Type()), square(x.Square))
	case game.TooMany:
		return fmt.Sprintf(o.tooMany, x.Count, w.PieceName(x.Type), x.Limit)
	case game.Nifu:
		return fmt.Sprintf(o.nifu, w.SideName(x.Side), x.Count, x.File)
	}
	return fmt.Sprintf(o.wrongInCheck, w.SideName(x.Side))
}

// PieceName names a kind of piece: 歩, pawn.
func (w *Words) PieceName(t game.PieceType) string {
	if w.Lang == Japanese {
		return t.Kanji()
	}
	return t.String()
}

// Ending says why a match's game ended, naming the players as names
// has them (by colour).
func (w *Words) Ending(r match.Result, names [2]string) string {
	o := &w.outcomes
	who := func(c game.Color) string { return fmt.Sprintf(o.who, names[c], w.SideName(c)) }
	switch r.Why {
	case match.Checkmated:
		return fmt.Sprintf(o.checkmated, who(r.Side))
	case match.NoLegalMove:
		return fmt.Sprintf(o.noLegalMove, who(r.Side))
	case match.Resigned:
		return fmt.Sprintf(o.resigned, who(r.Side))
	case match.Forfeited:
		return fmt.Sprintf(o.forfeited, who(r.Side), r.Grace)
	case match.Sennichite:
		return o.sennichite
	case match.PerpetualCheck:
		return fmt.Sprintf(o.perpetual, who(r.Side))
	case match.Declared:
		return fmt.Sprintf(o.declared, who(r.Side))
	case match.FalseDeclaration:
		why := ""
		if r.Declaration != nil {
			why = w.Declaration(r.Declaration)
		}
		return fmt.Sprintf(o.falseDeclaration, who(r.Side), why)
	case match.ImpasseAgreed:
		return fmt.Sprintf(o.impasseAgreed, r.Points[game.Black], r.Points[game.White])
	case match.MoveLimit:
		return fmt.Sprintf(o.moveLimit, r.Limit)
	case match.TimeUp:
		return fmt.Sprintf(o.timeUp, who(r.Side))
	case match.IllegalMove:
		rule := ""
		var ill *game.IllegalMoveError
		if errors.As(r.Refusal, &ill) {
			rule = w.Rule(ill.Rule)
		}
		return fmt.Sprintf(o.illegalMove, who(r.Side), r.Illegal, rule)
	case match.EngineFault:
		return fmt.Sprintf(o.engineFault, who(r.Side))
	case match.Interrupted:
		return o.interrupted
	}
	n := 0
	if r.Game != nil {
		n = r.Game.Len()
	}
	return w.Result(r.Result, n)
}
