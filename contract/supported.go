package contract

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// CoreRange is the core releases a provider supports: from the core its
// go.mod requires (Oldest) up to the newest release the catalog describes.
// A fix must not change what any of them reads.
type CoreRange struct{ Oldest, Newest Release }

// SupportedCores is the range from oldest to the newest catalogued release.
func SupportedCores(oldest Release) CoreRange {
	return CoreRange{Oldest: oldest, Newest: NewestCatalogRelease()}
}

// boundaries are the releases where some reading of the catalog changes:
// a read window's ends and the releases that learn or drop a contract.
func boundaries() []Release {
	seen := map[Release]bool{ReleaseV1Beta2: true, ReleaseV1Beta1Dropped: true}
	for _, k := range Kinds {
		for _, p := range k.points {
			for _, rd := range p.Reads {
				for _, b := range []Release{rd.Since, rd.Until} {
					if b != "" {
						seen[b] = true
					}
				}
			}
		}
	}
	out := slices.Collect(maps.Keys(seen))
	slices.SortFunc(out, func(a, b Release) int {
		if a.Less(b) {
			return -1
		}
		if b.Less(a) {
			return 1
		}
		return 0
	})
	return out
}

// NewestCatalogRelease is the newest release the catalog describes a reading of.
func NewestCatalogRelease() Release {
	b := boundaries()
	return b[len(b)-1]
}

// Windows splits r at the catalog's boundaries: every core in one window
// reads alike, so its first release stands for it. Each window is
// [From, Until); the last one's Until is empty (r.Newest and later).
func (r CoreRange) Windows() []CoreWindow {
	out := []CoreWindow{{From: r.Oldest}}
	for _, b := range boundaries() {
		if r.Oldest.Less(b) && !r.Newest.Less(b) {
			out[len(out)-1].Until = b
			out = append(out, CoreWindow{From: b})
		}
	}
	return out
}

// CoreWindow is the core releases from From (inclusive) to Until (exclusive, empty: no end).
type CoreWindow struct{ From, Until Release }

func (w CoreWindow) String() string {
	if w.Until == "" {
		return w.From.String() + " and later"
	}
	return fmt.Sprintf("%s up to %s", w.From, w.Until)
}

func (r Release) String() string { return string(r) }

// ContractReadAt is the contract a core release reads the API version of a
// CRD with these contract labels by, "" when it reads another version
// (conversion serves it this one's fields) or cannot resolve the labels. A
// core before v1.11 knows only v1beta1: it reads by it the version its
// v1beta1 label names, and is taken to read this one when no label says
// which (it cannot resolve the kind then, but keeping what it would read is the safe side).
func ContractReadAt(labels map[string]string, version string, core Release) Contract {
	c, api, err := ResolveContractAt(labels, core)
	if !Knows(core, V1Beta2) && err != nil {
		return V1Beta1
	}
	if err != nil || api != version {
		return ""
	}
	return c
}

// readsPoint reports whether core, reading by contract c, reads the point
// of contract pc at path.
func readsPoint(k *Kind, pc Contract, path string, core Release, c Contract) bool {
	p, ok := k.Point(pc, path)
	return ok && slices.ContainsFunc(p.Reads, func(rd Read) bool { return rd.covers(core, c) })
}

// V1Beta1Reader returns the first span of r's cores that read the v1beta1
// point at path of kind k by the v1beta1 contract, on API version version
// of a CRD with these labels (its adjacent windows joined). While one does,
// the field must stay where it is (its v1beta2 successor goes beside it):
// moving it under status.deprecated.v1beta1 changes what that core reads.
//
// Another served version a core reads by the v1beta1 contract counts too:
// it is converted from the storage version, so keeping the field there
// keeps what that core reads whatever the conversion does, and the answer
// stays the same when the rewrite moves a version from the v1beta1 label
// to the v1beta2 one (a second run decides as the first did).
func V1Beta1Reader(k *Kind, path, version string, labels map[string]string, r CoreRange) (CoreWindow, bool) {
	versions := labelledVersions(labels, version)
	var span CoreWindow
	found := false
	for _, w := range r.Windows() {
		reads := slices.ContainsFunc(versions, func(v string) bool { return ContractReadAt(labels, v, w.From) == V1Beta1 }) &&
			readsPoint(k, V1Beta1, path, w.From, V1Beta1)
		switch {
		case reads && !found:
			span, found = w, true
		case reads:
			span.Until = w.Until
		case found:
			return span, true
		}
	}
	return span, found
}

// labelledVersions is version and every API version a contract label names.
func labelledVersions(labels map[string]string, version string) []string {
	out := []string{version}
	for _, key := range slices.Sorted(maps.Keys(labels)) {
		if !strings.HasPrefix(key, LabelPrefix) {
			continue
		}
		for v := range strings.SplitSeq(labels[key], "_") {
			if v != "" && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// WithV1Beta2Label is labels (not changed) with version added to the
// v1beta2 contract label: the labels a version has once the rewrite labels it.
func WithV1Beta2Label(labels map[string]string, version string) map[string]string {
	out := maps.Clone(labels)
	if out == nil {
		out = map[string]string{}
	}
	key := LabelKey(string(V1Beta2))
	vs := strings.Split(out[key], "_")
	if !slices.Contains(vs, version) {
		out[key] = strings.Trim(out[key]+"_"+version, "_")
	}
	return out
}

// LabelsAfterRewrite are a CRD's contract labels once `mpaudit rewrite`
// labels API version version of kind k v1beta2 (WithV1Beta2Label), or
// labels as they are when it cannot: for a kind core maps an API version
// back to one contract by (a ControlPlane), a version the v1beta1 label
// lists stays there for older cores, and the pair would have no
// deterministic contract (MPA345), so the rewrite holds that label.
func LabelsAfterRewrite(k *Kind, labels map[string]string, version string) map[string]string {
	if k.MapsVersionToContract() && slices.Contains(strings.Split(labels[LabelKey(string(V1Beta1))], "_"), version) {
		return labels
	}
	return WithV1Beta2Label(labels, version)
}

// WindowReads is what the cores of one window read of an API version: the
// contract they read it by and, of the given paths, those they read.
type WindowReads struct {
	Window   CoreWindow
	Contract Contract // "": these cores read another version, or none
	Paths    []string
}

// ReadsOver lists, window by window of r, which of paths (JSON paths the
// type has) core reads on API version version of kind k with these labels,
// by the contract it resolves the version to. A path is read when a point
// of that contract at that path, or a point of the other contract read
// whatever the label (the v1beta1 failure fields), has a read window covering the core.
func ReadsOver(k *Kind, version string, labels map[string]string, paths []string, r CoreRange) []WindowReads {
	var out []WindowReads
	for _, w := range r.Windows() {
		c := ContractReadAt(labels, version, w.From)
		wr := WindowReads{Window: w, Contract: c}
		if c != "" {
			for _, path := range paths {
				if readsPoint(k, V1Beta1, path, w.From, c) || readsPoint(k, V1Beta2, path, w.From, c) {
					wr.Paths = append(wr.Paths, path)
				}
			}
		}
		out = append(out, wr)
	}
	return out
}
