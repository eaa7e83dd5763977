package common

import (
	"strings"

	"shogi/app/words"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// keyMap is every key the app answers to. The same bindings drive Update,
// the help bar and the ? screen, so the help cannot drift from the
// behaviour; their descriptions are in the screen's language.
//
// In a game the letters are commands only while the move line is closed;
// once a move is being typed every printable key goes to it. h j k l move
// the cursor, so a lower-case lance or king move starts with ":".
type keyMap struct {
	// Play.
	Up, Down, Left, Right key.Binding
	Select, Cancel, Tray  key.Binding
	Type                  key.Binding
	Undo, Flip, AutoFlip  key.Binding
	Notation, Review      key.Binding
	Declare, Impasse      key.Binding
	Resign, Save          key.Binding
	Copy, CopySFEN        key.Binding
	Help, Leave, Quit     key.Binding
	QuitEdit, QuitPlain   key.Binding // ctrl+c where no game runs: the study (its edit kept), training
	Yes, No               key.Binding
	Study, NewGame        key.Binding // once the game is over
	Pause, Step, Hint     key.Binding // a game on a match

	// Study.
	Next, Prev, First, Last, PageDown, PageUp key.Binding
	Jump, Variation, VariationBack, MainLine  key.Binding
	PlayHere, Export, NotesDown, NotesUp      key.Binding
	StudyLeave, Book                          key.Binding
	BookChoose, BookPlay, BookClose           key.Binding   // the book panel's, while it is open
	SolveTsume, Quizzes                       key.Binding   // the training screens from the study
	An                                        AnalysisKeys  // engines in the study
	Ed                                        EditorKeys    // the position editor
	SE                                        StudyEditKeys // editing a record in the study
}

// newKeyMap builds the key map with help in w's language; ascii spells the
// arrows out for a terminal that shows no arrows.
func newKeyMap(w *words.Words, ascii bool) keyMap {
	ja := w.Lang == words.Japanese
	b := func(help, en, jp string, keys ...string) key.Binding {
		if ascii {
			r := strings.NewReplacer("↑", "up", "↓", "down", "←", "left", "→", "right")
			help = r.Replace(help)
		}
		desc := en
		if ja {
			desc = jp
		}
		return key.NewBinding(key.WithKeys(keys...), key.WithHelp(help, desc))
	}
	return keyMap{
		Up:        b("↑/k", "up", "上", "up", "k"),
		Down:      b("↓/j", "down", "下", "down", "j"),
		Left:      b("←/h", "left", "左", "left", "h"),
		Right:     b("→/l", "right", "右", "right", "l"),
		Select:    b("enter", "pick/move", "選ぶ/指す", "enter"),
		Cancel:    b("esc", "cancel", "やめる", "esc"),
		Tray:      b("tab", "hand", "持駒", "tab"),
		Type:      b(":", "type a move", "指し手入力", ":"),
		Undo:      b("u", "undo", "待った", "u"),
		Flip:      b("f", "flip", "反転", "f"),
		AutoFlip:  b("a", "flip every turn", "毎手反転", "a"),
		Notation:  b("c", "notation", "表記", "c"),
		Review:    b("[ ]", "step back/on", "手を戻す/進める", "[", "]"),
		Declare:   b("d", "declare (entering king)", "入玉宣言", "d"),
		Impasse:   b("i", "impasse (24 points)", "持将棋", "i"),
		Resign:    b("x", "resign", "投了", "x"),
		Save:      b("w", "save", "保存", "w"),
		Copy:      b("y", "copy position (KIF)", "局面をコピー (KIF)", "y"),
		CopySFEN:  b("Y", "copy position (SFEN)", "局面をコピー (SFEN)", "Y"),
		Help:      b("?", "help", "ヘルプ", "?"),
		Leave:     b("q", "leave", "中断", "q"),
		Quit:      b("ctrl+c", "quit (game kept)", "終了 (対局は保存)", "ctrl+c"),
		QuitEdit:  b("ctrl+c", "quit (edit kept)", "終了 (編集は保存)", "ctrl+c"),
		QuitPlain: b("ctrl+c", "quit", "終了", "ctrl+c"),
		Yes:       b("y", "yes", "はい", "y", "Y"),
		No:        b("n", "no", "いいえ", "n", "N"),
		Study:     b("o", "study the game", "検討する", "o"),
		NewGame:   b("n", "new game", "新規対局", "n"),
		Pause:     b("space", "pause/resume", "一時停止/再開", "space"),
		Step:      b(".", "one move (paused)", "一手進める (一時停止中)", "."),
		Hint:      b("H", "hint", "ヒント", "H"),

		Next:          b("→/l", "next", "次へ", "right", "l"),
		Prev:          b("←/h", "previous", "前へ", "left", "h"),
		First:         b("home/g", "start", "初手へ", "home", "g"),
		Last:          b("end/G", "end", "最後へ", "end", "G"),
		PageDown:      b("pgdn", "+10", "10手進む", "pgdown"),
		PageUp:        b("pgup", "-10", "10手戻る", "pgup"),
		Jump:          b("N enter", "go to move N", "N手目へ", "enter"),
		Variation:     b("v", "next variation", "次の変化", "v"),
		VariationBack: b("V", "previous variation", "前の変化", "V"),
		MainLine:      b("m", "main line", "本譜", "m"),
		PlayHere:      b("p", "play from here", "ここから指す", "p"),
		Export:        b("e", "export", "書き出す", "e"),
		NotesDown:     b("↓/j", "comment down", "コメント下", "down", "j"),
		NotesUp:       b("↑/k", "comment up", "コメント上", "up", "k"),
		StudyLeave:    b("q", "leave", "閉じる", "q", "esc"),
		SolveTsume:    b("t", "solve this position as a tsume", "この局面を詰将棋として解く", "t"),
		Quizzes:       b("Q", "next-move quizzes from the analysis", "解析から次の一手", "Q"),
		Book:          b("o", "opening book", "定跡", "o"),
		BookChoose:    b("↑/↓", "book move", "定跡手を選ぶ", "up", "down"),
		BookPlay:      b("enter", "play the book move", "定跡手を指す", "enter"),
		BookClose:     b("o/esc", "close the book", "定跡を閉じる", "o", "esc"),
		An:            NewAnalysisKeys(b),
		Ed:            NewEditorKeys(b),
		SE:            NewStudyEditKeys(b),
	}
}

// PlayShortHelp is the help bar of a game in progress.
func (k keyMap) PlayShortHelp() []key.Binding {
	return []key.Binding{k.Select, k.Tray, k.Type, k.Undo, k.Help, k.Leave, k.Flip, k.Notation, k.Save, k.Resign, k.Hint, k.Pause, k.Review}
}

// PlayFullHelp is the ? screen of a game, one group per heading.
func (k keyMap) PlayFullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Select, k.Cancel, k.Tray, k.Type},
		{k.Undo, k.Hint, k.Pause, k.Step, k.Flip, k.AutoFlip, k.Notation, k.Review, k.Copy, k.CopySFEN},
		{k.Declare, k.Impasse, k.Resign, k.Save, k.Study, k.Help, k.Leave, k.Quit},
	}
}

// StudyShortHelp is the study's help bar; with the book panel open it
// leads with the panel's keys, which take ↑/↓ and enter from the board.
func (k keyMap) StudyShortHelp(w *words.Words, ascii, book bool) []key.Binding {
	step := "←/→"
	if ascii {
		step = "left/right"
	}
	desc := "step"
	if w.Lang == words.Japanese {
		desc = "前後"
	}
	stepKeys := key.NewBinding(key.WithKeys("left", "right"), key.WithHelp(step, desc))
	if book {
		return []key.Binding{
			k.BookChoose, k.BookPlay, k.BookClose, stepKeys,
			k.Variation, k.MainLine, k.SE.Comment, k.SE.Undo, k.SE.Save, k.An.Analyse, k.An.Pass, k.PlayHere,
			k.Export, k.Copy, k.Help, k.StudyLeave,
		}
	}
	return []key.Binding{
		stepKeys,
		k.Variation, k.MainLine, k.SE.Board, k.SE.Comment, k.SE.Undo, k.SE.Save, k.An.Analyse, k.An.Pass, k.PlayHere, k.Book,
		k.Export, k.Copy, k.Help, k.StudyLeave,
	}
}

// StudyFullHelp is the study's ? screen.
func (k keyMap) StudyFullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Next, k.Prev, k.First, k.Last, k.PageDown, k.PageUp, k.Jump},
		{k.Variation, k.VariationBack, k.MainLine, k.Notation, k.Flip, k.NotesDown, k.NotesUp},
		{k.Book, k.BookChoose, k.BookPlay, k.BookClose},
		{k.PlayHere, k.SolveTsume, k.Quizzes, k.Export, k.Copy, k.CopySFEN, k.Help, k.StudyLeave, k.QuitEdit},
		{k.An.Analyse, k.An.MoreLines, k.An.FewerLines, k.An.ShowLine, k.An.AddLine, k.An.Mate, k.An.Pass, k.An.NextEngine},
		{k.SE.Board, k.SE.Type, k.SE.Delete, k.SE.Promote, k.SE.Up, k.SE.Down, k.SE.Ending, k.SE.Comment, k.SE.Info,
			k.SE.Mark, k.SE.Marks, k.SE.Undo, k.SE.Redo, k.SE.Save, k.SE.EditPosition},
	}
}

// KeyIs reports whether msg is one of b's keys.
func KeyIs(msg tea.KeyPressMsg, b key.Binding) bool { return key.Matches(msg, b) }

// IsEnter reports whether msg is enter, or the line feed a return typed
// before the terminal was in raw mode arrives as (ctrl+j).
func IsEnter(msg tea.KeyPressMsg) bool {
	s := msg.String()
	return s == "enter" || s == "ctrl+j"
}

// Printable is the text a key types, or "" for a key that types nothing
// (arrows, enter, ctrl+…).
func Printable(msg tea.KeyPressMsg) string {
	if msg.Mod&^tea.ModShift != 0 {
		return ""
	}
	if msg.Text != "" {
		return msg.Text
	}
	if msg.Code == tea.KeySpace {
		return " "
	}
	return ""
}

// AnalysisKeys are the study's keys for engines.
type AnalysisKeys struct {
	Analyse, MoreLines, FewerLines, ShowLine, AddLine, Mate, Pass, NextEngine key.Binding
}

// NewAnalysisKeys builds them with b, keys.go's binding maker.
func NewAnalysisKeys(b func(help, en, jp string, keys ...string) key.Binding) AnalysisKeys {
	return AnalysisKeys{
		Analyse:    b("a", "analyse", "検討", "a"),
		MoreLines:  b("+", "more lines", "候補を増やす", "+", "="),
		FewerLines: b("-", "fewer lines", "候補を減らす", "-"),
		ShowLine:   b("b", "play the engine's line on the board", "読み筋を盤面で見る", "b"),
		AddLine:    b("B", "add the engine's line as a branch", "読み筋を分岐に追加", "B"),
		Mate:       b("M", "mate search", "詰み探索", "M"),
		Pass:       b("A", "analyse all", "棋譜解析", "A"),
		NextEngine: b("E", "next engine", "エンジン切替", "E"),
	}
}
