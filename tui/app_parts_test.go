package tui

import (
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"shogi/app/words"
	"shogi/tui/common"
	"shogi/tui/components"

	"github.com/charmbracelet/x/ansi"

	"shogi/game"
	"shogi/game/bot"
	"shogi/game/engine"
	"shogi/game/match"
)

// A clock face reads the match's clock state: main time first, then the
// byōyomi counting down; rounded up, so 0 shows only when time is gone.
func TestClockFaces(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	tc := match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}
	st := match.ClockState{Control: [2]match.TimeControl{tc, tc}, Main: [2]time.Duration{90 * time.Second, 10 * time.Minute},
		Running: true, Side: game.Black, Since: t0}
	w := words.WordsFor(words.English)
	for _, c := range []struct {
		at         time.Duration
		face, note string
		urgent     bool
	}{
		{0, "1:30", "+30s", false},
		{500 * time.Millisecond, "1:30", "+30s", false},
		{89 * time.Second, "0:01", "+30s", false},
		{90 * time.Second, "byōyomi 30", "", false},
		{111 * time.Second, "byōyomi 9", "", true},
		{119*time.Second + 900*time.Millisecond, "byōyomi 1", "", true},
	} {
		f := components.FaceOf(st, game.Black, t0.Add(c.at))
		face, note := components.ClockLines(f, w)
		if face != c.face || note != c.note || f.Urgent() != c.urgent {
			t.Errorf("after %v: %q %q urgent %v, want %q %q %v", c.at, face, note, f.Urgent(), c.face, c.note, c.urgent)
		}
	}
	// White's clock does not run on Black's turn.
	if f := components.FaceOf(st, game.White, t0.Add(time.Minute)); f.Running || components.ClockTime(f.Main) != "10:00" {
		t.Errorf("White's face: %+v", f)
	}
	// Sudden death counts its last ten seconds; a fallen flag says so.
	sd := match.ClockState{Control: [2]match.TimeControl{{Main: time.Minute}, {Main: time.Minute}}, Main: [2]time.Duration{time.Minute, time.Minute},
		Running: true, Side: game.White, Since: t0}
	if f := components.FaceOf(sd, game.White, t0.Add(52*time.Second)); !f.Urgent() {
		t.Errorf("eight seconds of sudden death left is not urgent: %+v", f)
	}
	f := components.FaceOf(sd, game.Black, t0)
	f.Flagged = true
	if face, _ := components.ClockLines(f, w); face != "time up" {
		t.Errorf("a fallen flag: %q", face)
	}
	// Fischer: the increment under the main time; hours as h:mm:ss.
	fi := match.ClockState{Control: [2]match.TimeControl{{Main: 2 * time.Hour, Increment: 5 * time.Second}}, Main: [2]time.Duration{2 * time.Hour}}
	if face, note := components.ClockLines(components.FaceOf(fi, game.Black, t0), w); face != "2:00:00" || note != "+5s/move" {
		t.Errorf("Fischer: %q %q", face, note)
	}
	// Drawn: the side, the face in the turn badge while it runs, every
	// line the width asked; no clock draws nothing.
	c := newCommon(Options{})
	lines := components.RenderClock(components.FaceOf(st, game.Black, t0), "▲Black", 16, c.Styles, c.Measure, w)
	if len(lines) != 2 || c.Measure.Width(lines[0]) != 16 || c.Measure.Width(lines[1]) != 16 || !strings.Contains(ansi.Strip(lines[0]), "1:30") {
		t.Errorf("drawn: %q", lines)
	}
	if !strings.Contains(lines[0], c.Styles.TurnBadge.Pre) {
		t.Errorf("the running clock is not in the turn badge: %q", lines[0])
	}
	if components.RenderClock(components.FaceOf(match.ClockState{}, game.Black, t0), "x", 16, c.Styles, c.Measure, w) != nil {
		t.Error("no clock drew something")
	}
	if got := components.ClockInline(components.FaceOf(st, game.Black, t0), nil, w); got != "[1:30 +30s]" {
		t.Errorf("without colour the running clock is %q", got)
	}
}

// Scores are Black's, with the step records write for them (ShogiHome's:
// a record's comment of −1731 says 後手勝勢, and so does the panel); mates
// name the side that mates; speeds are short.
func TestScoreAndSpeedText(t *testing.T) {
	c := newCommon(Options{Lang: words.Japanese})
	for _, tc := range []struct {
		score engine.Score
		mover game.Color
		want  string
	}{
		{engine.Score{Value: 235}, game.Black, "+235 先手有望"},
		{engine.Score{Value: 235}, game.White, "-235 後手有望"},
		{engine.Score{Value: -50}, game.Black, "-50 互角"},
		{engine.Score{Value: -400}, game.Black, "-400 後手有利"},
		{engine.Score{Value: 1731}, game.White, "-1731 後手勝勢"},
		{engine.Score{Mate: true, Value: 7}, game.White, "詰み 7手 (△後手)"},
		{engine.Score{Mate: true, Value: -3}, game.White, "詰み 3手 (▲先手)"},
		{engine.Score{Mate: true, Value: engine.MateUnknown}, game.Black, "▲先手の詰みあり"},
		{engine.Score{Mate: true, Value: 0}, game.Black, "詰み: △後手の勝ち"},
	} {
		if got := components.ScoreText(c, engine.Info{HasScore: true, Score: tc.score}, tc.mover); got != tc.want {
			t.Errorf("%v for %v: %q, want %q", tc.score, tc.mover, got, tc.want)
		}
	}
	for n, want := range map[uint64]string{950: "950", 12_345: "12k", 1_234_567: "1.2M", 45_000_000: "45M"} {
		if got := components.SiCount(n); got != want {
			t.Errorf("siCount(%d) = %q, want %q", n, got, want)
		}
	}
}

// Time controls in the screen's words.
func TestTimeControlWords(t *testing.T) {
	ja, en := words.WordsFor(words.Japanese), words.WordsFor(words.English)
	for _, tc := range []struct {
		c      match.TimeControl
		ja, en string
	}{
		{match.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}, "持ち時間10分 秒読み30秒", "10m + 30s byōyomi"},
		{match.TimeControl{Byoyomi: 10 * time.Second}, "秒読み10秒", "10s byōyomi"},
		{match.TimeControl{Main: 90 * time.Minute, Increment: 5 * time.Second}, "持ち時間1時間30分 1手5秒加算", "1h30m + 5s/move"},
		{match.TimeControl{}, "時計なし", "no clock"},
	} {
		if got := ja.TimeControl(tc.c); got != tc.ja {
			t.Errorf("ja %v: %q, want %q", tc.c, got, tc.ja)
		}
		if got := en.TimeControl(tc.c); got != tc.en {
			t.Errorf("en %v: %q, want %q", tc.c, got, tc.en)
		}
	}
	tc := [2]match.TimeControl{{Main: time.Minute}, {Main: 2 * time.Minute}}
	if got := common.TimeControlText(en, tc); got != "▲1m △2m" {
		t.Errorf("per side: %q", got)
	}
	if got := words.JaDuration(1500 * time.Millisecond); got != "1.5秒" {
		t.Errorf("jaDuration(1.5s) = %q", got)
	}
}

// The result line counts moves as each language does: one move, two moves.
func TestResultCountsMoves(t *testing.T) {
	draw := game.Result{Outcome: game.Draw, Ending: game.Impasse}
	mate := game.Result{Outcome: game.Win(game.Black), Ending: game.Checkmate}
	for _, c := range []struct {
		w    *words.Words
		r    game.Result
		n    int
		want string
	}{
		{&words.EnglishWords, draw, 1, "Draw by impasse (24-point rule) after 1 move"},
		{&words.EnglishWords, mate, 2, "Black wins by checkmate after 2 moves"},
		{&words.JapaneseWords, draw, 1, "まで1手で持将棋 (引き分け)"},
		{&words.JapaneseWords, mate, 2, "まで2手で先手の勝ち (詰み)"},
	} {
		if got := c.w.Result(c.r, c.n); got != c.want {
			t.Errorf("%v, %d moves: %q, want %q", c.r, c.n, got, c.want)
		}
	}
}

// Every built-in player has a Japanese name, each its own, so a Japanese
// screen never shows an English level name.
func TestBotNamesInJapanese(t *testing.T) {
	seen := map[string]bool{}
	for _, n := range bot.Names() {
		ja, ok := words.BotNamesJapanese[n]
		if !ok || seen[ja] {
			t.Errorf("%s: Japanese name %q (present %v, already used %v)", n, ja, ok, seen[ja])
		}
		seen[ja] = true
	}
}

// A program with a long name (gpsshogi's id name holds its version and
// build) still shows that it thinks: the name gives way, not the word.
func TestEngineHeadKeepsThinking(t *testing.T) {
	for _, lang := range []words.Lang{words.English, words.Japanese} {
		c := newCommon(Options{Lang: lang})
		name := "gpsshogi (rev. 3260, 2020-01-19, Debian 0.7.0-3.1) with a long build description"
		for _, w := range []int{24, 30, 40} {
			head := ansi.Strip(components.RenderEngine(c, components.EngineReport{Name: name, Thinking: true, Pos: game.StartPosition()}, w, 4)[0])
			if !strings.Contains(head, c.Words.ThinkingWord) || !strings.HasPrefix(head, "gps") {
				t.Errorf("%v at %d columns: %q", lang, w, head)
			}
		}
	}
}

// The study's analysis heading likewise: the name gives way, the depth,
// the speed and "thinking…" stay.
func TestAnalysisHeadKeepsState(t *testing.T) {
	c := newCommon(Options{})
	name := "gpsshogi (rev. 3260, 2020-01-19, Debian 0.7.0-3.1)"
	v := components.EngineView{Head: "Analysis " + name + "  depth 12  1.2M nps", Name: name, State: "thinking…"}
	for _, w := range []int{60, 70, 80} {
		head := ansi.Strip(components.RenderAnalysis(v, w, 3, c.Styles, c.Measure)[0])
		for _, want := range []string{"Analysis gps", "depth 12", "1.2M nps", "thinking…"} {
			if !strings.Contains(head, want) {
				t.Errorf("%d columns: %q lacks %q", w, head, want)
			}
		}
	}
}

// Comments wrap by Japanese line-breaking rules: no line starts with 、。」
// or a small kana, none ends with 「, and nothing is lost; Latin text
// still breaks at spaces.
func TestWrapTextKinsoku(t *testing.T) {
	m := common.NewMeasure(common.Narrow)
	noStart := "、。」』）】っゃゅょァッー…！？"
	noEnd := "「『（【"
	text := "▲７六歩と突いたのは、「角道を開ける」手。ここで△３四歩とすれば、相居飛車の将棋になります。「振り飛車」もあり得ますが……ちょっと待って！ファイルはそのままです。"
	for w := 6; w <= 40; w++ {
		lines := components.WrapText(m, text, w)
		if got := strings.Join(lines, ""); got != text {
			t.Fatalf("%d columns lost text: %q", w, got)
		}
		for i, l := range lines {
			if m.Width(l) > w {
				t.Errorf("%d columns: line %q is %d wide", w, l, m.Width(l))
			}
			first, _ := utf8.DecodeRuneInString(l)
			last, _ := utf8.DecodeLastRuneInString(l)
			if i > 0 && strings.ContainsRune(noStart, first) {
				t.Errorf("%d columns: line %d starts with %q: %q", w, i, first, lines)
			}
			if i < len(lines)-1 && strings.ContainsRune(noEnd, last) {
				t.Errorf("%d columns: line %d ends with %q: %q", w, i, last, lines)
			}
		}
	}
	if got := components.WrapText(m, "a long English comment, wrapped at spaces", 12); strings.Join(got, "|") != "a long|English|comment,|wrapped at|spaces" {
		t.Errorf("English: %q", got)
	}
	// Moves between spaces stay whole.
	moves := []string{"▲７四銀左引成", "▲７四銀左引不成", "▲７四銀右成", "▲７四銀右不成", "▲７四銀左上", "▲７四銀直"}
	list := "「７四銀」は曖昧です: " + strings.Join(moves, " ")
	for w := 20; w <= 60; w++ {
		joined := "\n" + strings.Join(components.WrapText(m, list, w), "\n") + "\n"
		for _, mv := range moves {
			if !strings.Contains(joined, mv+" ") && !strings.Contains(joined, mv+"\n") {
				t.Errorf("%d columns: %s is cut: %q", w, mv, joined)
			}
		}
	}
}
