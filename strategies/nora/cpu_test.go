package nora

import (
	"syscall"
	"testing"
	"time"
)

// processCPU returns the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the process's CPU time since start per iteration, as
// cpu-ms/op, beside the wall clock's ns/op: on a machine other work keeps
// busy the wall clock counts the waits, the CPU time does not. Call it
// after the b.Loop loop, with start taken just before it.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(processCPU()-start)/float64(b.N)/1e6, "cpu-ms/op")
}
