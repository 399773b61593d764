package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/internal/ruledoc"
)

func TestPluginDisplayName(t *testing.T) {
	for arg0, want := range map[string]string{
		"/usr/local/bin/kubectl-mpaudit":    "kubectl mpaudit",
		"kubectl-mpaudit":                   "kubectl mpaudit",
		`kubectl-mpaudit.exe`:               "kubectl mpaudit",
		"/usr/local/bin/clusterctl-mpaudit": "clusterctl mpaudit",
		`clusterctl-mpaudit.EXE`:            "clusterctl mpaudit",
		"/usr/local/bin/mpaudit":            "",
		"mpaudit.exe":                       "",
		"kubectl-mpaudit-old":               "",
		"clusterctl-mpaudit.sh":             "",
		"kubectl-other":                     "",
	} {
		if got := pluginDisplayName(arg0); got != want {
			t.Errorf("pluginDisplayName(%q) = %q, want %q", arg0, got, want)
		}
	}

	defer func(old string) { os.Args[0] = old }(os.Args[0])
	for _, host := range []string{"kubectl", "clusterctl"} {
		os.Args[0] = "/opt/bin/" + host + "-mpaudit"
		_, out, _ := run(t, "--help")
		if !strings.Contains(out, "  "+host+" mpaudit [command]") || !strings.Contains(out, `Use "`+host+` mpaudit [command] --help"`) {
			t.Errorf("help as %s-mpaudit:\n%s", host, out)
		}
		_, out, _ = run(t, "rules", "--help")
		if !strings.Contains(out, "  "+host+" mpaudit rules [ID] [flags]") {
			t.Errorf("rules help as %s-mpaudit:\n%s", host, out)
		}
	}
	os.Args[0] = "/opt/bin/mpaudit"
	_, out, _ := run(t, "--help")
	if strings.Contains(out, "kubectl") || strings.Contains(out, "clusterctl mpaudit") || !strings.Contains(out, "  mpaudit [command]") {
		t.Errorf("help as mpaudit:\n%s", out)
	}
}

// TestPluginExecutables runs the release build under each name it is
// installed as: usage names the command as typed, version is the same.
func TestPluginExecutables(t *testing.T) {
	dir := stampedBinary(t)
	for name, usage := range map[string]string{
		"mpaudit":            "  mpaudit [command]",
		kubectlPluginName:    "  kubectl mpaudit [command]",
		clusterctlPluginName: "  clusterctl mpaudit [command]",
	} {
		bin := filepath.Join(dir, name)
		out, err := exec.Command(bin, "--help").CombinedOutput()
		if err != nil || !strings.Contains(string(out), usage) {
			t.Errorf("%s --help (%v) lacks %q:\n%s", name, err, usage, out)
		}
		// A plugin host passes the rest of the command line on.
		out, err = exec.Command(bin, "live", "--help").CombinedOutput()
		if want := strings.TrimSuffix(usage, "[command]") + "live"; err != nil || !strings.Contains(string(out), want) {
			t.Errorf("%s live --help (%v) lacks %q:\n%s", name, err, want, out)
		}
		out, err = exec.Command(bin, "version").CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "mpaudit "+stampedVersion+"\n") {
			t.Errorf("%s version (%v):\n%s", name, err, out)
		}
	}
}

// envtestKubectl finds the kubectl built by hack/envtest-assets.sh
// (`make envtest-assets`; `make test` builds it and sets KUBEBUILDER_ASSETS).
// Without it the test is skipped, or fails under CI=true.
func envtestKubectl(t *testing.T) string {
	t.Helper()
	var candidates []string
	if dir := os.Getenv("KUBEBUILDER_ASSETS"); dir != "" {
		candidates = append(candidates, filepath.Join(dir, "kubectl"))
	}
	if home, err := os.UserHomeDir(); err == nil {
		k8s := os.Getenv("K8S_VERSION")
		if k8s == "" {
			k8s = "1.36.3"
		}
		candidates = append(candidates, filepath.Join(home, ".local/share/kubebuilder-envtest/k8s",
			strings.TrimPrefix(k8s, "v")+"-"+runtime.GOOS+"-"+runtime.GOARCH, "kubectl"))
	}
	for _, c := range candidates {
		if fi, err := os.Stat(c); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return c
		}
	}
	msg := "kubectl not found (looked at " + strings.Join(candidates, ", ") + "): run `make envtest-assets` (or set KUBEBUILDER_ASSETS)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// TestKubectlPlugin runs the binary the way kubectl runs plugins: as
// kubectl-mpaudit, found first on PATH by the real kubectl.
func TestKubectlPlugin(t *testing.T) {
	kubectl := envtestKubectl(t)
	dir := stampedBinary(t)
	kubectlCmd := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(kubectl, args...)
		cmd.Env = append(os.Environ(),
			"PATH="+dir+string(os.PathListSeparator)+os.Getenv("PATH"),
			"KUBECONFIG="+filepath.Join(t.TempDir(), "no-kubeconfig"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("kubectl %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}

	out := kubectlCmd("plugin", "list")
	if !strings.Contains(out, filepath.Join(dir, kubectlPluginName)) {
		t.Errorf("kubectl plugin list does not show %s:\n%s", dir, out)
	}

	out = kubectlCmd("mpaudit", "version")
	for _, want := range []string{
		"mpaudit " + stampedVersion + "\n",
		"go:        " + runtime.Version(),
		"core behaviour verified through Cluster API " + contract.LatestVerifiedCore,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("kubectl mpaudit version lacks %q:\n%s", want, out)
		}
	}

	// The explanation is the generated doc page, byte for byte.
	want := ruledoc.Rule(contract.MustRule("MPA101"))
	if out := kubectlCmd("mpaudit", "rules", "MPA101"); out != want {
		t.Errorf("kubectl mpaudit rules MPA101:\n%s\nwant:\n%s", out, want)
	}
	if out := kubectlCmd("mpaudit", "rules", "--explain", "MPA101"); out != want {
		t.Errorf("kubectl mpaudit rules --explain MPA101:\n%s\nwant:\n%s", out, want)
	}

	out = kubectlCmd("mpaudit", "--help")
	if !strings.Contains(out, "  kubectl mpaudit [command]") || strings.Contains(out, "\n  mpaudit [command]") {
		t.Errorf("kubectl mpaudit --help does not present itself as kubectl mpaudit:\n%s", out)
	}
}
