package rewrite

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// utilsRequirement returns the k8s.io/utils version this module builds with
// and its go.sum lines, so generated modules resolve it from the cache.
func utilsRequirement(t testing.TB) (string, string) {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}}", "k8s.io/utils").Output()
	if err != nil {
		t.Fatalf("go list -m k8s.io/utils: %v", err)
	}
	version := strings.TrimSpace(string(out))
	f, err := os.Open("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var sum strings.Builder
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), "k8s.io/utils "+version) {
			sum.WriteString(sc.Text() + "\n")
		}
	}
	return version, sum.String()
}

// assignment shapes a controller uses to report readiness.
var shapes = []string{
	"p.Status.Ready = %s",
	"if ok {\n\t\tp.Status.Ready = %s\n\t}",
	"func() { p.Status.Ready = %s }()",
	"st := &p.Status\n\tst.Ready = %s",
	"p.Status = v1.FuzzMachinePoolStatus{Ready: %s, Replicas: 1}",
	"switch {\n\tcase ok:\n\t\tp.Status.Ready = %s\n\t}",
}

func generate(dir string, readyPtr bool, fieldPos, shape, value int, utilsVersion, utilsSum string) error {
	readyType, values := "bool", []string{"true", "ok", "false", "!ok"}
	if readyPtr {
		readyType, values = "*bool", []string{"ptr.To(true)", "ptr.To(ok)", "nil", "&ok"}
	}
	fields := []string{
		"Replicas int32 `json:\"replicas\"`",
		"Phase string `json:\"phase,omitempty\"`",
		"Instances []string `json:\"instances,omitempty\"`",
	}
	ready := "// Ready reports readiness.\n\tReady " + readyType + " `json:\"ready\"`"
	pos := fieldPos % (len(fields) + 1)
	fields = append(fields[:pos], append([]string{ready}, fields[pos:]...)...)
	types := `package v1

// FuzzMachinePoolSpec is the spec.
type FuzzMachinePoolSpec struct {
	ProviderIDList []string ` + "`json:\"providerIDList,omitempty\"`" + `
}

// FuzzMachinePoolStatus is the status.
type FuzzMachinePoolStatus struct {
	` + strings.Join(fields, "\n\t") + `
}

// +kubebuilder:object:root=true
// +kubebuilder:subresource:status

// FuzzMachinePool is a pool.
type FuzzMachinePool struct {
	Spec   FuzzMachinePoolSpec   ` + "`json:\"spec,omitempty\"`" + `
	Status FuzzMachinePoolStatus ` + "`json:\"status,omitempty\"`" + `
}
`
	stmt := fmt.Sprintf(shapes[shape%len(shapes)], values[value%len(values)])
	imports := `v1 "fuzz.example/api/v1"`
	if strings.Contains(stmt, "ptr.") {
		imports += "\n\t\"k8s.io/utils/ptr\""
	}
	ctrl := `package ctrl

import (
	` + imports + `
)

// Reconcile reports readiness.
func Reconcile(p *v1.FuzzMachinePool, ok bool) {
	_ = ok
	` + stmt + `
}
`
	files := map[string]string{
		"go.mod":          "module fuzz.example\n\ngo 1.26.0\n\nrequire k8s.io/utils " + utilsVersion + "\n",
		"go.sum":          utilsSum,
		"api/v1/types.go": types,
		"ctrl/ctrl.go":    ctrl,
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// FuzzRewrite checks that no status shape or readiness assignment yields a
// rewrite that does not parse or compile. Run always skips the write when
// the staged copy fails go build/vet, so an error here is the failure.
func FuzzRewrite(f *testing.F) {
	version, sum := utilsRequirement(f)
	for shape := range shapes {
		f.Add(false, uint8(shape), uint8(shape), uint8(shape))
		f.Add(true, uint8(shape+1), uint8(shape), uint8(shape+1))
	}
	f.Fuzz(func(t *testing.T, readyPtr bool, fieldPos, shape, value uint8) {
		dir := t.TempDir()
		if err := generate(dir, readyPtr, int(fieldPos), int(shape), int(value), version, sum); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command("go", "-C", dir, "build", "./...").CombinedOutput(); err != nil {
			t.Skipf("generated input does not build (not a rewrite bug): %s", out)
		}
		res, err := Run(Options{Dir: dir, Patterns: []string{"./..."}, Write: true})
		if err != nil {
			t.Fatalf("rewrite failed: %v", err)
		}
		if len(res.Changes) == 0 {
			t.Fatal("nothing rewritten")
		}
		again, err := Run(Options{Dir: dir, Patterns: []string{"./..."}})
		if err != nil || len(again.Changes) != 0 {
			t.Fatalf("second run: %v, %d changes", err, len(again.Changes))
		}
	})
}
