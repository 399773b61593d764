//go:build tools

// Package tools is seen only by a build with the tools tag, as the tool
// pins of a hack/tools module are.
package tools

import _ "example.com/crds/api/v1beta1"
