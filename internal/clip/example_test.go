package clip_test

import (
	"fmt"
	"strings"

	"github.com/cardsim/cardsim/internal/clip"
)

func ExampleInput() {
	deck := strings.Repeat("AS 5H ", 20)
	fmt.Println(clip.Input(fmt.Sprintf("unknown game %q", deck)))
	// Output:
	// unknown game "AS 5H AS 5H AS 5H AS 5H AS 5H AS 5H AS 5H AS 5H AS 5H AS 5H …"
}
