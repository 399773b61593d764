package use

import (
	api "example.com/kindmanual/api/v1beta1"
	cpapi "example.com/kindmanual/cpapi/v1beta1"
)

// manual holds uses of a bootstrap config's reshaped and moved fields that
// the migration fixes leave to a person: they are reported under the type
// rule and get no fix.
func manual(c *api.FooConfig) *string {
	p := &c.Status.DataSecretName // want `MPA126 info: FooConfig status.dataSecretName: status.dataSecretName write of v1beta1.FooConfig .c.Status.DataSecretName.: the migration fix cannot rewrite it \(needs a person\)$`
	_ = p
	r := &c.Status.FailureReason // want `MPA125 warning: FooConfig status.failureReason: status.failureReason write .* \(needs a person\)$`
	return *r
}

// fixable uses get their fixes without a finding (under go fix and
// rewrite only), and a ready write needs no companion in check mode.
func fixable(c *api.FooConfig, name string) {
	c.Status.DataSecretName = &name
	c.Status.Ready = true
}

func count() (int32, bool) { return 1, true }

// counters holds uses of a control plane's status.replicas, which the
// MPA126 type fix makes a *int32, that the fixes leave to a person: an
// address, an increment, an op-assignment, a tuple assignment.
func counters(cp *cpapi.FooControlPlane) bool {
	p := &cp.Status.Replicas // want `MPA126 info: FooControlPlane status.replicas: status.replicas write of v1beta1.FooControlPlane .cp.Status.Replicas.: the migration fix cannot rewrite it \(needs a person\)$`
	*p = 2
	cp.Status.Replicas++    // want `MPA126 info: FooControlPlane status.replicas: status.replicas write .* \(needs a person\)$`
	cp.Status.Replicas += 2 // want `MPA126 info: FooControlPlane status.replicas: status.replicas write .* \(needs a person\)$`
	var ok bool
	cp.Status.Replicas, ok = count() // want `MPA126 info: FooControlPlane status.replicas: status.replicas write .* \(needs a person\)$`
	return ok
}
