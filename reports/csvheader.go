package reports

import (
	"strconv"
	"strings"
	"unicode"
)

// ColumnName returns a table heading as a CSV column name: lower case
// letters, digits and underscores, each run of anything else one
// underscore ("mean score" is mean_score, "P(60)" is p_60, "solver, fresh
// shuffles" is solver_fresh_shuffles). A heading with nothing left is
// "column".
func ColumnName(heading string) string {
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(heading) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			if gap && b.Len() > 0 {
				b.WriteByte('_')
			}
			b.WriteRune(r)
			gap = false
			continue
		}
		gap = true
	}
	if b.Len() == 0 {
		return "column"
	}
	return b.String()
}

// ColumnNames returns a table's headings as CSV column names, each unique:
// a name that repeats is qualified by the column it qualifies, the nearest
// one before it of a name that does not repeat ("mean score", "ci low",
// "ci high", "P(60)", "ci low", "ci high" are mean_score,
// mean_score_ci_low, mean_score_ci_high, p_60, p_60_ci_low,
// p_60_ci_high), and one still repeated is numbered (_2, _3, …).
func ColumnNames(headings []string) []string {
	names := make([]string, len(headings))
	count := map[string]int{}
	for i, h := range headings {
		names[i] = ColumnName(h)
		count[names[i]]++
	}
	out := make([]string, len(names))
	owner := ""
	for i, n := range names {
		out[i] = n
		if count[n] == 1 {
			owner = n
		} else if owner != "" {
			out[i] = owner + "_" + n
		}
	}
	taken := map[string]bool{}
	for _, n := range out {
		taken[n] = true
	}
	seen := map[string]bool{}
	for i, n := range out {
		if seen[n] {
			k := 2
			for taken[n+"_"+strconv.Itoa(k)] {
				k++
			}
			out[i] = n + "_" + strconv.Itoa(k)
			taken[out[i]] = true
		}
		seen[out[i]] = true
	}
	return out
}
