package tui

import (
	"path/filepath"
	"testing"
)

func TestStudyEndToEnd(t *testing.T) {
	t.Parallel()
	file, err := filepath.Abs(filepath.Join("study", "testdata", "study", "branches_sjis.kif"))
	if err != nil {
		t.Fatal(err)
	}

	t.Run("file", func(t *testing.T) {
		t.Parallel()
		x := startApp(t, 100, 30, "", "open --lang ja "+file, "手数 0/13")
		x.WaitFor("開始局面", "テスト用の棋譜", "▲先手 山田太郎")
		x.Keys("lll")
		x.WaitFor("手数 3/13", "3 ▲２六歩", "3手目の変化: [▲２六歩] / ▲６六歩 (変化)")
		x.Keys("v")
		x.WaitFor("手数 3/5", "3 ▲６六歩", "振り飛車含み", "変化 3手目から")
		x.Keys("m", "End")
		x.WaitFor("手数 13/13", "13 ▲２八飛", "まで13手で先手の勝ち (後手投了)", "後手の投了")
		x.Keys("1", "Enter")
		x.WaitFor("手数 1/13", "1 ▲７六歩", "角道を開ける")
		x.Keys("q")
		x.WaitGone()
	})

	t.Run("stdin", func(t *testing.T) {
		t.Parallel()
		x := startApp(t, 100, 30, "", "open --lang ja - < "+file, "検討: stdin")
		x.Keys("G")
		x.WaitFor("手数 13/13", "13 ▲２八飛")
		x.Keys("Home", "l")
		x.WaitFor("手数 1/13", "1 ▲７六歩", "角道を開ける")
		x.Keys("q")
		x.WaitGone()
	})

	t.Run("broken", func(t *testing.T) {
		t.Parallel()
		broken, err := filepath.Abs(filepath.Join("study", "testdata", "study", "broken.kif"))
		if err != nil {
			t.Fatal(err)
		}
		x := startApp(t, 100, 30, "", "open --lang en "+broken, "Cannot open")
		// The message names the file's absolute path, which wraps where
		// the checkout's path is long.
		x.WaitWrapped(broken + ":10: board diagram row 3 does not have nine squares")
		x.Keys("q")
		x.WaitGone()
	})
}
