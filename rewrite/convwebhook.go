package rewrite

import (
	"fmt"
	"maps"
	"os"
	"path"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"

	yaml3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"
)

// ConversionCRD names a CRD that must convert between versions through the
// provider's webhook.
type ConversionCRD struct {
	Group, Plural, Kind string
	CRDFile             string // module-relative path of its base CRD
}

func (c ConversionCRD) name() string { return c.Plural + "." + c.Group }

const (
	injectCAAnnotation = "cert-manager.io/inject-ca-from"
	crdNameRefPath     = "spec/conversion/webhook/clientConfig/service/name"
	cwWhy              = "conversion webhook: CRDs convert between API versions through the manager"
)

var kustomizationNames = []string{"kustomization.yaml", "kustomization.yml", "Kustomization"}

func kustomizationIn(dir string) string {
	for _, n := range kustomizationNames {
		if fi, err := os.Stat(filepath.Join(dir, n)); err == nil && fi.Mode().IsRegular() {
			return filepath.Join(dir, n)
		}
	}
	return ""
}

// cwPlan is the edit being built: new file contents over the tree on disk.
type cwPlan struct {
	root  string
	files map[string][]byte // absolute path -> planned content
	notes []string
}

func (p *cwPlan) read(abs string) ([]byte, error) {
	if b, ok := p.files[abs]; ok {
		return b, nil
	}
	return os.ReadFile(abs)
}

func (p *cwPlan) exists(abs string) bool {
	if _, ok := p.files[abs]; ok {
		return true
	}
	_, err := os.Stat(abs)
	return err == nil
}

func (p *cwPlan) rel(abs string) string {
	r, err := filepath.Rel(p.root, abs)
	if err != nil {
		return abs
	}
	return filepath.ToSlash(r)
}

// editList adds items to a list key of a kustomization file in the plan.
func (p *cwPlan) editList(kfile, key string, items []string) error {
	b, err := p.read(kfile)
	if err != nil {
		return err
	}
	d, err := parseKDoc(b)
	if err != nil {
		return fmt.Errorf("%s: %w", p.rel(kfile), err)
	}
	s, err := d.addToList(key, items)
	if err != nil {
		return fmt.Errorf("%s: %w", p.rel(kfile), err)
	}
	p.files[kfile] = []byte(s)
	return nil
}

func (p *cwPlan) render(dir string) ([]*kobj, error) {
	return kustomizeRender(newOverlayFS(p.files), dir)
}

// conversionWebhookConfig makes the provider's kustomize config convert each
// CRD through the manager's webhook: a conversion patch per CRD, the
// cert-manager CA injection for it and, when the config has no webhook
// serving at all, the webhook Service, a cert-manager Issuer and
// Certificate and the manager Deployment mounting the certificate, enabled
// in config/default. The plan is rendered with kustomize before it is
// returned; a layout it cannot edit safely gets no changes and a note.
// Only unreadable input is an error.
func conversionWebhookConfig(root string, crds []ConversionCRD) (changes []Change, notes []string, err error) {
	root, err = filepath.Abs(root)
	if err != nil {
		return nil, nil, err
	}
	if fi, err := os.Stat(root); err != nil {
		return nil, nil, err
	} else if !fi.IsDir() {
		return nil, nil, fmt.Errorf("%s is not a directory", root)
	}
	if len(crds) == 0 {
		return nil, nil, nil
	}
	p := &cwPlan{root: root, files: map[string][]byte{}}
	refuse := func(format string, a ...any) ([]Change, []string, error) {
		var names []string
		for _, c := range crds {
			names = append(names, c.name())
		}
		n := fmt.Sprintf("conversion webhook: not wired automatically: %s. By hand: for %s, add a CRD patch setting spec.conversion.strategy: Webhook "+
			"(clientConfig.service: the webhook Service, path /convert) and the %s annotation from the serving Certificate (config/crd/patches, "+
			"listed in config/crd/kustomization.yaml); and, if the config has none, a webhook Service (config/webhook), a cert-manager Issuer and "+
			"Certificate (config/certmanager), a manager Deployment patch mounting the Certificate's Secret at the webhook certificate directory "+
			"(controller-runtime's default %s), all enabled in config/default/kustomization.yaml",
			fmt.Sprintf(format, a...), strings.Join(names, ", "), injectCAAnnotation, crDefaultCertDir)
		// Notes of a plan that is dropped would describe files not written.
		return nil, []string{n}, nil
	}

	for _, c := range crds {
		if c.Group == "" || c.Plural == "" || c.CRDFile == "" {
			return nil, nil, fmt.Errorf("conversion CRD %+v: group, plural and CRD file are required", c)
		}
	}
	defDir := defaultDirFor(root, crds)
	defK := kustomizationIn(defDir)
	if defK == "" {
		return refuse("there is no config/default kustomization (a Helm chart or another generator may own the manifests)")
	}
	cfg := filepath.Dir(defDir)
	if _, err := os.ReadFile(defK); err != nil {
		return nil, nil, err
	}
	if r := remoteResource(defDir, map[string]bool{}); r != "" {
		// kustomize would fetch it; the rewrite reads only the tree.
		return refuse("config/default uses the remote resource %s", r)
	}
	before, err := p.render(defDir)
	if err != nil {
		return refuse("config/default does not render today (%v)", err)
	}

	// Which CRDs still need the webhook.
	var todo []ConversionCRD
	for _, c := range crds {
		o := findObj(before, "apiextensions.k8s.io", "CustomResourceDefinition", "", c.name())
		if o == nil {
			return refuse("config/default does not render the CRD %s", c.name())
		}
		if fieldStr(o.obj, "spec", "conversion", "strategy") != "Webhook" {
			todo = append(todo, c)
		}
	}
	if len(todo) == 0 {
		return nil, nil, nil
	}

	// The kustomization that lists each CRD's base file.
	crdDirs := map[string][]ConversionCRD{}
	for _, c := range todo {
		dir, err := crdKustomizationDir(root, c.CRDFile)
		if err != nil {
			return nil, nil, err
		}
		if dir == "" {
			return refuse("no kustomization under %s lists %s in its resources", root, c.CRDFile)
		}
		crdDirs[dir] = append(crdDirs[dir], c)
	}

	w, reason := findWiring(cfg, before)
	switch {
	case w.state == wiringPartial:
		return refuse("the webhook serving is only partly configured (%s)", reason)
	case w.state == wiringNone:
		if err := p.scaffold(defK, w, todo); err != nil {
			return refuse("%v", err)
		}
	}
	defDoc, err := p.readKDoc(defK)
	if err != nil {
		return refuse("%v", err)
	}
	for _, dir := range slices.Sorted(maps.Keys(crdDirs)) {
		if err := p.patchCRDs(dir, defDoc, w, crdDirs[dir]); err != nil {
			return refuse("%v", err)
		}
	}
	after, err := p.render(defDir)
	if err != nil {
		return refuse("the planned config does not render (%v)", err)
	}
	wa, reason := findWiring(cfg, after)
	if wa.state != wiringDone {
		return refuse("the planned config does not serve webhooks (%s)", reason)
	}
	// CA injection: in the style the config already injects it.
	var noCA []ConversionCRD
	for _, c := range todo {
		o := findObj(after, "apiextensions.k8s.io", "CustomResourceDefinition", "", c.name())
		if o == nil || fieldStr(o.obj, "metadata", "annotations", injectCAAnnotation) != wa.cert.ns+"/"+wa.cert.name {
			noCA = append(noCA, c)
		}
	}
	if len(noCA) > 0 {
		if err := p.injectCA(defK, crdDirs, wa, noCA); err != nil {
			return refuse("%v", err)
		}
		if after, err = p.render(defDir); err != nil {
			return refuse("the planned config does not render (%v)", err)
		}
	}
	if problems := verifyConversionWiring(cfg, before, after, w, todo); len(problems) > 0 {
		return refuse("the planned edit did not render as intended (%s)", strings.Join(problems, "; "))
	}
	if n := networkPolicyNote(after, wa); n != "" {
		p.notes = append(p.notes, n)
	}
	// Every CRD kustomization that rendered alone still does.
	for dir := range crdDirs {
		if _, err := kustomizeRender(newOverlayFS(nil), dir); err != nil {
			continue
		}
		if _, err := p.render(dir); err != nil {
			return refuse("%s no longer renders alone (%v)", p.rel(dir), err)
		}
	}

	for _, abs := range slices.Sorted(maps.Keys(p.files)) {
		c := Change{Path: abs, Rel: p.rel(abs), New: p.files[abs], Why: []string{cwWhy}}
		if old, err := os.ReadFile(abs); err == nil {
			if string(old) == string(c.New) {
				continue
			}
			c.Old = old
		} else if !os.IsNotExist(err) {
			return nil, nil, err
		}
		changes = append(changes, c)
	}
	return changes, p.notes, nil
}

func (p *cwPlan) readKDoc(kfile string) (*kdoc, error) {
	b, err := p.read(kfile)
	if err != nil {
		return nil, err
	}
	d, err := parseKDoc(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p.rel(kfile), err)
	}
	return d, nil
}

// remoteResource is the first remote resource, base or component the
// kustomization in dir reaches ("" if none).
func remoteResource(dir string, seen map[string]bool) string {
	if seen[dir] {
		return ""
	}
	seen[dir] = true
	k := kustomizationIn(dir)
	if k == "" {
		return ""
	}
	b, err := os.ReadFile(k)
	if err != nil {
		return ""
	}
	d, err := parseKDoc(b)
	if err != nil {
		return ""
	}
	for _, key := range []string{"resources", "bases", "components"} {
		for _, r := range d.stringList(key) {
			if strings.Contains(r, "://") || strings.HasPrefix(r, "github.com/") || strings.HasPrefix(r, "git@") || strings.Contains(r, "?ref=") {
				return r
			}
			sub := filepath.Join(dir, filepath.FromSlash(r))
			if fi, err := os.Stat(sub); err == nil && fi.IsDir() {
				if rr := remoteResource(sub, seen); rr != "" {
					return rr
				}
			}
		}
	}
	return ""
}

// defaultDirFor is the default directory next to the CRDs' config (the
// provider may sit below the module root, as CAPD does), else
// root/config/default.
func defaultDirFor(root string, crds []ConversionCRD) string {
	for _, c := range crds {
		for d := filepath.Dir(filepath.Join(root, filepath.FromSlash(c.CRDFile))); strings.HasPrefix(d, root); d = filepath.Dir(d) {
			if kustomizationIn(filepath.Join(d, "default")) != "" {
				return filepath.Join(d, "default")
			}
			if d == root {
				break
			}
		}
	}
	return filepath.Join(root, "config", "default")
}

func findObj(objs []*kobj, group, kind, ns, name string) *kobj {
	for _, o := range objs {
		if o.group == group && o.kind == kind && o.name == name && (ns == "" || o.ns == ns) {
			return o
		}
	}
	return nil
}

// crdKustomizationDir is the nearest directory above the CRD file whose
// kustomization lists the file in its resources ("" if none).
func crdKustomizationDir(root, crdFile string) (string, error) {
	abs := filepath.Join(root, filepath.FromSlash(crdFile))
	for dir := filepath.Dir(abs); strings.HasPrefix(dir, root); dir = filepath.Dir(dir) {
		if k := kustomizationIn(dir); k != "" {
			b, err := os.ReadFile(k)
			if err != nil {
				return "", err
			}
			if d, err := parseKDoc(b); err == nil {
				for _, r := range append(d.stringList("resources"), d.stringList("bases")...) {
					if filepath.Join(dir, filepath.FromSlash(r)) == abs {
						return dir, nil
					}
				}
			}
		}
		if dir == root {
			break
		}
	}
	return "", nil
}

type wiringState int

const (
	wiringNone wiringState = iota
	wiringPartial
	wiringDone
)

// wiring is the webhook serving the rendered config has, or will have.
type wiring struct {
	state     wiringState
	dep       *kobj
	container string
	svc, cert *kobj
	secret    string
	// scaffold only: the original names the new files use.
	svcName, svcNs string
	serving        webhookServing
}

// findWiring reads the webhook serving out of the rendered config (cfg is
// its config directory): the manager Deployment, a webhook Service
// selecting its pods, a cert-manager Certificate for that Service and the
// Deployment mounting its Secret.
func findWiring(cfg string, objs []*kobj) (w wiring, reason string) {
	var deps []*kobj
	for _, o := range objs {
		if o.group == "apps" && o.kind == "Deployment" {
			deps = append(deps, o)
		}
	}
	if len(deps) > 1 {
		deps = slices.DeleteFunc(deps, func(o *kobj) bool { return containerNamed(o, "manager") == nil })
	}
	if len(deps) != 1 {
		return wiring{state: wiringPartial}, fmt.Sprintf("found %d candidate manager Deployments", len(deps))
	}
	w.dep = deps[0]
	ctr := containerNamed(w.dep, "manager")
	if cs := fieldList(w.dep.obj, "spec", "template", "spec", "containers"); ctr == nil && len(cs) == 1 {
		ctr, _ = cs[0].(map[string]any)
	}
	if ctr == nil {
		return wiring{state: wiringPartial}, "the manager Deployment has no container named manager and more than one container"
	}
	w.container = fieldStr(ctr, "name")
	podLabels := fieldMap(w.dep.obj, "spec", "template", "metadata", "labels")

	// A Service already used for conversion, else one named for webhooks
	// selecting the manager's pods.
	var svcs []*kobj
	for _, o := range objs {
		if o.group == "apiextensions.k8s.io" && o.kind == "CustomResourceDefinition" && fieldStr(o.obj, "spec", "conversion", "strategy") == "Webhook" {
			ref := fieldMap(o.obj, "spec", "conversion", "webhook", "clientConfig", "service")
			if s := findObj(objs, "", "Service", fieldStr(ref, "namespace"), fieldStr(ref, "name")); s != nil && !slices.Contains(svcs, s) {
				svcs = append(svcs, s)
			}
		}
	}
	if len(svcs) == 0 {
		for _, o := range objs {
			sel := fieldMap(o.obj, "spec", "selector")
			if o.group == "" && o.kind == "Service" && strings.Contains(o.orgName, "webhook") && len(sel) > 0 && subset(sel, podLabels) {
				svcs = append(svcs, o)
			}
		}
	}
	var certs, issuers []*kobj
	for _, o := range objs {
		if o.group == "cert-manager.io" && o.kind == "Certificate" {
			certs = append(certs, o)
		}
		if o.group == "cert-manager.io" && (o.kind == "Issuer" || o.kind == "ClusterIssuer") {
			issuers = append(issuers, o)
		}
	}
	_, webhookDir := os.Stat(filepath.Join(cfg, "webhook"))
	_, certDir := os.Stat(filepath.Join(cfg, "certmanager"))
	if len(svcs) == 0 && len(certs) == 0 && len(issuers) == 0 && webhookDir != nil && certDir != nil {
		w.state = wiringNone
		args := append(stringsOf(fieldList(ctr, "command")), stringsOf(fieldList(ctr, "args"))...)
		var tmpdir string
		for _, e := range fieldList(ctr, "env") {
			if fieldStr(e, "name") == "TMPDIR" {
				if tmpdir = fieldStr(e, "value"); tmpdir == "" {
					return wiring{state: wiringPartial}, "the manager's TMPDIR (where controller-runtime looks for the webhook certificate) is not a literal value"
				}
			}
		}
		w.serving = servingFor(readManagerOptions(filepath.Dir(cfg)), args, tmpdir)
		w.svcName, w.svcNs = "webhook-service", w.dep.orgNs
		if w.svcNs == "" || w.dep.ns == "" {
			return wiring{state: wiringPartial}, "the manager Deployment has no namespace for a webhook Service to share"
		}
		w.secret = "webhook-server-cert"
		// The scaffold's names must not merge into something already there.
		for _, v := range fieldList(w.dep.obj, "spec", "template", "spec", "volumes") {
			if fieldStr(v, "name") == "webhook-certs" {
				return wiring{state: wiringPartial}, "the manager Deployment already has a volume named webhook-certs"
			}
		}
		for _, pt := range fieldList(ctr, "ports") {
			if n, _ := field(pt, "containerPort").(float64); fieldStr(pt, "name") == "webhook-server" && int(n) != w.serving.port {
				return wiring{state: wiringPartial}, fmt.Sprintf("the manager's port webhook-server is %v, not the webhook server's %d", n, w.serving.port)
			}
		}
		for _, o := range objs {
			if o.kind == "Service" && o.group == "" && o.orgName == w.svcName {
				return wiring{state: wiringPartial}, "a Service named webhook-service exists but does not select the manager's pods"
			}
		}
		return w, ""
	}
	w.state = wiringPartial
	switch {
	case len(svcs) != 1:
		return w, fmt.Sprintf("%d webhook Services select the manager's pods; config/webhook or config/certmanager exist but are not all enabled in config/default", len(svcs))
	}
	w.svc = svcs[0]
	dns := w.svc.name + "." + w.svc.ns + ".svc"
	for _, c := range certs {
		if slices.Contains(stringsOf(fieldList(c.obj, "spec", "dnsNames")), dns) {
			w.cert = c
			break
		}
	}
	if w.cert == nil {
		return w, "no cert-manager Certificate names the webhook Service " + dns
	}
	w.secret = fieldStr(w.cert.obj, "spec", "secretName")
	if mountOf(w.dep, w.container, w.secret) == "" {
		return w, fmt.Sprintf("the manager Deployment does not mount the Certificate's Secret %s", w.secret)
	}
	w.state = wiringDone
	return w, ""
}

func containerNamed(dep *kobj, name string) map[string]any {
	for _, c := range fieldList(dep.obj, "spec", "template", "spec", "containers") {
		if m, _ := c.(map[string]any); fieldStr(m, "name") == name {
			return m
		}
	}
	return nil
}

// mountOf is where the container mounts the Secret ("" if it does not).
func mountOf(dep *kobj, container, secret string) string {
	var vol string
	for _, v := range fieldList(dep.obj, "spec", "template", "spec", "volumes") {
		if fieldStr(v, "secret", "secretName") == secret && secret != "" {
			vol = fieldStr(v, "name")
		}
	}
	if vol == "" {
		return ""
	}
	for _, m := range fieldList(containerNamed(dep, container), "volumeMounts") {
		if fieldStr(m, "name") == vol {
			return fieldStr(m, "mountPath")
		}
	}
	return ""
}

func subset(sel, labels map[string]any) bool {
	for k, v := range sel {
		if labels[k] != v {
			return false
		}
	}
	return true
}

func stringsOf(l []any) []string {
	var out []string
	for _, v := range l {
		if s, ok := v.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

// scaffold plans the webhook Service, cert-manager Issuer and Certificate,
// the manager patch and their enabling in config/default, after
// kubebuilder's documented scaffold.
func (p *cwPlan) scaffold(defK string, w wiring, todo []ConversionCRD) error {
	cfg := filepath.Dir(filepath.Dir(defK))
	sel := fieldMap(w.dep.obj, "spec", "selector", "matchLabels")
	if len(sel) == 0 {
		return fmt.Errorf("the manager Deployment has no spec.selector.matchLabels for a webhook Service to select")
	}
	meta := func(name string) omap {
		return omap{{"name", name}, {"namespace", w.svcNs}}
	}
	header := "# Added by mpaudit rewrite: the manager serves the CRD conversion webhook.\n"
	p.files[filepath.Join(cfg, "webhook", "kustomization.yaml")] = []byte(header + "resources:\n- service.yaml\n")
	p.files[filepath.Join(cfg, "webhook", "service.yaml")] = []byte(header + yamlOf(omap{
		{"apiVersion", "v1"}, {"kind", "Service"}, {"metadata", meta(w.svcName)},
		{"spec", omap{
			{"ports", []any{omap{{"port", 443}, {"protocol", "TCP"}, {"targetPort", w.serving.port}}}},
			{"selector", sel},
		}},
	}))
	p.files[filepath.Join(cfg, "certmanager", "kustomization.yaml")] = []byte(header + "resources:\n- issuer.yaml\n- certificate.yaml\n\nconfigurations:\n- kustomizeconfig.yaml\n")
	p.files[filepath.Join(cfg, "certmanager", "kustomizeconfig.yaml")] = []byte(
		"# Teaches kustomize that a Certificate's issuerRef names the (prefixed) Issuer.\n" + yamlOf(omap{
			{"nameReference", []any{omap{
				{"kind", "Issuer"}, {"group", "cert-manager.io"},
				{"fieldSpecs", []any{omap{{"kind", "Certificate"}, {"group", "cert-manager.io"}, {"path", "spec/issuerRef/name"}}}},
			}}},
		}))
	p.files[filepath.Join(cfg, "certmanager", "issuer.yaml")] = []byte(header + yamlOf(omap{
		{"apiVersion", "cert-manager.io/v1"}, {"kind", "Issuer"}, {"metadata", meta("selfsigned-issuer")},
		{"spec", omap{{"selfSigned", omap{}}}},
	}))
	p.files[filepath.Join(cfg, "certmanager", "certificate.yaml")] = []byte(header +
		"# SERVICE_NAME and SERVICE_NAMESPACE are replaced by config/default's replacements.\n" + yamlOf(omap{
		{"apiVersion", "cert-manager.io/v1"}, {"kind", "Certificate"}, {"metadata", meta("serving-cert")},
		{"spec", omap{
			{"dnsNames", []any{"SERVICE_NAME.SERVICE_NAMESPACE.svc", "SERVICE_NAME.SERVICE_NAMESPACE.svc.cluster.local"}},
			{"issuerRef", omap{{"kind", "Issuer"}, {"name", "selfsigned-issuer"}}},
			{"secretName", w.secret},
		}},
	}))
	dmeta := omap{{"name", w.dep.orgName}}
	if w.dep.orgNs != "" {
		dmeta = append(dmeta, kv{"namespace", w.dep.orgNs})
	}
	ctr := omap{{"name", w.container}}
	hasPort := false
	for _, pt := range fieldList(containerNamed(w.dep, w.container), "ports") {
		if n, ok := field(pt, "containerPort").(float64); ok && int(n) == w.serving.port {
			hasPort = true
		}
	}
	if !hasPort {
		ctr = append(ctr, kv{"ports", []any{omap{{"containerPort", w.serving.port}, {"name", "webhook-server"}, {"protocol", "TCP"}}}})
	}
	ctr = append(ctr, kv{"volumeMounts", []any{omap{{"mountPath", w.serving.certDir}, {"name", "webhook-certs"}, {"readOnly", true}}}})
	p.files[filepath.Join(filepath.Dir(defK), "manager_webhook_patch.yaml")] = []byte(
		"# Mounts the webhook serving certificate (cert-manager's Secret) where the manager reads it.\n" + yamlOf(omap{
			{"apiVersion", "apps/v1"}, {"kind", "Deployment"}, {"metadata", dmeta},
			{"spec", omap{{"template", omap{{"spec", omap{
				{"containers", []any{ctr}},
				{"volumes", []any{omap{{"name", "webhook-certs"}, {"secret", omap{{"secretName", w.secret}}}}}},
			}}}}}},
		}))
	p.notes = append(p.notes, "conversion webhook: scaffolded config/webhook (Service "+w.svcName+"), config/certmanager (self-signed Issuer, Certificate serving-cert, Secret "+
		w.secret+") and config/default/manager_webhook_patch.yaml; "+w.serving.how+"; cert-manager must be installed in the management cluster (clusterctl installs it)")

	d, err := p.readKDoc(defK)
	if err != nil {
		return err
	}
	if err := p.editList(defK, "resources", []string{"../webhook", "../certmanager"}); err != nil {
		return err
	}
	if d.active("patchesStrategicMerge") && !d.active("patches") {
		err = p.editList(defK, "patchesStrategicMerge", []string{"manager_webhook_patch.yaml"})
	} else {
		err = p.editList(defK, "patches", []string{"path: manager_webhook_patch.yaml\n" + yamlOf(omap{{"target", omap{{"kind", "Deployment"}, {"name", w.dep.orgName}}}})})
	}
	if err != nil {
		return err
	}
	// The Certificate names the Service, whatever the prefix and namespace.
	var reps []string
	for i, f := range []string{".metadata.name", ".metadata.namespace"} {
		reps = append(reps, yamlOf(omap{
			{"source", omap{{"kind", "Service"}, {"version", "v1"}, {"name", w.svcName}, {"fieldPath", f}}},
			{"targets", []any{omap{
				{"select", omap{{"kind", "Certificate"}, {"group", "cert-manager.io"}, {"version", "v1"}, {"name", "serving-cert"}}},
				{"fieldPaths", []any{".spec.dnsNames.0", ".spec.dnsNames.1"}},
				{"options", omap{{"delimiter", "."}, {"index", i}, {"create", true}}},
			}}},
		}))
	}
	// The CRDs' CA comes from the Certificate (targets added by injectCA).
	for _, f := range []string{".metadata.namespace", ".metadata.name"} {
		reps = append(reps, yamlOf(omap{
			{"source", omap{{"kind", "Certificate"}, {"group", "cert-manager.io"}, {"version", "v1"}, {"name", "serving-cert"}, {"fieldPath", f}}},
			{"targets", []any{caTarget(todo[0].name(), f)}},
		}))
	}
	return p.editList(defK, "replacements", reps)
}

func caTarget(crd, sourceField string) omap {
	idx := 1
	if strings.HasSuffix(sourceField, "namespace") {
		idx = 0
	}
	return omap{
		{"select", omap{{"kind", "CustomResourceDefinition"}, {"name", crd}}},
		{"fieldPaths", []any{".metadata.annotations.[" + injectCAAnnotation + "]"}},
		{"options", omap{{"delimiter", "/"}, {"index", idx}, {"create", true}}},
	}
}

// patchCRDs plans, in the CRD kustomization dir, a conversion patch per CRD
// and what teaches kustomize that the patch names the webhook Service.
func (p *cwPlan) patchCRDs(dir string, defDoc *kdoc, w wiring, crds []ConversionCRD) error {
	kfile := kustomizationIn(dir)
	d, err := p.readKDoc(kfile)
	if err != nil {
		return err
	}
	svcName, svcNs := w.svcName, w.svcNs
	if w.svc != nil {
		svcName, svcNs = w.svc.orgName, w.svc.orgNs
	}
	// The patches' directory and names follow the ones already listed.
	pdir := "patches"
	for _, pp := range d.patchPaths() {
		if strings.Contains(path.Base(pp), "webhook_in_") {
			pdir = path.Dir(pp)
			break
		}
	}
	usePSM := d.active("patchesStrategicMerge") && !d.active("patches") ||
		!d.active("patches") && defDoc.active("patchesStrategicMerge") && !defDoc.active("patches")
	var items []string
	for _, c := range crds {
		rel := path.Join(pdir, "webhook_in_"+c.Plural+".yaml")
		abs := filepath.Join(dir, filepath.FromSlash(rel))
		if p.exists(abs) {
			b, err := p.read(abs)
			if err != nil {
				return err
			}
			var obj map[string]any
			if err := yaml.Unmarshal(b, &obj); err != nil || fieldStr(obj, "metadata", "name") != c.name() ||
				fieldStr(obj, "spec", "conversion", "strategy") != "Webhook" {
				return fmt.Errorf("%s exists and is not a conversion webhook patch for %s", p.rel(abs), c.name())
			}
		} else {
			p.files[abs] = []byte("# Converts " + c.Kind + " between its API versions through the manager's webhook.\n" + yamlOf(omap{
				{"apiVersion", "apiextensions.k8s.io/v1"}, {"kind", "CustomResourceDefinition"},
				{"metadata", omap{{"name", c.name()}}},
				{"spec", omap{{"conversion", omap{
					{"strategy", "Webhook"},
					{"webhook", omap{
						{"clientConfig", omap{{"service", omap{{"namespace", svcNs}, {"name", svcName}, {"path", "/convert"}}}}},
						{"conversionReviewVersions", []any{"v1"}},
					}},
				}}}},
			}))
		}
		if slices.Contains(d.patchPaths(), rel) {
			continue
		}
		if usePSM {
			items = append(items, rel)
		} else {
			items = append(items, "path: "+rel)
		}
	}
	if len(items) > 0 {
		key := "patches"
		if usePSM {
			key = "patchesStrategicMerge"
		}
		if err := p.editList(kfile, key, items); err != nil {
			return err
		}
	}
	return p.teachNameReference(dir, kfile)
}

// teachNameReference makes sure the CRD kustomization's configurations
// map the Service name into CRD conversion (kustomize does the namespace
// itself, not the name).
func (p *cwPlan) teachNameReference(dir, kfile string) error {
	d, err := p.readKDoc(kfile)
	if err != nil {
		return err
	}
	for _, c := range d.stringList("configurations") {
		if b, err := p.read(filepath.Join(dir, filepath.FromSlash(c))); err == nil && strings.Contains(string(b), crdNameRefPath) {
			return nil
		}
	}
	name := "kustomizeconfig.yaml"
	abs := filepath.Join(dir, name)
	if b, err := p.read(abs); err == nil {
		if !strings.Contains(string(b), crdNameRefPath) || slices.Contains(d.stringList("configurations"), name) {
			name = "kustomizeconfig_conversion.yaml"
			abs = filepath.Join(dir, name)
		}
	}
	if !p.exists(abs) {
		p.files[abs] = []byte("# Teaches kustomize that a CRD's conversion webhook names the (prefixed) webhook Service.\n" + yamlOf(omap{
			{"nameReference", []any{omap{
				{"kind", "Service"}, {"version", "v1"},
				{"fieldSpecs", []any{omap{{"kind", "CustomResourceDefinition"}, {"group", "apiextensions.k8s.io"}, {"path", crdNameRefPath}}}},
			}}},
		}))
	}
	return p.editList(kfile, "configurations", []string{name})
}

// injectCA adds the CRDs to the config's CA injection: targets of the
// replacements that copy the serving Certificate's namespace and name, or a
// cainjection patch when the config uses vars.
func (p *cwPlan) injectCA(defK string, crdDirs map[string][]ConversionCRD, w wiring, crds []ConversionCRD) error {
	d, err := p.readKDoc(defK)
	if err != nil {
		return err
	}
	certName := w.cert.orgNameOr("serving-cert")
	if reps, _ := d.get("replacements"); reps != nil && reps.Kind == yaml3.SequenceNode {
		for _, c := range crds {
			for _, f := range []string{"namespace", "name"} {
				d, err := p.readKDoc(defK)
				if err != nil {
					return err
				}
				reps, _ := d.get("replacements")
				var targets *yaml3.Node
				var fieldPath string
				for _, r := range reps.Content {
					src, _ := mapGet(r, "source")
					k, _ := mapGet(src, "kind")
					n, _ := mapGet(src, "name")
					fp, _ := mapGet(src, "fieldPath")
					if k != nil && k.Value == "Certificate" && n != nil && n.Value == certName && fp != nil &&
						strings.TrimPrefix(fp.Value, ".") == "metadata."+f {
						targets, _ = mapGet(r, "targets")
						fieldPath = fp.Value
						break
					}
				}
				if targets == nil || targets.Kind != yaml3.SequenceNode || len(targets.Content) == 0 {
					return fmt.Errorf("%s has replacements but none copies the Certificate %s's metadata.%s into CRDs", p.rel(defK), certName, f)
				}
				s, err := d.appendToSeq(targets, []string{yamlOf(caTarget(c.name(), fieldPath))})
				if err != nil {
					return fmt.Errorf("%s: %w", p.rel(defK), err)
				}
				p.files[defK] = []byte(s)
			}
		}
		return nil
	}
	if !d.active("vars") {
		return fmt.Errorf("%s injects the CA neither through replacements nor through vars", p.rel(defK))
	}
	for dir, cs := range crdDirs {
		kfile := kustomizationIn(dir)
		kd, err := p.readKDoc(kfile)
		if err != nil {
			return err
		}
		var items []string
		usePSM := kd.active("patchesStrategicMerge") && !kd.active("patches")
		pdir := "patches"
		for _, pp := range kd.patchPaths() {
			if strings.Contains(path.Base(pp), "cainjection_in_") {
				pdir = path.Dir(pp)
				break
			}
		}
		for _, c := range cs {
			if !slices.Contains(crds, c) {
				continue
			}
			rel := path.Join(pdir, "cainjection_in_"+c.Plural+".yaml")
			abs := filepath.Join(dir, filepath.FromSlash(rel))
			if p.exists(abs) {
				b, err := p.read(abs)
				if err != nil {
					return err
				}
				var obj map[string]any
				if err := yaml.Unmarshal(b, &obj); err != nil || fieldStr(obj, "metadata", "name") != c.name() ||
					!strings.Contains(fieldStr(obj, "metadata", "annotations", injectCAAnnotation), "CERTIFICATE_NAME") {
					return fmt.Errorf("%s exists and does not inject the CA into %s", p.rel(abs), c.name())
				}
			} else {
				p.files[abs] = []byte("# Asks cert-manager to inject the serving CA into the CRD's conversion webhook.\n" + yamlOf(omap{
					{"apiVersion", "apiextensions.k8s.io/v1"}, {"kind", "CustomResourceDefinition"},
					{"metadata", omap{
						{"annotations", omap{{injectCAAnnotation, "$(CERTIFICATE_NAMESPACE)/$(CERTIFICATE_NAME)"}}},
						{"name", c.name()},
					}},
				}))
			}
			if slices.Contains(kd.patchPaths(), rel) {
				continue
			}
			if usePSM {
				items = append(items, rel)
			} else {
				items = append(items, "path: "+rel)
			}
		}
		if len(items) == 0 {
			continue
		}
		key := "patches"
		if usePSM {
			key = "patchesStrategicMerge"
		}
		if err := p.editList(kfile, key, items); err != nil {
			return err
		}
	}
	return nil
}

func (o *kobj) orgNameOr(def string) string {
	if o == nil || o.orgName == "" {
		return def
	}
	return o.orgName
}

// verifyConversionWiring checks the rendered plan: each CRD converts
// through the webhook Service with the Certificate's CA, the Certificate
// names the Service, the Service selects the manager's pods on the port it
// serves, the manager mounts the Secret, and every object rendered before
// still renders unchanged (but for the CRDs and the manager Deployment).
func verifyConversionWiring(cfg string, before, after []*kobj, w wiring, crds []ConversionCRD) []string {
	var probs []string
	w2, reason := findWiring(cfg, after)
	if w2.state != wiringDone {
		return []string{"webhook serving: " + reason}
	}
	want := w2.cert.ns + "/" + w2.cert.name
	for _, c := range crds {
		o := findObj(after, "apiextensions.k8s.io", "CustomResourceDefinition", "", c.name())
		if o == nil {
			probs = append(probs, c.name()+" is missing")
			continue
		}
		conv := fieldMap(o.obj, "spec", "conversion")
		svc := fieldMap(conv, "webhook", "clientConfig", "service")
		switch {
		case fieldStr(conv, "strategy") != "Webhook":
			probs = append(probs, c.name()+" does not convert through a webhook")
		case fieldStr(svc, "name") != w2.svc.name || fieldStr(svc, "namespace") != w2.svc.ns:
			probs = append(probs, fmt.Sprintf("%s names the Service %s/%s, not %s/%s", c.name(), fieldStr(svc, "namespace"), fieldStr(svc, "name"), w2.svc.ns, w2.svc.name))
		case fieldStr(svc, "path") != "/convert":
			probs = append(probs, c.name()+" converts on a path other than /convert")
		case fieldStr(o.obj, "metadata", "annotations", injectCAAnnotation) != want:
			probs = append(probs, fmt.Sprintf("%s has %s %q, not %q", c.name(), injectCAAnnotation, fieldStr(o.obj, "metadata", "annotations", injectCAAnnotation), want))
		}
	}
	if w.state == wiringNone {
		if m := strings.TrimSuffix(mountOf(w2.dep, w2.container, w2.secret), "/"); m != strings.TrimSuffix(w.serving.certDir, "/") {
			probs = append(probs, fmt.Sprintf("the manager mounts the certificate at %q, not %q", m, w.serving.certDir))
		}
		served := false
		for _, pt := range fieldList(w2.svc.obj, "spec", "ports") {
			if tp, ok := field(pt, "targetPort").(float64); ok && int(tp) == w.serving.port {
				served = true
			}
		}
		if !served {
			probs = append(probs, "the webhook Service does not target port "+strconv.Itoa(w.serving.port))
		}
	}
	changed := map[string]bool{w.dep.id(): w.state == wiringNone}
	for _, c := range crds {
		if o := findObj(before, "apiextensions.k8s.io", "CustomResourceDefinition", "", c.name()); o != nil {
			changed[o.id()] = true
		}
	}
	byID := map[string]*kobj{}
	for _, o := range after {
		byID[o.id()] = o
	}
	for _, o := range before {
		a := byID[o.id()]
		switch {
		case a == nil:
			probs = append(probs, o.id()+" no longer renders")
		case !changed[o.id()] && !reflect.DeepEqual(a.obj, o.obj):
			probs = append(probs, o.id()+" renders differently")
		}
	}
	return probs
}

// networkPolicyNote warns when a rendered NetworkPolicy limits ingress to
// the manager's pods without letting the API server reach the webhook port
// (conversion requests would time out).
func networkPolicyNote(objs []*kobj, w wiring) string {
	podLabels := fieldMap(w.dep.obj, "spec", "template", "metadata", "labels")
	targets := map[string]bool{}
	for _, pt := range fieldList(w.svc.obj, "spec", "ports") {
		tp := field(pt, "targetPort")
		targets[fmt.Sprint(tp)] = true
		for _, cp := range fieldList(containerNamed(w.dep, w.container), "ports") {
			if fieldStr(cp, "name") == fmt.Sprint(tp) {
				targets[fmt.Sprint(field(cp, "containerPort"))] = true
			}
		}
	}
	var blocking []string
	for _, o := range objs {
		if o.group != "networking.k8s.io" || o.kind != "NetworkPolicy" ||
			!subset(fieldMap(o.obj, "spec", "podSelector", "matchLabels"), podLabels) || len(fieldList(o.obj, "spec", "podSelector", "matchExpressions")) > 0 {
			continue
		}
		types := stringsOf(fieldList(o.obj, "spec", "policyTypes"))
		if len(types) > 0 && !slices.Contains(types, "Ingress") {
			continue
		}
		allowed := false
		for _, r := range fieldList(o.obj, "spec", "ingress") {
			ports := fieldList(r, "ports")
			if len(ports) == 0 {
				allowed = true
			}
			for _, pt := range ports {
				if targets[fmt.Sprint(field(pt, "port"))] {
					allowed = true
				}
			}
		}
		if !allowed {
			blocking = append(blocking, o.ns+"/"+o.name)
		}
	}
	if len(blocking) == 0 {
		return ""
	}
	return fmt.Sprintf("conversion webhook: the NetworkPolicy %s limits ingress to the manager's pods and does not admit the webhook port: "+
		"allow the API server to reach it (kubebuilder scaffolds config/network-policy/allow-webhook-traffic.yaml) or conversion requests will fail",
		strings.Join(blocking, ", "))
}
