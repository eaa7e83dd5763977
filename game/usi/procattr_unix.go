//go:build unix

package usi

import (
	"os/exec"
	"syscall"
)

// ownGroup runs the engine in a process group of its own, so that the
// signals a terminal sends its foreground group (SIGHUP when it closes,
// SIGINT for a ctrl+c it did not pass on as a key) reach the program that
// started the engine and not the engine: that program decides when the
// engine stops, after it has kept what it needs.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}
