module github.com/cardsim/cardsim

go 1.24.0
