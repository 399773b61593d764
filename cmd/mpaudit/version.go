package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mpaudit/mpaudit/contract"
)

// errSilent ends a command with a non-zero exit code and no message: the
// report already said why.
var errSilent = errors.New("")

// version is stamped by release builds (hack/release.sh):
//
//	go build -ldflags "-X main.version=$(git describe --tags --always --dirty)" ./cmd/mpaudit
//
// When empty, the module version from the build info is used (set by
// `go install …@vX.Y.Z`, or derived from VCS tags by `go build`).
var version string

// buildVersion is what `mpaudit version` reports.
type buildVersion struct {
	Version  string `json:"version"`
	Module   string `json:"module,omitempty"`
	Revision string `json:"revision,omitempty"`
	Time     string `json:"time,omitempty"`
	// Modified is true when the binary was built from a tree with uncommitted changes.
	Modified  bool   `json:"modified"`
	GoVersion string `json:"goVersion"`
	Platform  string `json:"platform"`
	// Catalog lists the contract kinds the rules check; LatestVerifiedCore
	// is the newest Cluster API release whose behaviour the catalog was
	// verified against.
	Catalog            []string `json:"catalog"`
	LatestVerifiedCore string   `json:"latestVerifiedCore"`
}

func readBuildVersion() buildVersion {
	v := buildVersion{
		Version:            "(devel)",
		GoVersion:          runtime.Version(),
		Platform:           runtime.GOOS + "/" + runtime.GOARCH,
		Catalog:            catalogKinds(),
		LatestVerifiedCore: contract.LatestVerifiedCore,
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		v.Module = bi.Main.Path
		if bi.Main.Version != "" {
			v.Version = bi.Main.Version
		}
		if bi.GoVersion != "" {
			v.GoVersion = bi.GoVersion
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v.Revision = s.Value
			case "vcs.time":
				v.Time = s.Value
			case "vcs.modified":
				v.Modified = s.Value == "true"
			}
		}
	}
	if version != "" {
		v.Version = version
	}
	return v
}

func (v buildVersion) writeText(w io.Writer) {
	fmt.Fprintf(w, "mpaudit %s\n", v.Version)
	if v.Module != "" {
		fmt.Fprintf(w, "  module:    %s\n", v.Module)
	}
	if v.Revision != "" {
		rev := v.Revision
		if v.Modified {
			rev += " (modified)"
		}
		fmt.Fprintf(w, "  revision:  %s\n", rev)
	}
	if v.Time != "" {
		fmt.Fprintf(w, "  committed: %s\n", v.Time)
	}
	fmt.Fprintf(w, "  go:        %s %s\n", v.GoVersion, v.Platform)
	fmt.Fprintf(w, "contract catalog: %s; core behaviour verified through Cluster API %s\n", strings.Join(v.Catalog, ", "), v.LatestVerifiedCore)
}

// catalogKinds names every kind the contract catalog carries.
func catalogKinds() []string {
	out := make([]string, len(contract.Kinds))
	for i, k := range contract.Kinds {
		out[i] = k.Name
	}
	return out
}

func newVersionCmd() *cobra.Command {
	var output string
	cmd := &cobra.Command{
		Use:   "version",
		Short: "Print mpaudit's version and the contract catalog it carries",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			v := readBuildVersion()
			w := cmd.OutOrStdout()
			switch output {
			case "text":
				v.writeText(w)
				return nil
			case "json":
				enc := json.NewEncoder(w)
				enc.SetIndent("", "  ")
				return enc.Encode(v)
			default:
				return usageErr("version: unknown output format %q (want text or json)", output)
			}
		},
	}
	cmd.Flags().StringVarP(&output, "output", "o", "text", "output format: text|json")
	return cmd
}

// kubectlPluginName is the executable name kubectl looks for on PATH to run
// `kubectl mpaudit` (release archives ship the binary under both names).
const kubectlPluginName = "kubectl-mpaudit"

// rootAnnotations make the root command present itself as `kubectl mpaudit`
// in help and usage when the binary was invoked as kubectl-mpaudit.
func rootAnnotations() map[string]string {
	if len(os.Args) > 0 && isKubectlPlugin(os.Args[0]) {
		return map[string]string{cobra.CommandDisplayNameAnnotation: "kubectl mpaudit"}
	}
	return nil
}

func isKubectlPlugin(arg0 string) bool {
	base := filepath.Base(arg0)
	base = strings.TrimSuffix(base, ".exe")
	return base == kubectlPluginName
}
