package live_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	rbacv1 "k8s.io/api/rbac/v1"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	clientgoscheme "k8s.io/client-go/kubernetes/scheme"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/live"
	"github.com/mpaudit/mpaudit/report"
)

// One real kube-apiserver + etcd for the package (3–5 s to start).
var (
	testEnv   *envtest.Environment
	adminCfg  *rest.Config
	admin     client.Client
	auditLog  string
	skipLive  string
	moduleDir string
)

const (
	auditorUser   = "mpaudit-auditor"
	restrictedUsr = "mpaudit-restricted"
	poolNS        = "pools"
)

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	_, file, _, _ := runtime.Caller(0)
	moduleDir = filepath.Dir(filepath.Dir(file))
	assets := envtestAssets()
	if assets == "" {
		msg := "envtest binaries not found: run `make envtest-assets` (or set KUBEBUILDER_ASSETS)"
		if os.Getenv("CI") == "true" {
			fmt.Fprintln(os.Stderr, "FAIL:", msg)
			return 1
		}
		skipLive = msg
		return m.Run()
	}
	capiDir, err := goListModuleDir("sigs.k8s.io/cluster-api")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	tmp, err := os.MkdirTemp("", "mpaudit-envtest")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	policy := filepath.Join(tmp, "audit-policy.yaml")
	auditLog = filepath.Join(tmp, "audit.log")
	if err := os.WriteFile(policy, []byte("apiVersion: audit.k8s.io/v1\nkind: Policy\nrules:\n- level: Metadata\n"), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	testEnv = &envtest.Environment{
		BinaryAssetsDirectory: assets,
		ErrorIfCRDPathMissing: true,
		CRDDirectoryPaths: []string{
			filepath.Join(capiDir, "core", "config", "crd", "bases", "cluster.x-k8s.io_machinepools.yaml"),
			filepath.Join(capiDir, "core", "config", "crd", "bases", "cluster.x-k8s.io_clusters.yaml"),
			filepath.Join(capiDir, "core", "config", "crd", "bases", "cluster.x-k8s.io_machines.yaml"),
			filepath.Join(moduleDir, "live", "testdata", "crds-kinds"),
			filepath.Join(capiDir, "cmd", "clusterctl", "config", "crd", "bases"),
			filepath.Join(moduleDir, "live", "testdata", "crds"),
		},
	}
	api := testEnv.ControlPlane.GetAPIServer().Configure()
	api.Set("audit-policy-file", policy)
	api.Set("audit-log-path", auditLog)
	api.Set("audit-log-mode", "blocking")
	adminCfg, err = testEnv.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "starting envtest:", err)
		return 1
	}
	defer func() { _ = testEnv.Stop() }()
	scheme := clientgoscheme.Scheme
	if err := apiextensionsv1.AddToScheme(scheme); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	admin, err = client.New(adminCfg, client.Options{Scheme: scheme})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := seed(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "seeding envtest:", err)
		return 1
	}
	return m.Run()
}

func createCRDFile(ctx context.Context, path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	crd := &apiextensionsv1.CustomResourceDefinition{}
	if err := yaml.Unmarshal(data, crd); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := admin.Create(ctx, crd); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	// Wait until the new kind is served.
	return envtest.WaitForCRDs(adminCfg, []*apiextensionsv1.CustomResourceDefinition{crd}, envtest.CRDInstallOptions{PollInterval: 100 * time.Millisecond, MaxTime: 20 * time.Second})
}

// envtestAssets finds kube-apiserver and etcd: KUBEBUILDER_ASSETS, else
// where hack/envtest-assets.sh caches them.
func envtestAssets() string {
	if d := os.Getenv("KUBEBUILDER_ASSETS"); d != "" {
		return d
	}
	home, _ := os.UserHomeDir()
	matches, _ := filepath.Glob(filepath.Join(home, ".local/share/kubebuilder-envtest/k8s/*-linux-amd64"))
	sort.Strings(matches)
	for _, matche := range slices.Backward(matches) {
		if _, err := os.Stat(filepath.Join(matche, "kube-apiserver")); err == nil {
			return matche
		}
	}
	return ""
}

func goListModuleDir(mod string) (string, error) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", mod).Output()
	if err != nil {
		return "", fmt.Errorf("go list -m %s: %w", mod, err)
	}
	return strings.TrimSpace(string(out)), nil
}

func needLive(t *testing.T) {
	t.Helper()
	if skipLive != "" {
		t.Skip(skipLive)
	}
}

func obj(apiVersion, kind, ns, name string, spec, status map[string]any) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{"apiVersion": apiVersion, "kind": kind}}
	u.SetNamespace(ns)
	u.SetName(name)
	if spec != nil {
		u.Object["spec"] = spec
	}
	if status != nil {
		u.Object["status"] = status
	}
	return u
}

// create stores u, then its status through the status subresource when the
// kind has one (statusSub).
func create(ctx context.Context, u *unstructured.Unstructured, statusSub bool) error {
	status, hasStatus := u.Object["status"]
	if statusSub {
		delete(u.Object, "status")
	}
	if err := admin.Create(ctx, u); err != nil {
		return fmt.Errorf("create %s %s: %w", u.GetKind(), u.GetName(), err)
	}
	if statusSub && hasStatus {
		u.Object["status"] = status
		if err := admin.Status().Update(ctx, u); err != nil {
			return fmt.Errorf("status %s %s: %w", u.GetKind(), u.GetName(), err)
		}
	}
	return nil
}

func seed(ctx context.Context) error {
	if err := admin.Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: poolNS}}); err != nil {
		return err
	}
	// envtest's installer drops conversion webhooks of kinds its scheme does
	// not know, so the CRD whose webhook is down is created directly.
	if err := createCRDFile(ctx, filepath.Join(moduleDir, "live", "testdata", "crds-webhook", "eta.yaml")); err != nil {
		return err
	}
	const infra = "infrastructure.cluster.x-k8s.io/"
	pools := []struct {
		u   *unstructured.Unstructured
		sub bool
	}{
		{obj(infra+"v1beta2", "AlphaMachinePool", poolNS, "alpha-dual", map[string]any{"providerIDList": []any{"x"}},
			map[string]any{"ready": true, "initialization": map[string]any{"provisioned": true}, "replicas": int64(1)}), true},
		{obj(infra+"v1beta2", "AlphaMachinePool", poolNS, "alpha-provonly", map[string]any{},
			map[string]any{"initialization": map[string]any{"provisioned": true}}), true},
		{obj(infra+"v1alpha1", "BetaMachinePool", poolNS, "beta-ready", map[string]any{},
			map[string]any{"ready": true, "replicas": int64(0)}), true},
		{obj(infra+"v1beta2", "ZetaMachinePool", poolNS, "zeta-prov", map[string]any{},
			map[string]any{"initialization": map[string]any{"provisioned": true}}), true},
		{obj(infra+"v1beta1", "EtaMachinePool", poolNS, "eta-1", map[string]any{}, nil), false},
		{obj(infra+"v1beta2", "ThetaMachinePool", poolNS, "theta-1", map[string]any{},
			map[string]any{"ready": true, "failureMessage": "quota"}), false},
	}
	for _, p := range pools {
		if err := create(ctx, p.u, p.sub); err != nil {
			return err
		}
	}
	mp := func(name, kind, ref string, provisioned *bool) *unstructured.Unstructured {
		spec := map[string]any{
			"clusterName": "c1",
			"template": map[string]any{"spec": map[string]any{
				"clusterName":       "c1",
				"bootstrap":         map[string]any{"dataSecretName": "bootstrap"},
				"infrastructureRef": map[string]any{"apiGroup": "infrastructure.cluster.x-k8s.io", "kind": kind, "name": ref},
			}},
		}
		var status map[string]any
		if provisioned != nil {
			status = map[string]any{"initialization": map[string]any{"infrastructureProvisioned": *provisioned}}
		}
		return obj("cluster.x-k8s.io/v1beta2", "MachinePool", poolNS, name, spec, status)
	}
	yes := true
	for _, m := range []*unstructured.Unstructured{
		mp("mp-alpha", "AlphaMachinePool", "alpha-dual", &yes),
		mp("mp-gamma", "GammaMachinePool", "g", nil),
		mp("mp-delta", "DeltaMachinePool", "d", nil),
	} {
		if err := create(ctx, m, true); err != nil {
			return err
		}
	}
	if err := seedKinds(ctx); err != nil {
		return err
	}
	if err := seedRenamed(ctx); err != nil {
		return err
	}
	// The core version comes from the controller's image tag (no clusterctl inventory objects).
	one := int32(1)
	labels := map[string]string{"cluster.x-k8s.io/provider": "cluster-api"}
	return admin.Create(ctx, &appsv1.Deployment{
		ObjectMeta: metav1.ObjectMeta{Name: "capi-controller-manager", Namespace: "default", Labels: labels},
		Spec: appsv1.DeploymentSpec{
			Replicas: &one,
			Selector: &metav1.LabelSelector{MatchLabels: labels},
			Template: corev1.PodTemplateSpec{
				ObjectMeta: metav1.ObjectMeta{Labels: labels},
				Spec: corev1.PodSpec{Containers: []corev1.Container{{
					Name: "manager", Image: "registry.k8s.io/cluster-api/cluster-api-controller:v1.13.2",
				}}},
			},
		},
	})
}

func findingSet(res *live.Result) map[string]bool {
	m := map[string]bool{}
	for _, f := range res.Findings {
		name := ""
		if f.Object != nil {
			name = f.Object.Kind + "/" + f.Object.Name
		}
		m[f.Rule+" "+f.Severity.String()+" "+name] = true
	}
	return m
}

var wantLive = []string{
	"MPA302 warning CustomResourceDefinition/betamachinepools.infrastructure.cluster.x-k8s.io",
	"MPA303 error CustomResourceDefinition/gammamachinepools.infrastructure.cluster.x-k8s.io",
	"MPA304 error CustomResourceDefinition/deltapools.infrastructure.cluster.x-k8s.io",
	"MPA305 error CustomResourceDefinition/epsilonmachinepools.infrastructure.cluster.x-k8s.io",
	"MPA308 error CustomResourceDefinition/zetamachinepools.infrastructure.cluster.x-k8s.io",
	"MPA309 warning CustomResourceDefinition/thetamachinepools.infrastructure.cluster.x-k8s.io",
	"MPA401 error AlphaMachinePool/alpha-provonly",
	"MPA401 error ZetaMachinePool/zeta-prov",
	"MPA404 error ThetaMachinePool/theta-1", // the MachinePool reconcile panics on it from v1.11
	"MPA501 error MachinePool/mp-gamma",
	"MPA501 error MachinePool/mp-delta",
	"MPA602 error EtaMachinePool/",
}

func auditAs(t *testing.T, user string, opts live.Options) *live.Result {
	t.Helper()
	cfg := rest.CopyConfig(adminCfg)
	if user != "" {
		cfg.Impersonate = rest.ImpersonationConfig{UserName: user}
	}
	src, err := live.NewClusterSource("envtest", cfg, 2)
	if err != nil {
		t.Fatal(err)
	}
	res, err := live.Audit(context.Background(), src, opts)
	if err != nil {
		t.Fatalf("audit as %q: %v", user, err)
	}
	return res
}

func TestAuditAgainstAPIServer(t *testing.T) {
	needLive(t)
	res := auditAs(t, "", live.Options{})
	got := findingSet(res)
	for _, w := range wantLive {
		if !got[w] {
			t.Errorf("missing %s", w)
		}
	}
	for f := range got {
		if strings.Contains(f, "alpha-dual") || strings.Contains(f, "mp-alpha") || strings.Contains(f, "beta-ready") {
			t.Errorf("finding on a healthy object: %s", f)
		}
	}
	if res.Cluster.Target.Version != "v1.13.2" || !strings.Contains(res.Cluster.Target.Source, "capi-controller-manager") {
		t.Errorf("target = %+v, want v1.13.2 from the Deployment image", res.Cluster.Target)
	}
	var alpha *report.Resource
	for i := range res.Resources {
		if res.Resources[i].Kind == "AlphaMachinePool" {
			alpha = &res.Resources[i]
		}
	}
	// Page size 2 forces the continue path on the two Alpha objects plus more.
	if alpha == nil || alpha.Objects != 2 || alpha.Readiness["dual-agree"] != 1 || alpha.Readiness["provisioned-only"] != 1 {
		t.Errorf("AlphaMachinePool summary = %+v", alpha)
	}
}

// applyRBAC binds user to the ClusterRole in docs/rbac.yaml, optionally
// without some of its rules.
func applyRBAC(t *testing.T, user, roleName string, drop func(rbacv1.PolicyRule) bool) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(moduleDir, "docs", "rbac.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var role rbacv1.ClusterRole
	if err := yaml.Unmarshal(data, &role); err != nil {
		t.Fatal(err)
	}
	role.Name = roleName
	var rules []rbacv1.PolicyRule
	for _, r := range role.Rules {
		if drop == nil || !drop(r) {
			rules = append(rules, r)
		}
	}
	role.Rules = rules
	ctx := context.Background()
	if err := admin.Create(ctx, &role); err != nil {
		t.Fatal(err)
	}
	if err := admin.Create(ctx, &rbacv1.ClusterRoleBinding{
		ObjectMeta: metav1.ObjectMeta{Name: roleName},
		RoleRef:    rbacv1.RoleRef{APIGroup: rbacv1.GroupName, Kind: "ClusterRole", Name: roleName},
		Subjects:   []rbacv1.Subject{{APIGroup: rbacv1.GroupName, Kind: "User", Name: user}},
	}); err != nil {
		t.Fatal(err)
	}
}

type auditEvent struct {
	Verb             string `json:"verb"`
	RequestURI       string `json:"requestURI"`
	ImpersonatedUser *struct {
		Username string `json:"username"`
	} `json:"impersonatedUser"`
	ObjectRef *struct {
		Resource string `json:"resource"`
	} `json:"objectRef"`
	ResponseStatus *struct {
		Code int `json:"code"`
	} `json:"responseStatus"`
}

func TestReadOnlyWithDocumentedRBAC(t *testing.T) {
	needLive(t)
	applyRBAC(t, auditorUser, "mpaudit-reader-test", nil)
	res := auditAs(t, auditorUser, live.Options{})
	got := findingSet(res)
	for _, w := range wantLive {
		if !got[w] {
			t.Errorf("as %s: missing %s (the documented role is not enough?)", auditorUser, w)
		}
	}
	for f := range got {
		if strings.HasPrefix(f, "MPA601") {
			t.Errorf("as %s: %s", auditorUser, f)
		}
	}

	f, err := os.Open(auditLog)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var requests int
	for sc.Scan() {
		var ev auditEvent
		if err := json.Unmarshal(sc.Bytes(), &ev); err != nil {
			t.Fatalf("audit log line: %v", err)
		}
		if ev.ImpersonatedUser == nil || ev.ImpersonatedUser.Username != auditorUser {
			continue
		}
		requests++
		if ev.Verb != "get" && ev.Verb != "list" {
			t.Errorf("%s issued %s %s", auditorUser, ev.Verb, ev.RequestURI)
		}
		if ev.ObjectRef != nil && ev.ObjectRef.Resource == "secrets" {
			t.Errorf("%s read secrets: %s", auditorUser, ev.RequestURI)
		}
		if ev.ResponseStatus != nil && ev.ResponseStatus.Code == 403 {
			t.Errorf("%s was refused %s %s", auditorUser, ev.Verb, ev.RequestURI)
		}
	}
	if requests < 10 {
		t.Errorf("only %d requests by %s in the audit log: is the log being written?", requests, auditorUser)
	}
}

func TestForbiddenGivesPartialReport(t *testing.T) {
	needLive(t)
	applyRBAC(t, restrictedUsr, "mpaudit-no-machinepools", func(r rbacv1.PolicyRule) bool {
		return len(r.Resources) == 1 && r.Resources[0] == "machinepools"
	})
	res := auditAs(t, restrictedUsr, live.Options{})
	got := findingSet(res)
	if !got["MPA601 error MachinePool/"] {
		t.Errorf("no MPA601 for MachinePools: %v", got)
	}
	if !got["MPA304 error CustomResourceDefinition/deltapools.infrastructure.cluster.x-k8s.io"] || !got["MPA401 error ZetaMachinePool/zeta-prov"] {
		t.Errorf("the rest of the audit is missing: %v", got)
	}
	if len(res.Problems) == 0 {
		t.Error("no problem listed for the forbidden read")
	}
}

// writeKubeconfig gives the envtest admin two context names, as if they
// were two clusters.
func writeKubeconfig(t *testing.T, contexts ...string) string {
	t.Helper()
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["envtest"] = &clientcmdapi.Cluster{Server: adminCfg.Host, CertificateAuthorityData: adminCfg.CAData}
	cfg.AuthInfos["admin"] = &clientcmdapi.AuthInfo{ClientCertificateData: adminCfg.CertData, ClientKeyData: adminCfg.KeyData, Token: adminCfg.BearerToken}
	for _, c := range contexts {
		cfg.Contexts[c] = &clientcmdapi.Context{Cluster: "envtest", AuthInfo: "admin"}
	}
	cfg.CurrentContext = contexts[0]
	path := filepath.Join(t.TempDir(), "kubeconfig")
	if err := clientcmd.WriteToFile(*cfg, path); err != nil {
		t.Fatal(err)
	}
	return path
}

func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "mpaudit")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/mpaudit")
	cmd.Dir = moduleDir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

func TestCLISeveralClusters(t *testing.T) {
	needLive(t)
	bin := buildBinary(t)
	kubeconfig := writeKubeconfig(t, "one", "two")
	for _, args := range [][]string{
		{"live", "--kubeconfig", kubeconfig, "--context", "one", "--context", "two", "-o", "json"},
		{"live", "--all-contexts", "-o", "json"},
	} {
		cmd := exec.Command(bin, args...)
		cmd.Env = append(os.Environ(), "KUBECONFIG="+kubeconfig)
		out, err := cmd.Output()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != report.ExitFindings {
			t.Fatalf("%v: %v, want exit 1\n%s", args, err, out)
		}
		var r report.Report
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		perCluster := map[string]int{}
		for _, f := range r.Findings {
			if f.Object != nil {
				perCluster[f.Object.Cluster]++
			}
		}
		if len(r.Summary.Clusters) != 2 || perCluster["one"] == 0 || perCluster["one"] != perCluster["two"] {
			t.Errorf("%v: clusters %+v, findings per cluster %v", args, r.Summary.Clusters, perCluster)
		}
	}
}
