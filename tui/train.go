package tui

import (
	"fmt"
	"shogi/tui/common"
	tsumeui "shogi/tui/tsume"

	tea "charm.land/bubbletea/v2"
)

// The training screens (tui/tsume): mate problems and next-move quizzes,
// opened from the menu, from the study (solve this position; the quizzes
// of this record) and from the editor, and by shogi tsume.

// TsumeStart is where shogi tsume opens the tsume screen: problems it
// brought (a file's, an SFEN's), or the collection — one of its
// problems, its problems of one length, or its chooser of lengths.
type TsumeStart struct {
	Problems []TsumeItem // nil: the collection
	Name     string      // what the title calls the problems brought
	ID       string      // the collection's problem to open
	Length   int         // the collection's problems of this many plies
}

// TsumeItem is a problem brought to the tsume screen, or why it is none.
type TsumeItem = tsumeui.Item

// trainMsg is the menu's way into the training screens.
type trainMsg struct{ quizzes bool }

// backToEditorMsg leaves the tsume screen for the editor that opened it.
type backToEditorMsg struct{}

// trainEnv is the training screens' shared state, made on first need.
func (m *Model) trainEnv() *tsumeui.Env {
	if m.train == nil {
		m.train = tsumeui.NewEnv(m.c.StateDir)
	}
	return m.train
}

// startTsume puts the app on the tsume screen as shogi tsume asked;
// leaving it ends the app.
func (m *Model) startTsume(o TsumeStart) error {
	env := m.trainEnv()
	opts := tsumeui.Options{QuitOnLeave: true}
	set := tsumeui.Set{Name: o.Name, Items: o.Problems}
	if o.Problems == nil {
		var err error
		if set, err = env.CollectionSet(); err != nil {
			return fmt.Errorf("the collection does not read: %w", err)
		}
		opts.Chooser, opts.ID = true, o.ID
		if o.Length > 0 {
			opts.Filter = tsumeui.Filter{Min: o.Length, Max: o.Length}
		}
	}
	m.tsume.Stop() // the last attempt's match ends
	m.tsume = tsumeui.New(m.c, env, set, opts)
	m.mode = modeTsume
	return nil
}

// openTraining opens a training screen: a position to solve, the
// quizzes of a record (both from the study, which waits), or from the
// menu the collection or the quizzes of the games folder.
func (m *Model) openTraining(msg tea.Msg) tea.Cmd {
	env := m.trainEnv()
	var back tea.Msg
	switch st, ok := m.study.(*studyModel); {
	case ok && m.mode == modeStudy:
		// The study waits, its engines paused, and comes back on leaving.
		m.parked, m.parkedNode = st, nil
		st.pauseAnalysis()
	case m.mode == modeEditor:
		back = backToEditorMsg{} // the editor stays as it is meanwhile
	}
	switch msg := msg.(type) {
	case common.TsumeMsg:
		m.tsume.Stop() // the last attempt's match ends
		m.tsume = tsumeui.New(m.c, env, tsumeui.PositionSet(msg.Start), tsumeui.Options{Back: back})
		m.mode = modeTsume
		return m.tsume.Init()
	case common.QuizzesMsg:
		m.quiz = tsumeui.NewQuizzes(m.c, env, tsumeui.RecordQuizzes(msg.Rec, msg.Name, m.c.Settings.QuizOptions()))
		m.mode = modeQuiz
		return m.quiz.Init()
	case trainMsg:
		if msg.quizzes {
			m.quiz = tsumeui.NewQuizzes(m.c, env, tsumeui.FolderQuizzes(m.c.GamesDir(), m.c.Settings.QuizOptions()))
			m.mode = modeQuiz
			return m.quiz.Init()
		}
		set, err := env.CollectionSet()
		if err != nil {
			m.menu.status, m.menu.statusErr = err.Error(), true
			return nil
		}
		m.tsume.Stop() // the last attempt's match ends
		m.tsume = tsumeui.New(m.c, env, set, tsumeui.Options{Chooser: true})
		m.mode = modeTsume
		return m.tsume.Init()
	}
	return nil
}

// closeTraining stops what the training screens have in flight and
// closes the quizzes' engine.
func (m *Model) closeTraining() {
	m.tsume.Stop()
	m.quiz.Stop()
}
