package emit

import (
	"go/token"
	"path/filepath"
	"strings"

	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// Under `go vet -vettool=mpaudit` there is no report to apply the
// configuration file to, so the diagnostics are filtered here
// (Settings.ModuleConfig): the .mpaudit.yaml of the analysed package's
// module (read once per analyzer set) disables rules, overrides
// severities, filters types and, unless the reporting threshold is set
// (-fail-on), sets it for that module. Its capiVersion is not used: the
// target is resolved before findings are emitted; pass -capi-version.
// mpaudit check and live apply the file to their reports instead;
// mpaudit rewrite passes its file as Settings.Config, so that a disabled
// rule or a filtered type offers no fix.

type moduleConfig struct {
	cfg *config.Config
	err error
}

// configure applies the module's configuration file to f. It returns the
// reporting threshold for f and false when the finding is dropped.
func (e *Emitter) configure(pos token.Pos, f *report.Finding) (contract.Severity, bool) {
	s := e.env.Settings
	reportAt := s.ReportAt
	if reportAt == contract.Off {
		reportAt = contract.Warning
	}
	if s.Config != nil {
		g, ok := s.Config.Finding(*f)
		*f = g
		return reportAt, ok
	}
	if !s.ModuleConfig {
		return reportAt, true
	}
	root := config.ModuleRoot(filepath.Dir(e.pass.Fset.Position(pos).Filename))
	mc := e.env.Memo("emit.config", root, func() any {
		mc := &moduleConfig{}
		if path, ok := config.Find(root); ok {
			mc.cfg, mc.err = config.Load(path)
		}
		return mc
	}).(*moduleConfig)
	if mc.err != nil {
		// Said once per module and analyzer set, at the first finding.
		e.env.Memo("emit.config-error", root, func() any {
			e.pass.Reportf(pos, "mpaudit configuration: %s", strings.ReplaceAll(mc.err.Error(), "\n", "; "))
			return nil
		})
		return reportAt, true
	}
	if mc.cfg == nil {
		return reportAt, true
	}
	if s.ReportAt == contract.Off && mc.cfg.FailOn != contract.Off {
		reportAt = mc.cfg.FailOn
	}
	g, ok := mc.cfg.Finding(*f)
	*f = g
	return reportAt, ok
}
