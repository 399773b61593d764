// Command docgen writes the rule docs (docs/rules/<ID>.md and the index
// docs/rules/README.md) from the rule catalog in contract/rules.go:
//
//	go run ./hack/docgen [dir]   # default dir: docs/rules (`make docs`)
//
// The pages are rendered by internal/ruledoc, the same code behind
// `mpaudit rules --explain ID`.
package main

import (
	"fmt"
	"os"

	"github.com/mpaudit/mpaudit/internal/ruledoc"
)

func main() {
	dir := "docs/rules"
	switch len(os.Args) {
	case 1:
	case 2:
		dir = os.Args[1]
	default:
		fmt.Fprintln(os.Stderr, "usage: docgen [dir]")
		os.Exit(2)
	}
	if err := ruledoc.Write(dir); err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
	fmt.Printf("docgen: %d files in %s\n", len(ruledoc.Files()), dir)
}
