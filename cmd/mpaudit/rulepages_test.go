package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mpaudit/mpaudit/contract"
	"github.com/mpaudit/mpaudit/report"
)

// modeMentions are how a rule page can name a command, and the mode that
// command runs.
var modeMentions = map[string]contract.Modes{
	"`mpaudit check`": contract.Static,
	"`check`":         contract.Static,
	"`go vet`":        contract.Static,
	"golangci-lint":   contract.Static,
	"`mpaudit live`":  contract.Live,
	"`live`":          contract.Live,
}

var flagMention = regexp.MustCompile(`(?:^|[^\w-])--([a-z][a-z0-9-]*)`)

// TestRulePagesPromiseOnlyWhatTheCodeDoes: a published rule page names no
// command that never reports the rule and no flag the CLI does not have,
// and names every command that does report it.
func TestRulePagesPromiseOnlyWhatTheCodeDoes(t *testing.T) {
	flags := map[string]bool{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		c.InitDefaultHelpFlag()
		for _, fs := range []*pflag.FlagSet{c.LocalFlags(), c.PersistentFlags(), c.InheritedFlags()} {
			fs.VisitAll(func(f *pflag.Flag) { flags[f.Name] = true })
		}
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(newRoot(io.Discard, io.Discard))
	if !flags["fail-on"] || !flags["from-file"] {
		t.Fatalf("the walk found too few flags: %v", flags)
	}

	for _, r := range contract.Rules() {
		b, err := os.ReadFile(filepath.Join("../../docs/rules", r.ID+".md"))
		if err != nil {
			t.Fatal(err)
		}
		page := string(b)
		for mention, mode := range modeMentions {
			if strings.Contains(page, mention) && !r.Modes.Has(mode) {
				t.Errorf("docs/rules/%s.md names %s, which never reports %s", r.ID, mention, r.ID)
			}
		}
		for _, command := range r.Modes.Commands() {
			if !strings.Contains(page, command) {
				t.Errorf("docs/rules/%s.md does not say that %s reports it", r.ID, command)
			}
		}
		for _, m := range flagMention.FindAllStringSubmatch(page, -1) {
			if !flags[m[1]] {
				t.Errorf("docs/rules/%s.md names --%s, which no mpaudit command has", r.ID, m[1])
			}
		}
	}
}

// checkCatalogMetadata: every finding of a run in mode comes from a rule
// the catalog says that mode reports, and a finding with fixes from a rule
// the catalog says a SuggestedFix covers.
func checkCatalogMetadata(t *testing.T, r *report.Report, mode contract.Modes) {
	t.Helper()
	for _, f := range r.Findings {
		rule, ok := contract.Lookup(f.Rule)
		switch {
		case !ok:
			t.Errorf("finding of unknown rule %s", f.Rule)
		case !rule.Modes.Has(mode):
			t.Errorf("%s reported in mode %s; the catalog says %s", f.Rule, mode, rule.Modes)
		case len(f.Fixes) > 0 && !rule.FixedBy.Has(contract.SuggestedFix):
			t.Errorf("%s finding carries a fix; the catalog says no SuggestedFix covers it", f.Rule)
		}
	}
}
