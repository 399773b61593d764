package rewrite

import (
	"bytes"
	"fmt"
	"slices"
)

// splice replaces the bytes [at, end) of a file with text.
type splice struct {
	at, end int
	text    string
}

// applySplices returns src with edits applied (edits at one offset in
// the order given); overlapping edits are an error.
func applySplices(src []byte, edits []splice) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b splice) int { return a.at - b.at })
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		if e.at < last || e.end < e.at || e.end > len(src) {
			return nil, fmt.Errorf("overlapping or misplaced edit at byte %d", e.at)
		}
		out.Write(src[last:e.at])
		out.WriteString(e.text)
		last = e.end
	}
	out.Write(src[last:])
	return out.Bytes(), nil
}

// textEdit is an edit of the conversion and failure-domain steps: remove
// bytes at offset, insert text there.
type textEdit struct {
	offset, remove int
	text           string
}

// applyTextEdits is applySplices for textEdits.
func applyTextEdits(src []byte, edits []textEdit) ([]byte, error) {
	s := make([]splice, len(edits))
	for i, e := range edits {
		s[i] = splice{e.offset, e.offset + e.remove, e.text}
	}
	return applySplices(src, s)
}
