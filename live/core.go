package live

import (
	"context"
	"fmt"
	"strings"

	"golang.org/x/mod/semver"
	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/mpaudit/mpaudit/contract"
)

// detectCore finds the core version: clusterctl's provider inventory, else
// the core controller's image tag. ok is false when neither says.
func detectCore(ctx context.Context, src Source, crds *crdIndex) (version, how string, ok bool) {
	if crd := crds.byGroupKind(schema.GroupKind{Group: contract.ClusterctlGroup, Kind: contract.ClusterctlProviderKind}); crd != nil {
		if v := servedVersion(crd); v != "" {
			var found string
			_ = src.List(ctx, schema.GroupVersionKind{Group: contract.ClusterctlGroup, Version: v, Kind: contract.ClusterctlProviderKind}, Scope{},
				func(u *unstructured.Unstructured) error {
					typ, _, _ := unstructured.NestedString(u.Object, "type")
					name, _, _ := unstructured.NestedString(u.Object, "providerName")
					ver, _, _ := unstructured.NestedString(u.Object, "version")
					if typ == contract.CoreProviderType && name == contract.CoreProviderName && semver.IsValid(ver) && found == "" {
						found = ver
					}
					return nil
				})
			if found != "" {
				return found, "clusterctl provider inventory (" + contract.ClusterctlGroup + ")", true
			}
		}
	}
	var found, where string
	_ = src.List(ctx, schema.GroupVersionKind{Group: "apps", Version: "v1", Kind: "Deployment"}, Scope{LabelSelector: contract.CoreProviderLabel},
		func(u *unstructured.Unstructured) error {
			containers, _, _ := unstructured.NestedSlice(u.Object, "spec", "template", "spec", "containers")
			for _, c := range containers {
				m, _ := c.(map[string]any)
				image, _ := m["image"].(string)
				if tag := imageTag(image, contract.CoreControllerImage); tag != "" && found == "" {
					found, where = tag, fmt.Sprintf("image of Deployment %s/%s (%s)", u.GetNamespace(), u.GetName(), image)
				}
			}
			return nil
		})
	if found != "" {
		return found, where, true
	}
	return "", "", false
}

// imageTag returns the semver tag of an image whose name ends in name.
func imageTag(image, name string) string {
	image, _, _ = strings.Cut(image, "@")
	i := strings.LastIndex(image, ":")
	if i < 0 || strings.Contains(image[i:], "/") {
		return ""
	}
	repo, tag := image[:i], image[i+1:]
	if !strings.HasSuffix(repo, "/"+name) && repo != name {
		return ""
	}
	if !semver.IsValid(tag) {
		return ""
	}
	return tag
}

func servedVersion(crd *apiextensionsv1.CustomResourceDefinition) string {
	best := ""
	for _, v := range crd.Spec.Versions {
		if v.Served && (best == "" || v.Storage) {
			best = v.Name
		}
	}
	return best
}

// resolveTarget applies the precedence: an explicit --capi-version wins,
// then what the cluster says, then the default.
func resolveTarget(ctx context.Context, src Source, crds *crdIndex, override string) (contract.CoreTarget, []string, error) {
	var notes []string
	detected, how, ok := detectCore(ctx, src, crds)
	if override != "" {
		t, err := contract.TargetForVersion(override, "flag --capi-version")
		if err == nil && ok && semver.Compare(detected, t.Version) != 0 {
			notes = append(notes, fmt.Sprintf("%s: --capi-version %s overrides the detected %s (%s)", src.Name(), t.Version, detected, how))
		}
		return t, notes, err
	}
	if ok {
		t, err := contract.TargetForVersion(detected, how)
		return t, notes, err
	}
	t := contract.DefaultTarget()
	t.Source = "default: no clusterctl inventory or core controller Deployment found; pass --capi-version"
	notes = append(notes, src.Name()+": core version not detected; assuming "+t.Version)
	return t, notes, nil
}
