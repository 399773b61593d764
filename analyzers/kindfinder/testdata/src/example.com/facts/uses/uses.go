// want package:"reaches provider types"
// Package uses names a pool type, so packages that import it can too.
package uses

import "example.com/facts/v1beta2"

func Ready(p *v1beta2.FooMachinePool) bool { return p.Status.Ready }
