package main

import (
	"fmt"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/baseline"
	"github.com/mpaudit/mpaudit/report"
)

func newBaselineCmd() *cobra.Command {
	var (
		static     staticFlags
		outputFile string
	)
	cmd := &cobra.Command{
		Use:   "baseline [packages]",
		Short: "Record today's static findings so that check --baseline reports only new ones",
		Long: `baseline runs the static audit of check (same packages, flags and configuration
file) and writes every finding, whatever its severity, to a baseline file: JSON
with one entry (fingerprint, rule, kind, field, file) per finding, sorted, the
same bytes for the same findings.

A fingerprint hashes the rule, the Go type, the field, the file and the text of
the source line, not the line number, so findings keep their fingerprint when
unrelated lines move. Then:

  mpaudit check --baseline mpaudit-baseline.json ./...

reports (and fails on) only findings that are not in the baseline.

The file is written to --output-file (default: mpaudit-baseline.json in --dir).
No baseline is written when packages fail to load (exit 2).
` + envHelp,
		RunE: func(cmd *cobra.Command, args []string) error {
			cfg, err := static.loadConfig()
			if err != nil {
				return err
			}
			r, err := static.audit(cmd, args, cfg)
			if err != nil {
				return err
			}
			if len(r.Problems) > 0 {
				for _, p := range r.Problems {
					fmt.Fprintf(cmd.ErrOrStderr(), "not loaded: %s: %s\n", p.Subject, p.Message)
				}
				return usageErr("no baseline written: %d input problem(s); a baseline of a partial audit would hide findings", len(r.Problems))
			}
			path := outputFile
			if !cmd.Flags().Changed("output-file") {
				path = filepath.Join(static.dir, baseline.DefaultFile)
			}
			b := baseline.New(r.Findings, static.base(), toolVersion())
			if err := b.Write(path); err != nil {
				return &exitError{code: report.ExitError, err: fmt.Errorf("writing the baseline: %w", err)}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: %d finding(s) baselined\n", path, len(b.Entries))
			return nil
		},
	}
	static.register(cmd)
	cmd.Flags().StringVar(&outputFile, "output-file", "", "baseline file to write (default: "+baseline.DefaultFile+" in --dir)")
	return cmd
}

// toolVersion is the version `mpaudit version` reports.
func toolVersion() string { return readBuildVersion().Version }
