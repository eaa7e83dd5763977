package prefs

import (
	"shogi/app/settings"
	"shogi/tui/internal/screentest"
	"strings"
	"testing"
)

// Settings > Study engine steps the study's engine through the levels
// and the engines (which engine a starts is tested in tui/study).
func TestSettingsStudyEngine(t *testing.T) {
	st := settings.Default()
	st.Engines = []settings.EngineEntry{{Name: "Fairy", Path: "/usr/games/fairy-stockfish"}}
	// The settings page steps it through the levels and the engines.
	c := screentest.NewCommon(t)
	c.Settings.Engines = st.Engines
	_, d := open(t, c)
	for i := 0; ; i++ {
		if row, _ := screentest.CursorRow(d.Screen()); strings.Contains(row, "Study engine") {
			break
		}
		if i > 20 {
			t.Fatalf("no study engine row:\n%s", d.Screen())
		}
		d.Press("down")
	}
	if !strings.Contains(d.Screen(), "Study engine (a)") || !strings.Contains(d.Screen(), "< strong >") {
		t.Fatalf("the settings' study engine:\n%s", d.Screen())
	}
	d.Press("right")
	if v := c.Settings.Study; v != "Fairy" {
		t.Errorf("right after the strongest level: study_engine %q, want the next program, Fairy", v)
	}
}
