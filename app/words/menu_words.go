package words

// MenuWords are the menu's phrases in one language.
type MenuWords struct {
	NewGame, Open, Settings, Quit, SetUp   string
	Player1, Player2, Handicap, Seat       string
	Pieces, Start, GiverNote               string
	Seats                                  [3]string
	Width, Flip, Notation, Theme, Language string
	WidthNote, FlipNote                    string
	TossKeys, MainKeys, FormKeys           string
	// The settings' keys, by the row under the cursor: a value that
	// steps, a name to type, a page to open.
	SetKeysChange, SetKeysEdit, SetKeysOpen string
	LangNames                               [2]string
	ThemeNames                              [3]string
	StyleNames                              []string // by PieceStyle
}

var menuEnglish = MenuWords{
	NewGame: "New game", Open: "Open record", Settings: "Settings", Quit: "Quit", SetUp: "Set up a position",
	Player1: "Player 1", Player2: "Player 2", Handicap: "Handicap", Seat: "Player 1 plays",
	Pieces: "Pieces", Start: "Start", GiverNote: "The handicap giver plays White and moves first.",
	Seats: [3]string{"Black (sente)", "White (gote)", "furigoma (toss)"},
	Width: "Ambiguous width", Flip: "Flip every turn", Notation: "Move notation", Theme: "Theme", Language: "Language",
	WidthNote: "wide for CJK terminals", FlipNote: "hot-seat",
	TossKeys: "enter starts the game, esc goes back", MainKeys: "up/down choose, enter select, q quit, ? help",
	FormKeys:      "up/down field, left/right change, enter start, esc back, ? help",
	SetKeysChange: "up/down field, left/right or enter change, esc back, ? help",
	SetKeysEdit:   "up/down field, enter edit, esc back, ? help", SetKeysOpen: "up/down field, enter open, esc back, ? help",
	LangNames:  [2]string{"English", "日本語"},
	ThemeNames: [3]string{"auto (the terminal's)", "light", "dark"},
	StyleNames: []string{"kanji", "western", "ascii", "KIF diagram"},
}

var menuJapanese = MenuWords{
	NewGame: "新規対局", Open: "棋譜を開く", Settings: "設定", Quit: "終了", SetUp: "局面編集",
	Player1: "対局者1", Player2: "対局者2", Handicap: "手合", Seat: "対局者1の手番",
	Pieces: "駒の表示", Start: "開始", GiverNote: "駒落ちでは上手が後手で先に指します。",
	Seats: [3]string{"先手", "後手", "振り駒"},
	Width: "曖昧幅の文字", Flip: "毎手盤を反転", Notation: "棋譜の表記", Theme: "配色", Language: "言語",
	WidthNote: "CJK 端末では wide", FlipNote: "対人戦",
	TossKeys: "enter で対局開始、esc で戻る", MainKeys: "↑↓ 選ぶ  enter 決定  q 終了  ? ヘルプ",
	FormKeys:      "↑↓ 項目  ←→ 変更  enter 開始  esc 戻る  ? ヘルプ",
	SetKeysChange: "↑↓ 項目  ←→/enter 変更  esc 戻る  ? ヘルプ",
	SetKeysEdit:   "↑↓ 項目  enter 編集  esc 戻る  ? ヘルプ", SetKeysOpen: "↑↓ 項目  enter 開く  esc 戻る  ? ヘルプ",
	LangNames:  [2]string{"English", "日本語"},
	ThemeNames: [3]string{"自動 (端末に合わせる)", "明るい", "暗い"},
	StyleNames: []string{"漢字", "西洋式", "ASCII", "KIF 図"},
}

// MenuWordsFor is the menu's words in language l.
func MenuWordsFor(l Lang) *MenuWords {
	if l == Japanese {
		return &menuJapanese
	}
	return &menuEnglish
}
