//go:build !unix

package usi

import "os/exec"

// ownGroup does nothing where process groups are not Unix's.
func ownGroup(*exec.Cmd) {}
