package tui

import (
	tea "github.com/charmbracelet/bubbletea"
)

// Run decides colours from the environment, builds the model and runs the
// app full-screen with mouse support until the user quits.
func Run(o Options) error {
	ConfigureColors()
	m, err := New(o)
	if err != nil {
		return err
	}
	_, err = tea.NewProgram(m, tea.WithAltScreen(), tea.WithMouseCellMotion()).Run()
	return err
}
