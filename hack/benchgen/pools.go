package main

import (
	"fmt"
	"strings"
)

// poolCode writes p's use sites for one API package: exported helpers that
// read and write pool readiness and provider IDs, a scope type that hides the
// pool behind a field, and a status literal. It returns the name of the
// scope's pool field.
func poolCode(f *goFile, p *pkg, a apiRef, r *rng) string {
	alias := f.use(a.path(), a.alias())
	v := map[string]string{
		"A":  alias,
		"K":  a.g.Kind(),
		"S":  a.suffix(),
		"LS": strings.ToLower(a.suffix()[:1]) + a.suffix()[1:],
		"V":  p.varNames[0],
		"W":  p.varNames[1],
		"X":  p.varNames[2],
		"F":  pick(r, []string{"MachinePool", "Pool", "InfraMachinePool", "Object"}),
		"N":  fmt.Sprint(a.g.idx),
		"P":  p.name,
	}
	f.use("fmt", "")
	switch {
	case a.spoke():
		f.use(capiV1b1Path, "clusterv1beta1")
		f.use(metav1Path, "metav1")
		f.p(expand(`// MarkReady$S records the pool's instances and marks $V ready.
func MarkReady$S($V *$A.$K, ids []string) {
	$V.Spec.ProviderIDList = append($V.Spec.ProviderIDList[:0], ids...)
	if $V.Spec.ProviderID == "" && len(ids) > 0 {
		$V.Spec.ProviderID = ids[0]
	}
	$V.Status.Replicas = int32(len(ids))
	$V.Status.Ready = true
	$V.Status.Conditions = append($V.Status.Conditions[:0], clusterv1beta1.Condition{
		Type:               clusterv1beta1.ReadyCondition,
		Status:             "True",
		LastTransitionTime: metav1.Now(),
	})
}

// IsReady$S reports whether the v1beta1 pool is ready.
func IsReady$S($W *$A.$K) bool {
	if $W.Status.Ready {
		return true
	}
	for _, c := range $W.Status.Conditions {
		if c.Type == clusterv1beta1.ReadyCondition && c.Status == "True" {
			return true
		}
	}
	return false
}

// Failure$S returns the pool's terminal failure, if any.
func Failure$S($X *$A.$K) error {
	if $X.Status.FailureReason == nil {
		return nil
	}
	msg := ""
	if $X.Status.FailureMessage != nil {
		msg = *$X.Status.FailureMessage
	}
	return fmt.Errorf("pool %s/%s failed (%s): %s", $X.Namespace, $X.Name, *$X.Status.FailureReason, msg)
}

type $LSScope struct {
	$F *$A.$K
	name string
}

func (s *$LSScope) setProvisioned(v bool) {
	s.$F.Status.Ready = v
}

func (s *$LSScope) providerIDs() []string {
	out := make([]string, 0, len(s.$F.Spec.ProviderIDList))
	for _, id := range s.$F.Spec.ProviderIDList {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}

func reset$S($V *$A.$K) {
	$V.Status = $A.$KStatus{Ready: false, Replicas: 0}
}
`, v))
	case a.g.dual:
		f.use(ptrPath, "")
		f.p(expand(`// MarkReady$S records the pool's instances and marks $V provisioned.
func MarkReady$S($V *$A.$K, ids []string) {
	$V.Spec.ProviderIDList = append($V.Spec.ProviderIDList[:0], ids...)
	if $V.Spec.ProviderID == "" && len(ids) > 0 {
		$V.Spec.ProviderID = ids[0]
	}
	$V.Status.Replicas = int32(len(ids))
	$V.Status.Initialization.Provisioned = ptr.To(true)
	$V.Status.Ready = ptr.To(true)
}

// IsReady$S reports whether the pool's infrastructure is provisioned.
func IsReady$S($W *$A.$K) bool {
	st := &$W.Status
	if st.Initialization.Provisioned != nil {
		return *st.Initialization.Provisioned
	}
	return ptr.Deref(st.Ready, false)
}

// Failure$S returns the pool's deprecated terminal failure, if any.
func Failure$S($X *$A.$K) error {
	d := $X.Status.Deprecated
	if d == nil || d.V1Beta1 == nil || d.V1Beta1.FailureReason == nil {
		return nil
	}
	return fmt.Errorf("pool %s/%s failed: %s", $X.Namespace, $X.Name, *d.V1Beta1.FailureReason)
}

type $LSScope struct {
	$F *$A.$K
	name string
}

func (s *$LSScope) setProvisioned(v bool) {
	s.$F.Status.Initialization.Provisioned = ptr.To(v)
	s.$F.Status.Ready = ptr.To(v)
}

func (s *$LSScope) providerIDs() []string {
	out := make([]string, 0, len(s.$F.Spec.ProviderIDList))
	for _, id := range s.$F.Spec.ProviderIDList {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}

func reset$S($V *$A.$K) {
	$V.Status = $A.$KStatus{
		Ready:          ptr.To(false),
		Initialization: $A.$KInitializationStatus{Provisioned: ptr.To(false)},
	}
}
`, v))
		if p.sloppy {
			f.p(expand(`
// quickReady$S only sets the field released cores read.
func quickReady$S($X *$A.$K) {
	$X.Status.Ready = ptr.To(true)
}
`, v))
		}
	default:
		f.p(expand(`// MarkReady$S records the pool's instances and marks $V ready.
func MarkReady$S($V *$A.$K, ids []string) {
	$V.Spec.ProviderIDList = append($V.Spec.ProviderIDList[:0], ids...)
	if $V.Spec.ProviderID == "" && len(ids) > 0 {
		$V.Spec.ProviderID = ids[0]
	}
	$V.Status.Replicas = int32(len(ids))
	$V.Status.Ready = true
}

// IsReady$S reports whether the pool is ready.
func IsReady$S($W *$A.$K) bool {
	st := &$W.Status
	return st.Ready && st.Replicas > 0
}

// Failure$S returns the pool's deprecated terminal failure, if any.
func Failure$S($X *$A.$K) error {
	d := $X.Status.Deprecated
	if d == nil || d.V1Beta1 == nil || d.V1Beta1.FailureMessage == nil {
		return nil
	}
	return fmt.Errorf("pool %s/%s failed: %s", $X.Namespace, $X.Name, *d.V1Beta1.FailureMessage)
}

type $LSScope struct {
	$F *$A.$K
	name string
}

func (s *$LSScope) setProvisioned(v bool) {
	s.$F.Status.Ready = v
}

func (s *$LSScope) providerIDs() []string {
	out := make([]string, 0, len(s.$F.Spec.ProviderIDList))
	for _, id := range s.$F.Spec.ProviderIDList {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}

func reset$S($V *$A.$K) {
	$V.Status = $A.$KStatus{Ready: false}
}
`, v))
	}
	if !a.spoke() {
		f.p("\n")
		kindCode(f, p, a)
	}
	if p.withCRD {
		f.use(contractPath, "")
		f.p(expand(`
// crdName$S is the CRD name Cluster API looks the pool up by.
func crdName$S() string {
	return contract.CalculateCRDName($A.GroupVersion.Group, "$K")
}
`, v))
	}
	return v["F"]
}

// syncPools writes SyncPools, which drives p's pool helpers (and its
// dependencies' helpers for the same API packages).
func syncPools(f *goFile, p *pkg, fields map[apiRef]string) {
	f.p("// SyncPools runs the pool helpers of ", p.name, " over names and counts ready pools.\n")
	f.p("func SyncPools(names []string) int {\n\tn := 0\n\tfor i, name := range names {\n")
	for j, a := range p.apis {
		alias := a.alias()
		s := a.suffix()
		obj := fmt.Sprintf("obj%d", j)
		f.p(expand(`
		$O := &$A.$K{}
		$O.Name = name
		$O.Namespace = "default"
		MarkReady$S($O, []string{fmt.Sprintf("foo$N://%s/%d", name, i)})
		if IsReady$S($O) {
			n++
		}
		if err := Failure$S($O); err != nil {
			n--
		}
		s$J := &$LSScope{$F: $O, name: name}
		s$J.setProvisioned(i%2 == 0)
		n += len(s$J.providerIDs()) + len(s$J.name)
		if i > 3 {
			reset$S($O)
		}
`, map[string]string{"O": obj, "A": alias, "K": a.g.Kind(), "S": s, "N": fmt.Sprint(a.g.idx), "J": fmt.Sprint(j),
			"LS": strings.ToLower(s[:1]) + s[1:], "F": fields[a]}))
		if p.sloppy && a.g.dual && !a.spoke() {
			f.p("\t\tquickReady", s, "(", obj, ")\n")
		}
		if p.withCRD {
			f.p("\t\tn += len(crdName", s, "())\n")
		}
		if !a.spoke() {
			kindCalls(f, p, a, j)
		}
		for _, d := range p.deps {
			if d.has(a) {
				f.p("\t\tif ", d.name, ".IsReady", s, "(", obj, ") {\n\t\t\tn++\n\t\t}\n")
			}
		}
	}
	if p.convert != nil {
		f.p("\t\tn += convertRoundTrip(name)\n")
	}
	f.p("\t}\n\treturn n\n}\n\n")
}

// conversionCode writes hub/spoke conversion functions for a group.
func conversionCode(f *goFile, g group) {
	spoke, hub := apiRef{g, "v1beta1"}, apiRef{g, "v1beta2"}
	v := map[string]string{"B1": spoke.alias(), "B2": hub.alias(), "K": g.Kind(), "N": fmt.Sprint(g.idx)}
	f.use(capiV1b1Path, "clusterv1beta1")
	var toHubReady, fromHubReady string
	if g.dual {
		f.use(ptrPath, "")
		toHubReady = `	dst.Status.Ready = ptr.To(src.Status.Ready)
	if src.Status.Ready {
		dst.Status.Initialization.Provisioned = ptr.To(true)
	}
`
		fromHubReady = `	dst.Status.Ready = ptr.Deref(src.Status.Initialization.Provisioned, ptr.Deref(src.Status.Ready, false))
`
	} else {
		toHubReady = "\tdst.Status.Ready = src.Status.Ready\n"
		fromHubReady = "\tdst.Status.Ready = src.Status.Ready\n"
	}
	f.p(expand(`// ConvertToHubFoo$N converts a v1beta1 $K to the v1beta2 storage version.
func ConvertToHubFoo$N(src *$B1.$K, dst *$B2.$K) {
	dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
	dst.Spec.ProviderID = src.Spec.ProviderID
	dst.Spec.ProviderIDList = append([]string(nil), src.Spec.ProviderIDList...)
	dst.Spec.InstanceType = src.Spec.InstanceType
	dst.Spec.MinSize, dst.Spec.MaxSize = src.Spec.MinSize, src.Spec.MaxSize
	dst.Spec.AdditionalTags = make(map[string]string, len(src.Spec.AdditionalTags))
	for k, val := range src.Spec.AdditionalTags {
		dst.Spec.AdditionalTags[k] = val
	}
	dst.Status.Replicas = src.Status.Replicas
`+toHubReady+`	dst.Status.Instances = dst.Status.Instances[:0]
	for _, inst := range src.Status.Instances {
		dst.Status.Instances = append(dst.Status.Instances, $B2.$KInstanceStatus{
			InstanceName: inst.InstanceName,
			ProviderID:   inst.ProviderID,
			Version:      inst.Version,
			Ready:        inst.Ready,
		})
	}
	if len(src.Status.Conditions) > 0 || src.Status.FailureReason != nil || src.Status.FailureMessage != nil {
		dst.Status.Deprecated = &$B2.$KDeprecatedStatus{V1Beta1: &$B2.$KV1Beta1DeprecatedStatus{
			Conditions:     append(clusterv1beta1.Conditions(nil), src.Status.Conditions...),
			FailureReason:  src.Status.FailureReason,
			FailureMessage: src.Status.FailureMessage,
		}}
	}
}

// ConvertFromHubFoo$N converts the v1beta2 storage version back to v1beta1.
func ConvertFromHubFoo$N(src *$B2.$K, dst *$B1.$K) {
	dst.ObjectMeta = *src.ObjectMeta.DeepCopy()
	dst.Spec.ProviderID = src.Spec.ProviderID
	dst.Spec.ProviderIDList = append([]string(nil), src.Spec.ProviderIDList...)
	dst.Spec.InstanceType = src.Spec.InstanceType
	dst.Spec.MinSize, dst.Spec.MaxSize = src.Spec.MinSize, src.Spec.MaxSize
	dst.Status.Replicas = src.Status.Replicas
`+fromHubReady+`	dst.Status.Instances = nil
	for _, inst := range src.Status.Instances {
		dst.Status.Instances = append(dst.Status.Instances, $B1.$KInstanceStatus(inst))
	}
	if d := src.Status.Deprecated; d != nil && d.V1Beta1 != nil {
		dst.Status.Conditions = d.V1Beta1.Conditions
		dst.Status.FailureReason = d.V1Beta1.FailureReason
		dst.Status.FailureMessage = d.V1Beta1.FailureMessage
	}
}

func convertRoundTrip(name string) int {
	spoke := &$B1.$K{}
	spoke.Name = name
	MarkReadyFoo$NV1beta1(spoke, []string{"foo$N:///" + name})
	hub := &$B2.$K{}
	ConvertToHubFoo$N(spoke, hub)
	back := &$B1.$K{}
	ConvertFromHubFoo$N(hub, back)
	if IsReadyFoo$NV1beta2(hub) != IsReadyFoo$NV1beta1(back) {
		return 0
	}
	return len(back.Spec.ProviderIDList)
}

`, v))
}
