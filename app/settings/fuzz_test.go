package settings

import (
	"errors"
	"strings"
	"testing"
)

// FuzzSettings reads any settings file: never a panic; a file that reads
// writes out and reads back the same; an error says where.
func FuzzParse(f *testing.F) {
	f.Add([]byte("pieces = 'kanji'\ntheme = 'dark'\n[clock]\nmain = '10m'\nbyoyomi = '30s'\n"))
	f.Add([]byte("[[engine]]\nname = 'x'\npath = '/usr/games/gpsusi'\noptions = { BookDepth = 0 }\n"))
	f.Add([]byte("move_delay = 3\nkeep_games = 'yes'\n"))
	f.Add([]byte("[names]\nplayer1 = \"山田\"\n[clock.white]\nincrement = '5s'\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse("config.toml", data)
		if err != nil {
			var se *FileError
			if !errors.As(err, &se) || !strings.HasPrefix(err.Error(), "config.toml") {
				t.Fatalf("the error does not say where: %v", err)
			}
			return
		}
		out, err := s.Marshal()
		if err != nil {
			t.Fatalf("marshal: %v", err)
		}
		back, err := Parse("again.toml", out)
		if err != nil {
			t.Fatalf("the app's own file does not read: %v\n%s", err, out)
		}
		again, _ := back.Marshal()
		if string(again) != string(out) {
			t.Fatalf("written twice, it differs:\n%s\n---\n%s", out, again)
		}
	})
}
