package words

// ExplorerWords are the words of the study's explorer panel (the games
// database: the moves played from the position shown, and the games that
// reached it) and of the opening and castle tags, in one language.
type ExplorerWords struct {
	Title                  string // the panel's heading
	All, Mine, Player      string // the filters: all games; mine (%s the name); one player (%s)
	Looking                string
	NoDB                   string // %s the database's file
	Cannot                 string // %v why the database cannot be read
	NoMoves, NoGames       string // nothing reached the position (in the filter)
	Move, Games, WDL       string // the moves' columns
	GamesTitle, GamesMore  string // %d games; %d+ games
	NamePrompt             string // typing the player's name
	NoName                 string // enter on an empty name
	Keys                   string // the panel's keys, on its heading
	Opening, RecordOpening string // the header line: 戦型; %s the record's own
	NotRemote              string // the panel over SSH
	Unreadable             string // %d the game, %v why
	// The keys' descriptions in the help.
	KeyToggle, KeyChoose, KeyEnter, KeyFilter, KeyClose string
}

var explorerEnglish = ExplorerWords{
	Title: "Games", All: "all games", Mine: "mine (%s)", Player: "player %s",
	Looking: "looking up…",
	NoDB:    "no games database yet (%s): shogi db import FOLDER fills it, and every finished game goes in",
	Cannot:  "cannot read the games database: %v",
	NoMoves: "no move played from here",
	NoGames: "no game reached this position",
	Move:    "Move", Games: "Games", WDL: "win/draw/loss",
	GamesTitle: "%d games", GamesMore: "%d+ games",
	NamePrompt: "Player: ", NoName: "no name typed: still %s",
	Keys:    "↑↓ enter  tab filter  r close",
	Opening: "Openings", RecordOpening: "record: %s",
	NotRemote:  "the games database is not open over SSH",
	Unreadable: "game %d cannot be read back: %v",
	KeyToggle:  "games database (explorer)", KeyChoose: "database move or game",
	KeyEnter: "play the move / open the game", KeyFilter: "all games / mine / one player",
	KeyClose: "close the games database",
}

var explorerJapanese = ExplorerWords{
	Title: "棋譜DB", All: "全局", Mine: "自分 (%s)", Player: "対局者 %s",
	Looking: "検索中…",
	NoDB:    "棋譜データベースがまだありません (%s): shogi db import フォルダ で作れます。終局した対局は自動で入ります",
	Cannot:  "棋譜データベースを読めません: %v",
	NoMoves: "この局面からの指し手はありません",
	NoGames: "この局面に至った対局はありません",
	Move:    "指し手", Games: "局数", WDL: "勝/分/負",
	GamesTitle: "%d局", GamesMore: "%d局以上",
	NamePrompt: "対局者: ", NoName: "名前が空です: %s のまま",
	Keys:    "↑↓ enter  tab 絞り込み  r 閉じる",
	Opening: "戦型", RecordOpening: "棋譜: %s",
	NotRemote:  "SSH 接続では棋譜データベースを開けません",
	Unreadable: "対局 %d を読み戻せません: %v",
	KeyToggle:  "棋譜DB (エクスプローラー)", KeyChoose: "DBの指し手・対局を選ぶ",
	KeyEnter: "指し手を指す / 対局を開く", KeyFilter: "全局 / 自分 / 対局者",
	KeyClose: "棋譜DBを閉じる",
}

// ExplorerWordsFor returns the explorer's words in language l.
func ExplorerWordsFor(l Lang) *ExplorerWords {
	if l == Japanese {
		return &explorerJapanese
	}
	return &explorerEnglish
}
