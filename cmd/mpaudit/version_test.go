package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

func TestVersionCommand(t *testing.T) {
	code, out, errOut := run(t, "version", "-o", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var v buildVersion
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("version -o json: %v\n%s", err, out)
	}
	if v.GoVersion != runtime.Version() || v.LatestVerifiedCore != contract.LatestVerifiedCore ||
		!slices.Equal(v.Catalog, catalogKinds()) || len(v.Catalog) != len(contract.Kinds) || !slices.Contains(v.Catalog, "ControlPlaneTemplate") || v.Version == "" || v.Platform != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("version -o json = %+v", v)
	}

	code, out, _ = run(t, "version")
	if code != 0 || !strings.HasPrefix(out, "mpaudit ") ||
		!strings.Contains(out, "go:        "+runtime.Version()) ||
		!strings.Contains(out, "core behaviour verified through Cluster API "+contract.LatestVerifiedCore) ||
		!strings.Contains(out, "contract catalog: InfraCluster, InfraMachine, InfraMachinePool, ControlPlane, BootstrapConfig, InfraClusterTemplate") {
		t.Errorf("version: exit %d\n%s", code, out)
	}

	// A release stamp (-ldflags -X main.version=…) wins over the build info.
	defer func(old string) { version = old }(version)
	version = "v9.8.7-test"
	if _, out, _ = run(t, "version"); !strings.HasPrefix(out, "mpaudit v9.8.7-test\n") {
		t.Errorf("stamped version not preferred:\n%s", out)
	}

	for _, args := range [][]string{{"version", "-o", "yaml"}, {"version", "extra"}} {
		if code, _, errOut := run(t, args...); code != report.ExitError || errOut == "" {
			t.Errorf("%v: exit %d stderr %q, want 2", args, code, errOut)
		}
	}
}

var (
	stampedOnce sync.Once
	stampedDir  string
	stampedErr  error
	// stampedNoVCS: git was unusable, the binary has no vcs.* settings.
	stampedNoVCS bool
)

const stampedVersion = "v0.0.0-mpaudit-test"

// stampedBinary builds the CLI the way .goreleaser.yaml does (version stamped,
// VCS information embedded) into a temporary folder, as mpaudit and as the
// kubectl and clusterctl plugins, and returns the folder.
func stampedBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	stampedOnce.Do(func() {
		stampedDir, stampedErr = runTempDir("mpaudit-stamped")
		if stampedErr != nil {
			return
		}
		bin := filepath.Join(stampedDir, kubectlPluginName)
		build := func(vcs string) ([]byte, error) {
			return exec.Command("go", "build", "-buildvcs="+vcs, "-trimpath",
				"-ldflags", "-X main.version="+stampedVersion, "-o", bin, ".").CombinedOutput()
		}
		out, err := build("auto")
		if err != nil && strings.Contains(string(out), "error obtaining VCS status") {
			stampedNoVCS = true
			out, err = build("false")
		}
		if err != nil {
			stampedErr = fmt.Errorf("build: %v\n%s", err, out)
			return
		}
		for _, name := range []string{"mpaudit", clusterctlPluginName} {
			if stampedErr = os.Link(bin, filepath.Join(stampedDir, name)); stampedErr != nil {
				return
			}
		}
	})
	if stampedErr != nil {
		t.Fatal(stampedErr)
	}
	return stampedDir
}

func TestVersionStampedBinary(t *testing.T) {
	dir := stampedBinary(t)
	out, err := exec.Command(filepath.Join(dir, "mpaudit"), "version", "-o", "json").Output()
	if err != nil {
		t.Fatalf("version: %v\n%s", err, out)
	}
	var v buildVersion
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if v.Version != stampedVersion || v.Module != "github.com/mpaudit/mpaudit" || v.GoVersion != runtime.Version() {
		t.Errorf("version -o json = %+v", v)
	}
	// In a git checkout the build embeds the commit.
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil || stampedNoVCS {
		t.Logf("no usable git checkout (%v): not checking vcs.revision", err)
		return
	}
	if want := strings.TrimSpace(string(head)); v.Revision != want || v.Time == "" {
		t.Errorf("revision %q time %q, want revision %s", v.Revision, v.Time, want)
	}
	text, _ := exec.Command(filepath.Join(dir, "mpaudit"), "version").Output()
	if !strings.Contains(string(text), "revision:  "+v.Revision) {
		t.Errorf("text version lacks the revision:\n%s", text)
	}
}

// TestVersionCommitStamp: the commit a release build stamps shows when the
// build info has none (test binaries carry no vcs.* settings, as builds
// outside a .git directory do).
func TestVersionCommitStamp(t *testing.T) {
	if bi := readBuildVersion(); bi.Revision != "" {
		t.Skipf("the test binary has vcs.revision %s", bi.Revision)
	}
	defer func(c, d string) { commit, commitDate = c, d }(commit, commitDate)
	commit, commitDate = "0123456789abcdef0123456789abcdef01234567", "2026-11-27T06:00:00Z"
	_, out, _ := run(t, "version")
	if !strings.Contains(out, "  revision:  "+commit+"\n") || !strings.Contains(out, "  committed: "+commitDate+"\n") {
		t.Errorf("stamped commit not shown:\n%s", out)
	}
}
