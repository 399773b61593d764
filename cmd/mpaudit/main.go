// Command mpaudit audits Cluster API infrastructure providers' InfraMachinePool
// resources against the v1beta2 provider contract. See README.md.
//
// Besides its own subcommands it speaks the go vet tool protocol:
//
//	go vet -vettool=$(command -v mpaudit) [-capi-version=v1.14.2] [-fail-on=warning] ./...
package main

import (
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis/unitchecker"

	"github.com/mpaudit/mpaudit/analyzers"
	"github.com/mpaudit/mpaudit/analyzers/settings"
	"github.com/mpaudit/mpaudit/report"
)

func main() {
	if invokedByGoVet(os.Args[1:]) {
		settings.RegisterFlags(flag.CommandLine)
		settings.SetFixMode(slices.Contains(os.Args[1:], "-fix"))
		unitchecker.Main(analyzers.Reporting()...) // exits
	}
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
}

// invokedByGoVet recognises the unitchecker protocol: go vet asks for
// -V=full and -flags, then passes one *.cfg file per package.
func invokedByGoVet(args []string) bool {
	if len(args) == 0 {
		return false
	}
	for _, a := range args {
		if a == "-V=full" || a == "-flags" {
			return true
		}
	}
	return strings.HasSuffix(args[len(args)-1], ".cfg")
}

// exitError carries an exit code through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }

func usageErr(format string, args ...any) error {
	return &exitError{code: report.ExitError, err: fmt.Errorf(format, args...)}
}
