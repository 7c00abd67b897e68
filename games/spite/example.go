package spite

// ExampleDeal is a deal of Spite and Malice under the default rules, as
// State.Deal and trace --deal take it: sections of cards top first, "..."
// filling the rest at random from the seed (the README's trace).
const ExampleDeal = "pile0: 5H 9S ...; pile1: KD ...; hand0: AS 2D JK 4C 9H; first: 0"
