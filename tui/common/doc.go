// Package common is what every screen of the app shares: the terminal's
// size and colour level, the palette (styles.go: one per theme, with a
// contrast test), the key map, the language and its words, the measure of
// text width (width.go: one policy for East Asian ambiguous characters),
// the settings file (config.go), the players the app offers (engines.go),
// a game's set-up, and the messages by which one screen asks the root
// model to show another (msgs.go).
package common
