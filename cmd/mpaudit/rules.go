package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/ruledoc"
	"github.com/mpaudit/mpaudit/report"
)

func newRulesCmd() *cobra.Command {
	var explain string
	cmd := &cobra.Command{
		Use:   "rules [ID]",
		Short: "List the rule catalog, or explain one rule",
		Long: `rules lists the rule catalog with each rule's severity on the released cores
and its mode: static (check, go vet, golangci-lint) or live.

With a rule ID or name (as an argument or with --explain) it prints that rule's
documentation: why, how to fix, severity per target core, the contract link and
how to suppress it. The text is the same as docs/rules/<ID>.md.`,
		Example: `  mpaudit rules
  mpaudit rules --explain MPA101
  mpaudit rules ready-without-provisioned`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w := cmd.OutOrStdout()
			id := explain
			if len(args) == 1 {
				if id != "" && id != args[0] {
					return usageErr("rules: give the rule once, as an argument or with --explain (got %q and %q)", args[0], id)
				}
				id = args[0]
			}
			if id != "" || cmd.Flags().Changed("explain") {
				r, ok := contract.Lookup(id)
				if !ok {
					return usageErr("unknown rule %q (run `%s rules` for the list)", id, cmd.Root().CommandPath())
				}
				fmt.Fprint(w, Explain(r))
				return nil
			}
			tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tNAME\tSCOPE\tSEVERITY (core ≤ "+contract.LatestVerifiedCore+")\tMODE\tTITLE")
			for _, r := range contract.Rules() {
				sev := r.SeverityTable()[0].Severity
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Name, r.Scope, sev, strings.ReplaceAll(r.Modes.String(), " ", ""), r.Title)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&explain, "explain", "", "print the documentation of one rule (ID or name), as in docs/rules/<ID>.md")
	return cmd
}

// Explain renders one rule's documentation: the Markdown of docs/rules/<ID>.md.
func Explain(r *contract.Rule) string { return ruledoc.Rule(r) }

func joinFormats() string { return strings.Join(report.Formats(), "|") }
