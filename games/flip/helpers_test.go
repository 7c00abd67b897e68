package flip

import "strings"

func fmtRules(rules []string) string {
	if len(rules) == 0 {
		return "defaults"
	}
	return strings.Join(rules, ",")
}
