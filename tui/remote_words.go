package tui

// remoteWords are the lobby's phrases in one language.
type remoteWords struct {
	askName, nameNote, nameEmpty                    string
	create, join, watch, computer, quit             string
	timeControl, handicap, seat, open               string
	seats                                           [3]string
	codeIs, tellCode, waiting                       string
	enterCode, noCode                               string
	tables, noTables, waitingFor, movesN, watchersN string
	nameKeys, menuKeys, formKeys, waitKeys          string
	codeKeys, listKeys, levelKeys                   string
	welcome                                         string

	watching, notAtTable, copiedRecord, spectator, noStudy string
	back, dropped                                          string // %s name; dropped: %s name, %d seconds
	drawOffered, drawFrom, drawBy, drawLapsed              string
	copyHint, say, chatKey, copyGame, drawKey              string
	askDraw, askLeaveTable                                 string // askDraw: %d %d points; askLeaveTable: %v grace
}

var remoteEnglish = remoteWords{
	askName: "Your name", nameNote: "Shown to your opponent and written in the game's record.",
	nameEmpty: "A name needs at least one letter.",
	create:    "Create a table", join: "Join a table by its code", watch: "Watch a game", computer: "Play the computer",
	quit:        "Quit",
	timeControl: "Time", handicap: "Handicap", seat: "You play", open: "Open the table",
	seats: [3]string{"Black (sente)", "White (gote)", "furigoma (toss)"},

	codeIs: "Your table's code:", tellCode: "Tell it to your opponent: they connect to this server and choose \"Join a table\".",
	waiting:   "Waiting for an opponent…",
	enterCode: "Table code", noCode: "No table has that code.",
	tables: "Tables", noTables: "No tables yet.", waitingFor: "waiting for an opponent",
	movesN: "%d moves", watchersN: "%d watching",
	nameKeys: "enter continue, esc quit", menuKeys: "up/down choose, enter select, q quit",
	formKeys: "up/down field, left/right change, enter open, esc back", waitKeys: "esc closes the table",
	codeKeys: "enter join, esc back", listKeys: "up/down choose, enter watch, type a code, esc back",
	levelKeys: "up/down choose, enter play, esc back",
	welcome:   "Play shogi with anyone who can reach this server.",
	watching:  "You are watching this game.", notAtTable: "Not at a table: the game is between two people.",
	copiedRecord: "The game's record (KIF) is on your clipboard.", spectator: "watching",
	noStudy: "Studying is for the app on your own machine: w copies the record to your clipboard.",
	back:    "%s is back.", dropped: "%s's connection dropped: the seat is kept for %d s, the clock running.",
	drawOffered: "Draw offered; it stands until %s moves. Agreed, the impasse rule decides (24 points each).",
	drawFrom:    "%s offers a draw: under the impasse rule Black has %d points, White %d (24 each for a draw). i to accept, or play on.",
	drawBy:      "%s offers a draw.", drawLapsed: "%s's draw offer lapsed.",
	copyHint: "w copies the game to your clipboard.", say: "Say", chatKey: "t  chat", copyGame: "copy game", drawKey: "offer/accept a draw",
	askDraw:       "Offer (or accept) a draw? The impasse rule decides: Black %d points, White %d (24 each for a draw).",
	askLeaveTable: "Leave the table? The game goes on: you lose unless you are back within %v.",
}

var remoteJapanese = remoteWords{
	askName: "お名前", nameNote: "対局相手に表示され、棋譜に記録されます。",
	nameEmpty: "名前を入力してください。",
	create:    "対局室を作る", join: "番号で対局室に入る", watch: "観戦する", computer: "コンピュータと対局",
	quit:        "終了",
	timeControl: "持ち時間", handicap: "手合", seat: "あなたの手番", open: "対局室を開く",
	seats: [3]string{"先手", "後手", "振り駒"},

	codeIs: "対局室の番号:", tellCode: "相手に伝えてください。相手はこのサーバーに接続し「番号で対局室に入る」を選びます。",
	waiting:   "対局相手を待っています…",
	enterCode: "対局室の番号", noCode: "その番号の対局室はありません。",
	tables: "対局室", noTables: "対局室はまだありません。", waitingFor: "相手待ち",
	movesN: "%d手", watchersN: "観戦 %d人",
	nameKeys: "enter 次へ  esc 終了", menuKeys: "↑↓ 選ぶ  enter 決定  q 終了",
	formKeys: "↑↓ 項目  ←→ 変更  enter 開く  esc 戻る", waitKeys: "esc で対局室を閉じる",
	codeKeys: "enter 入室  esc 戻る", listKeys: "↑↓ 選ぶ  enter 観戦  番号を入力  esc 戻る",
	levelKeys: "↑↓ 選ぶ  enter 対局  esc 戻る",
	welcome:   "このサーバーにつながる誰とでも将棋が指せます。",
	watching:  "観戦中です。", notAtTable: "対局室ではできません (人どうしの対局です)。",
	copiedRecord: "棋譜 (KIF) をクリップボードにコピーしました。", spectator: "観戦",
	noStudy: "検討はお手元のアプリで: w で棋譜をクリップボードにコピーできます。",
	back:    "%sさんが戻りました。", dropped: "%sさんの接続が切れました。%d秒間は席を保ちます (時計は進みます)。",
	drawOffered: "引き分けを提案しました (%sさんが指すまで有効)。合意すると持将棋の点数 (24点) で決まります。",
	drawFrom:    "%sさんが引き分けを提案: 持将棋の点数は先手%d点、後手%d点 (24点ずつで引き分け)。i で合意、指せば続行。",
	drawBy:      "%sさんが引き分けを提案しました。", drawLapsed: "%sさんの引き分けの提案は取り消されました。",
	copyHint: "w で棋譜をクリップボードにコピー。", say: "発言", chatKey: "t  チャット", copyGame: "棋譜をコピー", drawKey: "引き分けの提案/合意",
	askDraw:       "引き分けを提案 (合意) しますか? 持将棋の点数で決まります: 先手%d点、後手%d点 (24点ずつで引き分け)。",
	askLeaveTable: "対局室を出ますか? 対局は続き、%v以内に戻らなければ負けになります。",
}
