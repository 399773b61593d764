package main

import (
	"fmt"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/ruledoc"
	"github.com/mpaudit/mpaudit/report"
)

func newRulesCmd() *cobra.Command {
	var explain, kindName string
	cmd := &cobra.Command{
		Use:   "rules [ID]",
		Short: "List the rule catalog, or explain one rule",
		Long: `rules lists the rule catalog with each rule's severity on the released cores
and its mode: static (check, go vet, golangci-lint) or live.

With a rule ID or name (as an argument or with --explain) it prints that rule's
documentation: why, how to fix, severity per target core, the contract link and
how to suppress it. The text is the same as docs/rules/<ID>.md.

With --kind it lists only the rules that judge that contract kind
(InfraMachinePool, ControlPlane, ...; any letter case).`,
		Example: `  mpaudit rules
  mpaudit rules --kind InfraMachinePool
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
			var kind *contract.Kind
			if cmd.Flags().Changed("kind") {
				if id != "" {
					return usageErr("rules: --kind lists rules; give it without a rule ID (got %q)", id)
				}
				var err error
				if kind, err = kindByName(kindName); err != nil {
					return err
				}
			}
			if id != "" || cmd.Flags().Changed("explain") {
				r, ok := contract.Lookup(id)
				if !ok {
					return usageErr("unknown rule %q (run `%s rules` for the list)", id, cmd.Root().CommandPath())
				}
				fmt.Fprint(w, Explain(r))
				return nil
			}
			list := contract.Rules()
			if kind != nil {
				list = slices.DeleteFunc(list, func(r *contract.Rule) bool { return !r.AppliesTo(kind) })
				if len(list) == 0 {
					fmt.Fprintf(w, "no rule of the catalog judges %s yet\n", kind.Name)
					return nil
				}
			}
			tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tNAME\tSCOPE\tSEVERITY (core ≤ "+contract.LatestVerifiedCore+")\tMODE\tTITLE")
			for _, r := range list {
				sev := r.ReleasedSeverity()
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", r.ID, r.Name, r.Scope, sev, strings.ReplaceAll(r.Modes.String(), " ", ""), r.Title)
			}
			return tw.Flush()
		},
	}
	cmd.Flags().StringVar(&explain, "explain", "", "print the documentation of one rule (ID or name), as in docs/rules/<ID>.md")
	cmd.Flags().StringVar(&kindName, "kind", "", "list only the rules that judge this contract kind: "+strings.Join(kindNames(), ", "))
	return cmd
}

// kindByName finds a catalog kind by its contract name, in any letter case.
func kindByName(name string) (*contract.Kind, error) {
	for _, k := range contract.Kinds {
		if strings.EqualFold(k.Name, name) {
			return k, nil
		}
	}
	return nil, usageErr("--kind: unknown kind %q (want one of %s)", name, strings.Join(kindNames(), ", "))
}

func kindNames() []string {
	names := make([]string, len(contract.Kinds))
	for i, k := range contract.Kinds {
		names[i] = k.Name
	}
	return names
}

// Explain renders one rule's documentation: the Markdown of docs/rules/<ID>.md.
func Explain(r *contract.Rule) string { return ruledoc.Rule(r) }

func joinFormats() string { return strings.Join(report.Formats(), "|") }
