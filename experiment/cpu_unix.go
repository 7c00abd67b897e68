//go:build unix

package experiment

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user and system) this process has used
// so far, its threads together.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
