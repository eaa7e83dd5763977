//go:build !linux

package gamedb

// evict cannot drop a file's cached pages here.
func evict(string) bool { return false }
