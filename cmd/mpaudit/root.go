package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/internal/boundedio"
	"github.com/mpaudit/mpaudit/report"
)

func newRoot(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:   "mpaudit",
		Short: "Audit and migrate Cluster API providers to the v1beta2 provider contract",
		Long: `mpaudit checks that a Cluster API provider's types, code and CRDs of every kind
(InfraCluster, InfraMachine, InfraMachinePool, ControlPlane, BootstrapConfig and
their templates) follow the v1beta2 provider contract, with severities that
depend on the Cluster API core version the provider targets and on each CRD's
contract label.

Exit codes (every command, every output format):
  0  nothing at or above --fail-on
  1  findings at or above --fail-on
  2  usage error, or input that could not be (fully) loaded`,
		SilenceUsage:  true,
		SilenceErrors: true,
		// "kubectl mpaudit" in help and usage when run as the kubectl-mpaudit plugin.
		Annotations: rootAnnotations(),
	}
	maxInput := root.PersistentFlags().String("max-input-size", boundedio.FormatSize(boundedio.DefaultMaxSize), "largest YAML or JSON input file read (config/crd, --from-file, configuration, baseline): bytes or a quantity such as 64Mi")
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error {
		n, err := boundedio.ParseSize(*maxInput)
		if err != nil {
			return usageErr("--max-input-size: %v", err)
		}
		boundedio.SetMaxSize(n)
		return nil
	}
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.AddCommand(newCheckCmd(), newLiveCmd(), newRewriteCmd(), newRulesCmd(), newVersionCmd(), newContractCmd())
	root.AddCommand(newBaselineCmd(), newConformCmd())
	return root
}

func execute(args []string, stdout, stderr io.Writer) int {
	root := newRoot(stdout, stderr)
	root.SetArgs(args)
	err := root.Execute()
	if err == nil {
		return report.ExitOK
	}
	if ee, ok := errors.AsType[*exitError](err); ok {
		if ee.err != nil && ee.err.Error() != "" {
			fmt.Fprintln(stderr, "mpaudit:", report.EscapeLines(ee.err.Error()))
		}
		return ee.code
	}
	fmt.Fprintln(stderr, "mpaudit:", report.EscapeLines(err.Error()))
	return report.ExitError // cobra's own errors are usage errors
}
