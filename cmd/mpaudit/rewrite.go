package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
	"github.com/mpaudit/mpaudit/rewrite"
)

func newRewriteCmd() *cobra.Command {
	var (
		dir         string
		capiVersion string
		write       bool
		prBody      string
	)
	cmd := &cobra.Command{
		Use:   "rewrite [packages]",
		Short: "Migrate a provider's pool types and code to the dual-field v1beta2 shape",
		Long: `rewrite applies mpaudit's fixes to the provider module: it adds
status.initialization.provisioned beside status.ready on the storage version of
each pool type, sets it (one-way) wherever status.ready is written, changes
spec.providerID to string and moves top-level failure fields under
status.deprecated.v1beta1 with their use sites, regenerates
zz_generated.deepcopy.go with controller-tools and adds the CRD contract label.

The rewrite is built in a copy of the module and must pass go build and go
vet there; only then, with --write, are files replaced (each atomically).
Without --write it prints a unified diff.

Files behind build constraints are rewritten and verified too: under the
default build and under one configuration per GOOS/GOARCH/tag combination the
module's files need (never "ignore"), each checked if it built before. A
symbolic link into the module is followed and its target edited; a link out
of the module that needs a change, or a file no configuration compiles (gccgo
only), stops the run with nothing written.

Exit codes: 0 nothing to change or written; 1 a diff was printed; 2 usage
error, a module that does not load, a rewrite that does not build, or a file
the rewrite cannot edit or verify.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if capiVersion != "" {
				if _, err := contract.TargetForVersion(capiVersion, "flag"); err != nil {
					return usageErr("--capi-version: %v", err)
				}
			}
			if dir == "" {
				dir = "."
			}
			res, err := rewrite.Run(rewrite.Options{Dir: dir, Patterns: args, CAPIVersion: capiVersion, Write: write})
			if err != nil {
				return &exitError{code: report.ExitError, err: err}
			}
			out := cmd.OutOrStdout()
			if prBody != "" {
				f := os.Stdout
				if prBody != "-" {
					if f, err = os.Create(prBody); err != nil {
						return &exitError{code: report.ExitError, err: err}
					}
					defer f.Close()
				}
				if err := res.WritePRBody(f); err != nil {
					return &exitError{code: report.ExitError, err: err}
				}
			}
			if write {
				for _, c := range res.Changes {
					fmt.Fprintf(out, "wrote %s\n", c.Rel)
				}
				for _, m := range res.Manual {
					fmt.Fprintf(cmd.ErrOrStderr(), "needs a person: %s\n", m)
				}
				return nil
			}
			if prBody != "-" {
				if err := res.WriteDiff(out); err != nil {
					return &exitError{code: report.ExitError, err: err}
				}
			}
			if len(res.Changes) > 0 {
				return &exitError{code: report.ExitFindings, err: errSilent}
			}
			return nil
		},
	}
	cmd.Flags().StringVarP(&dir, "dir", "C", "", "directory of the provider module (default: current directory)")
	cmd.Flags().StringVar(&capiVersion, "capi-version", "", "Cluster API core version the provider targets (default: from go.mod)")
	cmd.Flags().BoolVar(&write, "write", false, "replace the files instead of printing a diff")
	cmd.Flags().StringVar(&prBody, "pr-body", "", "write a Markdown pull-request description to this file (- for stdout, instead of the diff)")
	return cmd
}
