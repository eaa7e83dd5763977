package gamedb

import (
	"os"
	"syscall"

	bolt "go.etcd.io/bbolt"
)

// releaseMap lets go of the pages of the file's memory map that a long
// merge has read, so that they stop counting in the process's resident
// memory (they stay in the page cache). bbolt maps the file read-only and
// writes with pwrite at a commit, never through the map: a page let go
// is read again from the page cache at its next touch, with the same
// bytes, so it may be called inside a transaction as well.
func releaseMap(b *bolt.DB) {
	info := b.Info()
	fi, err := os.Stat(b.Path())
	if info == nil || info.Data == 0 || err != nil || fi.Size() == 0 {
		return
	}
	syscall.Syscall(syscall.SYS_MADVISE, info.Data, uintptr(fi.Size()), syscall.MADV_DONTNEED)
}
