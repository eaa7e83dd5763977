package main

import (
	"fmt"
	"io"
)

// runMenu, runPlay and runOpen are filled in by the TUI work (issues 5, 6).
func runMenu(stdout, stderr io.Writer) int {
	usage(stdout)
	return 0
}

func runPlay(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "shogi play: not built yet")
	return 1
}

func runOpen(args []string, _ io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "shogi open: not built yet")
	return 1
}
