package books

import (
	"bytes"
	"strings"
	"testing"
	"time"
)

// TestBuildProgress draws the bar as files are read.
func TestBuildProgress(t *testing.T) {
	var buf bytes.Buffer
	p := &Progress{W: &buf, Total: 200, Began: time.Now()}
	p.update(50, 400)
	if s := buf.String(); !strings.HasPrefix(s, "\r[#######.......................] 50/200 files, 400 games,") {
		t.Errorf("bar %q", s)
	}
	p.clear()
}
