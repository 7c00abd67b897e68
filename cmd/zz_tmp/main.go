package main

import (
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/cardsim/cardsim/games/nora"
	sn "github.com/cardsim/cardsim/strategies/nora"
)

func main() {
	r := nora.DefaultRules()
	n, _ := strconv.Atoi(os.Args[1])
	t := time.Now()
	d, err := sn.EstimatePassDists(r, n, 1, 0)
	if err != nil {
		panic(err)
	}
	fmt.Println("dists", time.Since(t), len(d.Dists))
	t = time.Now()
	s, _ := sn.Solve(r, d, 48, false)
	fmt.Println("solve", time.Since(t), s.Value(0), s.CapGain())
	u, _ := sn.Solve(r, d, 48, true)
	fmt.Println("ub", u.Value(0))
	for _, cp := range []int{48, 80, 120, 160} {
		s2, _ := sn.Solve(r, d, cp, false)
		fmt.Println("cap", cp, s2.Value(0), s2.CapGain())
	}
	for ip := 0; ip <= 100; ip+=10 {
		fmt.Printf("%.2f ", s.Value(ip))
	}
	fmt.Println()
	full := d.Dists[len(d.Dists)-1]
	fmt.Println(full.Dead, full.Rescue, len(full.Live), len(full.Rescued))
}
