// Package goapisymbols defines the use-site pass for the packages, types,
// functions and constants of Cluster API's v1beta1 Go API (the symbol half
// of the Go API map, contract.GoAPISymbols).
//
// It reports each import of a v1beta1 package (MPA702: the v1beta1 API
// packages, the v1beta1 condition utilities, util/deprecated/v1beta1/...)
// with its v1beta2 successor, and each use of a mapped function, type,
// constant or variable through its package, under any import alias, and of
// a mapped method (MPA703), with its successor or what to do when there is
// none. A namesake of the same shape in the successor package is the
// import's finding, not reported again at each use.
//
// Which symbol a path names depends on the Cluster API release the
// provider builds against (util/conditions holds the v1beta1 utilities
// before v1.11 and the v1beta2 ones from it): that is the go.mod's
// requirement, not the target. The severity follows the target
// (contract.goAPISeverity); in a spoke API package (every contract kind it
// declares an older, non-storage version) findings are informational.
//
// A package that imports none of the mapped packages is skipped before its
// files are read, unless mpaudit rewrite raises go.mod past v1.11 and it
// uses another package's declarations that a planned move changes (the
// fact Moved): its files are planned too and move in that unit. Test files
// and generated files are not reported.
package goapisymbols
