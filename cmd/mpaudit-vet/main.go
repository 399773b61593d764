// Command mpaudit-vet is mpaudit's analyzers as a go vet and go fix tool,
// and nothing else:
//
//	go vet -vettool=$(command -v mpaudit-vet) [-capi-version=v1.14.2] [-fail-on=warning] ./...
//	go fix -fixtool=$(command -v mpaudit-vet) ./...
//
// It reports exactly what `go vet -vettool=$(command -v mpaudit)` reports.
// go vet starts its tool once per package it visits, dependencies
// included; this binary links only what the analyzers need, so each start
// costs about half of mpaudit's (see docs/vet.md).
package main

import (
	"github.com/mpaudit/mpaudit/analyzers/vettool"
	"github.com/mpaudit/mpaudit/internal/startgc"
)

// The collector is off from startgc's init to here (see startgc).
func init() { startgc.Restore() }

func main() { vettool.Main() }
