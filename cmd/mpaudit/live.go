package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"sort"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/mpaudit/mpaudit/config"
	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/progress"
	"github.com/mpaudit/mpaudit/live"
	"github.com/mpaudit/mpaudit/report"
)

type liveFlags struct {
	out         outputFlags
	kubeconfig  string
	contexts    []string
	allContexts bool
	namespace   string
	allNS       bool
	timeout     time.Duration
	crds        []string
	capiVersion string
	fromFiles   []string
	pageSize    int64
	noProgress  bool
	config      configFlag
}

func newLiveCmd() *cobra.Command {
	var f liveFlags
	cmd := &cobra.Command{
		Use:   "live",
		Short: "Audit a management cluster's provider CRDs and objects against core's view (read-only)",
		Long: `live reads a management cluster (or a dump with --from-file) and checks the CRDs of
every provider kind core references (InfraCluster, InfraMachine, InfraMachinePool,
ControlPlane, BootstrapConfig), their objects' contract fields under the contract
each CRD's label selects, and what core's Clusters, Machines and MachinePools
report about them, resolved the way Cluster API resolves it.

It only gets and lists; docs/rbac.yaml is the ClusterRole it needs. It never reads Secrets.
The core version comes from clusterctl's provider inventory, else the core controller's image
tag; --capi-version overrides both.

Configuration: --config PATH, else .mpaudit.yaml in the current directory (rules and
types apply to live findings too). Precedence: flags, then MPAUDIT_CAPI_VERSION,
MPAUDIT_FAIL_ON, MPAUDIT_OUTPUT and MPAUDIT_CONFIG, then the configuration file.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg, err := f.config.load(func() (string, bool) { return config.FindIn(".") })
			if err != nil {
				return err
			}
			f.out.resolve(cmd, cfg)
			printer, failOn, err := f.out.validate()
			if err != nil {
				return err
			}
			capiVersion, capiFrom, err := resolveCAPIVersion(cmd, f.capiVersion, cfg)
			if err != nil {
				return err
			}
			if f.namespace != "" && f.allNS {
				return usageErr("--namespace and --all-namespaces are exclusive")
			}
			if len(f.fromFiles) > 0 && (len(f.contexts) > 0 || f.allContexts || f.kubeconfig != "") {
				return usageErr("--from-file reads a dump; it cannot be combined with --kubeconfig or --context")
			}
			if f.timeout <= 0 {
				return usageErr("--timeout must be positive")
			}
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			ctx, cancel := context.WithTimeout(ctx, f.timeout)
			defer cancel()

			rep := &report.Report{Tool: "mpaudit", Mode: "live"}
			sources, err := f.sources(ctx, rep)
			if err != nil {
				return err
			}
			opts := live.Options{Namespace: f.namespace, CRDNames: f.crds, CAPIVersion: capiVersion}
			if cfg != nil {
				opts.KindOverrides = cfg.Kinds
			}
			if !f.noProgress {
				opts.Progress = progress.ForTerminal(cmd.ErrOrStderr())
			}
			runAudits(ctx, rep, sources, opts)
			opts.Progress.Done()
			if errors.Is(ctx.Err(), context.DeadlineExceeded) {
				rep.Problems = append(rep.Problems, report.Problem{Subject: "audit", Message: fmt.Sprintf("timed out after %s; the report is partial", f.timeout)})
			} else if ctx.Err() != nil {
				rep.Problems = append(rep.Problems, report.Problem{Subject: "audit", Message: "interrupted; the report is partial"})
			}
			relabelReport(rep, capiFrom)
			warnConfig(cmd, cfg, rep)
			return f.out.emitReport(cmd, rep, printer, failOn)
		},
	}
	f.out.register(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.kubeconfig, "kubeconfig", "", "path to the kubeconfig file (default: $KUBECONFIG, ~/.kube/config, then in-cluster)")
	fl.StringArrayVar(&f.contexts, "context", nil, "kubeconfig context to audit; repeat for several clusters (default: the current context)")
	fl.BoolVar(&f.allContexts, "all-contexts", false, "audit every context of the kubeconfig, concurrently")
	fl.StringVarP(&f.namespace, "namespace", "n", "", "audit objects in this namespace only (CRDs are cluster-scoped)")
	fl.BoolVarP(&f.allNS, "all-namespaces", "A", false, "audit objects in all namespaces (the default)")
	fl.DurationVar(&f.timeout, "timeout", 5*time.Minute, "give up on the whole audit (and any request) after this long")
	fl.StringArrayVar(&f.crds, "crd", nil, "also audit this CRD (by name); repeatable")
	fl.StringVar(&f.capiVersion, "capi-version", "", "Cluster API core version (default: detected from the cluster)")
	fl.StringArrayVar(&f.fromFiles, "from-file", nil, "audit a `kubectl get crd,<kinds> -A -o yaml` dump (file or directory) instead of a cluster; repeatable")
	fl.Int64Var(&f.pageSize, "page-size", live.DefaultPageSize, "objects per list request (memory is bounded by this)")
	fl.BoolVar(&f.noProgress, "no-progress", false, "never print progress on stderr")
	f.config.register(cmd, "in the current directory")
	return cmd
}

// sources builds one Source per dump or cluster context. Files of a dump
// directory that could not be read become problems of rep.
func (f *liveFlags) sources(ctx context.Context, rep *report.Report) ([]live.Source, error) {
	var out []live.Source
	if len(f.fromFiles) > 0 {
		for _, p := range f.fromFiles {
			s, err := live.LoadFile(ctx, p)
			if err != nil {
				if errors.Is(err, context.DeadlineExceeded) {
					err = fmt.Errorf("%w (--timeout %s)", err, f.timeout)
				}
				return nil, &exitError{code: report.ExitError, err: fmt.Errorf("--from-file: %w", err)}
			}
			rep.Problems = append(rep.Problems, s.Problems()...)
			out = append(out, s)
		}
		return out, nil
	}
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = f.kubeconfig
	raw, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{}).RawConfig()
	if err != nil {
		return nil, &exitError{code: report.ExitError, err: fmt.Errorf("reading kubeconfig: %w", err)}
	}
	contexts := f.contexts
	if f.allContexts {
		contexts = nil
		for name := range raw.Contexts {
			contexts = append(contexts, name)
		}
		sort.Strings(contexts)
		if len(contexts) == 0 {
			return nil, usageErr("--all-contexts: the kubeconfig has no contexts")
		}
	}
	if len(contexts) == 0 {
		if len(raw.Contexts) == 0 && f.kubeconfig == "" {
			cfg, err := rest.InClusterConfig()
			if err != nil {
				return nil, &exitError{code: report.ExitError, err: fmt.Errorf("no kubeconfig found and not running in a cluster: %w", err)}
			}
			cfg.Timeout = f.timeout
			s, err := live.NewClusterSource("in-cluster", cfg, f.pageSize)
			if err != nil {
				return nil, &exitError{code: report.ExitError, err: err}
			}
			return []live.Source{s}, nil
		}
		contexts = []string{raw.CurrentContext}
	}
	for _, name := range contexts {
		if _, ok := raw.Contexts[name]; !ok {
			return nil, usageErr("context %q is not in the kubeconfig", name)
		}
		cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{CurrentContext: name}).ClientConfig()
		if err != nil {
			return nil, &exitError{code: report.ExitError, err: fmt.Errorf("context %s: %w", name, err)}
		}
		cfg.Timeout = f.timeout
		s, err := live.NewClusterSource(name, cfg, f.pageSize)
		if err != nil {
			return nil, &exitError{code: report.ExitError, err: err}
		}
		out = append(out, s)
	}
	return out, nil
}

// runAudits audits the sources concurrently and merges them into rep.
func runAudits(ctx context.Context, rep *report.Report, sources []live.Source, opts live.Options) {
	results := make([]*live.Result, len(sources))
	errs := make([]error, len(sources))
	var wg sync.WaitGroup
	for i, s := range sources {
		wg.Go(func() {
			results[i], errs[i] = live.Audit(ctx, s, opts)
		})
	}
	wg.Wait()
	for i, s := range sources {
		if errs[i] != nil && ctx.Err() == nil {
			rep.Problems = append(rep.Problems, report.Problem{Subject: s.Name(), Message: errs[i].Error()})
		}
		r := results[i]
		if r == nil {
			continue
		}
		if len(rep.Summary.Clusters) == 0 {
			rep.Target = r.Cluster.Target
		}
		rep.Summary.Clusters = append(rep.Summary.Clusters, r.Cluster)
		rep.Findings = append(rep.Findings, r.Findings...)
		rep.Problems = append(rep.Problems, r.Problems...)
		rep.Notes = append(rep.Notes, r.Notes...)
		rep.Summary.Resources = append(rep.Summary.Resources, r.Resources...)
		rep.Summary.TypeRefs = append(rep.Summary.TypeRefs, r.TypeRefs...)
		rep.Summary.Loaded += len(r.Resources)
		rep.Summary.Suppressed += r.Suppressed
	}
	if len(rep.Summary.Clusters) == 0 {
		rep.Target = contract.DefaultTarget()
	}
}
