package nora

// ExampleDeal is a deal of Nora's pairs solitaire under the default rules,
// as State.Deal and trace --deal take it: round 1's first shuffle, the 54
// cards top first (game 17 of seed 42, as the README traces it).
const ExampleDeal = "4S JK JH AS 7S 2S AH 5S 6C KS 3H 6S 7C 8C 10C 6D 4H 7D KH 4D 5C QH 7H 2C 10D 9D JS 9H 3S QD 5H 6H 8S 3C 10H JC JD KD QC AC 8D 9C 2D 3D JK 4C 8H AD 10S 2H KC 9S QS 5D"
