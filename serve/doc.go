// Package serve is cardsim's workbench in the browser: a designer picks a
// game, sets its rules and strategies in a form built from the game's own
// listings, and runs, compares or sweeps them, or compares rule variants
// against a baseline as compare --variant does, watching each arm's figure
// and interval narrow on a live chart as deals come in. Every run is an
// experiment.Spec run by the same Runner as the commands, kept as an
// ordinary output directory with a record beside it; its result shows
// sentences, HTML tables and charts, the rules not at their defaults, the
// equivalent command, and a link that fills the form with the same Spec.
// The runs list filters by game, deletes, and sets runs side by side,
// saying whether they are paired (same seed and deals).
//
// What it defends against: the server binds to loopback unless told
// otherwise, and then asks every request for a token (kept in an HttpOnly,
// SameSite=Strict cookie named for the port). On loopback it answers only
// to its own Host names, so a page of another site whose name a DNS
// rebinding points here can neither start nor read a run; it takes a
// state-changing request only as a POST from its own Origin; a link never
// starts a run; it never opens a file named by the browser, and serves a
// run's files only through an os.Root of its directory, for runs with a
// record, never through a link; it bounds a form's size, the time a
// request may take to arrive, a connection's idle time, the deals of a run
// (reports included) and the runs at once; and it keeps the records of a
// bounded number of runs. What it does not defend against: other users of
// the same machine (loopback is theirs too), anyone who holds the token,
// traffic on the network under --allow-remote (plain HTTP: use a tunnel),
// and a client that reads a response slowly (there is no write deadline,
// so that progress can stream).
package serve
