// Package yamldocs splits a multi-document YAML stream as text, so that a
// file edit can change one document and write the others back byte for
// byte (comments, order and markers kept).
package yamldocs

import "strings"

// Split splits s before each "---" line that ends a non-empty document;
// each part keeps its own marker and line endings, so joining the parts
// gives s back.
func Split(s string) []string {
	var docs []string
	cur := ""
	for _, l := range strings.SplitAfter(s, "\n") {
		if strings.TrimRight(l, "\r\n") == "---" && !Blank(cur) {
			docs = append(docs, cur)
			cur = ""
		}
		cur += l
	}
	if cur != "" {
		docs = append(docs, cur)
	}
	return docs
}

// Blank reports whether a part from Split holds no document: only white
// space, or only a marker.
func Blank(doc string) bool {
	t := strings.TrimSpace(doc)
	return t == "" || t == "---"
}
