// Package markers defines an analyzer that parses kubebuilder-style comment
// markers (// +name=value) on type declarations, struct fields and packages,
// so the other mpaudit passes consume one parse through Requires.
//
// A marker belongs to a declaration when it sits in the declaration's doc
// comment or in a comment group ending at most one blank line above it, the
// way controller-gen associates them.
package markers
