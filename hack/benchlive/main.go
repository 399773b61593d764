// Command benchlive measures `mpaudit live` against the cost of just
// fetching the same objects with kubectl, on an envtest control plane.
//
// It starts envtest (kube-apiserver + etcd from KUBEBUILDER_ASSETS or
// -assets), installs thirteen CRDs labelled for the v1beta2 contract (status
// subresource): ten InfraMachinePool-like kinds Bench0MachinePool ...
// Bench9MachinePool, an InfraCluster BenchCluster and an InfraMachine
// BenchMachine (infrastructure.cluster.x-k8s.io/v1beta2) and a ControlPlane
// BenchControlPlane (controlplane.cluster.x-k8s.io/v1beta2), and for each
// -sizes value grows the same cluster to that many objects (spread over the
// kinds and -namespaces namespaces; 1 in 50 has one readiness field only, so
// mpaudit has findings: a pool status.initialization.provisioned without
// status.ready, the other kinds their v1beta1 field without the v1beta2 one).
// It then measures, -runs times each, interleaved, under /usr/bin/time -f
// '%e %M':
//
//	kubectl get <all 13 kinds, comma-separated> -A -o json   (the baseline)
//	kubectl get <kind> -A -o json, 13 processes (wall summed)
//	mpaudit live --kubeconfig K -o json --no-progress        (exit 1 = findings)
//
// with stdout to /dev/null, after one untimed run of each that checks the
// object counts and warms the caches. It prints median wall seconds, max
// RSS and each median's ratio to the baseline, then the targets: mpaudit
// wall ≤ 1.5× the baseline at every size, and mpaudit's max RSS at the
// largest size ≤ 1.25× that at the smallest.
//
// With -profile=auto (the default) a failed target is followed by an
// in-process live.Audit run under the CPU profiler at the largest size and
// the top 15 functions of its CPU and allocation profiles; -profile=always
// does that regardless, -profile=never not at all.
//
// The exit code is 0 whether or not the targets pass, 1 if anything fails
// to run. hack/bench-live.sh (make bench-live) builds bin/mpaudit and
// provides the envtest binaries.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "benchlive:", err)
		os.Exit(1)
	}
}

func run() error {
	var (
		sizesFlag  = flag.String("sizes", "5000,20000", "comma-separated object counts, ascending; the cluster grows from one to the next")
		runs       = flag.Int("runs", 3, "measured runs per command and size (median wall, max RSS)")
		assets     = flag.String("assets", os.Getenv("KUBEBUILDER_ASSETS"), "folder with kube-apiserver, etcd (and kubectl); default $KUBEBUILDER_ASSETS")
		mpaudit    = flag.String("mpaudit", "bin/mpaudit", "mpaudit binary to measure")
		kubectl    = flag.String("kubectl", "", "kubectl binary (default: kubectl on PATH, else <assets>/kubectl)")
		namespaces = flag.Int("namespaces", 20, "namespaces to spread the objects over")
		workers    = flag.Int("workers", 16, "concurrent creators")
		profile    = flag.String("profile", "auto", "profile an in-process live.Audit at the largest size: auto (when a target fails), always, never")
		wallTarget = flag.Float64("wall-target", 1.5, "PASS when mpaudit's median wall time is at most this times the single kubectl's")
		rssTarget  = flag.Float64("rss-target", 1.25, "PASS when mpaudit's max RSS at the largest size is at most this times that at the smallest")
	)
	flag.Parse()
	sizes, err := parseSizes(*sizesFlag)
	if err != nil {
		return err
	}
	if *runs < 1 || *namespaces < 1 || *workers < 1 {
		return fmt.Errorf("-runs, -namespaces and -workers must be positive")
	}
	switch *profile {
	case "auto", "always", "never":
	default:
		return fmt.Errorf("-profile must be auto, always or never")
	}
	if *assets == "" {
		return fmt.Errorf("no envtest binaries: set KUBEBUILDER_ASSETS or -assets (bash hack/envtest-assets.sh prints the folder)")
	}
	if _, err := os.Stat("/usr/bin/time"); err != nil {
		return fmt.Errorf("GNU time (/usr/bin/time) is needed: %w", err)
	}
	mpauditPath, err := filepath.Abs(*mpaudit)
	if err != nil {
		return err
	}
	if _, err := os.Stat(mpauditPath); err != nil {
		return fmt.Errorf("mpaudit binary: %w (go build -o bin/mpaudit ./cmd/mpaudit)", err)
	}
	kubectlPath := *kubectl
	if kubectlPath == "" {
		if kubectlPath, err = exec.LookPath("kubectl"); err != nil {
			kubectlPath = filepath.Join(*assets, "kubectl")
		}
	}
	if _, err := os.Stat(kubectlPath); err != nil {
		return fmt.Errorf("kubectl: %w", err)
	}

	dir, err := os.MkdirTemp("", "benchlive")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)

	total := time.Now()
	start := time.Now()
	c, err := startCluster(*assets, dir, *namespaces)
	if err != nil {
		return err
	}
	defer c.stop()
	fmt.Fprintf(os.Stderr, "benchlive: envtest up in %.1f s (%s); kubectl %s; mpaudit %s\n", time.Since(start).Seconds(), *assets, kubectlPath, mpauditPath)

	b := &bench{dir: dir, kubectl: kubectlPath, mpaudit: mpauditPath, kubeconfig: c.kubeconfig, cacheDir: filepath.Join(dir, "kubectl-cache")}
	ctx := context.Background()
	var results []*sizeResult
	for _, n := range sizes {
		if err := c.grow(ctx, n, *workers); err != nil {
			return err
		}
		if err := b.check(n); err != nil {
			return err
		}
		r, err := b.measure(n, *runs)
		if err != nil {
			return err
		}
		results = append(results, r)
	}
	fmt.Printf("mpaudit live vs kubectl fetch on envtest: %d CRDs, %d namespaces, %d runs each (median wall, max RSS), %d cores\n",
		len(benchKinds), *namespaces, *runs, numCPU())
	pass := printTable(results, *wallTarget, *rssTarget)
	if *profile == "always" || (*profile == "auto" && !pass) {
		if err := profileAudit(c.kubeconfig, dir, sizes[len(sizes)-1]); err != nil {
			return fmt.Errorf("profiling: %w", err)
		}
	}
	fmt.Printf("total benchmark time: %.0f s\n", time.Since(total).Seconds())
	return nil
}

func parseSizes(s string) ([]int, error) {
	var out []int
	for f := range strings.SplitSeq(s, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return nil, fmt.Errorf("-sizes: %q is not a positive count", f)
		}
		out = append(out, n)
	}
	if !sort.IntsAreSorted(out) {
		return nil, fmt.Errorf("-sizes must be ascending: the cluster only grows")
	}
	return out, nil
}

func numCPU() int { return runtime.NumCPU() }
