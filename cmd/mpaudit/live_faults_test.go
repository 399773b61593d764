package main

import (
	"errors"
	"fmt"
	"net"
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

// kubeconfigFor writes a kubeconfig whose only context talks to server.
func kubeconfigFor(t *testing.T, server string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "kubeconfig")
	cfg := fmt.Sprintf(`apiVersion: v1
kind: Config
clusters:
- name: c
  cluster:
    server: %s
    insecure-skip-tls-verify: true
users:
- name: u
  user:
    token: t
contexts:
- name: ctx
  context: {cluster: c, user: u}
current-context: ctx
`, server)
	if err := os.WriteFile(path, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// hangingServer accepts connections and never answers.
func hangingServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns []net.Conn
	var mu sync.Mutex
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		defer mu.Unlock()
		for _, c := range conns {
			c.Close()
		}
	})
	return "https://" + ln.Addr().String()
}

func TestLiveUnreachableServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "https://" + ln.Addr().String()
	ln.Close()
	code, out, errOut := run(t, "live", "--kubeconfig", kubeconfigFor(t, closed), "--timeout", "20s")
	if code != report.ExitError {
		t.Fatalf("exit %d, want 2\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "connection refused") {
		t.Errorf("the report does not say the server refused the connection:\n%s", out)
	}
}

func TestLiveTimeout(t *testing.T) {
	start := time.Now()
	code, out, _ := run(t, "live", "--kubeconfig", kubeconfigFor(t, hangingServer(t)), "--timeout", "2s")
	if code != report.ExitError {
		t.Fatalf("exit %d, want 2\n%s", code, out)
	}
	// A correctness bound, not a speed measurement: --timeout must be honoured.
	if elapsed := time.Since(start); elapsed > 15*time.Second {
		t.Errorf("took %s with --timeout 2s", elapsed)
	}
}

func TestLiveInterrupt(t *testing.T) {
	cmd := exec.Command(binary(t), "live", "--kubeconfig", kubeconfigFor(t, hangingServer(t)), "--timeout", "10m")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second)
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != report.ExitError {
			t.Errorf("after Ctrl-C: %v, want exit 2", err)
		}
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatal("mpaudit live did not stop after SIGINT")
	}
}
