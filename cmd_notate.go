package main

import (
	"fmt"
	"io"
)

// runNotate is filled in by the notation work (issue 3).
func runNotate(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "shogi notate: not built yet")
	return 1
}
