// Command docgen writes the generated docs from the catalog in contract/:
// the rule pages (docs/rules/<ID>.md and the index docs/rules/README.md) and
// the contract pages (docs/contract/<Kind>.md, the index and the JSON Schema),
// and the go fix table of docs/vet.md (beside the rules dir):
//
//	go run ./hack/docgen [rules-dir [contract-dir]]   # defaults: docs/rules docs/contract (`make docs`)
//
// The rule pages are rendered by internal/ruledoc, the same code behind
// `mpaudit rules --explain ID`; the contract pages by internal/contractdoc,
// behind `mpaudit contract show` and `mpaudit contract schema`.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mpaudit/mpaudit/internal/contractdoc"
	"github.com/mpaudit/mpaudit/internal/ruledoc"
)

func main() {
	rulesDir, contractDir := "docs/rules", "docs/contract"
	switch len(os.Args) {
	case 1:
	case 2:
		rulesDir = os.Args[1]
	case 3:
		rulesDir, contractDir = os.Args[1], os.Args[2]
	default:
		fmt.Fprintln(os.Stderr, "usage: docgen [rules-dir [contract-dir]]")
		os.Exit(2)
	}
	if err := ruledoc.Write(rulesDir); err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
	fmt.Printf("docgen: %d files in %s\n", len(ruledoc.Files()), rulesDir)
	vet := filepath.Join(filepath.Dir(filepath.Clean(rulesDir)), "vet.md")
	if err := ruledoc.WriteFixTable(vet); err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
	if err := contractdoc.Write(contractDir); err != nil {
		fmt.Fprintln(os.Stderr, "docgen:", err)
		os.Exit(1)
	}
	files, _ := contractdoc.Files()
	fmt.Printf("docgen: %d files in %s\n", len(files), contractDir)
}
