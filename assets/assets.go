// Package assets holds the data the terminal app ships inside the binary:
// the help notes, the piece glyph table, a sample game record and the
// collection of mate problems.
package assets

import (
	"embed"
	"fmt"
	"strings"
)

// The notes under the key list of the ? screens, in English and Japanese.
var (
	//go:embed help_play_en.txt
	helpPlayEn string
	//go:embed help_play_ja.txt
	helpPlayJa string
	//go:embed help_study_en.txt
	helpStudyEn string
	//go:embed help_study_ja.txt
	helpStudyJa string
	//go:embed help_table_en.txt
	helpTableEn string
	//go:embed help_table_ja.txt
	helpTableJa string
	//go:embed help_watch_en.txt
	helpWatchEn string
	//go:embed help_watch_ja.txt
	helpWatchJa string
	//go:embed help_menu_en.txt
	helpMenuEn string
	//go:embed help_menu_ja.txt
	helpMenuJa string
	//go:embed help_newgame_en.txt
	helpNewGameEn string
	//go:embed help_newgame_ja.txt
	helpNewGameJa string
	//go:embed help_settings_en.txt
	helpSettingsEn string
	//go:embed help_settings_ja.txt
	helpSettingsJa string
	//go:embed help_quiz_en.txt
	helpQuizEn string
	//go:embed help_quiz_ja.txt
	helpQuizJa string
	//go:embed help_picker_en.txt
	helpPickerEn string
	//go:embed help_picker_ja.txt
	helpPickerJa string
	//go:embed help_edit_en.txt
	helpEditEn string
	//go:embed help_edit_ja.txt
	helpEditJa string
	//go:embed help_server_en.txt
	helpServerEn string
	//go:embed help_server_ja.txt
	helpServerJa string
	//go:embed help_tsume_en.txt
	helpTsumeEn string
	//go:embed help_tsume_ja.txt
	helpTsumeJa string
	//go:embed help_online_en.txt
	helpOnlineEn string
	//go:embed help_online_ja.txt
	helpOnlineJa string
	//go:embed help_lobby_en.txt
	helpLobbyEn string
	//go:embed help_lobby_ja.txt
	helpLobbyJa string
	//go:embed help_computer_en.txt
	helpComputerEn string
	//go:embed help_computer_ja.txt
	helpComputerJa string
)

// HelpTable is the notes of a table's help (shogi serve), for a player.
func HelpTable(japanese bool) string {
	if japanese {
		return helpTableJa
	}
	return helpTableEn
}

// HelpServer is the notes of the help of a game on a CSA server.
func HelpServer(japanese bool) string {
	if japanese {
		return helpServerJa
	}
	return helpServerEn
}

// HelpWatch is the notes of a table's help for a spectator.
func HelpWatch(japanese bool) string {
	if japanese {
		return helpWatchJa
	}
	return helpWatchEn
}

// HelpPlay is the notes of the play screen's help, in Japanese or English.
func HelpPlay(japanese bool) string {
	if japanese {
		return helpPlayJa
	}
	return helpPlayEn
}

// HelpStudy is the notes of the study screen's help.
func HelpStudy(japanese bool) string {
	if japanese {
		return helpStudyJa
	}
	return helpStudyEn
}

// HelpEdit is the notes of the position editor's help.
func HelpEdit(japanese bool) string {
	if japanese {
		return helpEditJa
	}
	return helpEditEn
}

// HelpTsume is the notes of the training screens' help (mate problems,
// next-move quizzes).
func HelpTsume(japanese bool) string {
	if japanese {
		return helpTsumeJa
	}
	return helpTsumeEn
}

//go:embed pieces.tsv
var piecesTSV string

// Tsume is the collection of original mate problems (tsume.txt), in the
// format game/tsume's ParseCollection reads: one problem a line, ID,
// length, grade, SFEN and solution separated by tabs. game/tsume's tests
// solve every one again.
//
//go:embed tsume.txt
var Tsume string

// Samples holds sample records (samples/*.kif), for trying the study mode.
//
//go:embed samples
var Samples embed.FS

// Glyph is how one piece type is drawn in each piece style.
type Glyph struct {
	SFEN    string // the type as SFEN writes it for Black: "P", "+R"
	Kanji   string // one kanji (two columns wide)
	Western string // one or two letters: "P", "+P"
	Name    string // the two kanji written on the piece: 歩兵, 龍王
}

// Glyphs returns the piece glyph table from pieces.tsv, keyed by SFEN letters.
// The table is read from embedded data, so an error means the binary was
// built from a broken file.
func Glyphs() (map[string]Glyph, error) {
	out := map[string]Glyph{}
	for i, line := range strings.Split(piecesTSV, "\n") {
		line = strings.TrimRight(line, "\r")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			return nil, fmt.Errorf("pieces.tsv:%d: want 4 tab-separated fields, got %d", i+1, len(f))
		}
		out[f[0]] = Glyph{SFEN: f[0], Kanji: f[1], Western: f[2], Name: f[3]}
	}
	return out, nil
}

// HelpMenu is the notes of the menu's help.
func HelpMenu(japanese bool) string {
	if japanese {
		return helpMenuJa
	}
	return helpMenuEn
}

// HelpNewGame is the notes of the new-game screen's help.
func HelpNewGame(japanese bool) string {
	if japanese {
		return helpNewGameJa
	}
	return helpNewGameEn
}

// HelpSettings is the notes of the settings screen's help.
func HelpSettings(japanese bool) string {
	if japanese {
		return helpSettingsJa
	}
	return helpSettingsEn
}

// HelpQuiz is the notes of the next-move quizzes' help.
func HelpQuiz(japanese bool) string {
	if japanese {
		return helpQuizJa
	}
	return helpQuizEn
}

// HelpPicker is the notes of the study's file picker's help.
func HelpPicker(japanese bool) string {
	if japanese {
		return helpPickerJa
	}
	return helpPickerEn
}

// HelpOnline is the notes of the online (CSA server) form's help.
func HelpOnline(japanese bool) string {
	if japanese {
		return helpOnlineJa
	}
	return helpOnlineEn
}

// HelpLobby is the notes of the help of shogi serve's lobby.
func HelpLobby(japanese bool) string {
	if japanese {
		return helpLobbyJa
	}
	return helpLobbyEn
}

// HelpComputer is the notes of the help of a game against the computer
// over SSH (shogi serve), where nothing is kept.
func HelpComputer(japanese bool) string {
	if japanese {
		return helpComputerJa
	}
	return helpComputerEn
}
