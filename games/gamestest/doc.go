// Package gamestest holds the checks every cardsim game passes: the
// conformance test (random play from many seeds, checking that legal
// actions are sorted and non-empty, clones are independent, cards are
// neither created nor lost, scores and metrics stay within their bounds,
// re-sampling hidden cards never changes what the seat sees, and the same
// seed gives the same transcript), a fuzz target playing whole games with
// the same checks, and the soak, which plays millions of games under every
// reading of the rules (Variants) with them. DealConformance runs the
// conformance test under every value of the rules that change the deal,
// and CheckDealMarks checks that those rules are marked so
// (games.Setting.ChangesDeal). ParseRuleTable and CheckRuleTable hold the
// table of numbers in a game's RULES.md to its rules, and PlayBots plays
// games with bots under the soak's checks.
package gamestest
