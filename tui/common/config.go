package common

import (
	tea "charm.land/bubbletea/v2"

	"shogi/app/settings"
)

// The settings file itself is app/settings; here is only how the screens
// write it: a command that reports the write as a message.

// SettingsSavedMsg reports a write of the settings file; only failures
// are shown.
type SettingsSavedMsg struct{ Err error }

// SaveSettings changes the settings with edit and writes the file, unless
// it could not be read (it is then never overwritten).
func (c *Common) SaveSettings(edit func(s *settings.Settings)) tea.Cmd {
	edit(c.Settings)
	if c.SettingsErr != nil || c.SettingsPath == "" {
		return nil
	}
	write := c.SettingsWriter.Prepare(c.SettingsPath, c.Settings.Clone())
	return func() tea.Msg {
		done, err := write()
		if !done {
			return nil
		}
		return SettingsSavedMsg{Err: err}
	}
}
