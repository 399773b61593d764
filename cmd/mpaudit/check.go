package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/baseline"
	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/progress"
	"github.com/mpaudit/mpaudit/report"
)

// outputFlags are shared by every command that prints a report.
type outputFlags struct {
	output      string
	failOn      string
	minSeverity string
	showInfo    bool
	// outputFrom, failOnFrom and minSeverityFrom name where the values
	// came from, for errors.
	outputFrom, failOnFrom, minSeverityFrom string
	// min is minSeverity parsed by validate.
	min contract.Severity
}

func (o *outputFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&o.output, "output", "o", "text", "output format: "+joinFormats()+" ($"+config.EnvOutput+")")
	cmd.Flags().StringVar(&o.failOn, "fail-on", "warning", "lowest severity that makes the exit code 1: info, warning or error ($"+config.EnvFailOn+", failOn in the configuration file)")
	cmd.Flags().StringVar(&o.minSeverity, "min-severity", "info", "lowest severity printed, in every format: info, warning or error; the summary and the exit code still count every finding ($"+config.EnvMinSeverity+", minSeverity in the configuration file)")
	cmd.Flags().BoolVar(&o.showInfo, "show-info", false, "text output: list every info finding (by default one line counts them by rule)")
}

// resolve fills the values the command line did not give from the
// environment, then the configuration file (cfg may be nil).
func (o *outputFlags) resolve(cmd *cobra.Command, cfg *config.Config) {
	o.output, o.outputFrom = pick(cmd, "output", o.output, config.EnvOutput, "", "", cfg)
	fromFile := ""
	if cfg != nil && cfg.FailOn != contract.Off {
		fromFile = cfg.FailOn.String()
	}
	o.failOn, o.failOnFrom = pick(cmd, "fail-on", o.failOn, config.EnvFailOn, fromFile, "failOn", cfg)
	fromFile = ""
	if cfg != nil && cfg.MinSeverity != contract.Off {
		fromFile = cfg.MinSeverity.String()
	}
	o.minSeverity, o.minSeverityFrom = pick(cmd, "min-severity", o.minSeverity, config.EnvMinSeverity, fromFile, "minSeverity", cfg)
}

func (o *outputFlags) validate() (report.Printer, contract.Severity, error) {
	outputFrom, failOnFrom := o.outputFrom, o.failOnFrom
	if outputFrom == "" {
		outputFrom = "--output"
	}
	if failOnFrom == "" {
		failOnFrom = "--fail-on"
	}
	p, err := report.Lookup(o.output)
	if err != nil {
		return nil, 0, usageErr("%s: %v", outputFrom, err)
	}
	sev, err := contract.ParseSeverity(o.failOn)
	if err != nil || sev == contract.Off {
		return nil, 0, usageErr("%s: unknown severity %q (want info, warning or error)", failOnFrom, o.failOn)
	}
	minFrom := o.minSeverityFrom
	if minFrom == "" {
		minFrom = "--min-severity"
	}
	if o.minSeverity == "" {
		o.minSeverity = contract.Info.String()
	}
	o.min, err = contract.ParseSeverity(o.minSeverity)
	if err != nil || o.min == contract.Off {
		return nil, 0, usageErr("%s: unknown severity %q (want info, warning or error)", minFrom, o.minSeverity)
	}
	return p, sev, nil
}

// emitReport prints r and turns its exit code into the command's result.
func (o *outputFlags) emitReport(cmd *cobra.Command, r *report.Report, p report.Printer, failOn contract.Severity) error {
	r.FailOn = failOn
	code := r.Finish()
	r.DropBelow(o.min)
	r.ListInfo = o.showInfo
	if err := p(cmd.OutOrStdout(), r); err != nil {
		return &exitError{code: report.ExitError, err: err}
	}
	if code != report.ExitOK {
		return &exitError{code: code, err: errSilent}
	}
	return nil
}

// pick applies the precedence flag > environment > configuration file >
// default to one setting. fileValue is the configuration file's value ("" if
// unset) and fileField its key. It returns the value and where it came from.
func pick(cmd *cobra.Command, flag, flagValue, env, fileValue, fileField string, cfg *config.Config) (string, string) {
	if cmd.Flags().Changed(flag) {
		return flagValue, "--" + flag
	}
	if v := os.Getenv(env); v != "" {
		return v, env
	}
	if fileValue != "" && cfg != nil {
		return fileValue, cfg.Path + ": " + fileField
	}
	return flagValue, "--" + flag
}

// configFlag is --config, shared by the commands that read the
// configuration file.
type configFlag struct{ path string }

func (c *configFlag) register(cmd *cobra.Command, lookup string) {
	cmd.Flags().StringVar(&c.path, "config", "", "configuration file (default: "+config.FileName+" "+lookup+"; $"+config.EnvConfig+")")
}

// load reads --config, else $MPAUDIT_CONFIG, else the file find returns.
// It returns nil when there is no configuration file; an invalid one is a
// usage error.
func (c *configFlag) load(find func() (string, bool)) (*config.Config, error) {
	path, from := c.path, "--config"
	if path == "" {
		path, from = os.Getenv(config.EnvConfig), config.EnvConfig
	}
	if path == "" {
		p, ok := find()
		if !ok {
			return nil, nil
		}
		path, from = p, ""
	}
	cfg, err := config.Load(path)
	if err != nil {
		if from != "" {
			if _, statErr := os.Stat(path); statErr != nil {
				return nil, usageErr("%s: %v", from, err)
			}
		}
		return nil, usageErr("%v", err)
	}
	return cfg, nil
}

// resolveCAPIVersion applies the precedence to the core version: "" means
// the default (go.mod, or what the cluster runs).
func resolveCAPIVersion(cmd *cobra.Command, flagValue string, cfg *config.Config) (version, from string, err error) {
	fromFile := ""
	if cfg != nil {
		fromFile = cfg.CAPIVersion
	}
	version, from = pick(cmd, "capi-version", flagValue, config.EnvCAPIVersion, fromFile, "capiVersion", cfg)
	if version == "" {
		return "", "", nil
	}
	if _, err := contract.TargetForVersion(version, from); err != nil {
		return "", "", usageErr("%s: %v", from, err)
	}
	return version, from, nil
}

// coreTarget is the core a command that reads a tree judges for.
type coreTarget struct {
	// Version and From are the override (flag, environment or
	// configuration file); "" when none was given.
	Version, From string
	// Target is the override's core, else the one the go.mod of the module
	// at or above the tree reads (what check's packages are judged for),
	// else the default.
	Target contract.CoreTarget
	// GoMod is false when no go.mod was found above the tree.
	GoMod bool
	// Err is why that go.mod could not be read; Target is then the default.
	Err error
}

// resolveTarget is the one resolution of the core target for check,
// contract validate and rewrite: --capi-version, $MPAUDIT_CAPI_VERSION,
// capiVersion in the configuration file, then the go.mod of the module at
// or above dir (contract.ResolveTarget, which check's driver applies to
// its module), then the default. An override that names no release is a
// usage error.
func resolveTarget(cmd *cobra.Command, flagValue string, cfg *config.Config, dir string) (coreTarget, error) {
	version, from, err := resolveCAPIVersion(cmd, flagValue, cfg)
	if err != nil {
		return coreTarget{}, err
	}
	tg := coreTarget{Version: version, From: from}
	_, tg.GoMod = contract.FindGoMod(absDir(dir))
	tg.Target, tg.Err = contract.ResolveTarget(version, absDir(dir))
	if tg.Err != nil {
		tg.Target = contract.DefaultTarget()
	}
	if version != "" {
		tg.Target.Source = from
	}
	return tg, nil
}

// absDir is dir made absolute ("" is the working directory).
func absDir(dir string) string {
	if dir == "" {
		dir = "."
	}
	if abs, err := filepath.Abs(dir); err == nil {
		return abs
	}
	return dir
}

// relabelReport says where a core version override that did not come from
// the flag came from: in the report's targets and in the notes that quote it.
func relabelReport(r *report.Report, from string) {
	if from == "" || from == "--capi-version" {
		return
	}
	label := from
	if from == config.EnvCAPIVersion {
		label = "environment " + from
	}
	const flagSource = "flag --capi-version"
	relabel := func(t *contract.CoreTarget) {
		if t.Source == flagSource {
			t.Source = label
		}
	}
	relabel(&r.Target)
	for i := range r.Summary.Clusters {
		relabel(&r.Summary.Clusters[i].Target)
	}
	for i, n := range r.Notes {
		n = strings.ReplaceAll(n, "("+flagSource+")", "("+label+")")
		r.Notes[i] = strings.ReplaceAll(n, ": --capi-version ", ": "+label+" ")
	}
}

// staticFlags are the flags of the commands that run the static audit.
type staticFlags struct {
	dir         string
	capiVersion string
	tests       bool
	config      configFlag
	// cacheDir keeps reports of unchanged trees ("" runs uncached); only
	// check sets it.
	cacheDir string
}

func (s *staticFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&s.dir, "dir", "C", "", "directory of the provider module (default: current directory)")
	cmd.Flags().StringVar(&s.capiVersion, "capi-version", "", "Cluster API core version the provider targets (default: from go.mod; $"+config.EnvCAPIVersion+", capiVersion in the configuration file)")
	cmd.Flags().BoolVar(&s.tests, "tests", false, "also load test files (their use sites are still not reported)")
	s.config.register(cmd, "in the module root")
}

// loadConfig reads the configuration file of the module at --dir.
func (s *staticFlags) loadConfig() (*config.Config, error) {
	return s.config.load(func() (string, bool) { return config.Find(s.dir) })
}

// base is the absolute module directory report positions are relative to.
func (s *staticFlags) base() string {
	d := s.dir
	if d == "" {
		d = "."
	}
	if abs, err := filepath.Abs(d); err == nil {
		return abs
	}
	return d
}

// audit runs the static audit and applies the configuration.
func (s *staticFlags) audit(cmd *cobra.Command, patterns []string, cfg *config.Config) (*report.Report, error) {
	tg, err := resolveTarget(cmd, s.capiVersion, cfg, s.base())
	if err != nil {
		return nil, err
	}
	// The driver reads go.mod as resolveTarget does, for the module at base.
	version, from := tg.Version, tg.From
	line := progress.ForTerminal(cmd.ErrOrStderr())
	var kinds contract.Overrides
	if cfg != nil {
		kinds = cfg.Kinds
	}
	r, err := driver.Run(driver.Options{Dir: s.dir, Patterns: patterns, CAPIVersion: version, Tests: s.tests, Progress: line, CacheDir: s.cacheDir,
		KindOverrides: kinds})
	line.Done()
	if err != nil {
		return nil, &exitError{code: report.ExitError, err: err}
	}
	relabelReport(r, from)
	warnConfig(cmd, cfg, r)
	return r, nil
}

// warnConfig applies the configuration to r and repeats its warnings on
// stderr, which a reader of -o json or sarif sees too.
func warnConfig(cmd *cobra.Command, cfg *config.Config, r *report.Report) {
	_, warnings := cfg.Apply(r)
	for _, w := range warnings {
		fmt.Fprintln(cmd.ErrOrStderr(), "mpaudit: warning:", w)
	}
}

const envHelp = `
Configuration: ` + config.FileName + ` in the module root (the directory of the go.mod at or
above --dir, or the current directory), or --config PATH. It sets capiVersion, failOn,
minSeverity, rules (enabled, severity) and types (include, exclude); see README.md. A bad
configuration file is a usage error (exit 2).

Precedence: flags, then environment variables, then the configuration file, then defaults.

Environment:
  ` + config.EnvCAPIVersion + `  default for --capi-version
  ` + config.EnvFailOn + `       default for --fail-on
  ` + config.EnvMinSeverity + ` default for --min-severity
  ` + config.EnvOutput + `        default for --output
  ` + config.EnvConfig + `        default for --config
  ` + driver.EnvCache + `         check's result cache directory (default: the user cache
                  directory's mpaudit/check); off disables it, as --no-cache does`

func newCheckCmd() *cobra.Command {
	var (
		out          outputFlags
		static       staticFlags
		baselineFile string
		noCache      bool
	)
	cmd := &cobra.Command{
		Use:   "check [packages]",
		Short: "Statically audit a provider module's API types, use sites and CRD configuration",
		Long: `check loads the named packages (default ./...) of the provider module with the
go command, finds the provider's API types of every contract kind, and reports
contract findings on the types, their use sites and the CRDs under config/crd.
Findings are reported for the named packages only, and are the ones check ./...
reports for them: provider types declared in other packages of the module that they import are
found there (type-checked from source) to judge their use sites.

The Cluster API core version is read from go.mod (require or replace of
sigs.k8s.io/cluster-api; a replace to a local directory means that tree) unless
--capi-version names one.

With --baseline FILE (written by mpaudit baseline), findings listed in the
baseline are left out; the exit code reflects only new findings.
` + envHelp,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := static.loadConfig()
			if err != nil {
				return err
			}
			out.resolve(cmd, cfg)
			printer, failOn, err := out.validate()
			if err != nil {
				return err
			}
			var bl *baseline.File
			if baselineFile != "" {
				if bl, err = baseline.Read(baselineFile); err != nil {
					return usageErr("--baseline: %v", err)
				}
			}
			if !noCache {
				static.cacheDir = driver.DefaultCacheDir()
			}
			r, err := static.audit(cmd, args, cfg)
			if err != nil {
				return err
			}
			if bl != nil {
				kept, res := bl.Filter(r.Findings, static.base())
				r.Findings = kept
				r.Summary.Baselined = res.Baselined
				r.Notes = append(r.Notes, fmt.Sprintf("baseline %s: %d finding(s) already in the baseline are not reported", baselineFile, res.Baselined))
				if res.Stale > 0 {
					r.Notes = append(r.Notes, fmt.Sprintf("baseline %s: %d entry(ies) match no finding any more; regenerate it with mpaudit baseline", baselineFile, res.Stale))
				}
			}
			return out.emitReport(cmd, r, printer, failOn)
		},
	}
	out.register(cmd)
	static.register(cmd)
	cmd.Flags().BoolVar(&noCache, "no-cache", false, "do not reuse or store the report of an unchanged tree ($"+driver.EnvCache+"=off)")
	cmd.Flags().StringVar(&baselineFile, "baseline", "", "report only findings not in this baseline file (see mpaudit baseline)")
	return cmd
}
