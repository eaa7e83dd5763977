package gamedb

import (
	"bytes"
	"os"
	"strconv"
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

// mapBudget is how much of the process's memory may be file pages (the
// database's map, the program's own code) before trimMap lets go of the
// map's.
var mapBudget int64 = 96 << 20

// trimMap lets go of the map's pages (releaseMap) once the process has
// more than mapBudget of file pages mapped. The kernel maps far more than
// a read touches: the 64 KB around a page (fault-around), and whole large
// folios of the page cache (ext4 on Linux 6.18: touching 1,000 random
// pages of a 9.5 GB database mapped 260 MB), so what is mapped is asked
// of the kernel rather than guessed from what was read. It costs a read
// of /proc/self/statm, some microseconds: walks call it every few
// thousand entries.
func trimMap(b *bolt.DB) {
	if mappedFile() > mapBudget {
		releaseMap(b)
	}
}

// mappedFile returns the bytes of file pages resident in the process's
// memory (statm's third field: file-backed and shared pages), or 0 when
// it cannot tell.
func mappedFile() int64 {
	data, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := bytes.Fields(data)
	if len(f) < 3 {
		return 0
	}
	n, err := strconv.ParseInt(string(f[2]), 10, 64)
	if err != nil {
		return 0
	}
	return n * int64(os.Getpagesize())
}
