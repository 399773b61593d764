package suppression

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/contract"
)

func show(entries ...Entry) string {
	var out []string
	for _, e := range entries {
		var rules []string
		for i := range e.Rules {
			rules = append(rules, e.Rules[i]+"="+e.IDs[i])
		}
		out = append(out, fmt.Sprintf("[%s] %q valid=%v", strings.Join(rules, ","), e.Reason, e.Valid()))
	}
	return strings.Join(out, "\n")
}

func TestParseAnnotation(t *testing.T) {
	got := show(ParseAnnotation(" MPA401 , object-failure-set : reason one ;; MPA402: two: with a colon; MPA403; : no rule ;")...)
	want := strings.Join([]string{
		`[MPA401=MPA401,object-failure-set=MPA404] "reason one" valid=true`,
		`[MPA402=MPA402] "two: with a colon" valid=true`,
		`[MPA403=MPA403] "" valid=false`,
		`[] "no rule" valid=false`,
	}, "\n")
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestParseComment(t *testing.T) {
	for text, want := range map[string]string{
		"//mpaudit:ignore MPA203,nosuch-rule the reason, with spaces ": `[MPA203=MPA203,nosuch-rule=] "the reason, with spaces" valid=true`,
		"//mpaudit:ignore MPA203":                                      `[MPA203=MPA203] "" valid=false`,
		"//mpaudit:ignore":                                             `[] "" valid=false`,
		"//mpaudit:ignore\tMPA203 x":                                   `[MPA203=MPA203] "x" valid=true`,
	} {
		if !IsComment(text) {
			t.Errorf("IsComment(%q) = false", text)
		}
		if got := show(ParseComment(text)); got != want {
			t.Errorf("ParseComment(%q) = %s, want %s", text, got, want)
		}
	}
	for _, text := range []string{"//mpaudit:ignored MPA203 x", "// mpaudit:ignore MPA203 x", "//nolint"} {
		if IsComment(text) {
			t.Errorf("IsComment(%q) = true", text)
		}
	}
}

// The two sources word their findings alike, each located its own way.
func TestMessages(t *testing.T) {
	comment := ParseComment("//mpaudit:ignore MPA203")
	annotation := ParseAnnotation("MPA203")[0]
	noRule := ParseAnnotation(": because")[0]
	for _, c := range []struct{ got, want string }{
		{comment.InvalidMessage(), "MPA203 gives no reason, so it suppresses nothing; say why the finding does not apply"},
		{annotation.InvalidMessage(), `entry "MPA203" gives no reason, so it suppresses nothing; say why the finding does not apply`},
		{ParseComment("//mpaudit:ignore").InvalidMessage(), "names no rule, so it suppresses nothing; write //mpaudit:ignore RULE reason"},
		{noRule.InvalidMessage(), `entry ": because" names no rule, so it suppresses nothing; write "RULE: reason"`},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}

	on := func(string) contract.Severity { return contract.Warning }
	off := func(string) contract.Severity { return contract.Off }
	e := ParseComment("//mpaudit:ignore MPA203,no-such-rule," + contract.RuleUnusedSuppression + " reason")
	for _, c := range []struct {
		i        int
		used     bool
		severity func(string) contract.Severity
		want     string
	}{
		{0, false, on, "MPA203 suppresses no finding here; remove it"},
		{0, true, on, ""},
		{0, false, off, ""},
		{1, false, on, `"no-such-rule" is not a rule (see ` + "`mpaudit rules`)"},
		{2, false, on, contract.RuleUnusedSuppression + " cannot be suppressed"},
	} {
		if got := e.UnusedMessage(c.i, c.used, c.severity, "here"); got != c.want {
			t.Errorf("UnusedMessage(%d, used=%v) = %q, want %q", c.i, c.used, got, c.want)
		}
	}
	if name := ParseComment("//mpaudit:ignore ready-write-without-provisioned r"); name.UnusedMessage(0, false, on, "here") !=
		"ready-write-without-provisioned (MPA203) suppresses no finding here; remove it" {
		t.Errorf("a rule written by name is shown with its ID: %q", name.UnusedMessage(0, false, on, "here"))
	}
}
