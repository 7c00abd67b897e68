// Package complete computes shell completions for cobra commands: values by
// prefix, the last item of a comma-separated list, key=value settings and
// their values, and a bash script that completes the items of lists.
package complete
