package words

// RemoteWords are the lobby's phrases in one language.
type RemoteWords struct {
	AskName, NameNote, NameEmpty                    string
	Create, Join, Watch, Computer, Quit             string
	TimeControl, Handicap, Seat, Open               string
	Seats                                           [3]string
	CodeIs, TellCode, Waiting                       string
	EnterCode, NoCode                               string
	Tables, NoTables, WaitingFor, MovesN, WatchersN string // movesN: %s (Words.Count)
	NameKeys, MenuKeys, FormKeys, WaitKeys          string
	CodeKeys, ListKeys, LevelKeys                   string
	Welcome                                         string

	Watching, NotAtTable, CopiedRecord, Spectator, NoStudy string
	Back, Dropped                                          string // %s name; dropped: %s name, %d seconds
	DrawOffered, DrawFrom, DrawBy, DrawLapsed              string
	TableGone                                              string // a finished table closed under its result
	CopyHint, Say, ChatKey, CopyGame, DrawKey              string
	AskDraw, AskLeaveTable                                 string // askDraw: %d %d points; askLeaveTable: %v grace
	ReturnTo                                               string // %s code, %s Black, %s White, %s moves
	AcceptDraw, KeysDraw, DrawStands                       string // acceptDraw: %s the offerer, %d %d points
	Chat, ChatOpen, ChatScroll, ChatKeys, ChatTyping       string
	ChatOlder, ChatNewer                                   string // %d messages
	QuitKey                                                string // ctrl+c at a table, in its help
	// The table's server (its referee) lost touch with the other servers
	// (Cut) or is back (Uncut); another server took the game over (Lost:
	// %v the grace period).
	Cut, Uncut, Lost string
	// This server is stopping and handed the game to another (%v the
	// grace period).
	Handover string
	// The server refereeing the game (on another server than this one)
	// went silent, is heard again, or another (%s) took the game over.
	Silent, Heard, TakenOver string
}

var RemoteEnglish = RemoteWords{
	AskName: "Your name", NameNote: "Shown to your opponent and written in the game's record.",
	NameEmpty: "A name needs at least one letter.",
	Create:    "Create a table", Join: "Join a table by its code", Watch: "Watch a game", Computer: "Play the computer",
	Quit:        "Quit",
	TimeControl: "Time", Handicap: "Handicap", Seat: "You play", Open: "Open the table",
	Seats: [3]string{"Black (sente)", "White (gote)", "furigoma (toss)"},

	CodeIs: "Your table's code:", TellCode: "Tell it to your opponent: they connect to this server and choose \"Join a table\".",
	Waiting:   "Waiting for an opponent…",
	EnterCode: "Table code", NoCode: "No table has that code.",
	Tables: "Tables", NoTables: "No tables yet.", WaitingFor: "waiting for an opponent",
	MovesN: "%s", WatchersN: "%d watching",
	NameKeys: "enter continue, esc quit, f1 help", MenuKeys: "up/down choose, enter select, q quit, ? help",
	FormKeys: "up/down field, left/right change, enter open, esc back, ? help", WaitKeys: "esc closes the table, ? help",
	CodeKeys: "enter join, esc back, f1 help", ListKeys: "up/down choose, enter watch, type a code, esc back, f1 help",
	LevelKeys: "up/down choose, enter play, esc back, ? help",
	Welcome:   "Play shogi with anyone who can reach this server.",
	ReturnTo:  "Back to your game %s: %s vs %s, %s",
	Watching:  "You are watching this game.", NotAtTable: "Not at a table: the game is between two people.",
	CopiedRecord: "The game's record (KIF) is on your clipboard.", Spectator: "watching",
	NoStudy: "Studying is for the app on your own machine: w copies the record to your clipboard.",
	Back:    "%s is back.", Dropped: "%s is away (left or cut off): the seat is kept for %d s, the clock running.",
	DrawOffered: "Draw offered until %s moves (agreed, the impasse count decides)",
	TableGone:   "The table has closed; q goes back to the lobby.",
	DrawFrom:    "%[1]s offers a draw: i shows the count and accepts; a move plays on",
	DrawBy:      "%s offers a draw.", DrawLapsed: "%s's draw offer lapsed.",
	CopyHint: "w copies the game to your clipboard.", Say: "Say", ChatKey: "t  chat", CopyGame: "copy game", DrawKey: "offer/accept a draw",
	AskDraw:    "Offer a draw? (impasse count: Black %d, White %d; 24 each draws)",
	AcceptDraw: "Accept %s's draw? (Black %d, White %d points; 24 each draws)",
	KeysDraw:   "y then enter offers; any other key plays on",
	DrawStands: "draw offered",
	Chat:       "Chat", ChatOpen: "chat", ChatScroll: "scroll the chat", ChatKeys: "t chat  pgup/pgdn scroll",
	Cut:        "This server is cut off from the others: another may take the game over.",
	Uncut:      "This server is back in touch with the others.",
	Lost:       "Another server took your game over while this one was cut off: connect to another server, where your seat is offered back for %v.",
	Handover:   "This server is stopping: your game goes on on another server. Connect to another server of this cluster, where your seat is offered back for %v; the clocks wait for the player to move.",
	Silent:     "The server refereeing this game is silent: if it is gone, another takes the game over within seconds, and the time meanwhile is charged to no one.",
	Heard:      "The server refereeing this game answers again.",
	TakenOver:  "The game goes on: server %s referees it now.",
	ChatTyping: "enter sends, esc closes", ChatOlder: "pgup: %d older", ChatNewer: "pgdn: %d newer",
	AskLeaveTable: "Leave the table? You lose unless back within %v.",
	QuitKey:       "quit (leaves the table, as q does)",
}

var RemoteJapanese = RemoteWords{
	AskName: "お名前", NameNote: "対局相手に表示され、棋譜に記録されます。",
	NameEmpty: "名前を入力してください。",
	Create:    "対局室を作る", Join: "番号で対局室に入る", Watch: "観戦する", Computer: "コンピュータと対局",
	Quit:        "終了",
	TimeControl: "持ち時間", Handicap: "手合", Seat: "あなたの手番", Open: "対局室を開く",
	Seats: [3]string{"先手", "後手", "振り駒"},

	CodeIs: "対局室の番号:", TellCode: "相手に伝えてください。相手はこのサーバーに接続し「番号で対局室に入る」を選びます。",
	Waiting:   "対局相手を待っています…",
	EnterCode: "対局室の番号", NoCode: "その番号の対局室はありません。",
	Tables: "対局室", NoTables: "対局室はまだありません。", WaitingFor: "相手待ち",
	MovesN: "%s手", WatchersN: "観戦 %d人",
	NameKeys: "enter 次へ  esc 終了  f1 ヘルプ", MenuKeys: "↑↓ 選ぶ  enter 決定  q 終了  ? ヘルプ",
	FormKeys: "↑↓ 項目  ←→ 変更  enter 開く  esc 戻る  ? ヘルプ", WaitKeys: "esc で対局室を閉じる  ? ヘルプ",
	CodeKeys: "enter 入室  esc 戻る  f1 ヘルプ", ListKeys: "↑↓ 選ぶ  enter 観戦  番号を入力  esc 戻る  f1 ヘルプ",
	LevelKeys: "↑↓ 選ぶ  enter 対局  esc 戻る  ? ヘルプ",
	Welcome:   "このサーバーにつながる誰とでも将棋が指せます。",
	ReturnTo:  "対局に戻る %s: %s 対 %s、%s",
	Watching:  "観戦中です。", NotAtTable: "対局室ではできません (人どうしの対局です)。",
	CopiedRecord: "棋譜 (KIF) をクリップボードにコピーしました。", Spectator: "観戦",
	NoStudy: "検討はお手元のアプリで: w で棋譜をクリップボードにコピーできます。",
	Back:    "%sさんが戻りました。", Dropped: "%sさんが席を外しました (退席か接続切れ)。%d秒間は席を保ちます (時計は進みます)。",
	DrawOffered: "引き分けを提案しました (%sさんが指すまで有効、合意なら持将棋の点数で決着)",
	TableGone:   "対局室は閉じられました。q でロビーに戻ります。",
	DrawFrom:    "%[1]sさんが引き分けを提案: i で点数を見て合意、指せば続行",
	DrawBy:      "%sさんが引き分けを提案しました。", DrawLapsed: "%sさんの引き分けの提案は取り消されました。",
	CopyHint: "w で棋譜をクリップボードにコピー。", Say: "発言", ChatKey: "t  チャット", CopyGame: "棋譜をコピー", DrawKey: "引き分けの提案/合意",
	AskDraw:    "引き分けを提案しますか? (持将棋の点数 先手%d点 後手%d点、24点ずつで引き分け)",
	AcceptDraw: "%sさんの引き分けに合意しますか? (先手%d点 後手%d点、24点ずつで引き分け)",
	KeysDraw:   "y の後 enter で提案、他のキーで続行",
	DrawStands: "引き分け提案中",
	Chat:       "チャット", ChatOpen: "チャット", ChatScroll: "チャット履歴を送る", ChatKeys: "t チャット  pgup/pgdn 履歴",
	ChatTyping: "enter 送信  esc 閉じる", ChatOlder: "pgup: 前に%d件", ChatNewer: "pgdn: 後に%d件",
	AskLeaveTable: "対局室を出ますか? %v以内に戻らなければ負けです。",
	QuitKey:       "終了 (q と同じく対局室を出る)",
	Cut:           "サーバーが他と切断: 別のサーバーが対局を引き継ぐことがあります。",
	Uncut:         "サーバーは他のサーバーとつながりました。",
	Lost:          "つながらない間に別のサーバーがこの対局を引き継ぎました。別のサーバーに接続すれば、%v以内なら席に戻れます。",
	Handover:      "このサーバーは停止します。対局は別のサーバーで続きます。このクラスタの別のサーバーに接続すれば、%v以内なら席に戻れます (手番の人が戻るまで時計は止まっています)。",
	Silent:        "対局を管理するサーバーが応答しません。止まっていれば数秒で別のサーバーが引き継ぎ、その間の時間は誰の消費にもなりません。",
	Heard:         "対局を管理するサーバーが再び応答しました。",
	TakenOver:     "対局は続きます: サーバー %s が引き継ぎました。",
}
