package words

// BookWords are the words for opening books — the study's book panel,
// the hint's book moves and the settings' books — in one language.
type BookWords struct {
	Title                     string // the panel's heading
	Total                     string // %s: the position's count
	Ordinal                   string // %d of %d books: which answered
	Flipped                   string // the position was found turned round
	Move, Count, Share, Win   string // the columns' titles
	Score, Reply, Comment     string
	NotIn, NotInAny           string // notInAny: %d books
	NoBooks, Looking          string
	Keys                      string // the panel's keys
	Cannot                    string // %s the book's file, %s why
	Missing, Denied, Folder   string // why a book cannot be read
	Empty, Binary             string
	Version, Unsorted         string // %q the header; %d the line
	BadLine, Unreadable       string // %d the line, %v what; %v what
	More                      string // %d more lines below
	HintLabel, HintNone       string // the play screen's row; no book has the position
	BooksItem, BooksTitle     string // the settings' row and page
	BooksKeys, NoneYet        string
	AddBook, BookPath         string
	Added, Removed, Already   string // %s: the file
	OnDisk, InMemory          string // onDisk: %s size; inMemory: %d positions, %s size
	Checking                  string
	PlayField, PliesField     string
	PickNames                 [3]string // by book.Pick: off, weighted, best
	Plies                     string    // %d
	NoBookFiles               string
	Played                    string // a book move played in the study: %s the move
	PlayFirst, NoMoveToPlay   string
	ShareOf, WinOf, ScoreOf   string // the hint's figures: %s
	InBookN, PlayFromBookNote string
}

var bookEnglish = BookWords{
	Title: "Book", Total: "%s played", Ordinal: "book %d of %d", Flipped: "found turned round",
	Move: "Move", Count: "Played", Share: "Share", Win: "Win", Score: "Score", Reply: "Reply", Comment: "Comment",
	NotIn: "not in the book", NotInAny: "not in any of the %d books",
	NoBooks: "no book files: add them in Settings > Opening books", Looking: "looking up…",
	Keys:    "↑/↓ enter play  o close",
	Cannot:  "cannot read %s: %s",
	Missing: "no such file", Denied: "not allowed to read it", Folder: "a folder, not a book file",
	Empty:      "the file is empty",
	Binary:     "a binary book (.ybb, .bin): only the text format (#YANEURAOU-DB2016 1.00) is read",
	Version:    "another version of the format (%q)",
	Unsorted:   "not sorted (line %d): sort it with shogi book merge BOOK -o SORTED",
	BadLine:    "line %d: %v",
	Unreadable: "%v",
	More:       "… %d more",
	HintLabel:  "Book", HintNone: "not in the book",
	BooksItem: "Opening books ...", BooksTitle: "Opening books",
	BooksKeys: "up/down choose, a add, d remove, [ ] move up/down, esc back",
	NoneYet:   "no books yet: a adds one (shogi book build makes one from records)",
	AddBook:   "add a book file", BookPath: "Book file: ",
	Added: "added %s", Removed: "removed %s", Already: "%s is in the list already",
	OnDisk: "sorted: searched on disk, %s", InMemory: "read into memory: %d positions, %s",
	Checking:  "reading…",
	PlayField: "Levels' book", PliesField: "Book plies",
	PickNames:   [3]string{"off", "weighted by count", "best score"},
	Plies:       "first %d plies",
	NoBookFiles: "no book files",
	Played:      "%s from the book",
	PlayFirst:   "open the book panel first (o)", NoMoveToPlay: "no book move to play here",
	ShareOf: "%s", WinOf: "win %s", ScoreOf: "score %s",
	InBookN:          "%d book moves",
	PlayFromBookNote: "the built-in levels play from the books in their first plies",
}

var bookJapanese = BookWords{
	Title: "定跡", Total: "計%s回", Ordinal: "%d/%d冊目", Flipped: "先後反転で一致",
	Move: "指し手", Count: "回数", Share: "割合", Win: "勝率", Score: "評価値", Reply: "予想応手", Comment: "コメント",
	NotIn: "定跡にない局面です", NotInAny: "%d冊のどの定跡にもない局面です",
	NoBooks: "定跡ファイルがありません (設定 > 定跡ファイル で追加)", Looking: "検索中…",
	Keys:    "↑↓ enter 指す  o 閉じる",
	Cannot:  "%s を読めません: %s",
	Missing: "ファイルがありません", Denied: "読む権限がありません", Folder: "フォルダです (定跡ファイルを指定してください)",
	Empty:      "空のファイルです",
	Binary:     "バイナリ形式の定跡です (.ybb, .bin)。テキスト形式 (#YANEURAOU-DB2016 1.00) のみ読めます",
	Version:    "対応していない版の形式です (%q)",
	Unsorted:   "並び順が崩れています (%d行目)。shogi book merge BOOK -o SORTED で並べ直せます",
	BadLine:    "%d行目が読めません: %v",
	Unreadable: "読めません: %v",
	More:       "… ほか%d行",
	HintLabel:  "定跡", HintNone: "定跡にない局面です",
	BooksItem: "定跡ファイル ...", BooksTitle: "定跡ファイル",
	BooksKeys: "↑↓ 選ぶ  a 追加  d 削除  [ ] 順番を上下  esc 戻る",
	NoneYet:   "定跡ファイルはまだありません。a で追加します (shogi book build で棋譜から作れます)",
	AddBook:   "定跡ファイルを追加", BookPath: "定跡ファイル: ",
	Added: "%s を追加しました", Removed: "%s を外しました", Already: "%s はもう一覧にあります",
	OnDisk: "ソート済み: ディスク上で検索 (%s)", InMemory: "メモリに読み込み: %d局面 (%s)",
	Checking:  "読み込み中…",
	PlayField: "レベルの定跡", PliesField: "定跡の手数",
	PickNames:   [3]string{"使わない", "回数で重み付け", "評価値が最善"},
	Plies:       "%d手目まで",
	NoBookFiles: "定跡ファイルなし",
	Played:      "定跡の%sを指しました",
	PlayFirst:   "先に定跡パネルを開いてください (o)", NoMoveToPlay: "ここで指せる定跡手はありません",
	ShareOf: "%s", WinOf: "勝率%s", ScoreOf: "評価値%s",
	InBookN:          "定跡手%d",
	PlayFromBookNote: "レベルは序盤に定跡ファイルから指します",
}

// BookWordsFor is the book words in language l.
func BookWordsFor(l Lang) *BookWords {
	if l == Japanese {
		return &bookJapanese
	}
	return &bookEnglish
}
