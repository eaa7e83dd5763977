package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"
)

func convert(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"convert"}, args...), strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

const lanceKIF = "kifu/testdata/kif_lance_handicap_branches_times_sjis.kif"

func TestConvertFormats(t *testing.T) {
	out, errs, code := convert(t, "", "--to", "usi", lanceKIF)
	want := "position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d 7g7f 8c8d 2g2f 8d8e 8h7g 2b3c 7g3c+ 2a3c\n"
	if code != 0 || out != want {
		t.Fatalf("--to usi: %d %q %s", code, out, errs)
	}
	out, _, code = convert(t, "position startpos moves 7g7f 3c3d\n", "--to", "usi", "-")
	if code != 0 || out != "position startpos moves 7g7f 3c3d\n" {
		t.Errorf("startpos: %q", out)
	}
	out, _, code = convert(t, "", "--to", "sfen", lanceKIF)
	if code != 0 || out != "lnsgkgs2/1r7/p1ppppnpp/6p2/1p7/2P4P1/PP1PPPP1P/7R1/LNSGKGSNL b Bb 10\n" {
		t.Errorf("--to sfen: %q", out)
	}
	// Standard output is UTF-8, with the line that says so.
	out, _, code = convert(t, "", lanceKIF)
	if code != 0 || !strings.HasPrefix(out, "#KIF version=2.0 encoding=UTF-8\n") || !strings.Contains(out, "手合割：香落ち") {
		t.Errorf("default KIF to stdout: %q", out)
	}
	for _, to := range []string{"kif", "ki2", "csa", "jkf", "western", "usi"} {
		out, errs, code := convert(t, "", "--to", to, lanceKIF)
		if code != 0 {
			t.Fatalf("--to %s: %d %s", to, code, errs)
		}
		// Read it back through the command, forcing the format.
		back, errs, code := convert(t, out, "--from", to, "--to", "usi", "-")
		if code != 0 || back != want {
			t.Errorf("--to %s and back: %d %q %s", to, code, back, errs)
		}
	}
}

func TestConvertFiles(t *testing.T) {
	dir := t.TempDir()
	sjis := filepath.Join(dir, "out.kif")
	if _, errs, code := convert(t, "", "-o", sjis, lanceKIF); code != 0 {
		t.Fatal(errs)
	}
	data, _ := os.ReadFile(sjis)
	if bytes.HasPrefix(data, []byte("#KIF")) {
		t.Errorf(".kif written with a UTF-8 header")
	}
	if _, err := japanese.ShiftJIS.NewDecoder().Bytes(data); err != nil || !bytes.Contains(data, []byte("\x8e\xe8\x8d\x87\x8a\x84")) { // 手合割 in Shift_JIS
		t.Errorf(".kif is not Shift_JIS")
	}
	utf := filepath.Join(dir, "out.kifu")
	convert(t, "", "-o", utf, lanceKIF)
	data, _ = os.ReadFile(utf)
	if !bytes.Contains(data, []byte("手合割：香落ち")) {
		t.Errorf(".kifu is not UTF-8")
	}
	forced := filepath.Join(dir, "forced.kif")
	convert(t, "", "-o", forced, "--encoding", "utf8", lanceKIF)
	data, _ = os.ReadFile(forced)
	if !bytes.HasPrefix(data, []byte("#KIF version=2.0 encoding=UTF-8\n")) {
		t.Errorf("UTF-8 .kif does not start with the #KIF line: %q", data[:40])
	}
	// Round trip through the written files.
	for _, f := range []string{sjis, utf, forced} {
		out, errs, code := convert(t, "", "--to", "usi", f)
		if code != 0 || !strings.Contains(out, "moves 3c3d 7g7f") {
			t.Errorf("%s: %d %s %s", f, code, out, errs)
		}
	}
}

func TestConvertErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.kif")
	os.WriteFile(bad, []byte("手合割：平手\n   1 ７六歩(77)\n   2 ３五歩(33)\n"), 0o644)
	out := filepath.Join(dir, "out.csa")
	os.WriteFile(out, []byte("old"), 0o644)
	_, errs, code := convert(t, "", "-o", out, bad)
	if code != 1 || !strings.HasPrefix(errs, bad+":3: move 2: illegal move") {
		t.Errorf("illegal move: %d %q", code, errs)
	}
	if data, _ := os.ReadFile(out); string(data) != "old" {
		t.Errorf("-o touched on failure: %q", data)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("temporary files left: %v", entries)
	}
	for _, args := range [][]string{{"--to", "pdf", bad}, {"--from", "x", bad}, {"--encoding", "latin1", bad}, {"--nope"}, {"a", "b"}, {"--game", "0", bad}} {
		if _, _, code := convert(t, "", args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
	if _, errs, code := convert(t, "", filepath.Join(dir, "missing.kif")); code != 1 || errs == "" {
		t.Errorf("missing file: %d %q", code, errs)
	}
}

func TestConvertGame(t *testing.T) {
	const multi = "kifu/testdata/csa_multigame_every_ending.csa"
	out, _, code := convert(t, "", "--game", "4", "--to", "ki2", multi)
	if code != 0 || !strings.Contains(out, "まで2手で千日手") {
		t.Errorf("--game 4: %d %q", code, out)
	}
	out, _, code = convert(t, "", "--to", "usi", multi)
	if code != 0 || out != "position startpos moves 7g7f 3c3d\n" {
		t.Errorf("default game 1: %q", out)
	}
	if _, errs, code := convert(t, "", "--game", "13", multi); code != 1 || !strings.Contains(errs, "12 game") {
		t.Errorf("--game 13: %d %q", code, errs)
	}
	out, _, _ = convert(t, "", "--to", "csa", multi)
	if strings.Contains(out, "\n/\n") || !strings.Contains(out, "%TORYO") {
		t.Errorf("CSA to CSA writes game 1 alone: %q", out)
	}
}

func TestConvertOutputByExtension(t *testing.T) {
	dir := t.TempDir()
	const game = "position startpos moves 7g7f 3c3d"
	for ext, head := range map[string]string{".csa": "V2.2", ".jkf": "{", ".usi": "position startpos", ".kifu": "#KIF"} {
		out := filepath.Join(dir, "game"+ext)
		if _, errOut, code := convert(t, game, "-o", out, "-"); code != 0 {
			t.Fatalf("-o %s: %d %s", out, code, errOut)
		}
		data, _ := os.ReadFile(out)
		if !strings.HasPrefix(string(data), head) {
			t.Errorf("-o game%s starts %q, want %q", ext, data[:min(len(data), 20)], head)
		}
	}
	// An extension that names no format is an error unless --to names one;
	// it wrote KIF and exited 0 before.
	for _, name := range []string{"out.xyz", "out"} {
		out := filepath.Join(dir, name)
		if _, errOut, code := convert(t, game, "-o", out, "-"); code != 2 || !strings.Contains(errOut, "--to") {
			t.Errorf("-o %s: exit %d, %q", name, code, errOut)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("-o %s written", name)
		}
		if _, _, code := convert(t, game, "--to", "kif", "-o", out, "-"); code != 0 {
			t.Errorf("--to kif -o %s: exit %d", name, code)
		}
	}
	// --to wins over the extension.
	out := filepath.Join(dir, "x.csa")
	if _, _, code := convert(t, game, "--to", "usi", "-o", out, "-"); code != 0 {
		t.Fatal(code)
	}
	if data, _ := os.ReadFile(out); !strings.HasPrefix(string(data), "position") {
		t.Errorf("--to usi -o x.csa wrote %q", data)
	}
}

func TestConvertEmptyAndUnwritable(t *testing.T) {
	dir := t.TempDir()
	for _, content := range []string{"", "\ufeff", " \n\r\n"} {
		f := filepath.Join(dir, "empty.kif")
		os.WriteFile(f, []byte(content), 0o644)
		if _, errOut, code := convert(t, "", f); code != 1 || !strings.Contains(errOut, "empty.kif: empty file") {
			t.Errorf("empty file %q: %d %q", content, code, errOut)
		}
	}
	bad := filepath.Join(dir, "nowhere", "x.kif")
	_, errOut, code := convert(t, "position startpos", "-o", bad, "-")
	if code != 1 || !strings.Contains(errOut, "cannot write "+bad+": ") || strings.Contains(errOut, ".x.kif.") {
		t.Errorf("unwritable -o: %d %q", code, errOut)
	}
}
