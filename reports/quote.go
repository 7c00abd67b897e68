package reports

import (
	"fmt"
	"strconv"
	"strings"
)

// quoteMetric returns the sentence that quotes a.Quote, the mean of a
// metric of strategy name (a.Strategy) at every value of the swept rule
// key, and, where one does, the first value above the default at which
// the metric falls below half the default's: "from insure=2 optimal
// spends less than half as much on it (0.48 a game against 10.13 at the
// default)". Both are "" where the ask quotes nothing or the study lacks
// the metric.
func quoteMetric(st *Study, a Ask, key string, values []string, name string) (quoted, halved string) {
	if a.Quote == "" {
		return "", ""
	}
	def := st.Sweep.Defaults[key]
	at := map[string]float64{}
	var parts []string
	for _, v := range values {
		p, _, err := pointOf(st, withAt(a.At, key+"="+v))
		if err != nil {
			continue
		}
		e, ok := entryNamed(p, a.Strategy)
		if !ok {
			continue
		}
		m, ok := e.metrics[a.Quote]
		if !ok {
			return "", ""
		}
		at[v] = m.Mean
		part := fmt.Sprintf("%s=%s %.2f", key, v, m.Mean)
		if v == def {
			part += " (the default)"
		}
		parts = append(parts, part)
	}
	base, ok := at[def]
	if !ok || len(parts) < 2 {
		return "", ""
	}
	quoted = fmt.Sprintf("%s's %s a game: %s.", name, a.Quote, strings.Join(parts, ", "))
	if a.At != "" {
		quoted = fmt.Sprintf("%s's %s a game, with %s: %s.", name, a.Quote, a.At, strings.Join(parts, ", "))
	}
	d, err := strconv.ParseFloat(def, 64)
	if err != nil || base <= 0 {
		return quoted, ""
	}
	from := "the default"
	if a.At != "" {
		from = fmt.Sprintf("%s=%s with %s", key, def, a.At)
	}
	for _, v := range values {
		x, err := strconv.ParseFloat(v, 64)
		if m, ok := at[v]; err == nil && ok && x > d && m < base/2 {
			return quoted, fmt.Sprintf("from %s=%s %s spends less than half as much on it (%s %.2f a game against %.2f at %s)", key, v, name, a.Quote, m, base, from)
		}
	}
	return quoted, ""
}
