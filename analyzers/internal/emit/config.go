package emit

import (
	"flag"
	"go/token"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mpaudit/mpaudit/analyzers/settings"
	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// Under `go vet -vettool=mpaudit` there is no report to apply the
// configuration file to, so the diagnostics are filtered here: the
// .mpaudit.yaml of the analysed package's module (read once per process)
// disables rules, overrides severities, filters types and, unless -fail-on
// is given, sets the reporting threshold. Its capiVersion is not used: the
// target is resolved before findings are emitted; pass -capi-version.
// mpaudit check and live apply the file to their reports instead.

type vetConfig struct {
	cfg *config.Config
	err error
}

var (
	vetConfigs     sync.Map // module root -> *vetConfig
	vetConfigMu    sync.Mutex
	vetConfigError sync.Once
)

// vetMode reports whether this process is a go vet tool: the settings'
// flags are on the command line and findings become diagnostics.
func vetMode() bool {
	return flag.Lookup("fail-on") != nil && flag.Lookup("capi-version") != nil && settings.ReportAt() != settings.Never
}

// configure applies the module's configuration file to f in vet mode. It
// returns false when the finding is dropped.
func (e *Emitter) configure(pos token.Pos, f *report.Finding) bool {
	if !vetMode() {
		return true
	}
	vc := loadVetConfig(e.pass.Fset.Position(pos).Filename)
	if vc.err != nil {
		vetConfigError.Do(func() {
			e.pass.Reportf(pos, "mpaudit configuration: %s", strings.ReplaceAll(vc.err.Error(), "\n", "; "))
		})
		return true
	}
	if vc.cfg == nil {
		return true
	}
	g, ok := vc.cfg.Finding(*f)
	*f = g
	return ok
}

func loadVetConfig(file string) *vetConfig {
	root := config.ModuleRoot(filepath.Dir(file))
	if v, ok := vetConfigs.Load(root); ok {
		return v.(*vetConfig)
	}
	vetConfigMu.Lock()
	defer vetConfigMu.Unlock()
	if v, ok := vetConfigs.Load(root); ok {
		return v.(*vetConfig)
	}
	vc := &vetConfig{}
	if path, ok := config.Find(root); ok {
		vc.cfg, vc.err = config.Load(path)
		if vc.err == nil && vc.cfg.FailOn != contract.Off && !flagSet("fail-on") {
			settings.Set(settings.CAPIVersion(), vc.cfg.FailOn)
		}
	}
	vetConfigs.Store(root, vc)
	return vc
}

// flagSet reports whether the named flag was given on the command line.
func flagSet(name string) bool {
	set := false
	flag.Visit(func(f *flag.Flag) {
		if f.Name == name {
			set = true
		}
	})
	return set
}
