package conform

import (
	"fmt"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// maxPatternLen bounds a string generated for a pattern.
const maxPatternLen = 512

// matching is a short string that matches pattern (as the apiserver
// matches it: Go regexp, unanchored) with a length in [minLen, maxLen]
// (maxLen < 0: unbounded). It walks the parsed pattern, taking each
// repetition rep times within its bounds, for rep = 0, 1, ... until a
// string fits, padding with the pattern's own repetitions first.
func matching(pattern string, minLen, maxLen int) (string, error) {
	re, err := regexp.Compile(pattern)
	if err != nil {
		return "", fmt.Errorf("pattern %q: %v", pattern, err)
	}
	tree, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return "", fmt.Errorf("pattern %q: %v", pattern, err)
	}
	tree = tree.Simplify()
	fits := func(s string) bool {
		n := utf8.RuneCountInString(s)
		return n >= minLen && (maxLen < 0 || n <= maxLen) && re.MatchString(s)
	}
	for rep := range max(minLen, 1) + 2 {
		var b strings.Builder
		if !build(&b, tree, rep) {
			return "", fmt.Errorf("pattern %q matches nothing conform can write", pattern)
		}
		s := b.String()
		if fits(s) {
			return s, nil
		}
		// An unanchored pattern also matches with text around it.
		if n := utf8.RuneCountInString(s); n < minLen {
			if p := s + strings.Repeat("a", minLen-n); fits(p) {
				return p, nil
			}
			if p := strings.Repeat("a", minLen-n) + s; fits(p) {
				return p, nil
			}
		}
		if b.Len() > maxPatternLen {
			break
		}
	}
	return "", fmt.Errorf("no string of length %d..%d matching pattern %q found", minLen, maxLen, pattern)
}

// build writes a string matching re, each repetition taken rep times
// within its bounds; false when re matches nothing.
func build(b *strings.Builder, re *syntax.Regexp, rep int) bool {
	if b.Len() > maxPatternLen {
		return true
	}
	switch re.Op {
	case syntax.OpNoMatch:
		return false
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		r, ok := pickRune(re.Rune)
		if !ok {
			return false
		}
		b.WriteRune(r)
	case syntax.OpAnyChar, syntax.OpAnyCharNotNL:
		b.WriteByte('a')
	case syntax.OpCapture:
		return build(b, re.Sub[0], rep)
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := 0, -1
		switch re.Op {
		case syntax.OpPlus:
			lo = 1
		case syntax.OpQuest:
			hi = 1
		case syntax.OpRepeat:
			lo, hi = re.Min, re.Max
		}
		n := max(lo, rep)
		if hi >= 0 {
			n = min(n, hi)
		}
		for range n {
			if !build(b, re.Sub[0], rep) {
				return false
			}
		}
	case syntax.OpConcat:
		for _, s := range re.Sub {
			if !build(b, s, rep) {
				return false
			}
		}
	case syntax.OpAlternate:
		// The first alternative that matches anything.
		for _, s := range re.Sub {
			var sb strings.Builder
			if build(&sb, s, rep) {
				b.WriteString(sb.String())
				return true
			}
		}
		return false
	}
	// Anchors, word boundaries and the empty match write nothing.
	return true
}

// pickRune is a plain rune of the class's ranges (lo, hi pairs): a
// lower-case letter, a digit, an upper-case letter, else the first
// printable one.
func pickRune(ranges []rune) (rune, bool) {
	for _, want := range [][2]rune{{'a', 'z'}, {'0', '9'}, {'A', 'Z'}} {
		for i := 0; i+1 < len(ranges); i += 2 {
			lo, hi := ranges[i], ranges[i+1]
			for r := want[0]; r <= want[1]; r++ {
				if r >= lo && r <= hi {
					return r, true
				}
			}
		}
	}
	for i := 0; i+1 < len(ranges); i += 2 {
		if r := max(ranges[i], '!'); r <= ranges[i+1] {
			return r, true
		}
	}
	if len(ranges) >= 2 {
		return ranges[0], true
	}
	return 0, false
}
