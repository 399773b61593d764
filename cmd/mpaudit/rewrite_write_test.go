package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/mpaudit/mpaudit/report"
)

// treeFiles reads every file under dir.
func treeFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() {
			data, _ := os.ReadFile(p)
			files[p] = data
		}
		return nil
	})
	return files
}

// sameTree fails unless dir holds exactly the files of before, and nothing
// a rewrite leaves behind; tmp must be empty.
func sameTree(t *testing.T, before map[string][]byte, dir, tmp string) {
	t.Helper()
	after := treeFiles(t, dir)
	for p, b := range before {
		if !bytes.Equal(after[p], b) {
			t.Errorf("%s differs from before the rewrite", p)
		}
	}
	for p := range after {
		if _, ok := before[p]; !ok {
			t.Errorf("left in the module: %s", p)
		}
	}
	left, _ := os.ReadDir(tmp)
	for _, e := range left {
		t.Errorf("left in TMPDIR: %s", e.Name())
	}
}

// startRewrite runs the built binary on dir with a private TMPDIR and
// returns once its stderr shows want (or ends); wait reads the rest of
// stderr and the exit code.
func startRewrite(t *testing.T, dir, tmp, want string, env ...string) (cmd *exec.Cmd, wait func() (int, string), reached bool) {
	t.Helper()
	cmd = exec.Command(binary(t), "rewrite", "--write", "-C", dir, "./...")
	cmd.Env = append(append(os.Environ(), "TMPDIR="+tmp), env...)
	pipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var seen bytes.Buffer
	r := bufio.NewReader(pipe)
	for {
		line, err := r.ReadString('\n')
		seen.WriteString(line)
		if strings.Contains(line, want) {
			reached = true
			break
		}
		if err != nil {
			break
		}
	}
	wait = func() (int, string) {
		io.Copy(&seen, r) // until the process exits
		return exitCode(cmd.Wait()), seen.String()
	}
	return cmd, wait, reached
}

func exitCode(err error) int {
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// A signal in the middle of the write puts every replaced file back, and
// neither the module nor TMPDIR keeps anything of the run.
func TestRewriteSignalDuringWriteRollsBack(t *testing.T) {
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			dir, tmp := copyProvider(t), t.TempDir()
			before := treeFiles(t, dir)
			cmd, wait, paused := startRewrite(t, dir, tmp, "paused after replacing 2 files", "MPAUDIT_TEST_PAUSE_AFTER_REPLACE=2")
			cmd.Process.Signal(sig)
			code, stderr := wait()
			if !paused {
				t.Fatalf("the write was never reached:\n%s", stderr)
			}
			if code != report.ExitError || !strings.Contains(stderr, "interrupted: nothing was written") {
				t.Errorf("exit %d, want 2 saying nothing was written:\n%s", code, stderr)
			}
			sameTree(t, before, dir, tmp)
		})
	}
}

// A signal before the write (during analysis) writes nothing and removes
// the staged copy.
func TestRewriteSignalBeforeWriteCleansUp(t *testing.T) {
	dir, tmp := copyProvider(t), t.TempDir()
	before := treeFiles(t, dir)
	cmd, wait, staged := startRewrite(t, dir, tmp, "staged a copy", "MPAUDIT_TRACE=1")
	cmd.Process.Signal(syscall.SIGTERM)
	code, stderr := wait()
	if !staged {
		t.Fatalf("the copy was never staged:\n%s", stderr)
	}
	if code != report.ExitError || !strings.Contains(stderr, "interrupted") {
		t.Errorf("exit %d, want 2 saying it was interrupted:\n%s", code, stderr)
	}
	sameTree(t, before, dir, tmp)
}

// A rewrite killed mid-write leaves its journal: the next run refuses and
// names the command; --recover restores every file and cleans up.
func TestRewriteRecoverAfterKill(t *testing.T) {
	dir, tmp := copyProvider(t), t.TempDir()
	before := treeFiles(t, dir)
	cmd, wait, paused := startRewrite(t, dir, tmp, "paused after replacing 1 files", "MPAUDIT_TEST_PAUSE_AFTER_REPLACE=1")
	cmd.Process.Kill()
	_, stderr := wait()
	if !paused {
		t.Fatalf("the write was never reached:\n%s", stderr)
	}
	t.Setenv("TMPDIR", tmp)
	code, _, errOut := run(t, "rewrite", "-C", dir, "./...")
	if code != report.ExitError || !strings.Contains(errOut, "mpaudit rewrite --recover") {
		t.Errorf("diff after a kill: exit %d, want 2 naming --recover:\n%s", code, errOut)
	}
	code, _, errOut = run(t, "rewrite", "--recover", "-C", dir)
	if code != report.ExitOK || !strings.Contains(errOut, "restored the files an interrupted rewrite") || !strings.Contains(errOut, "no longer running") {
		t.Errorf("--recover: exit %d\n%s", code, errOut)
	}
	sameTree(t, before, dir, tmp)
	code, _, errOut = run(t, "rewrite", "--recover", "-C", dir)
	if code != report.ExitOK || !strings.Contains(errOut, "no interrupted rewrite") {
		t.Errorf("second --recover: exit %d\n%s", code, errOut)
	}
	// The recovered tree rewrites as before; the PR body goes to the command's stdout.
	code, out, errOut := run(t, "rewrite", "--pr-body", "-", "-C", dir, "./...")
	if code != report.ExitFindings || !strings.HasPrefix(out, "## Migrate") {
		t.Errorf("--pr-body - after recovery: exit %d\n%s\n%s", code, out, errOut)
	}
}
