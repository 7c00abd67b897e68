package chriscross

// ExampleDeal is a deal of Chris-Cross Pairs Solitaire under the default
// rules, as State.Deal and trace --deal take it: the 25 cards of the
// tableau, down the columns, then "|" and the 27 of the stock, top card
// first.
const ExampleDeal = "7D QD AH 6S 9C 10H 3S KD 5H AS 2H 4S 8H 2S 10C 7S JD 10S 2D AC 6C 8D 4C 2C KS | 8C QH 10D 9S 7H 6D 9H 8S 6H JH 9D 4H 4D 3D AD JC KC 3H 7C 5C 5S 3C QS KH JS 5D QC"
