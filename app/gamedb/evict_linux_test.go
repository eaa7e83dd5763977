package gamedb

import (
	"os"
	"syscall"
	"time"
)

// evict drops the file's pages from the page cache (those no process
// maps: releaseMap first), so that the next read comes from the disk.
// Dropping the whole cache needs root; this needs only the file.
func evict(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	const fadvDontNeed = 4
	_, _, e := syscall.Syscall6(syscall.SYS_FADVISE64, f.Fd(), 0, 0, fadvDontNeed, 0, 0)
	return e == 0
}

// cpuTime is the process's CPU time so far (user and system): what a
// look-up costs whatever the machine's load.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
