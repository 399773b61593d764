// Package settings holds the options every mpaudit analyzer shares. In
// `go vet -vettool` mode they are command-line flags of the tool; in
// `mpaudit check` the driver sets them.
package settings

import (
	"flag"
	"sync"

	"github.com/mpaudit/mpaudit/contract"
)

var (
	mu sync.RWMutex
	// capiVersion overrides the core version read from go.mod.
	capiVersion string
	// reportAt is the lowest severity reported as a diagnostic (vet mode).
	reportAt = contract.Warning
	// fixMode is set under `go fix` / `go vet -fix`: every finding that
	// carries a fix is reported, whatever its severity, so the fix applies.
	fixMode bool
)

// SetFixMode marks the process as a fix tool.
func SetFixMode(on bool) {
	mu.Lock()
	defer mu.Unlock()
	fixMode = on
}

// FixMode reports whether fixes are being applied.
func FixMode() bool {
	mu.RLock()
	defer mu.RUnlock()
	return fixMode
}

// Set replaces the settings.
func Set(version string, minSeverity contract.Severity) {
	mu.Lock()
	defer mu.Unlock()
	capiVersion, reportAt = version, minSeverity
}

// CAPIVersion is the --capi-version override, or "".
func CAPIVersion() string {
	mu.RLock()
	defer mu.RUnlock()
	return capiVersion
}

// ReportAt is the lowest severity turned into a go/analysis diagnostic.
func ReportAt() contract.Severity {
	mu.RLock()
	defer mu.RUnlock()
	return reportAt
}

// RegisterFlags adds -capi-version and -fail-on to fs.
func RegisterFlags(fs *flag.FlagSet) {
	fs.Func("capi-version", "Cluster API core version the provider targets (default: read from go.mod)", func(v string) error {
		if _, err := contract.TargetForVersion(v, "flag"); err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		capiVersion = v
		return nil
	})
	fs.Func("fail-on", "lowest severity reported as a vet diagnostic: info, warning or error (default warning)", func(v string) error {
		s, err := contract.ParseSeverity(v)
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		reportAt = s
		return nil
	})
}

// Never is a ReportAt value that turns no finding into a diagnostic, for
// drivers that read findings from analyzer results instead.
const Never = contract.Error + 1
