//go:build unix

package main

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/mpaudit/mpaudit/report"
)

// TestRewriteInterrupted: SIGINT to a dry run (to mpaudit alone, as kill
// sends it) stops it within seconds, whether it is loading the module or
// running the provider's tests (a test that would sleep for minutes), and
// exits 2 (interrupted, nothing written) with the tree as it was and no
// staged copy or go work directory left in TMPDIR.
func TestRewriteInterrupted(t *testing.T) {
	bin := binary(t)
	// The test says when it runs, through a file its environment names.
	slow := "package v1beta1\n\nimport (\n\t\"os\"\n\t\"testing\"\n\t\"time\"\n)\n\n" +
		"func TestSlow(t *testing.T) {\n\tos.WriteFile(os.Getenv(\"MPAUDIT_FIXTURE_STARTED\"), nil, 0o644)\n\ttime.Sleep(3 * time.Minute)\n}\n"
	for _, tc := range []struct{ name, after string }{
		// The trace line of the step before; "" waits for TestSlow.
		{"loading", "extra build configurations"},
		{"tests", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "kinds")
			if out, err := exec.Command("cp", "-r", filepath.Join("..", "..", "rewrite", "testdata", "kindsprovider"), dir).CombinedOutput(); err != nil {
				t.Fatalf("cp: %v\n%s", err, out)
			}
			if err := os.WriteFile(filepath.Join(dir, "apis", "infra", "v1beta1", "slow_test.go"), []byte(slow), 0o644); err != nil {
				t.Fatal(err)
			}
			before := treeFiles(t, dir)
			tmp := t.TempDir()
			started := filepath.Join(t.TempDir(), "started")
			cmd := exec.Command(bin, "rewrite", "-C", dir, "--timeout", "5m", "./...")
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "MPAUDIT_TRACE=1", "MPAUDIT_FIXTURE_STARTED="+started)
			// A group of its own, for the cleanup to reach what it leaves.
			cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
			stderr, err := cmd.StderrPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) })
			reached := make(chan struct{})
			var once sync.Once
			var logged lockedLog
			lines := make(chan struct{})
			go func() {
				defer close(lines)
				sc := bufio.NewScanner(stderr)
				for sc.Scan() {
					logged.add(sc.Text())
					if tc.after != "" && strings.Contains(sc.Text(), tc.after) {
						once.Do(func() { close(reached) })
					}
				}
			}()
			if tc.after == "" {
				go func() {
					for {
						if _, err := os.Stat(started); err == nil {
							once.Do(func() { close(reached) })
							return
						}
						select {
						case <-lines: // the rewrite ended
							return
						case <-time.After(100 * time.Millisecond):
						}
					}
				}()
			}
			select {
			case <-reached:
			case <-lines:
				_ = cmd.Wait()
				t.Fatalf("the rewrite ended before %q:\n%s", tc.after, logged.String())
			case <-time.After(3 * time.Minute):
				t.Fatalf("no %q within 3 minutes:\n%s", tc.after, logged.String())
			}
			sent := time.Now()
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			exited := make(chan error, 1)
			go func() { <-lines; exited <- cmd.Wait() }()
			select {
			case <-exited:
			case <-time.After(8 * time.Second):
				t.Fatalf("still running 8s after SIGINT:\n%s", logged.String())
			}
			took := time.Since(sent)
			t.Logf("exited %s after SIGINT", took.Round(10*time.Millisecond))
			if code := cmd.ProcessState.ExitCode(); code != report.ExitError || !strings.Contains(logged.String(), "interrupted") {
				t.Errorf("exit %d, want %d saying it was interrupted:\n%s", code, report.ExitError, logged.String())
			}
			// Its commands are gone too: nothing writes into TMPDIR anymore.
			time.Sleep(500 * time.Millisecond)
			sameTree(t, before, dir, tmp)
		})
	}
}

// lockedLog collects lines one goroutine reads for another.
type lockedLog struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedLog) add(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.WriteString(line + "\n")
}

func (l *lockedLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
