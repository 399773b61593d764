// Package suppression is the one model of mpaudit's suppressions, whatever
// their source: a `//mpaudit:ignore` comment in Go source (check, vet,
// golangci-lint) or an `mpaudit.io/ignore` annotation on a cluster object or
// CRD (live). Sources differ only in where an entry applies; how entries are
// written, resolved to rules, judged valid and reported when they suppress
// nothing is decided here, so the modes cannot drift apart.
package suppression

import (
	"fmt"
	"strings"

	"github.com/mpaudit/mpaudit/contract"
)

// CommentDirective starts a suppression comment: "//mpaudit:ignore RULE[,RULE...] reason".
const CommentDirective = "//mpaudit:ignore"

// AnnotationKey carries suppressions on cluster objects and CRDs:
// "RULE[,RULE]: reason; RULE: reason".
const AnnotationKey = "mpaudit.io/ignore"

// Source is where an entry was written.
type Source int

const (
	FromComment Source = iota
	FromAnnotation
)

// Entry is one suppression: the rules it names and why.
type Entry struct {
	Source Source
	// Text is the entry as written, for messages.
	Text string
	// Rules are the rules as written (ID or name); IDs are their catalog
	// IDs, "" for a rule the catalog does not know.
	Rules, IDs []string
	Reason     string
}

// Valid reports whether the entry names a rule and gives a reason; an
// invalid entry suppresses nothing.
func (e Entry) Valid() bool { return len(e.Rules) > 0 && e.Reason != "" }

// IsComment reports whether a Go comment's text is a suppression directive.
func IsComment(text string) bool {
	rest, ok := strings.CutPrefix(text, CommentDirective)
	return ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}

// ParseComment reads "//mpaudit:ignore RULE[,RULE...] reason".
func ParseComment(text string) Entry {
	rest := strings.TrimSpace(strings.TrimPrefix(text, CommentDirective))
	list, reason := rest, ""
	if i := strings.IndexAny(rest, " \t"); i >= 0 {
		list, reason = rest[:i], rest[i+1:]
	}
	e := Entry{Source: FromComment, Text: text, Reason: strings.TrimSpace(reason)}
	e.Rules, e.IDs = resolve(strings.Split(list, ","))
	return e
}

// ParseAnnotation reads "RULE[,RULE]: reason; RULE: reason". Reasons cannot
// contain ';'.
func ParseAnnotation(value string) []Entry {
	var out []Entry
	for part := range strings.SplitSeq(value, ";") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		list, reason, _ := strings.Cut(part, ":")
		e := Entry{Source: FromAnnotation, Text: part, Reason: strings.TrimSpace(reason)}
		e.Rules, e.IDs = resolve(strings.Split(list, ","))
		out = append(out, e)
	}
	return out
}

// resolve trims the written rules and finds their IDs in the catalog.
func resolve(written []string) (rules, ids []string) {
	for _, r := range written {
		if r = strings.TrimSpace(r); r == "" {
			continue
		}
		id := ""
		if rule, ok := contract.Lookup(r); ok {
			id = rule.ID
		}
		rules, ids = append(rules, r), append(ids, id)
	}
	return rules, ids
}

// Unsuppressible reports whether rule is about suppressions themselves, so
// no entry applies to it.
func Unsuppressible(rule string) bool {
	r, ok := contract.Lookup(rule)
	return ok && r.Unsuppressible
}

// InvalidMessage is the message of the finding an invalid entry gets
// (contract.RuleSuppressionNoReason). A comment is located by its position;
// an annotation entry is quoted, as several share one annotation.
func (e Entry) InvalidMessage() string {
	subject, form := "", CommentDirective+" RULE reason"
	if e.Source == FromAnnotation {
		subject, form = fmt.Sprintf("entry %q ", e.Text), `"RULE: reason"`
	}
	if len(e.Rules) == 0 {
		return subject + "names no rule, so it suppresses nothing; write " + form
	}
	if subject == "" {
		subject = strings.Join(e.Rules, ",") + " "
	}
	return subject + "gives no reason, so it suppresses nothing; say why the finding does not apply"
}

// UnusedMessage is the message of the finding rule i of a valid entry gets
// (contract.RuleUnusedSuppression), or "" when it gets none: it suppressed
// a finding, or its rule is off under the target (severity Off), so it may
// be kept for other targets. where says what the entry covers ("here",
// "on this object").
func (e Entry) UnusedMessage(i int, used bool, severity func(id string) contract.Severity, where string) string {
	id, written := e.IDs[i], e.Rules[i]
	switch {
	case id == "":
		return fmt.Sprintf("%q is not a rule (see `mpaudit rules`)", written)
	case used:
		return ""
	case Unsuppressible(id):
		return fmt.Sprintf("%s cannot be suppressed", name(written, id))
	case severity(id) == contract.Off:
		return ""
	}
	return fmt.Sprintf("%s suppresses no finding %s; remove it", name(written, id), where)
}

// name shows a rule as written, with its ID when written by name.
func name(written, id string) string {
	if written == id {
		return id
	}
	return written + " (" + id + ")"
}
