// Command livetrial runs the trials of docs/live-trials.md: it starts envtest
// (a real kube-apiserver and etcd), installs the CRDs found under the given
// paths, creates one sample object per CRD of a contract kind, and runs
// `mpaudit live` against it once per core version, printing each report.
//
//	go run ./hack/livetrial -crds DIR_OR_FILE,... -capi-version v1.10.0,v1.11.0 [-mpaudit bin/mpaudit]
//
// A path is a kustomize directory (rendered in process, as `kubectl
// kustomize` renders it), a directory of YAML/JSON files, or one file; only
// apiextensions.k8s.io/v1 CustomResourceDefinitions are kept. Because no
// webhook runs in envtest and the samples carry status only, each CRD is
// installed with conversion None and without the `required` lists and CEL
// rules of its root, spec and status; names, labels, versions and schema paths, which the audit reads,
// are kept. A sample is created at the CRD's storage version, named
// trial-<kind>, and sets every readiness field of either contract (and
// spec.providerID / status.dataSecretName) that the storage schema has:
// an object written as its schema allows. Templates get no sample (core
// reads nothing of them but metadata). The public trees the trials use
// are read where they lie; nothing of them is copied into this repository.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/dynamic"
	"sigs.k8s.io/controller-runtime/pkg/envtest"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/api/types"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/contract"
)

const sampleNamespace = "trial"

func main() {
	crdsFlag := flag.String("crds", "", "comma-separated CRD sources: kustomize directories, directories of YAML files, or files")
	versions := flag.String("capi-version", "", "comma-separated Cluster API core versions to audit at (each one mpaudit live run)")
	bin := flag.String("mpaudit", "bin/mpaudit", "the mpaudit binary to run")
	samples := flag.Bool("samples", true, "create one sample object per CRD of a contract kind")
	flag.Parse()
	if err := run(*crdsFlag, *versions, *bin, *samples, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "livetrial:", err)
		os.Exit(1)
	}
}

func run(crdPaths, versions, bin string, samples bool, extra []string) error {
	if crdPaths == "" || versions == "" {
		return errors.New("-crds and -capi-version are required (see go run ./hack/livetrial -h)")
	}
	var targets []string
	for v := range strings.SplitSeq(versions, ",") {
		if v = strings.TrimSpace(v); v != "" {
			if _, err := contract.TargetForVersion(v, "-capi-version"); err != nil {
				return err
			}
			targets = append(targets, v)
		}
	}
	var crds []*apiextensionsv1.CustomResourceDefinition
	seen := map[string]string{}
	for p := range strings.SplitSeq(crdPaths, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		found, err := load(p)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if len(found) == 0 {
			return fmt.Errorf("%s: no CustomResourceDefinition found", p)
		}
		for _, c := range found {
			if from, dup := seen[c.Name]; dup {
				return fmt.Errorf("CRD %s is in %s and %s", c.Name, from, p)
			}
			seen[c.Name] = p
			prepare(c)
			crds = append(crds, c)
		}
		fmt.Printf("# %s: %d CRDs\n", p, len(found))
	}

	assets := os.Getenv("KUBEBUILDER_ASSETS")
	if assets == "" {
		return errors.New("KUBEBUILDER_ASSETS is not set (make live-trial sets it from hack/envtest-assets.sh)")
	}
	env := &envtest.Environment{BinaryAssetsDirectory: assets}
	cfg, err := env.Start()
	if err != nil {
		return fmt.Errorf("starting envtest: %w", err)
	}
	defer func() { _ = env.Stop() }()
	if _, err := envtest.InstallCRDs(cfg, envtest.CRDInstallOptions{CRDs: crds, MaxTime: 2 * time.Minute}); err != nil {
		return fmt.Errorf("installing CRDs: %w", err)
	}
	dyn, err := dynamic.NewForConfig(cfg)
	if err != nil {
		return err
	}
	ctx := context.Background()
	if samples {
		if err := createSamples(ctx, dyn, crds); err != nil {
			return err
		}
	}

	dir, err := os.MkdirTemp("", "livetrial")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	kubeconfig := filepath.Join(dir, "kubeconfig")
	if err := os.WriteFile(kubeconfig, env.KubeConfig, 0o600); err != nil {
		return err
	}
	for _, v := range targets {
		args := append([]string{"live", "--kubeconfig", kubeconfig, "--capi-version", v, "--no-progress"}, extra...)
		fmt.Printf("\n## mpaudit %s\n", strings.Join(slices.Concat(args[:1], args[3:]), " "))
		cmd := exec.Command(bin, args...)
		cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
		err := cmd.Run()
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit) && exit.ExitCode() == 1: // findings
			fmt.Println("(exit 1: findings)")
		case err != nil:
			return fmt.Errorf("mpaudit live at %s: %w", v, err)
		default:
			fmt.Println("(exit 0)")
		}
	}
	return nil
}

// load reads the v1 CRDs of a kustomize directory, a directory of files or a file.
func load(path string) ([]*apiextensionsv1.CustomResourceDefinition, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.IsDir() {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return decode(path, data)
	}
	for _, name := range []string{"kustomization.yaml", "kustomization.yml", "Kustomization"} {
		if _, err := os.Stat(filepath.Join(path, name)); err == nil {
			return render(path)
		}
	}
	var out []*apiextensionsv1.CustomResourceDefinition
	err = filepath.WalkDir(path, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Ext(p) {
		case ".yaml", ".yml", ".json":
		default:
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		crds, err := decode(p, data)
		out = append(out, crds...)
		return err
	})
	return out, err
}

// render runs `kustomize build` in process, as crdconfig does for check.
func render(dir string) ([]*apiextensionsv1.CustomResourceDefinition, error) {
	opts := krusty.MakeDefaultOptions()
	opts.LoadRestrictions = types.LoadRestrictionsNone // provider trees reference ../ bases
	opts.PluginConfig = types.DisabledPluginConfig()
	m, err := krusty.MakeKustomizer(opts).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, fmt.Errorf("kustomize build: %w", err)
	}
	y, err := m.AsYaml()
	if err != nil {
		return nil, err
	}
	return decode(dir, y)
}

// decode keeps the apiextensions.k8s.io/v1 CRDs of a YAML or JSON stream.
func decode(name string, data []byte) ([]*apiextensionsv1.CustomResourceDefinition, error) {
	var out []*apiextensionsv1.CustomResourceDefinition
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(data), 4096)
	for {
		var u unstructured.Unstructured
		if err := dec.Decode(&u.Object); err != nil {
			if errors.Is(err, io.EOF) {
				return out, nil
			}
			return out, fmt.Errorf("%s: %w", name, err)
		}
		if u.GetKind() != "CustomResourceDefinition" || u.GetAPIVersion() != apiextensionsv1.SchemeGroupVersion.String() {
			continue
		}
		js, err := u.MarshalJSON()
		if err != nil {
			return out, err
		}
		crd := &apiextensionsv1.CustomResourceDefinition{}
		if err := yaml.Unmarshal(js, crd); err != nil {
			return out, fmt.Errorf("%s: CRD %s: %w", name, u.GetName(), err)
		}
		out = append(out, crd)
	}
}

// prepare makes a CRD installable without webhooks and its samples valid
// with status alone (see the package comment).
func prepare(crd *apiextensionsv1.CustomResourceDefinition) {
	crd.Spec.Conversion = &apiextensionsv1.CustomResourceConversion{Strategy: apiextensionsv1.NoneConverter}
	crd.Annotations = nil // cert-manager CA injection
	crd.ResourceVersion = ""
	for i := range crd.Spec.Versions {
		if s := crd.Spec.Versions[i].Schema; s != nil && s.OpenAPIV3Schema != nil {
			relax(s.OpenAPIV3Schema)
		}
	}
}

// relax drops the required lists and CEL rules of the root, spec and
// status (what a status-only sample lacks). Deeper ones are kept: they bind
// only fields the samples do not write, and list-map keys need theirs.
func relax(s *apiextensionsv1.JSONSchemaProps) {
	s.Required, s.XValidations = nil, nil
	for _, name := range []string{"spec", "status"} {
		if p, ok := s.Properties[name]; ok {
			p.Required, p.XValidations = nil, nil
			s.Properties[name] = p
		}
	}
}

// createSamples creates one object per CRD of a (non-template) contract kind.
func createSamples(ctx context.Context, dyn dynamic.Interface, crds []*apiextensionsv1.CustomResourceDefinition) error {
	ns := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "Namespace"}}
	ns.SetName(sampleNamespace)
	if _, err := dyn.Resource(schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}).Create(ctx, ns, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("namespace %s: %w", sampleNamespace, err)
	}
	for _, crd := range crds {
		storage := ""
		for _, v := range crd.Spec.Versions {
			if v.Storage {
				storage = v.Name
			}
		}
		if slices.Contains(contract.CoreGroups, crd.Spec.Group) || storage == "" {
			continue
		}
		c := contract.Classify(contract.TypeSummary{Group: crd.Spec.Group, Name: crd.Spec.Names.Kind,
			Paths: contract.SchemaPaths(crd, storage, contract.ClassifierDepth)}, nil)
		if c.Kind == nil || c.Kind.IsTemplate() {
			continue
		}
		u, status := sample(crd, storage, c.Kind)
		if err := create(ctx, dyn, crd, storage, u, status); err != nil {
			fmt.Printf("# sample %s: not created: %v\n", crd.Spec.Names.Kind, err)
			continue
		}
		fmt.Printf("# sample %s/%s %s (%s): %s\n", crd.Spec.Group, storage, crd.Spec.Names.Kind, c.Kind.Name, describe(status))
	}
	return nil
}

// sample builds the object and the status fields it sets.
func sample(crd *apiextensionsv1.CustomResourceDefinition, version string, k *contract.Kind) (*unstructured.Unstructured, map[string]any) {
	u := &unstructured.Unstructured{Object: map[string]any{}}
	u.SetAPIVersion(crd.Spec.Group + "/" + version)
	u.SetKind(crd.Spec.Names.Kind)
	u.SetName("trial-" + strings.ToLower(crd.Spec.Names.Kind))
	if crd.Spec.Scope == apiextensionsv1.NamespaceScoped {
		u.SetNamespace(sampleNamespace)
	}
	schemas := contract.SchemaOf(crd)
	set := map[string]any{}
	for _, c := range []contract.Contract{contract.V1Beta1, contract.V1Beta2} {
		for _, p := range k.Points(c) {
			if typ, has := schemas.Lookup(version, p.Path); !has || set[p.Path] != nil {
				continue
			} else if p.Aspect == contract.AspectReadiness || p.Aspect == contract.AspectControlPlaneReady {
				if typ == "" || typ == "boolean" {
					set[p.Path] = true
				}
			} else if p.Aspect == contract.AspectProviderID || p.Aspect == contract.AspectDataSecretName {
				if typ == "" || typ == "string" {
					set[p.Path] = "trial"
				}
			}
		}
	}
	for path, v := range set {
		_ = unstructured.SetNestedField(u.Object, v, strings.Split(path, ".")...)
	}
	return u, set
}

func create(ctx context.Context, dyn dynamic.Interface, crd *apiextensionsv1.CustomResourceDefinition, version string, u *unstructured.Unstructured, status map[string]any) error {
	gvr := schema.GroupVersionResource{Group: crd.Spec.Group, Version: version, Resource: crd.Spec.Names.Plural}
	var ri dynamic.ResourceInterface = dyn.Resource(gvr)
	if u.GetNamespace() != "" {
		ri = dyn.Resource(gvr).Namespace(u.GetNamespace())
	}
	created, err := ri.Create(ctx, u, metav1.CreateOptions{})
	if err != nil {
		return err
	}
	hasStatusSub := slices.ContainsFunc(crd.Spec.Versions, func(v apiextensionsv1.CustomResourceDefinitionVersion) bool {
		return v.Name == version && v.Subresources != nil && v.Subresources.Status != nil
	})
	if !hasStatusSub || u.Object["status"] == nil {
		return nil
	}
	created.Object["status"] = u.Object["status"]
	_, err = ri.UpdateStatus(ctx, created, metav1.UpdateOptions{})
	return err
}

func describe(set map[string]any) string {
	if len(set) == 0 {
		return "no contract field in its schema"
	}
	var parts []string
	for path, v := range set {
		parts = append(parts, fmt.Sprintf("%s=%v", path, v))
	}
	slices.Sort(parts)
	return strings.Join(parts, ", ")
}
