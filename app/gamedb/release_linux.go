package gamedb

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"
)

// releaseMap lets go of the pages of the file's memory map that a long
// merge has read, so that they stop counting in the process's resident
// memory (they stay in the page cache). bbolt maps the file read-only and
// writes with pwrite at a commit, never through the map: a page let go
// is read again from the page cache at its next touch, with the same
// bytes, so it may be called inside a transaction as well.
func releaseMap(b *bolt.DB) { adviseMap(b, syscall.MADV_DONTNEED) }

// adviseMap gives the kernel advice (madvise) on the file's map, as far
// as the file goes; false when there is no map.
func adviseMap(b *bolt.DB, how uintptr) bool {
	info := b.Info()
	fi, err := os.Stat(b.Path())
	if info == nil || info.Data == 0 || err != nil || fi.Size() == 0 {
		return false
	}
	syscall.Syscall(syscall.SYS_MADVISE, info.Data, uintptr(fi.Size()), how)
	return true
}

// readAhead asks the kernel to read ahead of the faults of the file's
// map, for a walk of runs in key order (a merge, a deletion): bbolt
// advises the map MADV_RANDOM, which suits a look-up, and a walk of pages
// not in the page cache then waits for the disk at every 4 KB page. done
// advises it random again. Both are called inside a transaction, as the
// map cannot change then (the next map bbolt makes is random again).
func readAhead(b *bolt.DB) (done func()) {
	if !adviseMap(b, syscall.MADV_SEQUENTIAL) {
		return func() {}
	}
	return func() { adviseMap(b, syscall.MADV_RANDOM) }
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

// guardEvery is how often guardOpen looks at what the process maps.
var guardEvery = 10 * time.Millisecond

// guardOpen keeps the file's mapped pages under mapBudget while bbolt
// opens it for writing without a list of free pages (the last writer
// was killed): the open then walks every page of the file through its
// map, some 12 GB at a million engine games, all of it counted in the
// process's resident memory until the open returns, before any *bolt.DB
// exists for releaseMap. The file's mappings are found in
// /proc/self/maps by device and inode and let go with MADV_DONTNEED, as
// releaseMap does. That is safe only while the range stays the file's:
// a range unmapped between the look and the call could be reused for
// the Go heap, which DONTNEED would zero. Nothing unmaps it here:
// boltOpen's walk open (walk) maps the file once and returns without a
// commit, so bbolt neither remaps nor closes after mapping it; before the
// map exists the process maps little (trimFile acts only above
// mapBudget); and the only writer's open that walks is an import's
// (AddFinished refuses such a file), in a process with no other handle
// on it. (MADV_PAGEOUT, safe whatever the range holds, also drops the
// pages from the page cache: at 2.4 GB the walk took 49 s where it takes
// 16 s.) stop ends the guard and returns once it has.
func guardOpen(path string) (stop func()) {
	fi, err := os.Stat(path)
	if err != nil {
		return func() {}
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return func() {}
	}
	done, over := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(over)
		t := time.NewTicker(guardEvery)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				trimFile(st)
			}
		}
	}()
	return func() { close(done); <-over }
}

// trimFile lets go of the pages of every mapping of the file st names
// once the process maps more than mapBudget of file pages, and reports
// whether it did.
func trimFile(st *syscall.Stat_t) bool {
	if mappedFile() <= mapBudget {
		return false
	}
	data, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		return false
	}
	dev := fmt.Sprintf("%02x:%02x", unixMajor(st.Dev), unixMinor(st.Dev))
	ino := strconv.FormatUint(st.Ino, 10)
	released := false
	for line := range strings.Lines(string(data)) {
		// start-end perms offset dev inode path
		f := strings.Fields(line)
		if len(f) < 6 || f[3] != dev || f[4] != ino {
			continue
		}
		lo, hi, ok := strings.Cut(f[0], "-")
		start, err1 := strconv.ParseUint(lo, 16, 64)
		end, err2 := strconv.ParseUint(hi, 16, 64)
		if !ok || err1 != nil || err2 != nil || end <= start {
			continue
		}
		_, _, e := syscall.Syscall(syscall.SYS_MADVISE, uintptr(start), uintptr(end-start), syscall.MADV_DONTNEED)
		released = released || e == 0
	}
	return released
}

// unixMajor and unixMinor split a device number as glibc's major() and
// minor() do.
func unixMajor(dev uint64) uint64 { return (dev>>8)&0xfff | (dev>>32)&^0xfff }
func unixMinor(dev uint64) uint64 { return dev&0xff | (dev>>12)&^0xff }
