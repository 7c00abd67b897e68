package sim

import "fmt"

// DecodePart decodes and checks a part held in memory, as ReadPart does a
// part file: the format, the checksum over the whole part, the shard and
// its range of deals, and the tally's counts. A checkpoint that keeps
// several runs' parts in one file (a comparison of rule variants) reads
// each with it; whether a part belongs to a run is for Part.Check to say.
func DecodePart(b []byte) (*Part, error) {
	if len(b) > MaxPartBytes {
		return nil, fmt.Errorf("a part of %d bytes: the most is %d", len(b), MaxPartBytes)
	}
	return decodePart(b)
}
