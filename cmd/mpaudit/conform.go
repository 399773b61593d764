package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/go-logr/logr"
	"github.com/spf13/cobra"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	ctrllog "sigs.k8s.io/controller-runtime/pkg/log"

	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/conform"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/crdconfig"
	"github.com/mpaudit/mpaudit/internal/oracle"
	"github.com/mpaudit/mpaudit/report"
)

type conformFlags struct {
	out         outputFlags
	config      configFlag
	crds        []string
	objects     []string
	capiVersion string
	settle      time.Duration
	maxObjects  int
	timeout     time.Duration
}

// maxObjectFile bounds one --objects file.
const maxObjectFile = 8 << 20

func newConformCmd() *cobra.Command {
	var f conformFlags
	cmd := &cobra.Command{
		Use:   "conform --crds PATH... [--objects PATH...]",
		Short: "Run the target core's own reconcilers against the provider's CRDs and objects",
		Long: `conform installs the provider's CRDs in an envtest apiserver it starts, writes
objects of each CRD of a kind core's reconcilers read (InfraCluster, InfraMachine,
ControlPlane, BootstrapConfig, InfraMachinePool), references each from a core
object (Cluster, Machine, MachinePool) and runs the target release's own Cluster,
Machine and MachinePool reconcilers (built once from the module proxy and cached
under $XDG_CACHE_HOME/mpaudit/oracle). It reports, per kind and state, where core
concludes other than the provider intends: not provisioned (MPA801), provisioned
early (MPA802), a failure not recorded (MPA803), failure domains not carried over
(MPA804).

--crds PATH is what contract validate reads: a CRD file, a release bundle, a
directory or a kustomization. The CRDs are installed as they are (labels and
schemas), without their conversion webhooks (no webhook runs in the envtest).

--objects PATH (files or directories of YAML) are objects the provider's
controller writes; each is validated by the apiserver against its CRD (a refused
object is MPA805, named file:document) and is meant provisioned when a readiness
field of its kind is true. For a CRD no object is given for, conform generates
one per state from the schema: provisioned (the readiness fields the schema has
true, with the providerID or dataSecretName and failure domains the schema has),
provisioning (readiness false) and, when the schema has status.failureReason,
failed.

The envtest binaries come from $KUBEBUILDER_ASSETS (setup-envtest use -p path).
conform writes to nothing but the envtest it starts. The core version is
--capi-version, else the one the go.mod above the first --crds PATH requires,
else the latest release mpaudit knows. Findings, formats (-o) and exit codes
are those of check.
` + envHelp,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if len(f.crds) == 0 {
				return usageErr("conform needs --crds PATH (a CRD file, a release bundle, a directory or a kustomization)")
			}
			cfg, err := f.config.load(func() (string, bool) { return config.FindIn(".") })
			if err != nil {
				return err
			}
			f.out.resolve(cmd, cfg)
			printer, failOn, err := f.out.validate()
			if err != nil {
				return err
			}
			for _, p := range slices.Concat(f.crds, f.objects) {
				if _, err := os.Stat(p); err != nil {
					return usageErr("%s: %v", p, unwrapPathError(err))
				}
			}
			if f.maxObjects < 1 {
				return usageErr("--max-objects must be at least 1")
			}
			assets := os.Getenv("KUBEBUILDER_ASSETS")
			if assets == "" {
				return usageErr("conform starts an envtest apiserver and needs KUBEBUILDER_ASSETS, the directory of its kube-apiserver and etcd binaries (setup-envtest use -p path prints one)")
			}
			if _, err := os.Stat(filepath.Join(assets, "kube-apiserver")); err != nil {
				return usageErr("KUBEBUILDER_ASSETS=%s: no kube-apiserver there (setup-envtest use -p path prints the directory)", assets)
			}
			tg, err := resolveTarget(cmd, f.capiVersion, cfg, treeDir(f.crds[0]))
			if err != nil {
				return err
			}
			target := tg.Target
			release := target.Release()
			if release == "" || release.Less("v1.10.0") {
				return usageErr("conform runs Cluster API v1.10 or later; the target is %q (--capi-version names one)", release)
			}
			rep := &report.Report{Tool: "mpaudit", Mode: "conform", Target: target}
			if tg.Err != nil {
				rep.Problems = append(rep.Problems, report.Problem{Subject: "Cluster API core version", Message: tg.Err.Error()})
			}
			var overrides contract.Overrides
			if cfg != nil {
				overrides = cfg.Kinds
			}
			crds := loadConformCRDs(f.crds, overrides, rep)
			objects := loadConformObjects(f.objects, rep)
			if len(crds) == 0 {
				rep.Problems = append(rep.Problems, report.Problem{Subject: strings.Join(f.crds, ", "), Message: "no CRD of a kind core's reconcilers read, so nothing was run"})
				warnConfig(cmd, cfg, rep)
				return f.out.emitReport(cmd, rep, printer, failOn)
			}
			ctx, cancel := context.WithTimeout(cmd.Context(), f.timeout)
			defer cancel()
			if err := runConform(ctx, cmd.ErrOrStderr(), release, crds, objects, f, rep); err != nil {
				return &exitError{code: report.ExitError, err: err}
			}
			warnConfig(cmd, cfg, rep)
			return f.out.emitReport(cmd, rep, printer, failOn)
		},
	}
	f.out.register(cmd)
	fl := cmd.Flags()
	fl.StringSliceVar(&f.crds, "crds", nil, "the provider's CRDs: a file, a release bundle, a directory or a kustomization (repeatable)")
	fl.StringSliceVar(&f.objects, "objects", nil, "objects the provider's controller writes: YAML files or directories (repeatable; default: generated from each CRD's schema)")
	fl.StringVar(&f.capiVersion, "capi-version", "", "Cluster API core release whose reconcilers run (default: from the go.mod above the first --crds PATH, else the latest mpaudit knows; $"+config.EnvCAPIVersion+")")
	fl.DurationVar(&f.settle, "settle", 60*time.Second, "how long core gets to settle every object")
	fl.IntVar(&f.maxObjects, "max-objects", 200, "the most objects run")
	fl.DurationVar(&f.timeout, "timeout", 15*time.Minute, "bound on the whole run, the runner's first build included")
	f.config.register(cmd, "in the current directory")
	return cmd
}

// runConform builds (or reuses) the release's runner, starts an envtest
// and runs conform in it; findings, notes and rows go to rep.
func runConform(ctx context.Context, stderr io.Writer, release contract.Release, crds []conform.CRD, objects []conform.Object, f conformFlags, rep *report.Report) error {
	cache, err := oracle.CacheDir()
	if err != nil {
		return err
	}
	var buildLog bytes.Buffer
	start := time.Now()
	runner, err := oracle.Build(ctx, release, cache, &buildLog)
	if err != nil {
		return fmt.Errorf("%w\n%s", err, tail(buildLog.Bytes(), 4000))
	}
	if d := time.Since(start); d > 5*time.Second {
		fmt.Fprintf(stderr, "conform: built the reconcilers of Cluster API %s in %s (cached in %s)\n", release, d.Round(time.Second), cache)
	}
	ctrllog.SetLogger(logr.Discard()) // envtest's CRD installer logs through it
	env := &envtest.Environment{}
	cfg, err := env.Start()
	if err != nil {
		return fmt.Errorf("starting envtest (KUBEBUILDER_ASSETS=%s): %w", os.Getenv("KUBEBUILDER_ASSETS"), err)
	}
	defer func() { _ = env.Stop() }()
	dir, err := os.MkdirTemp("", "mpaudit-conform-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	oenv, err := oracle.NewEnv(cfg, dir)
	if err != nil {
		return err
	}
	var runLog bytes.Buffer
	res, err := conform.Run(ctx, oenv, runner, crds, objects, conform.Options{Settle: f.settle, MaxObjects: f.maxObjects, Log: &limitWriter{w: &runLog, n: 1 << 20}})
	if err != nil {
		return fmt.Errorf("%w\nrunner log (tail):\n%s", err, tail(runLog.Bytes(), 4000))
	}
	rep.Notes = append(rep.Notes, res.Notes...)
	for _, fd := range res.Findings {
		group, version, _ := strings.Cut(fd.APIVersion, "/")
		rf := report.Finding{Rule: fd.Rule, Severity: fd.Severity, Kind: fd.ProviderKind, APIVersion: fd.APIVersion, Message: fd.Message,
			Object: &report.Object{Group: group, Version: version, Kind: fd.ProviderKind, Name: fd.Object}}
		if fd.File != "" {
			rf.Position = &report.Position{File: relToWD(fd.File), Line: fd.Line}
		}
		rep.Findings = append(rep.Findings, rf)
	}
	seen := map[string]bool{}
	for _, row := range res.Rows {
		rep.Summary.Loaded++
		if !seen[row.CRD] {
			seen[row.CRD] = true
			rep.Summary.Types = append(rep.Summary.Types, fmt.Sprintf("%s (%s)", row.CRD, row.Kind))
		}
	}
	slices.Sort(rep.Summary.Types)
	return nil
}

// loadConformCRDs reads every --crds PATH as contract validate does and
// classifies each CRD's kind.
func loadConformCRDs(paths []string, overrides contract.Overrides, rep *report.Report) []conform.CRD {
	var out []conform.CRD
	seen := map[string]bool{}
	for _, p := range paths {
		res, err := crdconfig.LoadPath(p)
		if err != nil {
			rep.Problems = append(rep.Problems, report.Problem{Subject: p, Message: err.Error()})
			continue
		}
		if res.RenderError != nil {
			rep.Notes = append(rep.Notes, res.RenderError.Error())
		}
		for _, msg := range res.Problems {
			rep.Problems = append(rep.Problems, report.Problem{Subject: p, Message: msg})
		}
		if len(res.CRDs) == 0 {
			rep.Problems = append(rep.Problems, report.Problem{Subject: p, Message: "no apiextensions.k8s.io/v1 CustomResourceDefinition in it"})
		}
		for i := range res.CRDs {
			crd := &res.CRDs[i]
			if seen[crd.Name] || crd.Definition == nil {
				continue
			}
			seen[crd.Name] = true
			paths := contract.SchemaPaths(crd.Definition, crd.StorageVersion(), contract.ClassifierDepth)
			c := contract.Classify(contract.TypeSummary{Group: crd.Group, Name: crd.Kind, Paths: paths}, overrides)
			if c.Kind == nil {
				rep.Notes = append(rep.Notes, fmt.Sprintf("CRD %s not run: %s", report.Escape(crd.Name), report.Escape(c.Reason)))
				continue
			}
			// crdconfig keeps the versions; the rest is the CRD's as built.
			def := crd.Definition.DeepCopy()
			def.Name, def.Labels = crd.Name, crd.Labels
			def.Spec.Group, def.Spec.Scope = crd.Group, apiextensionsv1.ResourceScope(crd.Scope)
			plural, ok := strings.CutSuffix(crd.Name, "."+crd.Group)
			if !ok || crd.Kind == "" || crd.Scope == "" {
				rep.Notes = append(rep.Notes, fmt.Sprintf("CRD %s not run: its name, kind or scope is not one the apiserver takes", report.Escape(crd.Name)))
				continue
			}
			def.Spec.Names = apiextensionsv1.CustomResourceDefinitionNames{Kind: crd.Kind, ListKind: crd.Kind + "List", Plural: plural, Singular: strings.ToLower(crd.Kind)}
			out = append(out, conform.CRD{Definition: def, Kind: c.Kind, File: crd.File, Line: crd.Line})
		}
	}
	return out
}

// loadConformObjects reads every YAML document of --objects files (and of
// the .yaml, .yml and .json files of directories).
func loadConformObjects(paths []string, rep *report.Report) []conform.Object {
	var out []conform.Object
	for _, p := range paths {
		files := []string{p}
		if fi, err := os.Stat(p); err == nil && fi.IsDir() {
			files = nil
			entries, _ := os.ReadDir(p)
			for _, e := range entries {
				if ext := filepath.Ext(e.Name()); !e.IsDir() && (ext == ".yaml" || ext == ".yml" || ext == ".json") {
					files = append(files, filepath.Join(p, e.Name()))
				}
			}
		}
		for _, file := range files {
			objs, err := readObjects(file)
			if err != nil {
				rep.Problems = append(rep.Problems, report.Problem{Subject: file, Message: err.Error()})
			}
			out = append(out, objs...)
		}
	}
	return out
}

func readObjects(file string) ([]conform.Object, error) {
	fi, err := os.Stat(file)
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxObjectFile {
		return nil, fmt.Errorf("%d bytes, more than the %d conform reads", fi.Size(), maxObjectFile)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var out []conform.Object
	r := utilyaml.NewYAMLReader(bufio.NewReader(bytes.NewReader(data)))
	for doc := 1; ; doc++ {
		raw, err := r.Read()
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return out, fmt.Errorf("document %d: %w", doc, err)
		}
		if len(bytes.TrimSpace(raw)) == 0 {
			doc--
			continue
		}
		u := &unstructured.Unstructured{}
		if err := utilyaml.Unmarshal(raw, &u.Object); err != nil {
			return out, fmt.Errorf("document %d: %w", doc, err)
		}
		if u.Object == nil || u.GetKind() == "" {
			continue
		}
		out = append(out, conform.Object{File: relToWD(file), Doc: doc, Object: u})
	}
}

// limitWriter keeps the first n bytes written to it.
type limitWriter struct {
	w io.Writer
	n int
}

func (l *limitWriter) Write(p []byte) (int, error) {
	if l.n > 0 {
		k := min(len(p), l.n)
		_, _ = l.w.Write(p[:k])
		l.n -= k
	}
	return len(p), nil
}

func tail(b []byte, n int) string {
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
