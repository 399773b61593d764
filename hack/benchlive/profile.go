package main

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync"
	"syscall"
	"time"

	"k8s.io/client-go/tools/clientcmd"

	"github.com/mpaudit/mpaudit/live"
)

// requestStats counts requests and sums their latency (until the response
// headers), to tell client-side time from server time.
type requestStats struct {
	mu  sync.Mutex
	n   int
	sum time.Duration
}

type countingTransport struct {
	next  http.RoundTripper
	stats *requestStats
}

func (t *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	start := time.Now()
	resp, err := t.next.RoundTrip(req)
	t.stats.mu.Lock()
	t.stats.n++
	t.stats.sum += time.Since(start)
	t.stats.mu.Unlock()
	return resp, err
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// profileAudit runs live.Audit in this process the way `mpaudit live` does
// (same kubeconfig loading, client and page size), under a CPU profile, and
// prints where the time and allocations go.
func profileAudit(kubeconfig, dir string, n int) error {
	rules := clientcmd.NewDefaultClientConfigLoadingRules()
	rules.ExplicitPath = kubeconfig
	cfg, err := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{}).ClientConfig()
	if err != nil {
		return err
	}
	cfg.Timeout = 5 * time.Minute
	counter := &requestStats{}
	cfg.Wrap(func(rt http.RoundTripper) http.RoundTripper { return &countingTransport{next: rt, stats: counter} })
	src, err := live.NewClusterSource("envtest", cfg, live.DefaultPageSize)
	if err != nil {
		return err
	}
	cpuPath := filepath.Join(dir, "cpu.pprof")
	f, err := os.Create(cpuPath)
	if err != nil {
		return err
	}
	defer f.Close()
	runtime.GC()
	baseHeap := filepath.Join(dir, "heap-before.pprof")
	if err := writeAllocs(baseHeap); err != nil {
		return err
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cpu0 := cpuTime()
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	start := time.Now()
	res, err := live.Audit(context.Background(), src, live.Options{})
	wall := time.Since(start)
	pprof.StopCPUProfile()
	cpu := cpuTime() - cpu0
	runtime.ReadMemStats(&after)
	if err != nil {
		return fmt.Errorf("live.Audit: %w", err)
	}
	heapPath := filepath.Join(dir, "heap.pprof")
	if err := writeAllocs(heapPath); err != nil {
		return err
	}
	objects := 0
	for _, r := range res.Resources {
		objects += r.Objects
	}
	fmt.Printf("\nprofile: live.Audit in-process at %d objects: wall %.2f s, CPU %.2f s (this process: client side only), %d requests, %.2f s summed request latency to headers\n",
		n, wall.Seconds(), cpu.Seconds(), counter.n, counter.sum.Seconds())
	fmt.Printf("profile: %d objects audited, %d findings; allocated %.1f MiB in %d mallocs, %d GCs; heap in use after: %.1f MiB (result still live)\n",
		objects, len(res.Findings), mib(int64(after.TotalAlloc-before.TotalAlloc)/1024), after.Mallocs-before.Mallocs, after.NumGC-before.NumGC,
		mib(int64(after.HeapInuse)/1024))
	runtime.KeepAlive(res)
	fmt.Printf("profile: CPU top 15 (go tool pprof -top -nodecount=15 %s):\n", cpuPath)
	if err := pprofTop("-nodecount=15", cpuPath); err != nil {
		return err
	}
	fmt.Printf("profile: allocations during live.Audit, top 15 by space (go tool pprof -top -sample_index=alloc_space -diff_base %s %s):\n", baseHeap, heapPath)
	return pprofTop("-sample_index=alloc_space", "-nodecount=15", "-diff_base", baseHeap, heapPath)
}

// writeAllocs writes the cumulative allocation profile (as of the last GC).
func writeAllocs(path string) error {
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.Lookup("allocs").WriteTo(f, 0)
}

func pprofTop(args ...string) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	argv := append([]string{"tool", "pprof", "-top"}, args[:len(args)-1]...)
	argv = append(argv, exe, args[len(args)-1])
	cmd := exec.Command("go", argv...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	return cmd.Run()
}
