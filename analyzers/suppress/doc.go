// Package suppress defines the analyzer that checks //mpaudit:ignore
// comments, mpaudit's line-based directives (after staticcheck's
// //lint:ignore):
//
//	//mpaudit:ignore RULE[,RULE...] reason
//
// RULE is a rule ID (MPA203) or name (ready-write-without-provisioned),
// comma-separated without spaces. A directive trailing code covers its
// line; one on its own lines covers the line after its comment group; one
// in the doc comment of a type or struct field covers the declaration, and
// a type's doc comment also covers findings about that type reported
// elsewhere (the CRD findings of a pool type, positioned in config/crd).
//
// The reporting analyzers (kindtypes, poolusage, kindusage, goapiuse, poolcrd) mark the findings
// a directive covers as suppressed (see package emit): they are not turned
// into diagnostics, and `mpaudit check` leaves them out of the report and
// counts them. This analyzer reads their results and reports directives
// without a rule or reason (MPA901, which suppress nothing) and rules of a
// directive that covered no finding (MPA902). A rule that is off for the
// target core is never reported unused. MPA901 and MPA902 themselves cannot
// be suppressed.
package suppress
