// Command cardsim answers questions about card games by playing millions of
// them. Run "cardsim --help" for the commands.
package main

import (
	"os"

	"github.com/cardsim/cardsim/cmd/cli"
)

func main() {
	code := cli.Main(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	os.Exit(code)
}
