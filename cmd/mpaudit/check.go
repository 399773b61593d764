package main

import (
	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/analyzers/driver"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// outputFlags are shared by every command that prints a report.
type outputFlags struct {
	output string
	failOn string
}

func (o *outputFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&o.output, "output", "o", "text", "output format: "+joinFormats())
	cmd.Flags().StringVar(&o.failOn, "fail-on", "warning", "lowest severity that makes the exit code 1: info, warning or error")
}

func (o *outputFlags) validate() (report.Printer, contract.Severity, error) {
	p, err := report.Lookup(o.output)
	if err != nil {
		return nil, 0, usageErr("%v", err)
	}
	sev, err := contract.ParseSeverity(o.failOn)
	if err != nil || sev == contract.Off {
		return nil, 0, usageErr("--fail-on: unknown severity %q (want info, warning or error)", o.failOn)
	}
	return p, sev, nil
}

// emitReport prints r and turns its exit code into the command's result.
func (o *outputFlags) emitReport(cmd *cobra.Command, r *report.Report, p report.Printer, failOn contract.Severity) error {
	r.FailOn = failOn
	code := r.Finish()
	if err := p(cmd.OutOrStdout(), r); err != nil {
		return &exitError{code: report.ExitError, err: err}
	}
	if code != report.ExitOK {
		return &exitError{code: code, err: errSilent}
	}
	return nil
}

func newCheckCmd() *cobra.Command {
	var (
		out         outputFlags
		dir         string
		capiVersion string
		tests       bool
	)
	cmd := &cobra.Command{
		Use:   "check [packages]",
		Short: "Statically audit a provider module's pool types, use sites and CRD configuration",
		Long: `check loads the named packages (default ./...) of the provider module with the
go command, finds the InfraMachinePool API types, and reports contract findings
on the types, their use sites and the CRDs under config/crd.

The Cluster API core version is read from go.mod (require or replace of
sigs.k8s.io/cluster-api; a replace to a local directory means that tree) unless
--capi-version names one.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			printer, failOn, err := out.validate()
			if err != nil {
				return err
			}
			if capiVersion != "" {
				if _, err := contract.TargetForVersion(capiVersion, "flag"); err != nil {
					return usageErr("--capi-version: %v", err)
				}
			}
			r, err := driver.Run(driver.Options{Dir: dir, Patterns: args, CAPIVersion: capiVersion, Tests: tests})
			if err != nil {
				return &exitError{code: report.ExitError, err: err}
			}
			return out.emitReport(cmd, r, printer, failOn)
		},
	}
	out.register(cmd)
	cmd.Flags().StringVarP(&dir, "dir", "C", "", "directory of the provider module (default: current directory)")
	cmd.Flags().StringVar(&capiVersion, "capi-version", "", "Cluster API core version the provider targets (default: from go.mod)")
	cmd.Flags().BoolVar(&tests, "tests", false, "also load test files (their use sites are still not reported)")
	return cmd
}
