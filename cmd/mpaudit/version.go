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

// version is stamped by release builds (.goreleaser.yaml):
//
//	go build -ldflags "-X main.version=v0.1.0" ./cmd/mpaudit
//
// When empty, the module version from the build info is used (set by
// `go install …@vX.Y.Z`, or derived from VCS tags by `go build`).
var version string

// commit and commitDate are stamped by release builds too; they stand in for
// the build info's vcs.revision and vcs.time, which the go command leaves out
// where it finds no .git directory (a git worktree, an unpacked source tree).
var commit, commitDate string

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
	if v.Revision == "" && commit != "" {
		v.Revision, v.Time = commit, commitDate
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

// Plugin executable names: kubectl and clusterctl both run `<host> mpaudit
// ARGS` by finding `<host>-mpaudit` on PATH and executing it with ARGS, argv[0]
// being its path (kubectl's plugin handler; clusterctl's cmd/clusterctl
// handlePlugins inlines the same code).
const (
	kubectlPluginName    = "kubectl-mpaudit"
	clusterctlPluginName = "clusterctl-mpaudit"
)

// rootAnnotations make the root command present itself as `kubectl mpaudit`
// or `clusterctl mpaudit` in help and usage when the binary was invoked as
// that plugin.
func rootAnnotations() map[string]string {
	if len(os.Args) == 0 {
		return nil
	}
	if name := pluginDisplayName(os.Args[0]); name != "" {
		return map[string]string{cobra.CommandDisplayNameAnnotation: name}
	}
	return nil
}

// pluginDisplayName is the command as the user typed it ("kubectl mpaudit")
// when arg0 is a plugin executable, else "".
func pluginDisplayName(arg0 string) string {
	base := filepath.Base(arg0)
	// Windows keeps the extension in argv[0]; case does not matter there.
	if ext := filepath.Ext(base); strings.EqualFold(ext, ".exe") {
		base = base[:len(base)-len(ext)]
	}
	switch base {
	case kubectlPluginName, clusterctlPluginName:
		host, name, _ := strings.Cut(base, "-")
		return host + " " + name
	}
	return ""
}
