package sim

import "github.com/cardsim/cardsim/games"

// GameSeed returns the seed of the chance stream of game index of a run.
func GameSeed(run uint64, index int64) uint64 {
	return games.Mix(games.Mix(run, 0x67616d65), uint64(index))
}

// BotSeed returns the seed of the stream of the bot in seat for game index
// of a run; it never coincides with the game's own stream.
func BotSeed(run uint64, index int64, seat int) uint64 {
	return games.Mix(games.Mix(games.Mix(run, 0x626f74), uint64(index)), uint64(seat))
}
