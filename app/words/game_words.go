package words

import "shogi/game/usi"

// GameWords are the play screen's phrases for a program's failure in a
// person's game, premoves and the bell, in one language.
type GameWords struct {
	// A program failed: %[1]s its name, %[2]s its side, %[3]s what it
	// did (Faults), %[4]v the detail.
	FaultPaused string
	// Faults says what an engine did, by usi.Fault; Failed is any other
	// player's failure.
	Faults                        map[usi.Fault]string
	Failed                        string
	GoOnWith, Afresh              string // Afresh: %s the program started again
	Choose, GoOn, LeaveKept       string // the keys' help
	Replacing, Replaced           string // %s the player
	ReplaceFailed                 string // %s the player, %v why
	FaultFirst                    string
	Premove, PremoveSet           string // PremoveSet: %s the move
	PremoveGone, PremoveCancelled string // PremoveGone: %s the move, %s why
	PremoveKeys, PremoveIllegal   string
	PremovePlayed                 string // %s the move

	// The title bar's short result, when the full one does not fit: %s
	// the winning side.
	WinsShort, DrawShort string

	// The bell: the setting's name and its values (off, moves, clock,
	// all), and what each rings on.
	Bell      string
	BellKinds [4]string
}

// GameEnglish and GameJapanese are the two languages' GameWords.
var (
	GameEnglish = GameWords{
		FaultPaused: "%s (%s) %s: the game is paused and kept (%v)",
		Faults: map[usi.Fault]string{usi.Exited: "crashed", usi.NoAnswer: "stopped answering", usi.BadMove: "sent a move that does not read",
			usi.Junk: "sent a flood of lines that are not USI", usi.NotStarted: "could not start", usi.BadOption: "refused an option"},
		Failed:   "failed",
		GoOnWith: "Go on with", Afresh: "%s, started afresh", Choose: "choose", GoOn: "go on", LeaveKept: "leave (kept)",
		Replacing: "starting %s ...", Replaced: "%s plays on", ReplaceFailed: "%s could not start: %v",
		FaultFirst: "a program failed: choose who plays on (←/→, enter)",
		Premove:    "Premove", PremoveSet: "premove %s: played when it is your turn, if legal then (esc cancels)",
		PremoveGone: "premove %s not played: %s", PremoveCancelled: "premove cancelled",
		PremoveKeys: "esc cancels the premove", PremoveIllegal: "it is no longer legal",
		PremovePlayed: "premove %s played",
		WinsShort:     "%s wins", DrawShort: "Draw",
		Bell: "Bell", BellKinds: [4]string{"off", "moves", "clock", "all"},
	}
	GameJapanese = GameWords{
		FaultPaused: "%s (%s) %s。対局を一時停止して保存しました (%v)",
		Faults: map[usi.Fault]string{usi.Exited: "が異常終了しました", usi.NoAnswer: "が応答しなくなりました", usi.BadMove: "が読めない指し手を送りました",
			usi.Junk: "がUSIでない出力を大量に送りました", usi.NotStarted: "を起動できませんでした", usi.BadOption: "がオプションを受け付けませんでした"},
		Failed:   "が失敗しました",
		GoOnWith: "続ける相手", Afresh: "%s (再起動)", Choose: "選ぶ", GoOn: "続ける", LeaveKept: "戻る (保存済み)",
		Replacing: "%s を起動中 ...", Replaced: "%s で続けます", ReplaceFailed: "%s を起動できません: %v",
		FaultFirst: "プログラムが止まりました: 続ける相手を選んでください (←/→, enter)",
		Premove:    "予約手", PremoveSet: "予約手 %s: 手番が来たとき合法なら指します (esc で取り消し)",
		PremoveGone: "予約手 %s は指せません: %s", PremoveCancelled: "予約手を取り消しました",
		PremoveKeys: "esc 予約手を取り消す", PremoveIllegal: "指せなくなりました",
		PremovePlayed: "予約手 %s を指しました",
		WinsShort:     "%sの勝ち", DrawShort: "引き分け",
		Bell: "ベル", BellKinds: [4]string{"なし", "相手の手", "秒読み", "両方"},
	}
)

// GameWordsFor returns the GameWords of language l.
func GameWordsFor(l Lang) *GameWords {
	if l == Japanese {
		return &GameJapanese
	}
	return &GameEnglish
}

// FaultWhat says what a program did, from its fault's kind.
func (w *GameWords) FaultWhat(k usi.Fault) string {
	if s, ok := w.Faults[k]; ok {
		return s
	}
	return w.Failed
}
