package use

import (
	api "example.com/kindmanual/api/v1beta1"
)

// manual holds uses of a bootstrap config's reshaped and moved fields that
// the migration fixes leave to a person: they are reported under the type
// rule and get no fix.
func manual(c *api.FooConfig) *string {
	p := &c.Status.DataSecretName // want `MPA126 warning: FooConfig status.dataSecretName: status.dataSecretName write of v1beta1.FooConfig .c.Status.DataSecretName.: the migration fix cannot rewrite it \(needs a person\)$`
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
