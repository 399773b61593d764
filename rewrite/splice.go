package rewrite

import (
	"bytes"
	"slices"
)

// splice replaces the bytes [at, end) of a file with text.
type splice struct {
	at, end int
	text    string
}

// applySplices returns src with edits applied; they must not overlap.
// Edits at one offset apply in the order given.
func applySplices(src []byte, edits []splice) []byte {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b splice) int { return a.at - b.at })
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		out.Write(src[last:e.at])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes()
}
