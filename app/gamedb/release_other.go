//go:build !linux

package gamedb

import bolt "go.etcd.io/bbolt"

// releaseMap does nothing here: the map's pages count as the system
// counts them.
func releaseMap(*bolt.DB) {}

// trimMap does nothing here, as releaseMap.
func trimMap(*bolt.DB) {}

// guardOpen does nothing here, as releaseMap.
func guardOpen(string) (stop func()) { return func() {} }

// mappedFile cannot tell here.
func mappedFile() int64 { return 0 }

// readAhead does nothing here: the system reads ahead as it will.
func readAhead(*bolt.DB) (done func()) { return func() {} }
