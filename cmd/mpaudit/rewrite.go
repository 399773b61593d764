package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/progress"
	"github.com/mpaudit/mpaudit/report"
	"github.com/mpaudit/mpaudit/rewrite"
)

func newRewriteCmd() *cobra.Command {
	var (
		dir         string
		capiVersion string
		write       bool
		recoverOnly bool
		prBody      string
		newVersion  string
		timeout     time.Duration
		conf        configFlag
	)
	cmd := &cobra.Command{
		Use:   "rewrite [packages]",
		Short: "Migrate a provider's types and code to the dual-field v1beta2 shape, every kind, in a safe order",
		Long: `rewrite applies mpaudit's fixes to the provider module: it adds
status.initialization beside the v1beta1 readiness field on the storage version
of each pool, cluster, machine, control plane and bootstrap config type, sets it
(one-way) wherever the old field is written, changes spec.providerID to string
and moves top-level failure fields under status.deprecated.v1beta1 with their
use sites, adds a control plane's renamed counters, regenerates
zz_generated.deepcopy.go with controller-tools and conversions with
conversion-gen. It adds the CRD contract label cluster.x-k8s.io/v1beta2 to a
cluster, machine, control plane or bootstrap config kind only when the audit
under that label finds nothing core would miss (otherwise the label stays and
--pr-body says what is missing). It never edits a release series of
clusterctl's metadata.yaml; --pr-body proposes the next one's contract.

The rewrite is built in a copy of the module and must pass go build and go
vet there, and the provider's own tests of the packages it changed: those that
pass on the original tree (run first, in a copy of its own, each run within
--timeout; 0 runs none) must pass on the rewritten one, and the tests that do
not (a suite that needs envtest's assets, say) are named as not run. A type
whose migration fails any of this is withheld whole (its fields, use sites,
conversions, deepcopy, CRD schema and label), named with the failing
file:line or test, and the rest is rewritten and verified again. Only then,
with --write, are files replaced, all or nothing: under the lock
.mpaudit-rewrite.lock, after checking that no file changed since it was read,
with the originals kept in .mpaudit-rewrite.journal until every file is
replaced. A failure, SIGINT or SIGTERM puts every replaced file back. A
rewrite that was killed leaves the journal: the next run refuses until
--recover (or --write, which recovers first) restores the files.
Without --write it prints a unified diff (to a terminal with the source's
control characters escaped; to a file or a pipe as it is, for git apply).

--capi-version vX on a module that requires an older Cluster API raises the
requirement first, in the copy: go get sigs.k8s.io/cluster-api@vX (with the
other modules of Cluster API's repository the module requires, or vX's own
go.mod joins), which resolves Kubernetes and controller-runtime for it, then
moves the imports of the packages vX keeps the v1beta1 API under another
path (api/v1beta1 to api/core/v1beta1, util/conditions and util/patch to
util/deprecated/v1beta1/..., ...), keeping each import's name. The code stays
on v1beta1. What still does not build (a utility whose vX signature takes
or returns the v1beta2 types) is listed at file:line and nothing is written.
A requirement through a replace by a directory or another module, or newer
than vX, is refused. $` + config.EnvCAPIVersion + ` and capiVersion in the configuration
file name the core to judge for without changing go.mod.

--new-api-version V finishes what a served version cannot take: the fields of
the provider's own types typed with core v1beta1 types keep them while their
version is served (its stored objects' schema). The API package of the
contract kinds (the group's only version, or its conversion hub) is copied
to V, which becomes the hub and storage version; the served one becomes its
conversion spoke (+k8s:conversion-gen, generated conversions,
ConvertTo/ConvertFrom), older versions converting through it,
stays under the v1beta1 contract label and is registered in the schemes
beside V; the module's code imports V. V is then migrated as a hub: its
fields take the v1beta2 core types of the same JSON (APIEndpoint,
MachineAddresses) with the code's values for them, Cluster API's own
functions converting them in the spoke; the CRDs get V (stored) beside the
served version, and V the v1beta2 label. The manager registers the
conversion webhook when the module registers no webhook. Conditions stay
the v1beta1 type.

Files behind build constraints are rewritten and verified too: under the
default build and under one configuration per GOOS/GOARCH/tag combination the
module's files need (never "ignore"), each checked if it built before. A
symbolic link into the module is followed and its target edited; a link out
of the module that needs a change, or a file no configuration compiles (gccgo
only), stops the run with nothing written.

A type change reaches every use in the module: packages outside [packages]
that import the rewritten ones (their tests included) get the use-site fixes
that go with it, and nothing else.

It reads the configuration file check reads (` + config.FileName + ` in the module
root, or --config) and applies it as check does: capiVersion and kinds, so it
migrates the types check judges, as check classifies them; a type that
types.include/types.exclude filters out is not migrated (nor its uses, nor its
label), and a rule disabled under rules offers no fix.

Exit codes: 0 nothing to change, written, or recovered; 1 a diff was printed;
2 usage error, a module that does not load, a rewrite none of whose changes
verify (a type whose migration does not build is withheld, named on stderr,
and the rest verified again and written), a file the rewrite cannot edit or
verify, a file changed meanwhile, a lock held by another run, or an
interrupted run (nothing written).`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if dir == "" {
				dir = "."
			}
			cfg, err := conf.load(func() (string, bool) { return config.Find(dir) })
			if err != nil {
				return err
			}
			// The same resolution as check: flag, environment, file, then
			// go.mod (which the rewrite's audit reads for its module).
			tg, err := resolveTarget(cmd, capiVersion, cfg, dir)
			if err != nil {
				return err
			}
			version := tg.Version
			// Only the flag raises go.mod: the environment and the
			// configuration file name the core to judge for, as for check.
			bump := ""
			if cmd.Flags().Changed("capi-version") {
				bump = version
			}
			var kinds contract.Overrides
			if cfg != nil {
				kinds = cfg.Kinds
			}
			if recoverOnly || write {
				notes, err := rewrite.Recover(dir)
				for _, n := range notes {
					fmt.Fprintln(cmd.ErrOrStderr(), "mpaudit:", report.EscapeLines(n))
				}
				if err != nil {
					return &exitError{code: report.ExitError, err: err}
				}
				if recoverOnly {
					if len(notes) == 0 {
						fmt.Fprintln(cmd.ErrOrStderr(), "mpaudit: no interrupted rewrite to recover")
					}
					return nil
				}
			}
			// Until the run ends, SIGINT and SIGTERM cancel it instead of
			// killing the process, so a write rolls back and the staged
			// copy is removed.
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			restore, err := rewrite.PrivateTemp()
			if err != nil {
				return &exitError{code: report.ExitError, err: err}
			}
			defer restore()
			line := progress.ForTerminal(cmd.ErrOrStderr())
			res, err := rewrite.Run(rewrite.Options{Context: ctx, Dir: dir, Patterns: args, CAPIVersion: version, BumpCAPI: bump, Write: write, Progress: line,
				KindOverrides: kinds, Config: cfg, TestTimeout: timeout, NewAPIVersion: newVersion})
			line.Done()
			if res != nil {
				for _, n := range res.Notes {
					fmt.Fprintln(cmd.ErrOrStderr(), "mpaudit:", report.EscapeLines(n))
				}
				// Written or not, the diff leaves them out.
				for _, u := range res.Withheld {
					fmt.Fprintln(cmd.ErrOrStderr(), "mpaudit: withheld:", report.EscapeLines(u.String()))
					if u.Output != "" {
						fmt.Fprintln(cmd.ErrOrStderr(), "\t"+strings.ReplaceAll(report.EscapeLines(u.Output), "\n", "\n\t"))
					}
				}
			}
			if ctx.Err() != nil && (res == nil || !res.Written) && !errors.Is(err, rewrite.ErrInterrupted) {
				// The signal also reached go vet or go build: their failure is not the rewrite's.
				err = rewrite.ErrInterrupted
			}
			if err != nil {
				return &exitError{code: report.ExitError, err: err}
			}
			out := cmd.OutOrStdout()
			if prBody != "" {
				var body bytes.Buffer
				if err := res.WritePRBody(&body); err != nil {
					return &exitError{code: report.ExitError, err: err}
				}
				if prBody == "-" {
					_, err = body.WriteTo(out)
				} else {
					err = writeWhole(prBody, body.Bytes())
				}
				if err != nil {
					return &exitError{code: report.ExitError, err: fmt.Errorf("--pr-body: %w", err)}
				}
			}
			if write {
				for _, c := range res.Changes {
					fmt.Fprintf(out, "wrote %s\n", report.Escape(c.Rel))
				}
				for _, m := range res.Manual {
					fmt.Fprintf(cmd.ErrOrStderr(), "needs a person: %s\n", report.EscapeLines(m))
				}
				return nil
			}
			if prBody != "-" {
				if err := writeDiff(out, res); err != nil {
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
	cmd.Flags().StringVar(&capiVersion, "capi-version", "", "Cluster API release to target; a newer one than go.mod requires raises the requirement first (default: from go.mod; $"+config.EnvCAPIVersion+" and capiVersion in the configuration file name the target without changing go.mod)")
	conf.register(cmd, "in the module root")
	cmd.Flags().BoolVar(&write, "write", false, "replace the files instead of printing a diff")
	cmd.Flags().BoolVar(&recoverOnly, "recover", false, "only restore the files an interrupted rewrite left half written (from .mpaudit-rewrite.journal)")
	cmd.Flags().DurationVar(&timeout, "timeout", 10*time.Minute, "time each run of the provider's tests that verify the rewrite may take (0: run no tests)")
	cmd.Flags().StringVar(&newVersion, "new-api-version", "", "give the API package of the contract kinds a new version of this name (v1alpha2): a copy of the served one (the hub of several) that becomes the hub and storage version with the v1beta2 core types, the served one its conversion spoke, the module's code moved to it")
	cmd.Flags().StringVar(&prBody, "pr-body", "", "write a Markdown pull-request description to this file (- for stdout, instead of the diff)")
	return cmd
}

// writeWhole replaces path with data in one rename, so an interrupted or
// failed write never leaves half a file.
func writeWhole(path string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return err
	}
	defer os.Remove(f.Name()) // after a successful rename there is nothing to remove
	_, werr := f.Write(data)
	if err := errors.Join(werr, f.Close()); err != nil {
		return err
	}
	if err := os.Chmod(f.Name(), 0o644); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}

// writeDiff prints the rewrite's diff: a terminal gets the source text's
// control characters escaped (a tree's text never reaches it raw), a file
// or a pipe the patch exactly.
func writeDiff(out io.Writer, res *rewrite.Result) error {
	f, ok := out.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return res.WriteDiff(out)
	}
	var b strings.Builder
	if err := res.WriteDiff(&b); err != nil {
		return err
	}
	_, err := io.WriteString(out, report.EscapeText(b.String()))
	return err
}
