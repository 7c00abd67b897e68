//go:build !unix

package experiment

import "time"

// processCPU returns 0 where the process's CPU time is not to be had; the
// report then prints no study's CPU.
func processCPU() time.Duration { return 0 }
