package roundup

// ExampleDeal is a deal of Round-up under the default rules (4 players),
// as State.Deal and trace --deal take it: the hands of seats 0 to 3,
// separated by "|".
const ExampleDeal = "10C 7C 9H KC JH 4D 10S 3C 2C 2H QC 8S 3D | JS 5H 7S 4H 10H JD QH 2S 9S QS 3S JC KH | 4S AS KD 8H 5S 8C 6S 7D 6C 6D AC 2D AH | KS QD 9C 5D 9D 3H 7H 5C 4C 10D 6H 8D AD"
