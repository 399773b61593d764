package rewrite

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/kustomize/kyaml/filesys"
)

var testConvCRDs = []ConversionCRD{
	{Group: "example.test.io", Plural: "widgets", Kind: "Widget", CRDFile: "config/crd/bases/example.test.io_widgets.yaml"},
	{Group: "example.test.io", Plural: "gadgets", Kind: "Gadget", CRDFile: "config/crd/bases/example.test.io_gadgets.yaml"},
}

// copyFixture copies testdata/convwebhook/<name> into a temporary module root.
func copyFixture(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("testdata", "convwebhook", name)
	dst := t.TempDir()
	err := filepath.Walk(src, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if fi.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func applyChanges(t *testing.T, changes []Change) {
	t.Helper()
	for _, c := range changes {
		if c.Old != nil {
			if cur, err := os.ReadFile(c.Path); err != nil || string(cur) != string(c.Old) {
				t.Fatalf("%s: Old does not match the file on disk", c.Rel)
			}
		}
		if err := os.MkdirAll(filepath.Dir(c.Path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(c.Path, c.New, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func renderDir(t *testing.T, dir string) []*kobj {
	t.Helper()
	objs, err := kustomizeRender(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		t.Fatalf("kustomize build %s: %v", dir, err)
	}
	return objs
}

// checkConverts asserts, on the rendered config/default, that each CRD
// converts through the rendered webhook Service with the rendered
// Certificate's CA, and that the manager mounts the Certificate's Secret
// at certDir.
func checkConverts(t *testing.T, root string, crds []ConversionCRD, certDir string) {
	t.Helper()
	objs := renderDir(t, filepath.Join(root, "config", "default"))
	var svc, cert, dep *kobj
	for _, o := range objs {
		switch o.kind {
		case "Service":
			svc = o
		case "Certificate":
			cert = o
		case "Deployment":
			dep = o
		}
	}
	if svc == nil || cert == nil || dep == nil {
		t.Fatalf("rendered config lacks a Service (%v), Certificate (%v) or Deployment (%v)", svc != nil, cert != nil, dep != nil)
	}
	if got := fieldStr(cert.obj, "spec", "dnsNames", 0); got != svc.name+"."+svc.ns+".svc" {
		t.Errorf("Certificate dnsNames[0] = %q, want the Service %s.%s.svc", got, svc.name, svc.ns)
	}
	for _, c := range crds {
		o := findObj(objs, "apiextensions.k8s.io", "CustomResourceDefinition", "", c.name())
		if o == nil {
			t.Fatalf("%s not rendered", c.name())
		}
		if s := fieldStr(o.obj, "spec", "conversion", "strategy"); s != "Webhook" {
			t.Errorf("%s: conversion strategy %q", c.name(), s)
		}
		ref := fieldMap(o.obj, "spec", "conversion", "webhook", "clientConfig", "service")
		if fieldStr(ref, "name") != svc.name || fieldStr(ref, "namespace") != svc.ns || fieldStr(ref, "path") != "/convert" {
			t.Errorf("%s: conversion service %v, want %s/%s /convert", c.name(), ref, svc.ns, svc.name)
		}
		if a := fieldStr(o.obj, "metadata", "annotations", injectCAAnnotation); a != cert.ns+"/"+cert.name {
			t.Errorf("%s: %s = %q, want %s/%s", c.name(), injectCAAnnotation, a, cert.ns, cert.name)
		}
	}
	var vol string
	for _, v := range fieldList(dep.obj, "spec", "template", "spec", "volumes") {
		if fieldStr(v, "secret", "secretName") == fieldStr(cert.obj, "spec", "secretName") {
			vol = fieldStr(v, "name")
		}
	}
	found := false
	for _, m := range fieldList(dep.obj, "spec", "template", "spec", "containers", 0, "volumeMounts") {
		if fieldStr(m, "name") == vol && vol != "" && fieldStr(m, "mountPath") == certDir {
			found = true
		}
	}
	if !found {
		t.Errorf("the manager does not mount the Secret %s at %s", fieldStr(cert.obj, "spec", "secretName"), certDir)
	}
}

func objIDs(objs []*kobj) map[string]bool {
	ids := map[string]bool{}
	for _, o := range objs {
		ids[o.id()] = true
	}
	return ids
}

// A kubebuilder v4 layout with no webhook at all gets the Service, the
// cert-manager Issuer and Certificate, the manager patch (at the directory
// main.go's flag defaults to) and a conversion patch per CRD; running it
// again changes nothing.
func TestConversionWebhookScaffold(t *testing.T) {
	root := copyFixture(t, "bare")
	before := objIDs(renderDir(t, filepath.Join(root, "config", "default")))
	changes, notes, err := conversionWebhookConfig(root, testConvCRDs)
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) == 0 {
		t.Fatalf("no changes; notes: %v", notes)
	}
	if len(notes) != 1 || !strings.Contains(notes[0], "/var/run/widget-webhook-certs") || !strings.Contains(notes[0], "--webhook-cert-dir") {
		t.Errorf("notes should say where the certificate is mounted and why: %v", notes)
	}
	applyChanges(t, changes)
	checkConverts(t, root, testConvCRDs, "/var/run/widget-webhook-certs")
	after := renderDir(t, filepath.Join(root, "config", "default"))
	for id := range before {
		if !objIDs(after)[id] {
			t.Errorf("%s no longer renders", id)
		}
	}
	// The Service targets the port main.go's flag defaults to.
	for _, o := range after {
		if o.kind == "Service" {
			if p, _ := field(o.obj, "spec", "ports", 0, "targetPort").(float64); p != 9444 {
				t.Errorf("Service targetPort = %v, want 9444", p)
			}
		}
	}
	// config/crd still renders alone.
	renderDir(t, filepath.Join(root, "config", "crd"))

	again, notes, err := conversionWebhookConfig(root, testConvCRDs)
	if err != nil || len(again) != 0 || len(notes) != 0 {
		t.Errorf("second run: %d changes, notes %v, err %v; want none", len(again), notes, err)
	}
}

// A config that converts one CRD through its webhook gets the other added
// in its own style: its Service, its patches list and its replacements.
func TestConversionWebhookAddsToWiring(t *testing.T) {
	root := copyFixture(t, "wired")
	beforeObjs := renderDir(t, filepath.Join(root, "config", "default"))
	changes, notes, err := conversionWebhookConfig(root, testConvCRDs)
	if err != nil {
		t.Fatal(err)
	}
	var rels []string
	for _, c := range changes {
		rels = append(rels, c.Rel)
	}
	want := []string{"config/crd/kustomization.yaml", "config/crd/patches/webhook_in_gadgets.yaml", "config/default/kustomization.yaml"}
	if strings.Join(rels, " ") != strings.Join(want, " ") {
		t.Fatalf("changed %v, want %v (notes %v)", rels, want, notes)
	}
	for _, c := range changes {
		if c.Rel == "config/crd/kustomization.yaml" && !strings.Contains(string(c.New), "  - path: patches/webhook_in_gadgets.yaml\n") {
			t.Errorf("the patch is not listed in the file's own indentation:\n%s", c.New)
		}
	}
	applyChanges(t, changes)
	checkConverts(t, root, testConvCRDs, crDefaultCertDir)
	after := renderDir(t, filepath.Join(root, "config", "default"))
	byID := map[string]*kobj{}
	for _, o := range after {
		byID[o.id()] = o
	}
	for _, o := range beforeObjs {
		if a := byID[o.id()]; a == nil {
			t.Errorf("%s no longer renders", o.id())
		} else if o.name != "gadgets.example.test.io" && yamlOf(a.obj) != yamlOf(o.obj) {
			t.Errorf("%s renders differently", o.id())
		}
	}
	again, _, err := conversionWebhookConfig(root, testConvCRDs)
	if err != nil || len(again) != 0 {
		t.Errorf("second run: %d changes, err %v; want none", len(again), err)
	}
}

// Layouts it cannot edit safely get a note and no changes: no
// config/default, and webhook serving half configured.
func TestConversionWebhookRefuses(t *testing.T) {
	noDefault := copyFixture(t, "bare")
	if err := os.RemoveAll(filepath.Join(noDefault, "config", "default")); err != nil {
		t.Fatal(err)
	}
	half := copyFixture(t, "wired")
	// The Deployment no longer mounts the Certificate's Secret.
	if err := os.WriteFile(filepath.Join(half, "config", "default", "manager_webhook_patch.yaml"),
		[]byte("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: controller-manager\n  namespace: system\nspec:\n  replicas: 2\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	broken := copyFixture(t, "bare")
	if err := os.WriteFile(filepath.Join(broken, "config", "default", "kustomization.yaml"), []byte("resources:\n- ../missing\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	remote := copyFixture(t, "bare")
	if err := os.WriteFile(filepath.Join(remote, "config", "default", "kustomization.yaml"),
		[]byte("resources:\n- ../crd\n- ../manager\n- https://github.com/example/widget-extras//config?ref=v1.0.0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, root := range map[string]string{"no config/default": noDefault, "half wired": half, "does not render": broken, "remote": remote} {
		changes, notes, err := conversionWebhookConfig(root, testConvCRDs)
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if len(changes) != 0 || len(notes) != 1 || !strings.Contains(notes[0], "By hand") {
			t.Errorf("%s: %d changes, notes %v; want none and a note for a person", name, len(changes), notes)
		}
	}
	if _, _, err := conversionWebhookConfig(filepath.Join(noDefault, "nope"), testConvCRDs); err == nil {
		t.Error("an unreadable root is not an error")
	}
}

// A kustomize v3 era config (vars, patchesStrategicMerge, cainjection
// patches, the other CRD's entries commented out) gets the CRD's patches
// enabled where they are commented out, and a cainjection patch.
func TestConversionWebhookVars(t *testing.T) {
	root := copyFixture(t, "vars")
	changes, notes, err := conversionWebhookConfig(root, testConvCRDs)
	if err != nil {
		t.Fatal(err)
	}
	var rels []string
	for _, c := range changes {
		rels = append(rels, c.Rel)
		if c.Rel == "config/crd/kustomization.yaml" {
			for _, l := range []string{"\n- patches/webhook_in_gadgets.yaml\n", "\n- patches/cainjection_in_gadgets.yaml\n"} {
				if !strings.Contains(string(c.New), l) || strings.Contains(string(c.New), "#"+l[1:]) {
					t.Errorf("%q is not enabled in place:\n%s", l, c.New)
				}
			}
		}
	}
	want := []string{"config/crd/kustomization.yaml", "config/crd/patches/cainjection_in_gadgets.yaml", "config/crd/patches/webhook_in_gadgets.yaml"}
	if strings.Join(rels, " ") != strings.Join(want, " ") {
		t.Fatalf("changed %v, want %v (notes %v)", rels, want, notes)
	}
	applyChanges(t, changes)
	checkConverts(t, root, testConvCRDs, crDefaultCertDir)
	if again, _, err := conversionWebhookConfig(root, testConvCRDs); err != nil || len(again) != 0 {
		t.Errorf("second run: %d changes, err %v; want none", len(again), err)
	}
}

// A provider below the module root (as CAPD sits in test/) is wired in its
// own config; paths stay module-relative.
func TestConversionWebhookNestedProvider(t *testing.T) {
	src := copyFixture(t, "bare")
	root := t.TempDir()
	prov := filepath.Join(root, "test", "infrastructure", "widget")
	if err := os.MkdirAll(filepath.Dir(prov), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(src, prov); err != nil {
		t.Fatal(err)
	}
	var crds []ConversionCRD
	for _, c := range testConvCRDs {
		c.CRDFile = "test/infrastructure/widget/" + c.CRDFile
		crds = append(crds, c)
	}
	changes, notes, err := conversionWebhookConfig(root, crds)
	if err != nil || len(changes) == 0 {
		t.Fatalf("changes %d, notes %v, err %v", len(changes), notes, err)
	}
	for _, c := range changes {
		if !strings.HasPrefix(c.Rel, "test/infrastructure/widget/config/") || c.Path != filepath.Join(root, filepath.FromSlash(c.Rel)) {
			t.Errorf("change %s (%s) is not in the provider's config", c.Rel, c.Path)
		}
	}
	applyChanges(t, changes)
	// main.go next to the provider's config names the certificate directory.
	checkConverts(t, prov, testConvCRDs, "/var/run/widget-webhook-certs")
}

// A NetworkPolicy that admits only the metrics port to the manager would
// drop the API server's conversion requests: the wiring says so.
func TestConversionWebhookNetworkPolicyNote(t *testing.T) {
	root := copyFixture(t, "bare")
	def := filepath.Join(root, "config", "default")
	np := "apiVersion: networking.k8s.io/v1\nkind: NetworkPolicy\nmetadata:\n  name: allow-metrics\n  namespace: system\nspec:\n" +
		"  podSelector:\n    matchLabels:\n      control-plane: controller-manager\n  policyTypes:\n  - Ingress\n  ingress:\n  - ports:\n    - port: 8443\n"
	k := "namespace: widget-system\nnamePrefix: widget-\nresources:\n- ../crd\n- ../rbac\n- ../manager\n- netpol.yaml\n"
	for name, b := range map[string]string{"netpol.yaml": np, "kustomization.yaml": k} {
		if err := os.WriteFile(filepath.Join(def, name), []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	changes, notes, err := conversionWebhookConfig(root, testConvCRDs)
	if err != nil || len(changes) == 0 {
		t.Fatalf("changes %d, notes %v, err %v", len(changes), notes, err)
	}
	if !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, "NetworkPolicy widget-system/widget-allow-metrics") }) {
		t.Errorf("no note about the NetworkPolicy: %v", notes)
	}
}

// Where the manager reads its certificate: its argument, else main.go's
// flag default, else webhook.Options.CertDir, else controller-runtime's
// default under $TMPDIR.
func TestServingFor(t *testing.T) {
	flagged := managerOptions{certFlag: "webhook-cert-dir", certFlagDefault: "/certs", portFlag: "webhook-port", portFlagDefault: 9444}
	for _, tc := range []struct {
		name   string
		mo     managerOptions
		args   []string
		tmpdir string
		dir    string
		port   int
	}{
		{"argument", flagged, []string{"--leader-elect", "--webhook-cert-dir=/run/certs", "--webhook-port", "8443"}, "", "/run/certs", 8443},
		{"flag default", flagged, []string{"--leader-elect"}, "", "/certs", 9444},
		{"options literal", managerOptions{certDirLit: "/lit", portLit: 9555}, nil, "", "/lit", 9555},
		{"unset flag", managerOptions{certFlag: "webhook-cert-path"}, nil, "", crDefaultCertDir, crDefaultPort},
		{"TMPDIR", managerOptions{}, nil, "/scratch", "/scratch/k8s-webhook-server/serving-certs", crDefaultPort},
	} {
		ws := servingFor(tc.mo, tc.args, tc.tmpdir)
		if ws.certDir != tc.dir || ws.port != tc.port {
			t.Errorf("%s: got %s:%d, want %s:%d", tc.name, ws.certDir, ws.port, tc.dir, tc.port)
		}
	}
}
