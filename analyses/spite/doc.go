// Package spite holds the analysis of Spite and Malice (cardsim analyze
// spite): the first player's edge taken apart from the edge of the higher
// upcard (the rules as written let the higher upcard move first, so the two
// are confounded in plain play), what a joker is worth, how often each
// pairing of bots draws, which bot plays better, and how much those
// answers depend on the reading of the stock rebuild.
//
// Moving first is separated from the upcards by a crossover: every deal is
// played twice by the same bot in both seats, once with the higher upcard
// moving first (start=higher, the rules as written) and once with the lower
// (start=lower), the cards and every later chance event the same. The
// difference a seat makes moving first or second on the same deal is the
// edge of moving first with the upcards held fixed; the difference between
// the seats with both orders of play averaged is the edge of the higher
// upcard. A second way checks both: on deals where a coin decides who moves
// first (start=coin), a least-squares fit of a seat's win on its upcard gap
// and on moving first, errors clustered by deal.
package spite
