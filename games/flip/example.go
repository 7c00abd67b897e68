package flip

// ExampleDeal is a deal of Flip Solitaire under the default rules, as
// State.Deal and trace --deal take it: the 52 cards, the first dealt first,
// each as its light face/its dark face (game 0 of seed 1, as the README
// traces it).
const ExampleDeal = "6S/3D JS/2C KD/9C 8D/KS QD/4C 10C/5H 4C/JH 4S/9H 2C/9D 2S/5D JD/9S 9H/QD 8S/QH 7C/4D 5S/KC 8C/10H KC/4S 5H/3S 4H/8S 9D/7H 6H/QS KH/7S 3D/10C 7D/4H AH/AC 6D/KH 7H/6C AC/AS AD/AH 3H/JC JC/2H 5C/6H 2H/6S 3C/7D 3S/5C 10H/8D 5D/7C KS/8H JH/10S 7S/3H 10S/QC 10D/JS 9C/6D QS/JD 6C/5S QH/8C QC/KD 2D/3C AS/AD 9S/10D 8H/2D 4D/2S"
