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
	m.stack = append(m.stack, &tsumeScreen{m: tsumeui.New(m.c, env, set, opts)})
	return nil
}

// openTraining opens a training screen over the screen that asked for
// it: a position to solve, the quizzes of a record (from the study or
// the editor, which wait), or from the menu the collection or the
// quizzes of the games folder.
func (m *Model) openTraining(msg tea.Msg) tea.Cmd {
	env := m.trainEnv()
	switch msg := msg.(type) {
	case common.TsumeMsg:
		return m.push(&tsumeScreen{m: tsumeui.New(m.c, env, tsumeui.PositionSet(msg.Start), tsumeui.Options{})})
	case common.QuizzesMsg:
		return m.push(&quizScreen{m: tsumeui.NewQuizzes(m.c, env, tsumeui.RecordQuizzes(msg.Rec, msg.Name, m.c.Settings.QuizOptions()))})
	case trainMsg:
		if msg.quizzes {
			return m.push(&quizScreen{m: tsumeui.NewQuizzes(m.c, env, tsumeui.FolderQuizzes(m.c.GamesDir(), m.c.Settings.QuizOptions()))})
		}
		set, err := env.CollectionSet()
		if err != nil {
			if mn, ok := m.top().(*menuScreen); ok {
				mn.m.status, mn.m.statusErr = err.Error(), true
			}
			return nil
		}
		return m.push(&tsumeScreen{m: tsumeui.New(m.c, env, set, tsumeui.Options{Chooser: true})})
	}
	return nil
}
