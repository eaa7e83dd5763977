package explorer

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"shogi/internal/termtest"
	"shogi/internal/testenv"
)

func TestMain(m *testing.M) {
	cleanup := testenv.Isolate()
	code := m.Run()
	termtest.RemoveBinary()
	cleanup()
	os.Exit(code)
}

// shogiCmd runs the binary with the test's folders and returns its
// standard output.
func shogiCmd(t *testing.T, bin string, env []string, args ...string) string {
	t.Helper()
	out, errOut, err := runShogi(bin, env, args...)
	if err != nil {
		t.Fatalf("shogi %v: %v\n%s", args, err, errOut)
	}
	return out
}

func runShogi(bin string, env []string, args ...string) (string, string, error) {
	cmd := exec.Command(bin, args...)
	cmd.Env = env
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	return out.String(), errOut.String(), err
}

// TestTmuxExplorer drives the real binary: a database made by `shogi db
// import` of the shared records in the app's default place, a record
// opened in the study and stepped to its third ply (2g2f 3c3d 7g7f, which
// most games reached by 7g7f first: a transposition), r opens the panel,
// whose rows carry the counts `shogi db explore` prints for that position;
// enter on the first game opens it in the study at the ply `shogi db
// games` says it reached the position. At 80×24, and in the long tier
// also at 120×40.
func TestTmuxExplorer(t *testing.T) {
	termtest.Need(t)
	record := filepath.Join(sharedKifu, "csa", "sugyan__floodgate.csa")
	if _, err := os.Stat(record); err != nil {
		t.Skipf("no shared record: %v", err)
	}
	abs, err := filepath.Abs(record)
	if err != nil {
		t.Fatal(err)
	}
	kifuDir, _ := filepath.Abs(sharedKifu)
	bin := termtest.Binary(t)
	// One import and one reading of it serve every size: each size opens
	// a copy of the database in its own folders.
	base := t.TempDir()
	baseEnv := []string{"HOME=" + base, "XDG_CONFIG_HOME=" + base, "XDG_DATA_HOME=" + base,
		"XDG_CACHE_HOME=" + base, "XDG_STATE_HOME=" + base, "PATH=" + os.Getenv("PATH")}
	built := filepath.Join(base, "games.db")
	// One shared record has an unmarked 二歩: the import names it
	// and exits 1 after storing the others.
	if _, errOut, err := runShogi(bin, baseEnv, "db", "import", "--quiet", "--db", built, kifuDir); err != nil && !strings.Contains(errOut, "1 broken off") {
		t.Fatalf("shogi db import: %v\n%s", err, errOut)
	}
	moves := "2g2f 3c3d 7g7f"
	explore := strings.Split(strings.TrimSpace(shogiCmd(t, bin, baseEnv, "db", "explore", "--db", built, "--moves", moves)), "\n")
	games := strings.Split(strings.TrimSpace(shogiCmd(t, bin, baseEnv, "db", "games", "--db", built, "--moves", moves)), "\n")
	if len(explore) < 2 || len(games) < 2 {
		t.Fatalf("the shared records give too little after %s:\n%s\n%s", moves, explore, games)
	}
	dbData, err := os.ReadFile(built)
	if err != nil {
		t.Fatal(err)
	}
	sizes := [][2]int{{80, 24}}
	if testenv.Long() {
		// The panel's fit at other sizes is held in process by TestViewFits.
		sizes = append(sizes, [2]int{120, 40})
	}
	for _, size := range sizes {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			state := t.TempDir()
			dirs := map[string]string{"HOME": "home", "XDG_CONFIG_HOME": "config", "XDG_DATA_HOME": "data",
				"XDG_CACHE_HOME": "cache", "XDG_STATE_HOME": "state"}
			var env []string
			for k, v := range dirs {
				env = append(env, k+"="+filepath.Join(state, v))
			}
			env = append(env, "PATH="+os.Getenv("PATH"))
			// Moves in USI, so the screen reads back as explore prints.
			for _, d := range []string{"config", "data"} {
				if err := os.MkdirAll(filepath.Join(state, d, "shogi"), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if err := os.WriteFile(filepath.Join(state, "config", "shogi", "config.toml"), []byte("notation = \"usi\"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			// The app's default place for the database.
			if err := os.WriteFile(filepath.Join(state, "data", "shogi", "games.db"), dbData, 0o644); err != nil {
				t.Fatal(err)
			}

			x := termtest.Start(t, size[0], size[1], fmt.Sprintf("env -i %s LANG=C.UTF-8 TERM=xterm-256color RUNEWIDTH_EASTASIAN=0 %s open --lang en %s",
				strings.Join(env, " "), bin, abs))
			x.WaitFor("Ply 0/")
			x.Keys("l", "l", "l")
			x.WaitFor("Ply 3/")
			x.Keys("r")
			var want []string
			for _, l := range explore {
				f := strings.Fields(l) // MOVE GAMES WINS DRAWS LOSSES
				want = append(want, f[0])
			}
			s := x.WaitFor(append(want, "Games  all games")...)
			for _, l := range explore {
				var mv string
				var n, w, d, lo int
				if _, err := fmt.Sscan(l, &mv, &n, &w, &d, &lo); err != nil {
					t.Fatalf("explore line %q: %v", l, err)
				}
				p := func(k int) int { return (k*100 + n/2) / n }
				row := regexp.MustCompile(`(?m)` + regexp.QuoteMeta(mv) + ` +` + fmt.Sprint(n) + ` .* ` +
					fmt.Sprintf("%d/%d/%d", p(w), p(d), p(lo)) + `\s*$`)
				if !row.MatchString(s) {
					t.Errorf("no row %q with %d games and %d/%d/%d%%:\n%s", mv, n, p(w), p(d), p(lo), s)
				}
			}
			if !strings.Contains(s, fmt.Sprintf("%d games", len(games))) {
				t.Errorf("the panel does not count %d games:\n%s", len(games), s)
			}
			// The first game listed is the last stored, as games prints.
			f := strings.Split(games[0], "\t") // ID DATE BLACK WHITE RESULT PLY
			for range explore {
				x.Keys("Down")
			}
			x.Keys("Enter")
			s = x.WaitFor("games.db #"+f[0], "Ply "+f[5]+"/")
			if !strings.Contains(s, "Ply "+f[5]+"/") {
				t.Errorf("game %s not opened at ply %s:\n%s", f[0], f[5], s)
			}
			x.Keys("C-c")
			x.WaitGone()
		})
	}
}
