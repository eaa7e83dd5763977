//go:build !linux

package gamedb

import "time"

// evict cannot drop a file's cached pages here.
func evict(string) bool { return false }

// cpuTime is not measured here.
func cpuTime() time.Duration { return 0 }
