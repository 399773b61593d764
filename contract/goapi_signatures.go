package contract

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/mod/semver"
)

// SignatureChange is the change of an exported function's signature
// between two adjacent Cluster API releases that keep it at the same
// path (or at the home GoAPIMoves gives its package): what the rewrite's
// raise does to a call, or tells a person. goapi_signatures_gen.go lists
// them, read from the releases' sources by TestGoAPISignatures.
type SignatureChange struct {
	// Func is "path.Name" in the older release.
	Func string
	// From and To are the adjacent releases compared.
	From, To Release
	// Old and New are the signatures, each type named by its full path.
	Old, New string
	// Dropped are the indexes of Old's parameters New no longer takes
	// (the rest keep their order and types); nil for a change that is not
	// a drop alone.
	Dropped []int
	// V1Beta2 says that a type of the signature moves from a v1beta1 API
	// package to its v1beta2 successor (the rest as Dropped says): a call
	// compiles only from code moved to v1beta2.
	V1Beta2 bool
	// Manual says that no rewrite of the call follows the change: a
	// parameter or result added or retyped otherwise.
	Manual bool
}

// Mechanical reports whether a call follows the change by dropping the
// Dropped arguments alone (from code on v1beta2 when V1Beta2).
func (c SignatureChange) Mechanical() bool { return !c.Manual }

// Instruction says what a caller must do.
func (c SignatureChange) Instruction() string {
	pkg, name := splitPathName(c.Func)
	short := pkg[strings.LastIndex(pkg, "/")+1:] + "." + name
	var b strings.Builder
	fmt.Fprintf(&b, "%s changed in Cluster API %s from %s to %s", short, c.To, shortPaths(c.Old), shortPaths(c.New))
	if hand, ok := signatureInstructions[c.Func+"@"+string(c.To)]; ok {
		return b.String() + ": " + hand
	}
	var do []string
	if len(c.Dropped) > 0 {
		var n []string
		for _, i := range c.Dropped {
			n = append(n, fmt.Sprint(i+1))
		}
		do = append(do, "drop argument "+strings.Join(n, ", "))
	}
	if c.V1Beta2 {
		do = append(do, "move the calling code to the v1beta2 types")
	}
	if c.Manual {
		op, or := splitSig(c.Old)
		np, nr := splitSig(c.New)
		switch {
		case len(np) > len(op) && slices.Equal(np[:len(op)], op):
			do = append(do, "pass the added argument(s) "+shortPaths(strings.Join(np[len(op):], ", ")))
		case len(nr) > len(or) && slices.Equal(np, op):
			do = append(do, "take the added result(s)")
		default:
			do = append(do, "pass and take what the new signature names")
		}
		do = append(do, "see the function's documentation in "+string(c.To))
	}
	return b.String() + ": " + strings.Join(do, "; ")
}

// V1Beta2Packages are the v1beta2 API packages New names.
func (c SignatureChange) V1Beta2Packages() []string {
	var out []string
	for _, m := range v1beta2Path.FindAllString(c.New, -1) {
		if p := strings.TrimSuffix(m, "."); !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

var v1beta2Path = regexp.MustCompile(`sigs\.k8s\.io/cluster-api/api/[a-z0-9/]*v1beta2\.`)

// signatureInstructions are the instructions of the changes no rule
// derives, by "path.Name@To"; TestSignatureInstructions checks that each
// names a Manual entry.
var signatureInstructions = map[string]string{
	capi + "/bootstrap/kubeadm/types.MarshalClusterConfigurationForVersion@v1.11.0": "move the calling code to the v1beta2 types and pass the *upstream.AdditionalData that UnmarshalClusterConfiguration returns with the configuration (nil when there is none: the kubeadm ClusterConfiguration fields v1beta2 keeps elsewhere, such as the Kubernetes version and the control plane endpoint, are then left out)",
	capi + "/util.IsControlledBy@v1.12.0":                                           "pass the owner's GroupKind (such as clusterv1.GroupVersion.WithKind(\"Cluster\").GroupKind()); v1.11 read it from the owner's TypeMeta, which a typed object read through a client may not have",
	capi + "/util.IsOwnedByObject@v1.12.0":                                          "pass the target's GroupKind (such as clusterv1.GroupVersion.WithKind(\"Cluster\").GroupKind()); v1.11 read it from the target's TypeMeta, which a typed object read through a client may not have",
	capi + "/controllers/external.CreateFromTemplate@v1.11.0":                       "move the calling code to the v1beta2 types and take the created object and its v1beta2 ContractVersionedObjectReference (APIGroup, Kind, Name; the namespace is the referring object's) where the *corev1.ObjectReference was",
	capi + "/bootstrap/kubeadm/types.UnmarshalClusterConfiguration@v1.11.0":         "move the calling code to the v1beta2 types and take the added *upstream.AdditionalData result (the fields v1beta2 no longer keeps in ClusterConfiguration); pass it on to MarshalClusterConfigurationForVersion",
}

// splitSig splits a signature of goapi_signatures_gen.go into its
// parameter and result types (top-level commas only).
func splitSig(s string) (params, results []string) {
	split := func(s string) []string {
		var out []string
		depth, start := 0, 0
		for i, r := range s {
			switch r {
			case '(', '[', '{':
				depth++
			case ')', ']', '}':
				depth--
			case ',':
				if depth == 0 {
					out = append(out, strings.TrimSpace(s[start:i]))
					start = i + 1
				}
			}
		}
		if t := strings.TrimSpace(s[start:]); t != "" {
			out = append(out, t)
		}
		return out
	}
	s = strings.TrimPrefix(s, "func(")
	depth := 1
	for i, r := range s {
		switch r {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
		}
		if depth == 0 {
			rest := strings.TrimSpace(s[i+1:])
			if r, ok := strings.CutPrefix(rest, "("); ok {
				rest = strings.TrimSuffix(r, ")")
			}
			return split(s[:i]), split(rest)
		}
	}
	return nil, nil
}

// shortPaths writes each package path of a signature as the name its
// package is usually imported by (semver for .../semver/v4).
func shortPaths(sig string) string {
	return qualified.ReplaceAllStringFunc(sig, func(m string) string {
		parts := strings.Split(strings.TrimSuffix(m, "."), "/")
		last := parts[len(parts)-1]
		if major.MatchString(last) && len(parts) > 1 {
			last = parts[len(parts)-2]
		}
		return last + "."
	})
}

var (
	qualified = regexp.MustCompile(`[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:/[A-Za-z0-9_-]+)+\.`)
	major     = regexp.MustCompile(`^v[0-9]+$`)
)

func splitPathName(s string) (path, name string) {
	slash := strings.LastIndex(s, "/")
	dot := strings.Index(s[slash+1:], ".")
	if dot < 0 {
		return s, ""
	}
	return s[:slash+1+dot], s[slash+1+dot+1:]
}

// GoAPISignatureChanges are the signature changes of the function name of
// package path between release built and release to, oldest first: each
// of a pair whose newer release is after built and not after to. path may
// be the home GoAPIMoves gives the function's package in the newer one.
func GoAPISignatureChanges(path, name string, built, to Release) []SignatureChange {
	var out []SignatureChange
	for _, c := range goAPISignatureIndex[path+"."+name] {
		if built.Less(c.To) && !to.Less(c.To) {
			out = append(out, c)
		}
	}
	return out
}

// GoAPISignatureFuncs are the "path.Name" of the functions with a change.
func GoAPISignatureFuncs() []string {
	var out []string
	for k := range goAPISignatureIndex {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

var goAPISignatureIndex = func() map[string][]SignatureChange {
	idx := map[string][]SignatureChange{}
	for _, c := range goAPISignatureChanges {
		idx[c.Func] = append(idx[c.Func], c)
		// Under the home a package moved to as well: the raise has moved
		// the caller's import there before it looks.
		pkg, name := splitPathName(c.Func)
		for _, mv := range goAPIMoves {
			if mv.From == pkg && c.From.Less(mv.Since) && !c.To.Less(mv.Since) {
				idx[mv.To+"."+name] = append(idx[mv.To+"."+name], c)
			}
		}
	}
	for _, l := range idx {
		slices.SortFunc(l, func(a, b SignatureChange) int { return semver.Compare(string(a.To), string(b.To)) })
	}
	return idx
}()
