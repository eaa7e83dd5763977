package main

import (
	"fmt"
	"io"
)

// runConvert is filled in by the records work (issue 4).
func runConvert(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "shogi convert: not built yet")
	return 1
}
