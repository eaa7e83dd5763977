package tui

import (
	"shogi/tui/editor"
	"shogi/tui/newgame"
	"shogi/tui/online"
	"shogi/tui/play"
	"shogi/tui/prefs"
	"shogi/tui/study"
	tsumeui "shogi/tui/tsume"
)

// mode names the kind of screen on top of the stack, for tests that ask
// which screen shows.
type mode int

const (
	modeMenu mode = iota
	modePlay
	modeStudy
	modeEditor
	modeOnline
	modeTsume
	modeQuiz
	modeNewGame
	modeSettings
)

func (m mode) String() string {
	return [...]string{"menu", "play", "study", "editor", "online", "tsume", "quiz", "new game", "settings"}[m]
}

// mode is the kind of the screen on top.
func (m *Model) mode() mode {
	switch s := m.top().(type) {
	case *playScreen:
		return modePlay
	case *study.Screen:
		return modeStudy
	case *editorScreen:
		return modeEditor
	case *onlineScreen:
		return modeOnline
	case *tsumeScreen:
		return modeTsume
	case *quizScreen:
		return modeQuiz
	case *newgame.Screen:
		return modeNewGame
	case *prefs.Screen:
		return modeSettings
	case *menuScreen:
		_ = s
	}
	return modeMenu
}

// find is the topmost screen of the stack that ok accepts.
func find[T any](m *Model) (T, bool) {
	for i := len(m.stack) - 1; i >= 0; i-- {
		if s, ok := m.stack[i].(T); ok {
			return s, true
		}
	}
	var zero T
	return zero, false
}

// playShown is the topmost game on the stack (an online game's too: the
// online screen pushes it).
func (m *Model) playShown() *play.Model {
	if p, ok := find[*playScreen](m); ok {
		return &p.m
	}
	return nil
}

// menuShown is the topmost menu.
func (m *Model) menuShown() *menuModel {
	mn, _ := find[*menuScreen](m)
	return &mn.m
}

// studyTop is the topmost study (or file picker) on the stack.
func (m *Model) studyTop() *study.Screen {
	s, _ := find[*study.Screen](m)
	return s
}

func (m *Model) editorShown() *editor.Model {
	e, _ := find[*editorScreen](m)
	return &e.m
}

func (m *Model) onlineShown() *online.Model {
	o, ok := find[*onlineScreen](m)
	if !ok {
		return nil
	}
	return o.m
}

func (m *Model) tsumeShown() *tsumeui.Model {
	t, _ := find[*tsumeScreen](m)
	return &t.m
}

// playReady reports whether the game screen is on the stack with its
// game: a wait on the game screen asks this first, since the online
// screen pushes it when the server's game begins.
func (m *Model) playReady() bool {
	p := m.playShown()
	return p != nil && p.Game != nil
}
