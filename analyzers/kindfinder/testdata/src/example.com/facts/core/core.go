// Package core imports only Cluster API's own root type: it can name no
// pool type, so kindfinder skips it.
package core

import "example.com/facts/other"

func Pool() other.MachinePool { return other.MachinePool{} }
