package buildinfo_test

import (
	"fmt"

	"github.com/cardsim/cardsim/cmd/internal/buildinfo"
)

func ExampleVersion_String() {
	v := buildinfo.Version{Cardsim: "0.2.0", Module: "v0.2.0", Commit: "4bd7fb9d76bc6906661821649917f15a229313fe",
		Time: "2025-11-22T20:43:00Z", Go: "go1.26.0", Platform: "linux/amd64"}
	fmt.Println(v)
	v.Commit, v.Module = "", "(devel)"
	fmt.Println(v)
	// Output:
	// 0.2.0 (module v0.2.0, commit 4bd7fb9d76bc of 2025-11-22T20:43:00Z, go1.26.0 linux/amd64)
	// 0.2.0 (module (devel), go1.26.0 linux/amd64)
}
