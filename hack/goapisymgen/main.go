// Command goapisymgen writes contract/goapi_symbols_gen.go: the entries of
// the Go API symbol map that contract.GoSymbolRules derive from the pinned
// Cluster API's types, and the pre-v1.11 packages that held each name
// (internal/goapiprobe). It fails, after writing, when a name of a covered
// package is neither mapped nor out of scope: map it by hand
// (contract/goapi_symbols_api.go) or leave it out with a reason.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mpaudit/mpaudit/internal/goapiprobe"
)

func main() {
	out := filepath.Join("contract", "goapi_symbols_gen.go")
	if len(os.Args) > 1 {
		out = os.Args[1]
	}
	if err := run(out); err != nil {
		fmt.Fprintln(os.Stderr, "goapisymgen:", err)
		os.Exit(1)
	}
}

func run(out string) error {
	syms, err := goapiprobe.LoadSymbols()
	if err != nil {
		return err
	}
	d := syms.Derive()
	src, err := goapiprobe.RenderSymbols(syms, d)
	if err != nil {
		return err
	}
	if err := os.WriteFile(out, src, 0o644); err != nil {
		return err
	}
	if len(d.Unmapped) > 0 {
		for _, u := range d.Unmapped {
			fmt.Fprintln(os.Stderr, "unmapped:", u)
		}
		return fmt.Errorf("%d name(s) neither mapped nor out of scope", len(d.Unmapped))
	}
	return nil
}
