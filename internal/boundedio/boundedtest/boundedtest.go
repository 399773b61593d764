// Package boundedtest holds the helpers the tests of mpaudit's input
// readers share: hostile inputs, and a run that must stay within a time and
// memory budget.
package boundedtest

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Budget is what reading hostile input may cost: well under what the
// issue allows (seconds, 500 MB).
const (
	MaxTime = 10 * time.Second
	MaxHeap = 200 << 20
)

// Run runs fn and checks that it returns within MaxTime and that the live
// heap never grows by more than MaxHeap meanwhile. fn cannot be stopped
// from outside, so going over either budget panics: the test binary fails
// at once instead of exhausting the machine.
func Run(t testing.TB, fn func()) {
	t.Helper()
	var base runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&base)
	done := make(chan struct{})
	go func() {
		defer close(done)
		fn()
	}()
	start := time.Now()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var peak uint64
	for {
		select {
		case <-done:
			t.Logf("took %v, heap grew by at most %d MiB", time.Since(start).Round(time.Millisecond), peak>>20)
			return
		case <-tick.C:
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > base.HeapAlloc {
				peak = max(peak, m.HeapAlloc-base.HeapAlloc)
			}
			if peak > MaxHeap {
				panic(fmt.Sprintf("%s: heap grew by %d MiB, over the %d MiB budget", t.Name(), peak>>20, MaxHeap>>20))
			}
			if time.Since(start) > MaxTime {
				panic(fmt.Sprintf("%s: still running after %v", t.Name(), MaxTime))
			}
		}
	}
}

// AliasBomb is a 1 KB CRD document whose annotations expand to 9^9 nodes.
func AliasBomb() string {
	var b strings.Builder
	b.WriteString("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: foomachinepools.infrastructure.cluster.x-k8s.io\n  labels:\n")
	prev := ""
	for i := range 9 {
		name := string(rune('a' + i))
		items := make([]string, 9)
		for j := range items {
			if prev == "" {
				items[j] = `"lol"`
			} else {
				items[j] = "*" + prev
			}
		}
		fmt.Fprintf(&b, "    %s: &%s [%s]\n", name, name, strings.Join(items, ","))
		prev = name
	}
	b.WriteString("spec:\n  group: infrastructure.cluster.x-k8s.io\n  names: {kind: FooMachinePool, plural: foomachinepools}\n  scope: Namespaced\n  versions: [{name: v1beta2, served: true, storage: true}]\n")
	return b.String()
}

// HugeMapping is a CRD document whose annotations hold n keys.
func HugeMapping(n int) string {
	var b strings.Builder
	b.WriteString("apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: foomachinepools.infrastructure.cluster.x-k8s.io\n  annotations:\n")
	for i := range n {
		fmt.Fprintf(&b, "    k%d: v\n", i)
	}
	b.WriteString("spec:\n  group: infrastructure.cluster.x-k8s.io\n  names: {kind: FooMachinePool, plural: foomachinepools}\n  scope: Namespaced\n  versions: [{name: v1beta2, served: true, storage: true}]\n")
	return b.String()
}

// FIFO makes a named pipe at path (no writer ever opens it).
func FIFO(t testing.TB, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("cannot make a FIFO: %v", err)
	}
}

// Unreadable makes path unreadable: a symlink loop, which fails to open
// even for root (chmod 000 does not stop root).
func Unreadable(t testing.TB, path string) {
	t.Helper()
	_ = os.RemoveAll(path)
	if err := os.Symlink(filepath.Base(path), path); err != nil {
		t.Fatal(err)
	}
}
