// Command mpaudit audits Cluster API infrastructure providers' InfraMachinePool
// resources against the v1beta2 provider contract. See README.md.
//
// Besides its own subcommands it speaks the go vet tool protocol
// (package vettool), as mpaudit-vet does with a faster start:
//
//	go vet -vettool=$(command -v mpaudit) [-capi-version=v1.14.2] [-fail-on=warning] ./...
package main

import (
	"fmt"
	"os"

	"github.com/mpaudit/mpaudit/analyzers/vettool"
	"github.com/mpaudit/mpaudit/internal/startgc"
	"github.com/mpaudit/mpaudit/report"
)

// The collector is off from startgc's init to here (see startgc); main's
// init runs after every package's, in test binaries too.
func init() { startgc.Restore() }

func main() {
	if vettool.InvokedByGoVet(os.Args[1:]) {
		vettool.Main() // exits
	}
	os.Exit(execute(os.Args[1:], os.Stdout, os.Stderr))
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
