package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/contractdoc"
)

// Output formats of `contract show`.
var contractShowFormats = []string{"markdown", "json", "yaml"}

func newContractCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "contract",
		Short: "Print the provider contract mpaudit judges by, export it as JSON Schema, or validate CRDs against it",
		Long: `contract prints the Cluster API provider contract as mpaudit declares it in its
catalog: for every kind (InfraCluster, InfraMachine, InfraMachinePool,
ControlPlane, BootstrapConfig and their templates) the rules with their Mandatory
flag, the Go shape of each field point (type, JSON tag, markers) and which core
releases read it and how. docs/contract/ holds the same pages (make docs).
` + "`contract validate`" + ` judges CRD YAML (a file, a bundle, a directory or a kustomization)
without Go sources, with check's rules, formats and exit codes.`,
		// Runnable, so that cobra rejects an unknown subcommand (exit 2) instead of printing help.
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(newContractShowCmd(), newContractSchemaCmd(), newContractValidateCmd())
	return cmd
}

func newContractShowCmd() *cobra.Command {
	var kindName, contractName, output string
	cmd := &cobra.Command{
		Use:   "show",
		Short: "Print the contract's rules and field points, per kind",
		Long: `show prints the contract from the catalog. Markdown (the default) has the layout
of Cluster API's contract pages: a rule table with a Mandatory column, then one
section per rule with the Go shape of each field point and the core releases that
read it (label-driven, fixed, fallback, release gates). --kind K prints one kind's
page, exactly docs/contract/<K>.md. JSON and YAML carry the same data; the JSON
Schema of it is ` + "`mpaudit contract schema`" + `.

Without --contract the pages hold both contract versions, v1beta1 points under
"Compatibility with the deprecated v1beta1 contract".`,
		Example: `  mpaudit contract show --kind InfraMachine
  mpaudit contract show --kind controlplane --contract v1beta2
  mpaudit contract show -o json > contract.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if !slices.Contains(contractShowFormats, output) {
				return usageErr("--output: unknown format %q (want one of %s)", output, strings.Join(contractShowFormats, ", "))
			}
			var kinds []*contract.Kind
			if cmd.Flags().Changed("kind") {
				k, err := kindByName(kindName)
				if err != nil {
					return err
				}
				kinds = []*contract.Kind{k}
			}
			var contracts []contract.Contract
			if cmd.Flags().Changed("contract") {
				c, err := contractByName(contractName)
				if err != nil {
					return err
				}
				contracts = []contract.Contract{c}
			}
			doc := contractdoc.Build(kinds, contracts)
			w := cmd.OutOrStdout()
			switch output {
			case "json":
				out, err := contractdoc.JSON(doc)
				if err != nil {
					return err
				}
				_, err = w.Write(out)
				return err
			case "yaml":
				out, err := yaml.Marshal(doc)
				if err != nil {
					return err
				}
				_, err = w.Write(out)
				return err
			}
			_, err := fmt.Fprint(w, contractdoc.Markdown(doc))
			return err
		},
	}
	cmd.Flags().StringVar(&kindName, "kind", "", "print one contract kind: "+strings.Join(kindNames(), ", "))
	cmd.Flags().StringVar(&contractName, "contract", "", "print one contract version: "+strings.Join(contractNames(), ", ")+" (default both)")
	cmd.Flags().StringVarP(&output, "output", "o", "markdown", "output format: "+strings.Join(contractShowFormats, "|"))
	return cmd
}

func newContractSchemaCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "schema",
		Short: "Export the contract as JSON Schema (draft 2020-12)",
		Long: `schema prints the contract as one JSON Schema (draft 2020-12), for other tools:
the root validates the JSON of ` + "`mpaudit contract show -o json`" + `, and $defs holds,
per kind and contract version, the schema of the object's field points
("<Kind>.<contract>", with "<Kind>.<contract>.spec" and "….status"): types and
constraints from the Go shapes and markers, and in "required" the fields the
contract makes mandatory. docs/contract/` + contractdoc.SchemaFile + ` is the same file.`,
		Example: `  mpaudit contract schema > contract.schema.json`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			out, err := contractdoc.SchemaJSON()
			if err != nil {
				return err
			}
			_, err = cmd.OutOrStdout().Write(out)
			return err
		},
	}
}

// contractByName finds a contract version, in any letter case.
func contractByName(name string) (contract.Contract, error) {
	for _, c := range contractdoc.Contracts() {
		if strings.EqualFold(string(c), name) {
			return c, nil
		}
	}
	return "", usageErr("--contract: unknown contract version %q (want one of %s)", name, strings.Join(contractNames(), ", "))
}

func contractNames() []string {
	var out []string
	for _, c := range contractdoc.Contracts() {
		out = append(out, string(c))
	}
	return out
}
