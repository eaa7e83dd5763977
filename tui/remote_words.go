package tui

// remoteWords are the lobby's phrases in one language.
type remoteWords struct {
	askName, nameNote, nameEmpty                    string
	create, join, watch, computer, quit             string
	timeControl, handicap, seat, open               string
	seats                                           [3]string
	noClock                                         string
	codeIs, tellCode, waiting                       string
	enterCode, noCode                               string
	tables, noTables, waitingFor, movesN, watchersN string
	level                                           string
	nameKeys, menuKeys, formKeys, waitKeys          string
	codeKeys, listKeys, levelKeys                   string
	welcome                                         string
}

var remoteEnglish = remoteWords{
	askName: "Your name", nameNote: "Shown to your opponent and written in the game's record.",
	nameEmpty: "A name needs at least one letter.",
	create:    "Create a table", join: "Join a table by its code", watch: "Watch a game", computer: "Play the computer",
	quit:        "Quit",
	timeControl: "Time", handicap: "Handicap", seat: "You play", open: "Open the table",
	seats:   [3]string{"Black (sente)", "White (gote)", "furigoma (toss)"},
	noClock: "no clock",
	codeIs:  "Your table's code:", tellCode: "Tell it to your opponent: they connect to this server and choose \"Join a table\".",
	waiting:   "Waiting for an opponent…",
	enterCode: "Table code", noCode: "No table has that code.",
	tables: "Tables", noTables: "No tables yet.", waitingFor: "waiting for an opponent",
	movesN: "%d moves", watchersN: "%d watching",
	level:    "Level",
	nameKeys: "enter continue, esc quit", menuKeys: "up/down choose, enter select, q quit",
	formKeys: "up/down field, left/right change, enter open, esc back", waitKeys: "esc closes the table",
	codeKeys: "enter join, esc back", listKeys: "up/down choose, enter watch, type a code, esc back",
	levelKeys: "up/down choose, enter play, esc back",
	welcome:   "Play shogi with anyone who can reach this server.",
}

var remoteJapanese = remoteWords{
	askName: "お名前", nameNote: "対局相手に表示され、棋譜に記録されます。",
	nameEmpty: "名前を入力してください。",
	create:    "対局室を作る", join: "番号で対局室に入る", watch: "観戦する", computer: "コンピュータと対局",
	quit:        "終了",
	timeControl: "持ち時間", handicap: "手合", seat: "あなたの手番", open: "対局室を開く",
	seats:   [3]string{"先手", "後手", "振り駒"},
	noClock: "時間無制限",
	codeIs:  "対局室の番号:", tellCode: "相手に伝えてください。相手はこのサーバーに接続し「番号で対局室に入る」を選びます。",
	waiting:   "対局相手を待っています…",
	enterCode: "対局室の番号", noCode: "その番号の対局室はありません。",
	tables: "対局室", noTables: "対局室はまだありません。", waitingFor: "相手待ち",
	movesN: "%d手", watchersN: "観戦 %d人",
	level:    "レベル",
	nameKeys: "enter 次へ  esc 終了", menuKeys: "↑↓ 選ぶ  enter 決定  q 終了",
	formKeys: "↑↓ 項目  ←→ 変更  enter 開く  esc 戻る", waitKeys: "esc で対局室を閉じる",
	codeKeys: "enter 入室  esc 戻る", listKeys: "↑↓ 選ぶ  enter 観戦  番号を入力  esc 戻る",
	levelKeys: "↑↓ 選ぶ  enter 対局  esc 戻る",
	welcome:   "このサーバーにつながる誰とでも将棋が指せます。",
}

func (c *common) rw() *remoteWords {
	if c.lang == Japanese {
		return &remoteJapanese
	}
	return &remoteEnglish
}
