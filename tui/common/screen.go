package common

import tea "charm.land/bubbletea/v2"

// Screen is one screen of the app as the root's stack holds it: the
// menu, a game, the study, the editor, the training screens, the online
// screens. The root sends every message to the screen on top, draws it,
// and pushes and pops screens when one asks for another (StartMsg,
// OpenMsg, EditPositionMsg …) or leaves (ToMenuMsg): leaving returns to
// the screen underneath, which Uncover tells what was above it.
type Screen interface {
	// Init starts the screen's first work when it is pushed.
	Init() tea.Cmd
	// Update handles one message while the screen is on top.
	Update(msg tea.Msg) tea.Cmd
	// View draws the screen at the Common's size, with the typing
	// cursor where it has one.
	View() (string, *tea.Cursor)
	// Resize follows the terminal: its size, colours or background
	// changed (the Common already has the new values).
	Resize(msg tea.Msg)
	// Help is the screen's ? screen: its keys and notes.
	Help() OpenHelpMsg
	// Title is the screen's window title, in the app's words.
	Title() string
	// Quiet reports whether the screen stays as it is until a key.
	Quiet() bool
	// Cover tells the screen another screen goes over it (a study
	// pauses its engines); Uncover that the screen above, given, left.
	Cover()
	Uncover(above Screen) tea.Cmd
	// Close ends what the screen runs when it leaves the stack; wait
	// says the app is ending, so it waits for its engines and games.
	Close(wait bool) tea.Cmd
}

// Still is what a screen that runs nothing of its own (a form, a page of
// settings) embeds for the Screen methods it has nothing to do in: it
// follows the Common's size, changes only on a key, and starts, pauses
// and ends nothing.
type Still struct{}

// Resize has nothing to do: the view follows the Common's size.
func (Still) Resize(tea.Msg) {}

// Quiet: the screen changes only on a key (or a command it started, which
// the app runs to its end).
func (Still) Quiet() bool { return true }

// Cover, Uncover and Close: nothing runs to pause or end.
func (Still) Cover()                 {}
func (Still) Uncover(Screen) tea.Cmd { return nil }
func (Still) Close(bool) tea.Cmd     { return nil }
