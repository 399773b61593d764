package poolfinder

import (
	"golang.org/x/tools/go/analysis"

	"github.com/mpaudit/mpaudit/analyzers/internal/setup"
	"github.com/mpaudit/mpaudit/analyzers/markers"
)

// GroupVersion is the API group and version of the analysed package, read as
// for pool types, so the finders of other kinds agree with this one.
func GroupVersion(pass *analysis.Pass, mk *markers.Markers) (group, version string) {
	return groupVersion(pass, mk)
}

// StorageElsewhere reports whether a sibling API version declares kind with
// +kubebuilder:storageversion (the type in dir is then a conversion spoke).
func StorageElsewhere(env *setup.Env, dir, kind string) bool { return storageElsewhere(env, dir, kind) }
