package tui

import (
	"shogi/app/settings"
	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/remote"
)

// The app's public face for main and the SSH server: the types and
// choices its options take, named here so that callers need only tui.
type (
	// Lang is the language of the app's own words.
	Lang = words.Lang
	// PieceStyle is how pieces and coordinates are drawn.
	PieceStyle = common.PieceStyle
	// Theme is the palette: auto (from the terminal's background), light or dark.
	Theme = common.Theme
	// WidthPolicy is how wide ambiguous-width characters are taken to be.
	WidthPolicy = common.WidthPolicy
	// Terminal is the terminal the app draws on, as its caller knows it.
	Terminal = common.Terminal
	// Settings are the settings file's content.
	Settings = settings.Settings
	// SettingsError says where a settings file is wrong.
	SettingsError = settings.FileError
	// EngineEntry is an engine in the settings' list.
	EngineEntry = settings.EngineEntry
	// EngineChoice is an engine the study offers.
	EngineChoice = common.EngineChoice
	// Remote is a person on an SSH connection to shogi serve.
	Remote = remote.Remote
)

// The languages, piece styles, themes and width policies.
const (
	English    = words.English
	Japanese   = words.Japanese
	Kanji      = common.Kanji
	Western    = common.Western
	ASCII      = common.ASCII
	KIF        = common.KIF
	ThemeAuto  = common.ThemeAuto
	ThemeLight = common.ThemeLight
	ThemeDark  = common.ThemeDark
	Narrow     = common.Narrow
	Wide       = common.Wide
)

// Readers of the options' values, the settings file and the environment.
var (
	ParseLang          = words.ParseLang
	ParsePieceStyle    = common.ParsePieceStyle
	ParseTheme         = common.ParseTheme
	ParseWidthPolicy   = common.ParseWidthPolicy
	LoadSettings       = settings.Load
	DetectProfile      = common.DetectProfile
	LangFromEnv        = common.LangFromEnv
	UTF8Locale         = common.UTF8Locale
	WidthPolicyFromEnv = common.WidthPolicyFromEnv
)
