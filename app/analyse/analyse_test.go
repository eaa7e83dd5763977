package analyse

import (
	"bytes"
	"context"
	"os"
	"shogi/game/analysis"
	"shogi/game/engine"
	"shogi/game/match"
	"shogi/game/usi/usitest"
	"shogi/internal/testenv"
	"shogi/kifu"
	"shogi/kifu/annotate"
	"strings"
	"testing"
	"time"
)

// The test binary doubles as a scripted USI engine (see usitest): a
// player "usi:"+os.Args[0] is that engine.
func TestMain(m *testing.M) {
	usitest.MaybeRun()
	cleanup := testenv.Isolate()
	code := m.Run()
	cleanup()
	os.Exit(code)
}

const lanceKIFU = "../../kifu/testdata/kif_lance_handicap_branches_times.kifu"

// Interrupted (Ctrl+C cancels the context), the command writes what is
// done and exits with 130.
func TestAnalyseInterrupted(t *testing.T) {
	t.Setenv(usitest.Env, "name=slow,think=40ms")
	eng := "usi:" + os.Args[0]
	sp, err := match.ParseSpec(eng)
	if err != nil {
		t.Fatal(err)
	}
	// Ctrl+C once the progress shows two positions done, however slowly
	// the machine runs.
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	var out bytes.Buffer
	errOut := &cancelAt{text: "] 2/", cancel: cancel}
	o := Options{Path: lanceKIFU, Spec: sp, Opts: analysis.Options{Limits: engine.Limits{MoveTime: time.Second}}}
	code := Run(ctx, o, strings.NewReader(""), &out, errOut)
	if code != 130 || !strings.Contains(errOut.String(), "interrupted; moves 1-") {
		t.Fatalf("status %d\n%s", code, errOut.String())
	}
	rec, err := kifu.Read(out.Bytes(), "out.kifu")
	if err != nil {
		t.Fatal(err)
	}
	line := annotate.MainLine(rec)
	done := 0
	for i, n := range line.Nodes {
		if _, ok := n.Analysis(line.After[i]); ok {
			done++
		}
	}
	if done == 0 || done == len(line.Nodes) {
		t.Errorf("%d of %d moves analysed", done, len(line.Nodes))
	}
}

// cancelAt collects what is written and cancels once text appears in it.
type cancelAt struct {
	bytes.Buffer
	text   string
	cancel context.CancelFunc
}

func (c *cancelAt) Write(p []byte) (int, error) {
	n, err := c.Buffer.Write(p)
	if strings.Contains(c.String(), c.text) {
		c.cancel()
	}
	return n, err
}
