package tui

import (
	"fmt"
	"time"

	"example.com/shogi/game"
	"example.com/shogi/game/match"
)

// clockFace is one side's clock at one moment, as the match's clock
// state gives it: what is left of the main time, then of the byōyomi.
// Which side's time runs and whether a flag has fallen are the match's
// to say; the face only shows it.
type clockFace struct {
	side    game.Color
	control match.TimeControl
	main    time.Duration // main time left
	byoyomi time.Duration // byōyomi left (all of it until the main time is spent)
	running bool
	flagged bool // the side lost on time (切れ負け)
}

// faceOf reads side c's clock at now.
func faceOf(s match.ClockState, c game.Color, now time.Time) clockFace {
	main, byo := s.Left(c, now)
	return clockFace{side: c, control: s.Control[c], main: main, byoyomi: byo, running: s.Running && s.Side == c}
}

// urgentTime is when a clock starts counting seconds out loud: the
// last ten of byōyomi, or of the main time when nothing follows it.
const urgentTime = 10 * time.Second

// urgent reports whether the face is in its last ten seconds.
func (f clockFace) urgent() bool {
	if !f.running || f.flagged {
		return false
	}
	switch {
	case f.main > 0:
		return f.control.Byoyomi == 0 && f.main <= urgentTime
	case f.control.Byoyomi > 0:
		return f.byoyomi <= urgentTime
	}
	return true
}

// clockTime writes a duration as a clock face does, rounded up so that 0
// shows only when the time is gone: 9:58, 1:02:03, 0:07.
func clockTime(d time.Duration) string {
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

// clockLines are a face's two lines: the main time, then what follows it
// (the byōyomi counting down once the main time is spent, the increment,
// or the word for a flag that fell). Both are plain text; renderClock
// styles them.
func clockLines(f clockFace, w *words) (string, string) {
	if f.control.IsZero() {
		return "", ""
	}
	main := clockTime(f.main)
	var second string
	switch {
	case f.flagged:
		second = w.flagFell
	case f.main == 0 && f.control.Byoyomi > 0:
		second = fmt.Sprintf(w.byoyomiLeft, seconds(f.byoyomi))
	case f.control.Byoyomi > 0:
		second = fmt.Sprintf(w.byoyomiEach, seconds(f.control.Byoyomi))
	case f.control.Increment > 0:
		second = fmt.Sprintf(w.incrementEach, shortDuration(f.control.Increment))
	}
	return main, second
}

// renderClock draws a face in width columns: the side and its main time
// on the first line, byōyomi or increment on the second. The running side
// is in the turn badge's colours; its last ten seconds in the error
// colour, bold (reverse without colour), so a countdown is seen without
// reading it.
func renderClock(f clockFace, label string, width int, st *Styles, m measure, w *words) []string {
	main, second := clockLines(f, w)
	if main == "" {
		return nil
	}
	face := " " + main + " "
	switch {
	case st == nil:
		if f.running {
			face = "[" + main + "]"
		}
	case f.flagged || f.urgent():
		face = st.urgent.render(face)
	case f.running:
		face = st.turnBadge.render(face)
	default:
		face = st.bold.render(face)
	}
	l1 := spread(m, label, face, width)
	if second != "" && st != nil && f.urgent() && f.main == 0 {
		second = st.urgent.render(" " + second + " ")
	} else if second != "" && st != nil {
		second = st.dim.render(second)
	}
	return []string{m.fit(l1, width), m.fit(spread(m, "", second, width), width)}
}

// clockInline is a face on one line, for the compact layout's hand lines:
// "9:58 30s", or the byōyomi alone once the main time is spent.
func clockInline(f clockFace, st *Styles, w *words) string {
	main, second := clockLines(f, w)
	if main == "" {
		return ""
	}
	text := main
	if f.main == 0 && f.control.Byoyomi > 0 || f.flagged {
		text = second
	} else if second != "" {
		text += " " + second
	}
	text = " " + text + " "
	switch {
	case st == nil:
		if f.running {
			return "[" + text[1:len(text)-1] + "]"
		}
		return text
	case f.flagged || f.urgent():
		return st.urgent.render(text)
	case f.running:
		return st.turnBadge.render(text)
	}
	return st.bold.render(text)
}
