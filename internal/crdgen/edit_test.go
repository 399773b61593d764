package crdgen

import (
	"errors"
	"slices"
	"strings"
	"testing"

	apiextv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"
)

func schemaOf(t *testing.T, src string) *apiextv1.JSONSchemaProps {
	t.Helper()
	var s apiextv1.JSONSchemaProps
	if err := yaml.UnmarshalStrict([]byte(src), &s); err != nil {
		t.Fatal(err)
	}
	return &s
}

// Two generations of one version: zones becomes a list, ready goes,
// name comes (between existing keys) and zz comes (after the last).
const origSchema = `
properties:
  status:
    description: FooStatus is the observed state.
    properties:
      phase:
        description: phase is a long description that the emitter folds because it runs past the width.
        type: string
      ready:
        description: ready is true when done.
        type: boolean
      zones:
        additionalProperties:
          type: string
        description: zones by name.
        type: object
    type: object
type: object
`

const nextSchema = `
properties:
  status:
    description: FooStatus is the observed state.
    properties:
      name:
        description: name is a new field whose description is long enough to be folded by the emitter too.
        type: string
      phase:
        description: phase is a long description that the emitter folds because it runs past the width.
        type: string
      zones:
        description: zones as a list.
        items:
          type: string
        type: array
        x-kubernetes-list-type: set
      zz:
        type: integer
    type: object
type: object
`

// committedFile is origSchema as controller-gen writes it, after another
// CRD's document, with a comment a person added.
const committedFile = `---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: bars.example.com
spec:
  group: example.com
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  # kept by hand
  name: foos.example.com
spec:
  group: example.com
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        properties:
          status:
            description: FooStatus is the observed state.
            properties:
              phase:
                description: phase is a long description that the emitter folds
                  because it runs past the width.
                type: string
              ready:
                description: ready is true when done.
                type: boolean
              zones:
                additionalProperties:
                  type: string
                description: zones by name.
                type: object
            type: object
        type: object
    served: true
    storage: true
`

const editedFile = `---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: bars.example.com
spec:
  group: example.com
---
apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  # kept by hand
  name: foos.example.com
spec:
  group: example.com
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        properties:
          status:
            description: FooStatus is the observed state.
            properties:
              name:
                description: name is a new field whose description is long enough
                  to be folded by the emitter too.
                type: string
              phase:
                description: phase is a long description that the emitter folds
                  because it runs past the width.
                type: string
              zones:
                description: zones as a list.
                items:
                  type: string
                type: array
                x-kubernetes-list-type: set
              zz:
                type: integer
            type: object
        type: object
    served: true
    storage: true
`

func TestEdit(t *testing.T) {
	orig, next := schemaOf(t, origSchema), schemaOf(t, nextSchema)
	for _, tc := range []struct {
		name, committed, want, variant, reason string
		paths                                  []string
		unchanged                              bool // the types change no schema: no edit, no error
	}{
		{name: "reproduced", committed: committedFile, want: editedFile, variant: "descriptions kept",
			paths: []string{"v1: status.name added", "v1: status.ready removed", "v1: status.zones changed", "v1: status.zz added"}},
		{name: "descriptions dropped", variant: "crd:maxDescLen=0",
			committed: stripDescriptions(committedFile), want: stripDescriptions(editedFile),
			paths: []string{"v1: status.name added", "v1: status.ready removed", "v1: status.zones changed", "v1: status.zz added"}},
		{name: "hand edit inside a changed schema", committed: replace(t, committedFile, "                description: zones by name.\n", "                description: zones by name.\n                maxProperties: 3\n"),
			reason: "its schema of v1 at status.zones differs from what controller-gen generates from the original types (edited by hand, or made with other options or another controller-gen)"},
		{name: "field the original lacks", committed: replace(t, committedFile, "              ready:\n", "              name:\n                type: string\n              ready:\n"),
			reason: "its schema of v1 has status.name, which controller-gen does not generate from the original types"},
		{name: "unstructured", committed: replace(t, committedFile, "            properties:\n              phase:", "            x-kubernetes-preserve-unknown-fields: true\n            xproperties:\n              phase:"),
			reason: "its schema of v1 has no properties under status, where controller-gen puts status.name (a hand-written or unstructured schema)"},
		{name: "no such version", committed: replace(t, committedFile, "  - name: v1\n", "  - name: v2\n"), reason: "it has no version v1"},
		{name: "no such document", committed: replace(t, committedFile, "name: foos.example.com", "name: other.example.com"), reason: "it has no document named foos.example.com"},
		{name: "no schema change", committed: committedFile, unchanged: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			changes := []VersionChange{{Version: "v1", Original: orig, Rewritten: next}}
			if tc.unchanged {
				changes[0].Rewritten = orig
			}
			e, err := Edit([]byte(tc.committed), []byte(tc.committed), "foos.example.com", changes)
			if tc.unchanged {
				if e != nil || err != nil {
					t.Errorf("got %v, %v; want no edit", e, err)
				}
				return
			}
			checkEdit(t, e, err, tc.reason, tc.want, tc.variant, tc.paths, nil)
		})
	}
}

func replace(t *testing.T, s, old, new string) string {
	t.Helper()
	if !strings.Contains(s, old) {
		t.Fatalf("%q not in the fixture", old)
	}
	return strings.Replace(s, old, new, 1)
}

// stripDescriptions drops description lines and their folded
// continuations, as crd:maxDescLen=0 generates.
func stripDescriptions(s string) string {
	var b strings.Builder
	skip := -1
	for _, line := range strings.SplitAfter(s, "\n") {
		ind := indentOf(line)
		if skip >= 0 && ind > skip {
			continue
		}
		skip = -1
		if strings.HasPrefix(line[ind:], "description:") {
			skip = ind
			continue
		}
		b.WriteString(line)
	}
	return b.String()
}

// nameField is status.name in editedFile.
const nameField = `              name:
                description: name is a new field whose description is long enough
                  to be folded by the emitter too.
                type: string
`

// listFile is a document whose schema has a list of objects.
const listFile = `apiVersion: apiextensions.k8s.io/v1
kind: CustomResourceDefinition
metadata:
  name: foos.example.com
spec:
  versions:
  - name: v1
    schema:
      openAPIV3Schema:
        properties:
          status:
            properties:
              addresses:
                items:
                  properties:
                    address:
                      type: string
                    type:
                      type: string
                  type: object
                type: array
            type: object
        type: object
`

// TestEditStale: a committed file generated from older types lacks
// fields; it is completed where all else is the generation, alone or
// with the changes' own delta, and left with its reason otherwise.
func TestEditStale(t *testing.T) {
	orig, next := schemaOf(t, origSchema), schemaOf(t, nextSchema)
	migrated := []VersionChange{{Version: "v1", Original: next, Rewritten: next}}
	stale := replace(t, editedFile, nameField, "")
	listSchema := schemaOf(t, "properties:\n  status:\n    properties:\n      addresses:\n        items:\n          properties:\n            address:\n              type: string\n            type:\n              type: string\n          type: object\n        type: array\n    type: object\ntype: object\n")
	phase := "              phase:\n                description: phase is a long description that the emitter folds\n                  because it runs past the width.\n                type: string\n"
	for _, tc := range []struct {
		name, committed, want, variant, reason string
		changes                                []VersionChange
		paths, lacked                          []string
	}{
		{name: "types migrated before", changes: migrated, committed: stale, want: editedFile, variant: "descriptions kept",
			paths: []string{"v1: status.name added (lacking in the committed CRD)"}, lacked: []string{"v1: status.name"}},
		{name: "descriptions dropped", changes: migrated, committed: stripDescriptions(stale), want: stripDescriptions(editedFile), variant: "crd:maxDescLen=0",
			paths: []string{"v1: status.name added (lacking in the committed CRD)"}, lacked: []string{"v1: status.name"}},
		{name: "with the changes' delta", changes: []VersionChange{{Version: "v1", Original: orig, Rewritten: next}},
			// The fixture's phase is folded by hand; the emitter folds later.
			committed: replace(t, committedFile, phase, ""), want: replace(t, editedFile, "folds\n                  because", "folds because\n                 "), variant: "descriptions kept",
			paths:  []string{"v1: status.name added", "v1: status.phase added (lacking in the committed CRD)", "v1: status.ready removed", "v1: status.zones changed", "v1: status.zz added"},
			lacked: []string{"v1: status.phase"}},
		{name: "lacking in a list's items", changes: []VersionChange{{Version: "v1", Original: listSchema, Rewritten: listSchema}},
			committed: replace(t, listFile, "                    type:\n                      type: string\n", ""), want: listFile, variant: "descriptions kept",
			paths: []string{"v1: status.addresses changed (lacking in the committed CRD)"}, lacked: []string{"v1: status.addresses[].type"}},
		{name: "hand edit too", changes: migrated, committed: replace(t, stale, "                x-kubernetes-list-type: set\n", "                maxItems: 3\n                x-kubernetes-list-type: set\n"),
			reason: "its schema of v1 lacks status.name, which controller-gen generates from the original types, but also differs from that generation at status.zones (edited by hand, or made with other options or another controller-gen), so it is not just stale"},
		{name: "field the generation lacks too", changes: migrated, committed: replace(t, stale, "              zz:\n", "              extra:\n                type: string\n              zz:\n"),
			reason: "its schema of v1 lacks status.name, which controller-gen generates from the original types, but also differs from that generation at status.extra (edited by hand, or made with other options or another controller-gen), so it is not just stale"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e, err := Edit([]byte(tc.committed), []byte(tc.committed), "foos.example.com", tc.changes)
			checkEdit(t, e, err, tc.reason, tc.want, tc.variant, tc.paths, tc.lacked)
		})
	}
}

// checkEdit checks Edit's answer: the reason it left the file when reason
// is set, else the edit (content, variant, paths and the lacked fields).
func checkEdit(t *testing.T, e *Edited, err error, reason, want, variant string, paths, lacked []string) {
	t.Helper()
	if reason != "" {
		var u *Unreproduced
		if !errors.As(err, &u) || u.Reason != reason || e != nil {
			t.Fatalf("got %v, %v; want the reason %q", e, err, reason)
		}
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	if string(e.Content) != want {
		t.Errorf("got:\n%s\nwant:\n%s", e.Content, want)
	}
	if e.Variant != variant || !slices.Equal(e.Paths, paths) || !slices.Equal(e.Lacked, lacked) {
		t.Errorf("variant %q, paths %q, lacked %q; want %q, %q, %q", e.Variant, e.Paths, e.Lacked, variant, paths, lacked)
	}
}
