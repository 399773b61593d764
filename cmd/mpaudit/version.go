package main

import (
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/contract"
)

// errSilent ends a command with a non-zero exit code and no message: the
// report already said why.
var errSilent = errors.New("")

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print mpaudit's version and the contract catalog it carries",
		RunE: func(cmd *cobra.Command, args []string) error {
			w := cmd.OutOrStdout()
			version := "(devel)"
			if bi, ok := debug.ReadBuildInfo(); ok {
				if bi.Main.Version != "" {
					version = bi.Main.Version
				}
				for _, s := range bi.Settings {
					if s.Key == "vcs.revision" {
						version += " " + s.Value
					}
				}
				fmt.Fprintf(w, "mpaudit %s (%s)\n", version, bi.GoVersion)
			} else {
				fmt.Fprintf(w, "mpaudit %s\n", version)
			}
			fmt.Fprintf(w, "contract catalog: InfraMachinePool; core behaviour verified through Cluster API %s\n", contract.LatestVerifiedCore)
			return nil
		},
	}
}
