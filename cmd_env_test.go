package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// cmdEnv is an environment of its own for a command: the four XDG
// folders and the home under one temp dir, apart from the process's
// (TestMain's), so a command that read the process's environment would
// put its files elsewhere.
func cmdEnv(t *testing.T) (root string, env []string) {
	t.Helper()
	root = t.TempDir()
	for _, v := range []string{"HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME"} {
		env = append(env, v+"="+filepath.Join(root, strings.ToLower(v)))
	}
	return root, env
}

// shogi db finds its database in the data folder of the environment it
// is given, not the process's.
func TestDBUsesTheCommandsEnv(t *testing.T) {
	root, env := cmdEnv(t)
	rec := filepath.Join(t.TempDir(), "one.csa")
	if err := os.WriteFile(rec, []byte("V2.2\nN+sente\nN-gote\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n%TORYO\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := dispatch(context.Background(), []string{"db", "import", "--quiet", rec}, stdio{nil, &out, &errOut, env}); code != 0 {
		t.Fatalf("db import: exit %d\n%s", code, errOut.String())
	}
	want := filepath.Join(root, "xdg_data_home", "shogi", "games.db")
	if _, err := os.Stat(want); err != nil {
		t.Fatalf("the database is not in the env's data folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(os.Getenv("XDG_DATA_HOME"), "shogi", "games.db")); err == nil {
		t.Errorf("db import wrote to the process's data folder")
	}
	out.Reset()
	if code := dispatch(context.Background(), []string{"db", "stats"}, stdio{nil, &out, &errOut, env}); code != 0 || !strings.Contains(out.String(), "games\t1\n") {
		t.Errorf("db stats: exit %d, %q\n%s", code, out.String(), errOut.String())
	}
}

// shogi serve makes its host key in the config folder and its games'
// folder in the data folder of the environment it is given. Its context
// has ended before it starts, so it stops once those are made.
func TestServeUsesTheCommandsEnv(t *testing.T) {
	root, env := cmdEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	// Locked: the cluster's logger writes to it from NATS's callbacks
	// while serve writes its own lines (go test -race saw it).
	var errOut lockedBuffer
	dispatch(ctx, []string{"serve", "--listen", "127.0.0.1:0"}, stdio{nil, &bytes.Buffer{}, &errOut, env})
	for _, p := range []string{
		filepath.Join(root, "xdg_config_home", "shogi", "ssh_host_ed25519_key"),
		filepath.Join(root, "xdg_data_home", "shogi", "tables"),
	} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%v\n%s", err, errOut.String())
		}
	}
	if _, err := os.Stat(filepath.Join(os.Getenv("XDG_CONFIG_HOME"), "shogi", "ssh_host_ed25519_key")); err == nil {
		t.Errorf("serve made its host key in the process's config folder")
	}
}
