package yamldocs

import (
	"slices"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"one document", "a: 1\n", []string{"a: 1\n"}},
		{"leading marker stays with the first document", "---\na: 1\n---\nb: 2\n", []string{"---\na: 1\n", "---\nb: 2\n"}},
		{"repeated markers stay together", "a: 1\n---\n---\nb: 2", []string{"a: 1\n", "---\n---\nb: 2"}},
		{"CRLF markers", "a: 1\r\n---\r\nb: 2\r\n", []string{"a: 1\r\n", "---\r\nb: 2\r\n"}},
		{"marker with text is not a marker", "a: 1\n--- # c\nb: 2\n", []string{"a: 1\n--- # c\nb: 2\n"}},
		{"trailing marker", "a: 1\n---\n", []string{"a: 1\n", "---\n"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Split(tc.in)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("Split(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if j := strings.Join(got, ""); j != tc.in {
				t.Fatalf("joined parts %q, want the input %q", j, tc.in)
			}
		})
	}
}

func TestBlank(t *testing.T) {
	for in, want := range map[string]bool{"": true, " \n": true, "---\n": true, "\n---\r\n": true, "---\na: 1\n": false, "a: 1": false} {
		if got := Blank(in); got != want {
			t.Errorf("Blank(%q) = %v, want %v", in, got, want)
		}
	}
}
