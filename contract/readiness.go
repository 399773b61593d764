package contract

// ReadinessRule is the rule the static check reports a type of kind k
// under, given the paths it declares (has): whether it has the kind's
// v1beta1 readiness field and its v1beta2 one. A field core release r reads
// under contract against in place of the v1beta1 one (a v1beta1
// ControlPlane's status.ready on v1.11.0–v1.11.4) stands for it there.
// v1Field is the path of the field taken as the v1beta1 one ("" when none).
// The analyzer and the oracle's test share it, so the severities the test
// checks against core are the analyzer's.
func ReadinessRule(k *Kind, r Release, against Contract, has func(path string) bool) (rule, v1Field string) {
	check, v1Field, ok := ReadinessCheck(k, r, against, has)
	if !ok {
		return "", ""
	}
	return k.TypeRuleOf(check, "").Rule, v1Field
}

// ReadinessCheck is ReadinessRule's type check (whose rule and message are
// the kind's, TypeRuleOf); ok is false when the kind has no readiness pair.
func ReadinessCheck(k *Kind, r Release, against Contract, has func(path string) bool) (check TypeCheck, v1Field string, ok bool) {
	v1, v2, ok := k.ReadinessPair()
	if !ok {
		return 0, "", false
	}
	if has(v1.Path) {
		v1Field = v1.Path
	} else if reads, err := ReadsAspect(k, r, against, AspectReadiness); err == nil {
		for _, rp := range reads {
			if rp.Read.InPlaceOf == v1.Path && has(rp.Point.Path) {
				v1Field = rp.Point.Path
				break
			}
		}
	}
	has1, has2 := v1Field != "", has(v2.Path)
	switch {
	case has1 && has2:
		return TypeDualReadiness, v1Field, true
	case has1:
		return TypeV1Beta1ReadinessOnly, v1Field, true
	case has2:
		return TypeV1Beta2ReadinessOnly, "", true
	}
	return TypeNoReadiness, "", true
}

// UnreadInPlace are the readiness points core release r reads under
// contract against in place of another (a v1beta1 ControlPlane's
// status.ready on v1.11.0–v1.11.4) that a type declaring the paths has
// says lacks: each is a RuleKindReadInPlace finding.
func UnreadInPlace(k *Kind, r Release, against Contract, has func(path string) bool) ([]ReadPoint, error) {
	reads, err := ReadsAspect(k, r, against, AspectReadiness)
	if err != nil {
		return nil, err
	}
	var out []ReadPoint
	for _, rp := range reads {
		if rp.Read.InPlaceOf != "" && !has(rp.Point.Path) {
			out = append(out, rp)
		}
	}
	return out, nil
}
