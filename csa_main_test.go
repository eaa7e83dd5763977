package main

import (
	"context"
	"io"
	"os"
)

// playCSA runs shogi csa's games in this process, as the tests of
// cmd_csa_test.go drive them: with the options the flags would give and a
// hand on Ctrl+C.
func playCSA(o csaOptions, stdout, stderr io.Writer, sigs <-chan os.Signal) int {
	return o.play(context.Background(), stdout, stderr, sigs)
}
