// Package startgc turns the garbage collector off while packages
// initialise, and Restore turns it back on.
//
// The binary links Kubernetes, Cluster API and x/tools packages whose
// init functions build about 8 MB of tables that stay live; collecting
// during that phase finds nothing to free and costs about as much CPU as
// the inits themselves. go vet starts the tool once per package, so this
// is paid hundreds of times per `go vet -vettool=mpaudit ./...`. The
// package imports only runtime/debug so that it is initialised before
// almost every other package (Go initialises ready packages in import
// path order).
package startgc

import "runtime/debug"

// percent is GOGC as the runtime read it from the environment.
var percent = debug.SetGCPercent(-1)

// Restore gives the collector back its configured percentage. Package main
// calls it from its init, which runs after every other package's.
func Restore() { debug.SetGCPercent(percent) }
