package reports

import (
	"fmt"
	"math"
	"slices"
	"strconv"
)

// PP formats a difference of rates in percentage points with its sign, to
// two decimals; a difference that rounds to zero reads 0.00, never -0.00.
func PP(x float64) string {
	if math.Abs(100*x) < 0.005 {
		return "0.00"
	}
	return fmt.Sprintf("%+.2f", 100*x)
}

// points formats a size of a difference of rates in percentage points,
// without a sign.
func points(x float64) string {
	if math.Abs(100*x) < 0.005 {
		return "0.00"
	}
	return fmt.Sprintf("%.2f", 100*x)
}

func pct(x float64) string { return fmt.Sprintf("%.2f%%", 100*x) }

// Readable writes a figure for a person: four significant digits, no
// exponent for ordinary magnitudes.
func Readable(v float64) string {
	switch a := math.Abs(v); {
	case v == 0:
		return "0"
	case a >= 1000:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case a >= 1e-4:
		return strconv.FormatFloat(v, 'f', max(0, 3-int(math.Floor(math.Log10(a)))), 64)
	}
	return strconv.FormatFloat(v, 'g', 3, 64)
}

// ReadableTable returns a copy of a table whose numbers are written in
// full (as its CSV file has them) with each number below the header that
// is not a whole number written Readable, for a page.
func ReadableTable(rows [][]string) [][]string {
	if rows == nil {
		return nil
	}
	out := make([][]string, len(rows))
	for i, row := range rows {
		out[i] = slices.Clone(row)
		if i == 0 {
			continue
		}
		for j, c := range row {
			if _, err := strconv.ParseInt(c, 10, 64); err == nil {
				continue
			}
			if v, err := strconv.ParseFloat(c, 64); err == nil && !math.IsInf(v, 0) && !math.IsNaN(v) {
				out[i][j] = Readable(v)
			}
		}
	}
	return out
}

// FormatNum formats v with the given decimals, or "" if v is NaN.
func FormatNum(v float64, decimals int) string {
	if math.IsNaN(v) {
		return ""
	}
	return fmt.Sprintf("%.*f", decimals, v)
}
