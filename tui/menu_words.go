package tui

// menuWords are the menu's phrases in one language.
type menuWords struct {
	newGame, open, settings, quit          string
	player1, player2, handicap, seat       string
	pieces, start, giverNote               string
	seats                                  [3]string
	width, flip, notation, theme, language string
	widthNote, flipNote                    string
	tossKeys, mainKeys, formKeys, setKeys  string
	langNames                              [2]string
	themeNames                             [3]string
	styleNames                             []string // by PieceStyle
}

var menuEnglish = menuWords{
	newGame: "New game", open: "Open record", settings: "Settings", quit: "Quit",
	player1: "Player 1", player2: "Player 2", handicap: "Handicap", seat: "Player 1 plays",
	pieces: "Pieces", start: "Start", giverNote: "The handicap giver plays White and moves first.",
	seats: [3]string{"Black (sente)", "White (gote)", "furigoma (toss)"},
	width: "Ambiguous width", flip: "Flip every turn", notation: "Move notation", theme: "Theme", language: "Language",
	widthNote: "wide for CJK terminals", flipNote: "hot-seat",
	tossKeys: "enter starts the game, esc goes back", mainKeys: "up/down choose, enter select, q quit",
	formKeys: "up/down field, left/right change, enter start, esc back", setKeys: "up/down field, left/right change, enter edit, esc back",
	langNames:  [2]string{"English", "日本語"},
	themeNames: [3]string{"auto (the terminal's)", "light", "dark"},
	styleNames: []string{"kanji", "western", "ascii", "KIF diagram"},
}

var menuJapanese = menuWords{
	newGame: "新規対局", open: "棋譜を開く", settings: "設定", quit: "終了",
	player1: "対局者1", player2: "対局者2", handicap: "手合", seat: "対局者1の手番",
	pieces: "駒の表示", start: "開始", giverNote: "駒落ちでは上手が後手で先に指します。",
	seats: [3]string{"先手", "後手", "振り駒"},
	width: "曖昧幅の文字", flip: "毎手盤を反転", notation: "棋譜の表記", theme: "配色", language: "言語",
	widthNote: "CJK 端末では wide", flipNote: "対人戦",
	tossKeys: "enter で対局開始、esc で戻る", mainKeys: "↑↓ 選ぶ  enter 決定  q 終了",
	formKeys: "↑↓ 項目  ←→ 変更  enter 開始  esc 戻る", setKeys: "↑↓ 項目  ←→ 変更  enter 編集  esc 戻る",
	langNames:  [2]string{"English", "日本語"},
	themeNames: [3]string{"自動 (端末に合わせる)", "明るい", "暗い"},
	styleNames: []string{"漢字", "西洋式", "ASCII", "KIF 図"},
}

// menuWordsFor is the menu's words in language l.
func menuWordsFor(l Lang) *menuWords {
	if l == Japanese {
		return &menuJapanese
	}
	return &menuEnglish
}
