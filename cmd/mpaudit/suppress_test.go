package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/report"
)

var suppressDir, _ = filepath.Abs("../../analyzers/suppress/testdata")

// TestCheckSuppressed: findings covered by //mpaudit:ignore are not in the
// report; the summary counts them, in JSON and in the text summary line.
func TestCheckSuppressed(t *testing.T) {
	code, r := runJSON(t, "check", "-C", suppressDir, "./...")
	if code != report.ExitFindings {
		t.Errorf("exit %d, want %d", code, report.ExitFindings)
	}
	if r.Summary.Suppressed != 7 {
		t.Errorf("summary.suppressed = %d, want 7", r.Summary.Suppressed)
	}
	for _, f := range r.Findings {
		if f.Rule == "MPA107" || f.Rule == "MPA105" {
			t.Errorf("suppressed finding reported: %+v", f)
		}
	}
	_, out, _ := run(t, "check", "-C", suppressDir, "./...")
	if !strings.Contains(out, "(7 suppressed)") || !strings.Contains(out, "MPA901 error") || !strings.Contains(out, "MPA902 warning") {
		t.Errorf("text report:\n%s", out)
	}
}

// TestGoVetSuppressed: under go vet a suppressed finding prints nothing; a
// directive without a reason suppresses nothing and is reported.
func TestGoVetSuppressed(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := binary(t)
	dir := t.TempDir()
	write := func(name, content string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	types := func(directive string) string {
		return `// +groupName=infrastructure.cluster.x-k8s.io
package v1beta2

type FooMachinePoolSpec struct {
	ProviderIDList []string ` + "`json:\"providerIDList,omitempty\"`" + `
}

type FooMachinePoolStatus struct {
	Ready    bool  ` + "`json:\"ready\"`" + ` ` + directive + `
	Replicas int32 ` + "`json:\"replicas\"`" + `
}

// +kubebuilder:object:root=true
type FooMachinePool struct { //mpaudit:ignore MPA133 the module has no apimachinery to embed
	Spec   FooMachinePoolSpec   ` + "`json:\"spec,omitempty\"`" + `
	Status FooMachinePoolStatus ` + "`json:\"status,omitempty\"`" + `
}
`
	}
	write("go.mod", "module example.com/foo\n\ngo 1.26.0\n")
	vet := func() (string, error) {
		cmd := exec.Command("go", "vet", "-vettool="+bin, "./...")
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GOFLAGS=", "GOWORK=off")
		out, err := cmd.CombinedOutput()
		return string(out), err
	}

	write("api/v1beta2/types.go", types("//mpaudit:ignore MPA101 released cores read only status.ready"))
	if out, err := vet(); err != nil || strings.TrimSpace(out) != "" {
		t.Errorf("go vet with the finding suppressed: err %v, output:\n%s", err, out)
	}

	write("api/v1beta2/types.go", types("//mpaudit:ignore MPA101"))
	out, err := vet()
	if err == nil {
		t.Fatalf("go vet succeeded, want diagnostics:\n%s", out)
	}
	for _, want := range []string{
		"types.go:9:2: MPA101 warning",
		"types.go:9:32: MPA901 error: //mpaudit:ignore: MPA101 gives no reason",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("go vet output lacks %q:\n%s", want, out)
		}
	}
}

// TestLiveSuppressed: live merges each source's suppressed count into the
// summary.
func TestLiveSuppressed(t *testing.T) {
	_, r := runJSON(t, "live", "--from-file", "../../live/testdata/dump-ignore.json")
	if r.Summary.Suppressed != 6 {
		t.Errorf("summary.suppressed = %d, want 6", r.Summary.Suppressed)
	}
	for _, f := range r.Findings {
		if f.Rule == "MPA401" || f.Rule == "MPA502" {
			t.Errorf("suppressed finding reported: %+v", f)
		}
	}
}
