package components

import (
	"fmt"
	"time"

	"shogi/app/words"
	"shogi/tui/common"

	"shogi/game"
	"shogi/game/match"
)

// clockFace is one side's clock at one moment, as the match's clock
// state gives it: what is left of the main time, then of the byōyomi.
// Which side's time runs and whether a flag has fallen are the match's
// to say; the face only shows it.
type clockFace struct {
	side    game.Color
	control match.TimeControl
	Main    time.Duration // main time left
	byoyomi time.Duration // byōyomi left (all of it until the main time is spent)
	Running bool
	Flagged bool // the side lost on time (切れ負け)
}

// FaceOf reads side c's clock at now.
func FaceOf(s match.ClockState, c game.Color, now time.Time) clockFace {
	main, byo := s.Left(c, now)
	return clockFace{side: c, control: s.Control[c], Main: main, byoyomi: byo, Running: s.Running && s.Side == c}
}

// urgentTime is when a clock starts counting seconds out loud: the
// last ten of byōyomi, or of the main time when nothing follows it.
const urgentTime = 10 * time.Second

// Urgent reports whether the face is in its last ten seconds.
func (f clockFace) Urgent() bool {
	if !f.Running || f.Flagged {
		return false
	}
	switch {
	case f.Main > 0:
		return f.control.Byoyomi == 0 && f.Main <= urgentTime
	case f.control.Byoyomi > 0:
		return f.byoyomi <= urgentTime
	}
	return true
}

// ClockTime writes a duration as a clock face does, rounded up so that 0
// shows only when the time is gone: 9:58, 1:02:03, 0:07.
func ClockTime(d time.Duration) string {
	s := int64((d + time.Second - 1) / time.Second)
	if s < 0 {
		s = 0
	}
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// seconds writes a duration in whole seconds, rounded up.
func seconds(d time.Duration) int64 { return int64((max(d, 0) + time.Second - 1) / time.Second) }

// ClockLines are what a face says: the time on the face (the main time,
// or once it is spent — or when there is none — the byōyomi counting
// down, or the word for a flag that fell), and a note under it (the
// byōyomi or increment that follows the main time). Both are plain text;
// renderClock styles them.
func ClockLines(f clockFace, w *words.Words) (face, note string) {
	switch {
	case f.control.IsZero():
		return "", ""
	case f.Flagged:
		return w.FlagFell, ""
	case f.Main == 0 && f.control.Byoyomi > 0:
		return fmt.Sprintf(w.ByoyomiLeft, seconds(f.byoyomi)), ""
	case f.control.Byoyomi > 0:
		return ClockTime(f.Main), fmt.Sprintf(w.ByoyomiEach, seconds(f.control.Byoyomi))
	case f.control.Increment > 0:
		return ClockTime(f.Main), fmt.Sprintf(w.IncrementEach, match.ShortDuration(f.control.Increment))
	}
	return ClockTime(f.Main), ""
}

// RenderClock draws a face in width columns: the side and its time on
// the first line, what follows the main time on the second. The running
// side is in the turn badge's colours; its last ten seconds, and a
// fallen flag, in the error colour, bold (reverse and underlined without
// colour), so a countdown is seen without reading it.
func RenderClock(f clockFace, label string, width int, st *common.Styles, m common.Measure, w *words.Words) []string {
	face, note := ClockLines(f, w)
	if face == "" {
		return nil
	}
	l1 := Spread(m, label, paintFace(f, face, st), width)
	if note != "" && st != nil {
		note = st.Dim.Render(note)
	}
	return []string{m.Fit(l1, width), m.Fit(Spread(m, "", note, width), width)}
}

// paintFace styles a face's time by the state of its clock.
func paintFace(f clockFace, text string, st *common.Styles) string {
	switch {
	case st == nil:
		if f.Running {
			return "[" + text + "]"
		}
		return " " + text + " "
	case f.Flagged || f.Urgent():
		return st.Urgent.Render(" " + text + " ")
	case f.Running:
		return st.TurnBadge.Render(" " + text + " ")
	}
	return st.Bold.Render(" " + text + " ")
}

// ClockInline is a face on one line, for the compact layout's hand lines:
// "9:58 +30s", "秒読み 7".
func ClockInline(f clockFace, st *common.Styles, w *words.Words) string {
	face, note := ClockLines(f, w)
	if face == "" {
		return ""
	}
	if note != "" {
		face += " " + note
	}
	return paintFace(f, face, st)
}
