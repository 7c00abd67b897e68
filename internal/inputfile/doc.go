// Package inputfile reads the files a user names as input (a table of card
// pairs, a sweep plan, a shard part, a policy cache): regular files of a
// bounded size, refused without blocking or reading when they are anything
// else, with errors that name neither the file nor its contents.
package inputfile
