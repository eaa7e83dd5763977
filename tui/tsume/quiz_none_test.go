package tsume

import (
	"strings"
	"testing"
)

// With no analysed game the quizzes say which moves make one, in plain
// words.
func TestQuizNoneWording(t *testing.T) {
	h := quizHarness(t, t.TempDir(), t.TempDir())
	s := strings.Join(strings.Fields(h.screen()), " ")
	if !strings.Contains(s, "each move marked mistake or worse becomes one") || strings.Contains(s, "worth") {
		t.Errorf("no quizzes:\n%s", h.screen())
	}
}
