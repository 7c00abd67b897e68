package parse

import (
	"errors"
	"testing"
)

func TestDecimal(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"1000", "1000", nil},
		{"010", "10", nil},
		{"000", "0", nil},
		{"-07", "-7", nil},
		{"+5", "+5", nil},
		{"0x10", "", ErrNotDecimal},
		{"1e3", "", ErrNotDecimal},
		{"1_000", "", ErrNotDecimal},
		{"", "", ErrNotDecimal},
		{"-", "", ErrNotDecimal},
		{" 1", "", ErrNotDecimal},
	}
	for _, tt := range tests {
		got, err := Decimal(tt.in)
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("Decimal(%q) = %q, %v; want %q, %v", tt.in, got, err, tt.want, tt.err)
		}
	}
}

func TestOnceEach(t *testing.T) {
	tests := []struct {
		kvs  []string
		want string
	}{
		{nil, ""},
		{[]string{"a=1", "b=2"}, ""},
		{[]string{"a=1", "b=2", "a=3"}, "rule a given twice: give each rule once"},
		{[]string{" a = 1", "a=1"}, "rule a given twice: give each rule once"},
		{[]string{"a", "a"}, "rule a given twice: give each rule once"},
	}
	for _, tt := range tests {
		got := ""
		if err := OnceEach("rule", tt.kvs); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("OnceEach(%q) = %q, want %q", tt.kvs, got, tt.want)
		}
	}
}
