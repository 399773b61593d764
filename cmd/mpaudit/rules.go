package main

import (
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

func newRulesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "rules [ID]",
		Short: "List the rule catalog, or explain one rule",
		Args:  cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			w := cmd.OutOrStdout()
			if len(args) == 1 {
				r, ok := contract.Lookup(args[0])
				if !ok {
					return usageErr("unknown rule %q (run `mpaudit rules` for the list)", args[0])
				}
				fmt.Fprint(w, Explain(r))
				return nil
			}
			tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tNAME\tSCOPE\tSEVERITY (core ≤ "+contract.LatestVerifiedCore+")\tTITLE")
			for _, r := range contract.Rules() {
				sev := r.SeverityTable()[0].Severity
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", r.ID, r.Name, r.Scope, sev, r.Title)
			}
			return tw.Flush()
		},
	}
}

// Explain renders one rule's documentation.
func Explain(r *contract.Rule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %s\n\n", r.ID, r.Name, r.Title)
	fmt.Fprintf(&b, "Scope: %s", r.Scope)
	if r.Field != "" {
		fmt.Fprintf(&b, "; field: %s", r.Field)
	}
	fmt.Fprintf(&b, "\n\nWhy: %s\n", r.Rationale)
	if r.Fix != "" {
		fmt.Fprintf(&b, "\nFix: %s\n", r.Fix)
	}
	fmt.Fprintf(&b, "\nSeverity by target core:\n")
	for _, row := range r.SeverityTable() {
		fmt.Fprintf(&b, "  %-62s %s\n", row.Core, row.Severity)
	}
	if r.Scope == contract.ScopeType {
		fmt.Fprintf(&b, "  (on older API versions, conversion spokes: at most info)\n")
	}
	fmt.Fprintf(&b, "\nContract: %s\n", r.DocURL)
	return b.String()
}

func joinFormats() string { return strings.Join(report.Formats(), "|") }
