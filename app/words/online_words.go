package words

// OnlineWords are the phrases of the online screens (a game on a CSA
// server: the form, the waiting screen, the line under the game) in one
// language.
type OnlineWords struct {
	MenuItem, Title                                string
	Remembered, NewServer                          string
	Server, ID, Password, Remember, Game, Player   string
	KeepAlive, Margin, Connect, Me, Off            string
	GameNote, RememberNote, PasswordNote           string
	MarginNote                                     string
	FormKeys, TypeKeys, WaitKeys, DroppedKeys      string
	NeedServer, NeedID, NeedPassword, BadGame      string
	StartingPlayer, Connecting, LoggedIn           string // %s: a player; %s: host:port; %s: name
	Waiting, WaitingFor, WaitingX1, Found          string // waitingFor, waitingX1: %s game; found: %s %s %s
	Elapsed, Cancelled                             string // elapsed: %s
	Playing                                        string // %s server, %s game id
	Ended, Saved                                   string // ended: %s the server's result; saved: %s file
	DroppedKept, Unconfirmed                       string // unconfirmed: %s the move
	Reconnecting, AwaitRuling                      string
	Unreachable, Refused, Rejected, Timeout        string
	Garbage, BadSummary, ServerError, DroppedEarly string
	PasswordsOpen, PasswordsBad, PasswordsFailed   string // %s path (and %v error)
	NoPlayer                                       string // %s: the player, %v: why
	SilentMove, SilentTurn                         string // %s the move (the side), %s how long
}

var onlineEnglish = OnlineWords{
	MenuItem: "Play online (CSA server)", Title: "Play online on a CSA server",
	Remembered: "Server list", NewServer: "(new)",
	Server: "Server", ID: "Login name", Password: "Password", Remember: "Remember password",
	Game: "Game (x1)", Player: "Who plays", KeepAlive: "Keep-alive", Margin: "Time margin", Connect: "Connect", Me: "me", Off: "off",
	GameNote:     "Game empty: the server pairs by the password (floodgate: GAME,PASSWORD); set: x1 mode asks for it.",
	RememberNote: "The password goes to %s, a file only you can read; the other fields to the settings.",
	PasswordNote: "The password is not kept: it is asked for each time.",
	MarginNote:   "An engine is told this much less time than the server's clock: room for the network and a busy machine.",
	FormKeys:     "up/down field, type or left/right change, enter connect, esc back, f1 help",
	TypeKeys:     "up/down field, enter connect, esc back, f1 help",
	WaitKeys:     "esc cancels, ? help",
	DroppedKeys:  "r reconnects for a new game, q menu",
	NeedServer:   "Give the server as HOST:PORT (floodgate: wdoor.c.u-tokyo.ac.jp:4081).",
	NeedID:       "Give the login name: one word, without spaces.",
	NeedPassword: "Give the password: one word, without spaces.",
	BadGame:      "The game name is one word, as the server names its games (testgame-300-10).",

	StartingPlayer: "Starting %s ...", Connecting: "Connecting to %s and logging in ...", LoggedIn: "Logged in to %s as %s.",
	Waiting:    "Waiting for the server to pair you ...",
	WaitingFor: "Waiting for the server to pair you in %s ...",
	WaitingX1:  "Asked for %s; waiting for the server to pair you ...",
	Found:      "Game found: %s vs %s, %s. Waiting for the server to start it ...",
	Elapsed:    "waiting %s", Cancelled: "Cancelled: logged out.",
	Playing:     "%s  game %s",
	DroppedKept: "The game is kept (Resume studies it).", Unconfirmed: "your move %s was not confirmed",
	Ended: "The server: %s.", Saved: "The game is saved as %s.",
	Reconnecting: "Reconnecting for a new game ...",
	AwaitRuling:  "Waiting for the server's word on the end ...",

	Unreachable:  "Cannot reach %s.",
	Refused:      "The server refused the login (check the name and the password).",
	Rejected:     "The game was rejected.",
	Timeout:      "The server did not answer in time.",
	Garbage:      "The server sent a line that is not the CSA protocol.",
	BadSummary:   "The server's game summary does not hold together.",
	ServerError:  "The server refused the request.",
	DroppedEarly: "The connection to the server was lost.",

	PasswordsOpen:   "%s can be read by other users: the app does not use it until only you can (chmod 600 %s).",
	PasswordsBad:    "%s cannot be read: %v",
	PasswordsFailed: "cannot keep the password in %s: %v",
	NoPlayer:        "Cannot start %s: %v",
	SilentMove:      "The server is silent: your move %s was sent and is not confirmed after %s.",
	SilentTurn:      "The server is silent: %s's time ran out %s ago and the server has not ended the turn.",
}

var onlineJapanese = OnlineWords{
	MenuItem: "オンライン対局 (CSA)", Title: "CSA サーバーでオンライン対局",
	Remembered: "サーバー一覧", NewServer: "(新規)",
	Server: "サーバー", ID: "ログイン名", Password: "パスワード", Remember: "パスワードを保存",
	Game: "対局名 (x1)", Player: "対局者", KeepAlive: "キープアライブ", Margin: "時間の余裕", Connect: "接続", Me: "自分", Off: "なし",
	GameNote:     "対局名が空欄ならパスワードで対局相手が決まります (floodgate: 対局名,パスワード)。入力すると x1 モードで申し込みます。",
	RememberNote: "パスワードは本人だけが読めるファイル %s に、ほかの項目は設定に保存します。",
	PasswordNote: "パスワードは保存しません (毎回入力します)。",
	MarginNote:   "エンジンにはサーバーの残り時間よりこれだけ少なく伝えます (通信と混んだマシンのための余裕)。",
	FormKeys:     "↑↓ 項目  入力/←→ 変更  enter 接続  esc 戻る  f1 ヘルプ",
	TypeKeys:     "↑↓ 項目  enter 接続  esc 戻る  f1 ヘルプ",
	WaitKeys:     "esc で取りやめ  ? ヘルプ",
	DroppedKeys:  "r 再接続 (新しい対局)  q メニュー",
	NeedServer:   "サーバーを ホスト:ポート で入力してください (floodgate: wdoor.c.u-tokyo.ac.jp:4081)。",
	NeedID:       "ログイン名を空白なしの一語で入力してください。",
	NeedPassword: "パスワードを空白なしの一語で入力してください。",
	BadGame:      "対局名はサーバーの名付けたとおり一語で入力してください (testgame-300-10)。",

	StartingPlayer: "%s を起動中 ...", Connecting: "%s に接続してログイン中 ...", LoggedIn: "%s に %s としてログインしました。",
	Waiting:    "対局の成立を待っています ...",
	WaitingFor: "%s の対局の成立を待っています ...",
	WaitingX1:  "%s を申し込みました。対局の成立を待っています ...",
	Found:      "対局成立: %s 対 %s、%s。開始を待っています ...",
	Elapsed:    "待ち時間 %s", Cancelled: "取りやめてログアウトしました。",
	Playing:     "%s  対局 %s",
	DroppedKept: "対局は保存済み (「対局を再開」で検討)。", Unconfirmed: "指し手 %s は未確認",
	Ended: "サーバーの判定: %s。", Saved: "棋譜を %s に保存しました。",
	Reconnecting: "新しい対局のために再接続しています ...",
	AwaitRuling:  "サーバーの判定を待っています ...",

	Unreachable:  "%s に接続できません。",
	Refused:      "ログインが拒否されました (ログイン名とパスワードを確かめてください)。",
	Rejected:     "対局が拒否されました。",
	Timeout:      "サーバーから時間内に応答がありません。",
	Garbage:      "サーバーから CSA プロトコルでない行が届きました。",
	BadSummary:   "サーバーの対局条件に矛盾があります。",
	ServerError:  "サーバーが要求を断りました。",
	DroppedEarly: "サーバーとの接続が切れました。",

	PasswordsOpen:   "%s はほかの利用者も読めるため使いません (chmod 600 %s で本人だけが読めるようにしてください)。",
	PasswordsBad:    "%s を読めません: %v",
	PasswordsFailed: "パスワードを %s に保存できません: %v",
	NoPlayer:        "%s を起動できません: %v",
	SilentMove:      "サーバーが応答しません: 送った指し手 %s の確認が %s ありません。",
	SilentTurn:      "サーバーが応答しません: %sの時間が切れて %s たっても手番が終わりません。",
}

// OnlineWordsFor is the online screens' words in language l.
func OnlineWordsFor(l Lang) *OnlineWords {
	if l == Japanese {
		return &onlineJapanese
	}
	return &onlineEnglish
}
