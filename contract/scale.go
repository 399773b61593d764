package contract

import (
	"fmt"
	"strings"
)

// ScaleSubresource is a CRD version's scale subresource, as the JSON paths
// the API server reads (".spec.replicas").
type ScaleSubresource struct {
	SpecReplicasPath   string
	StatusReplicasPath string
	LabelSelectorPath  string
}

// controlPlaneScale is the scale subresource the ControlPlane replicas rule
// requires ("the ControlPlane custom resource definition MUST support the
// scale subresource with the following signature").
var controlPlaneScale = ScaleSubresource{
	SpecReplicasPath:   ".spec.replicas",
	StatusReplicasPath: ".status.replicas",
	LabelSelectorPath:  ".status.selector",
}

// MarkerScale is the prefix of controller-gen's scale subresource marker.
const MarkerScale = "kubebuilder:subresource:scale"

// Marker is the kubebuilder marker that generates s.
func (s ScaleSubresource) Marker() string {
	m := fmt.Sprintf("+%s:specpath=%s,statuspath=%s", MarkerScale, s.SpecReplicasPath, s.StatusReplicasPath)
	if s.LabelSelectorPath != "" {
		m += ",selectorpath=" + s.LabelSelectorPath
	}
	return m
}

// ParseScaleMarker reads a +kubebuilder:subresource:scale marker given as
// name and value the way the marker parsers split it at the first '='
// ("kubebuilder:subresource:scale:specpath", ".spec.replicas,statuspath=...").
// ok is false for another marker.
func ParseScaleMarker(name, value string) (s ScaleSubresource, ok bool) {
	text := name
	if value != "" {
		text += "=" + value
	}
	args, found := strings.CutPrefix(text, MarkerScale)
	if !found || (args != "" && args[0] != ':') {
		return ScaleSubresource{}, false
	}
	for arg := range strings.SplitSeq(strings.TrimPrefix(args, ":"), ",") {
		k, v, _ := strings.Cut(arg, "=")
		v = strings.Trim(strings.TrimSpace(v), "\"`")
		switch strings.TrimSpace(k) {
		case "specpath":
			s.SpecReplicasPath = v
		case "statuspath":
			s.StatusReplicasPath = v
		case "selectorpath":
			s.LabelSelectorPath = v
		}
	}
	return s, true
}

// ScaleProblems compares the scale subresource a CRD version has (nil when
// none) with the one the kind requires; nil when they agree or the kind
// requires none.
func (k *Kind) ScaleProblems(got *ScaleSubresource) []string {
	want := k.Scale
	if want == nil {
		return nil
	}
	if got == nil {
		return []string{"it has no scale subresource"}
	}
	var out []string
	for _, c := range []struct{ name, got, want string }{
		{"specReplicasPath", got.SpecReplicasPath, want.SpecReplicasPath},
		{"statusReplicasPath", got.StatusReplicasPath, want.StatusReplicasPath},
		{"labelSelectorPath", got.LabelSelectorPath, want.LabelSelectorPath},
	} {
		switch {
		case c.got == c.want:
		case c.got == "":
			out = append(out, fmt.Sprintf("its scale subresource has no %s (want %s)", c.name, c.want))
		default:
			out = append(out, fmt.Sprintf("its scale subresource's %s is %s, want %s", c.name, c.got, c.want))
		}
	}
	return out
}

// ScaleTrigger is the JSON path whose presence makes the kind's scale
// subresource and replica status a MUST (spec.replicas); "" when the kind
// requires no scale subresource.
func (k *Kind) ScaleTrigger() string {
	if k.Scale == nil {
		return ""
	}
	return strings.TrimPrefix(k.Scale.SpecReplicasPath, ".")
}

// scaleProblemsInSchema adds to ScaleProblems what the schema of the version
// lacks: the scale subresource reads status.replicas and status.selector
// (the selector as a string) at the paths the contract gives.
func scaleProblemsInSchema(k *Kind, schema CRDSchema, version string) []string {
	var got *ScaleSubresource
	if s, ok := schema.Scale(version); ok {
		got = &s
	}
	out := k.ScaleProblems(got)
	for _, path := range []string{k.Scale.StatusReplicasPath, k.Scale.LabelSelectorPath} {
		path = strings.TrimPrefix(path, ".")
		typ, has := schema.Lookup(version, path)
		want := "integer"
		if "."+path == k.Scale.LabelSelectorPath {
			want = "string"
		}
		switch {
		case !has:
			out = append(out, fmt.Sprintf("its schema has no %s", path))
		case typ != "" && typ != want:
			out = append(out, fmt.Sprintf("its schema gives %s the type %s, not %s", path, typ, want))
		}
	}
	return out
}
