package yamldocs

import (
	"strings"
	"testing"

	kyaml "sigs.k8s.io/kustomize/kyaml/yaml"
)

func TestDocEdits(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		edit     func(d *Doc) error
		want     string // "" with wantErr
		wantErr  string
	}{
		{"replace in place keeps the comment and quotes", "a:\n  k: 'old'   # c\nb:\n- x\n",
			func(d *Doc) error { return d.SetScalar(d.Root().Field("a").Value, "k", "new") },
			"a:\n  k: 'new'   # c\nb:\n- x\n", ""},
		{"new entry after nested values and before trailing comments", "a:\n  k: v\n  n:\n    - 1\n  # trailing\nb: 1\n",
			func(d *Doc) error { return d.SetScalar(d.Root().Field("a").Value, "z", "true") },
			"a:\n  k: v\n  n:\n    - 1\n  z: \"true\"\n  # trailing\nb: 1\n", ""},
		{"after a named entry, before the next key's comment", "a:\n  k: v\n\n  # about m\n  m: n\nb: 1\n",
			func(d *Doc) error { return d.SetScalarAfter(d.Root().Field("a").Value, "k", "z", "w") },
			"a:\n  k: v\n  z: w\n\n  # about m\n  m: n\nb: 1\n", ""},
		{"CRLF and no final line ending", "a:\r\n  k: v",
			func(d *Doc) error { return d.SetScalar(d.Root().Field("a").Value, "z", "w") },
			"a:\r\n  k: v\r\n  z: w\r\n", ""},
		{"append to a sequence with comments between elements", "s:\n  - a\n\n  # c\n  - b: 1\n    c: 2\nt: 1\n",
			func(d *Doc) error { return d.Append(d.Root().Field("s").Value, kyaml.NewScalarRNode("z")) },
			"s:\n  - a\n\n  # c\n  - b: 1\n    c: 2\n  - z\nt: 1\n", ""},
		{"a block under a new key", "m:\n  name: x\nspec: {}\n",
			func(d *Doc) error {
				return d.SetBlock(d.Root().Field("m").Value, "labels", kyaml.NewMapRNode(&map[string]string{"k": "v"}))
			},
			"m:\n  name: x\n  labels:\n    k: v\nspec: {}\n", ""},
		{"a block for a null value keeps the key's comment", "p: # none yet\n# - a\nq: 1\n",
			func(d *Doc) error {
				l := kyaml.NewListRNode()
				l.YNode().Content = []*kyaml.Node{kyaml.NewScalarRNode("a").YNode()}
				return d.SetBlock(d.Root(), "p", l)
			},
			"p: # none yet\n- a\n# - a\nq: 1\n", ""},
		{"flow mappings are refused", "a: {k: v}\n",
			func(d *Doc) error { return d.SetScalar(d.Root().Field("a").Value, "z", "w") },
			"", "flow-style mapping"},
		{"multi-line values are refused", "a:\n  k: one\n    two\n",
			func(d *Doc) error { return d.SetScalar(d.Root().Field("a").Value, "k", "w") },
			"", "spans lines"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Parse(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			err = tc.edit(d)
			var out []byte
			if err == nil {
				out, err = d.Bytes()
			}
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tc.want {
				t.Errorf("got:\n%q\nwant:\n%q", out, tc.want)
			}
		})
	}
}

// TestOnlyLines: the guard names a change outside the allowed lines.
func TestOnlyLines(t *testing.T) {
	before := "a:\n- x\nb:\n  - y\n"
	after := "a:\n  - x\nb:\n  - y\n  - z\n"
	inB := func(from, to int) bool { return from >= 3 && (to <= 4 || to < from) }
	err := OnlyLines(before, after, inB)
	if err == nil || !strings.Contains(err.Error(), "lines 2-2") {
		t.Errorf("error %v, want one naming line 2", err)
	}
	if err := OnlyLines(before, "a:\n- x\nb:\n  - y\n  - z\n", inB); err != nil {
		t.Error(err)
	}
}

// TestDocTwoEntries: two entries added to one mapping keep their order.
func TestDocTwoEntries(t *testing.T) {
	d, err := Parse("a:\n  k: v\nb: 1\n")
	if err != nil {
		t.Fatal(err)
	}
	m := d.Root().Field("a").Value
	if err := d.SetScalar(m, "x", "1"); err != nil {
		t.Fatal(err)
	}
	if err := d.SetScalar(m, "y", "2"); err != nil {
		t.Fatal(err)
	}
	out, err := d.Bytes()
	if want := "a:\n  k: v\n  x: \"1\"\n  y: \"2\"\nb: 1\n"; err != nil || string(out) != want {
		t.Errorf("got %q (%v), want %q", out, err, want)
	}
}
