package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"golang.org/x/mod/semver"

	"github.com/mpaudit/mpaudit/contract"
)

// SARIF 2.1.0 output (-o sarif), for GitHub code scanning and other SARIF
// consumers. One run; the driver lists every catalog rule, with the default
// level it has for the report's target core.
//
// Locations: static findings carry a physicalLocation whose uri is relative
// to %SRCROOT% (the directory mpaudit check ran in or was pointed at); live
// findings carry a logicalLocation naming the object. Columns are go/token
// columns (1-based bytes), which equal code points on ASCII lines.
//
// partialFingerprints["mpaudit/v1"] identifies a finding without its line:
// a hash of the rule, the Go type (or the API version and kind), the object,
// the field, the access and the file, then ":N" for the N-th finding with
// that identity in the report's order. Moving code around does not change it.
const (
	sarifSchemaURI      = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
	sarifVersion        = "2.1.0"
	sarifToolName       = "mpaudit"
	sarifInformationURI = "https://github.com/mpaudit/mpaudit"
	sarifSrcRoot        = "%SRCROOT%"
	sarifFingerprintKey = "mpaudit/v1"
)

type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool        sarifTool         `json:"tool"`
	Invocations []sarifInvocation `json:"invocations"`
	ColumnKind  string            `json:"columnKind"`
	Results     []sarifResult     `json:"results"`
	Properties  sarifRunProps     `json:"properties"`
}

type sarifRunProps struct {
	Mode     string              `json:"mode,omitempty"`
	Target   string              `json:"target"`
	Clusters []sarifClusterProps `json:"clusters,omitempty"`
	FailOn   string              `json:"failOn"`
	ExitCode int                 `json:"exitCode"`
	Errors   int                 `json:"errors"`
	Warnings int                 `json:"warnings"`
	Info     int                 `json:"info"`
}

type sarifClusterProps struct {
	Name   string `json:"name"`
	Target string `json:"target"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	InformationURI  string      `json:"informationUri"`
	Version         string      `json:"version"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	Rules           []sarifRule `json:"rules"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifMultiformat struct {
	Text string `json:"text"`
}

type sarifRule struct {
	ID                   string            `json:"id"`
	Name                 string            `json:"name,omitempty"`
	ShortDescription     sarifMultiformat  `json:"shortDescription"`
	FullDescription      *sarifMultiformat `json:"fullDescription,omitempty"`
	Help                 *sarifMultiformat `json:"help,omitempty"`
	HelpURI              string            `json:"helpUri,omitempty"`
	DefaultConfiguration sarifRuleConfig   `json:"defaultConfiguration"`
	Properties           sarifRuleProps    `json:"properties"`
}

type sarifRuleConfig struct {
	// Enabled is false for a rule that does not apply to the target core.
	Enabled *bool  `json:"enabled,omitempty"`
	Level   string `json:"level"`
}

type sarifRuleProps struct {
	Tags  []string `json:"tags"`
	Scope string   `json:"scope"`
	Field string   `json:"field,omitempty"`
}

type sarifResult struct {
	RuleID              string            `json:"ruleId"`
	RuleIndex           *int              `json:"ruleIndex,omitempty"`
	Level               string            `json:"level"`
	Message             sarifMessage      `json:"message"`
	Locations           []sarifLocation   `json:"locations,omitempty"`
	PartialFingerprints map[string]string `json:"partialFingerprints"`
	Fixes               []sarifFix        `json:"fixes,omitempty"`
	Properties          sarifResultProps  `json:"properties"`
}

type sarifResultProps struct {
	Severity   string `json:"severity"`
	Kind       string `json:"kind,omitempty"`
	Type       string `json:"type,omitempty"`
	APIVersion string `json:"apiVersion,omitempty"`
	Field      string `json:"field,omitempty"`
	Access     string `json:"access,omitempty"`
	Spoke      bool   `json:"spoke,omitempty"`
}

type sarifLocation struct {
	PhysicalLocation *sarifPhysicalLocation `json:"physicalLocation,omitempty"`
	LogicalLocations []sarifLogicalLocation `json:"logicalLocations,omitempty"`
}

type sarifPhysicalLocation struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Region           *sarifRegion          `json:"region,omitempty"`
}

type sarifArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

type sarifLogicalLocation struct {
	Name               string `json:"name,omitempty"`
	FullyQualifiedName string `json:"fullyQualifiedName"`
	Kind               string `json:"kind"`
}

type sarifFix struct {
	Description     *sarifMessage         `json:"description,omitempty"`
	ArtifactChanges []sarifArtifactChange `json:"artifactChanges"`
}

type sarifArtifactChange struct {
	ArtifactLocation sarifArtifactLocation `json:"artifactLocation"`
	Replacements     []sarifReplacement    `json:"replacements"`
}

// sarifReplacement locates the deleted text by line and column only (never
// by offset): DeletedRegion is empty (start == end) for a pure insertion.
type sarifReplacement struct {
	DeletedRegion   sarifRegion           `json:"deletedRegion"`
	InsertedContent *sarifArtifactContent `json:"insertedContent,omitempty"`
}

type sarifArtifactContent struct {
	Text string `json:"text"`
}

type sarifInvocation struct {
	// ExecutionSuccessful is false when some input could not be loaded
	// (exit code 2); findings alone do not make a run unsuccessful.
	ExecutionSuccessful        bool                `json:"executionSuccessful"`
	ExitCode                   int                 `json:"exitCode"`
	ToolExecutionNotifications []sarifNotification `json:"toolExecutionNotifications,omitempty"`
}

type sarifNotification struct {
	Level      string          `json:"level"`
	Message    sarifMessage    `json:"message"`
	Locations  []sarifLocation `json:"locations,omitempty"`
	Properties *sarifNoteProps `json:"properties,omitempty"`
}

type sarifNoteProps struct {
	Subject string `json:"subject"`
}

// PrintSARIF writes the report as a SARIF 2.1.0 log.
func PrintSARIF(w io.Writer, r *Report) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(buildSARIF(r)); err != nil {
		return err
	}
	_, err := w.Write(escapeJSON(buf.Bytes()))
	return err
}

func buildSARIF(r *Report) *sarifLog {
	catalog := contract.Rules()
	index := map[string]int{}
	rules := make([]sarifRule, 0, len(catalog))
	ctx := contract.Context{Core: r.Target.Behaviour}
	for i, rule := range catalog {
		index[rule.ID] = i
		rules = append(rules, sarifRuleOf(rule, rule.Severity(ctx)))
	}
	version := toolVersion()
	driver := sarifDriver{Name: sarifToolName, InformationURI: sarifInformationURI, Version: version, Rules: rules}
	if semver.IsValid(version) {
		driver.SemanticVersion = strings.TrimPrefix(version, "v")
	}

	u := newSARIFURIs(r)
	results := make([]sarifResult, 0, len(r.Findings))
	seen := map[string]int{}
	for _, f := range r.Findings {
		res := sarifResult{
			RuleID:  f.Rule,
			Level:   sarifLevel(f.Severity, f.Spoke),
			Message: sarifMessage{Text: findingText(f)},
			Properties: sarifResultProps{Severity: f.Severity.String(), Kind: f.Kind, Type: f.Type,
				APIVersion: f.APIVersion, Field: f.Field, Access: f.Access, Spoke: f.Spoke},
		}
		if i, ok := index[f.Rule]; ok {
			res.RuleIndex = &i
		}
		if loc, ok := u.location(f); ok {
			res.Locations = []sarifLocation{loc}
		}
		id := fingerprintIdentity(f, u)
		seen[id]++
		res.PartialFingerprints = map[string]string{sarifFingerprintKey: fmt.Sprintf("%s:%d", shortHash(id), seen[id])}
		res.Fixes = u.fixes(f.Fixes)
		results = append(results, res)
	}

	inv := sarifInvocation{ExecutionSuccessful: len(r.Problems) == 0, ExitCode: r.Summary.ExitCode}
	for _, p := range r.Problems {
		n := sarifNotification{Level: "error", Message: sarifMessage{Text: problemText(p)}, Properties: &sarifNoteProps{Subject: p.Subject}}
		if p.Position != nil && p.Position.File != "" {
			n.Locations = []sarifLocation{{PhysicalLocation: u.physical(*p.Position)}}
		}
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	for _, note := range r.Notes {
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications,
			sarifNotification{Level: "note", Message: sarifMessage{Text: note}})
	}

	props := sarifRunProps{Mode: r.Mode, Target: r.Target.String(), FailOn: r.FailOn.String(), ExitCode: r.Summary.ExitCode,
		Errors: r.Summary.Errors, Warnings: r.Summary.Warnings, Info: r.Summary.Info}
	for _, c := range r.Summary.Clusters {
		props.Clusters = append(props.Clusters, sarifClusterProps{Name: c.Name, Target: c.Target.String()})
	}
	return &sarifLog{
		Schema:  sarifSchemaURI,
		Version: sarifVersion,
		Runs: []sarifRun{{
			Tool:        sarifTool{Driver: driver},
			Invocations: []sarifInvocation{inv},
			ColumnKind:  "unicodeCodePoints",
			Results:     results,
			Properties:  props,
		}},
	}
}

func sarifRuleOf(rule *contract.Rule, sev contract.Severity) sarifRule {
	sr := sarifRule{
		ID:               rule.ID,
		Name:             rule.Name,
		ShortDescription: sarifMultiformat{Text: rule.Title},
		HelpURI:          rule.DocURL,
		DefaultConfiguration: sarifRuleConfig{
			Level: sarifLevel(sev, false),
		},
		Properties: sarifRuleProps{Tags: []string{"InfraMachinePool", string(rule.Scope)}, Scope: string(rule.Scope), Field: rule.Field},
	}
	if sev == contract.Off {
		off := false
		sr.DefaultConfiguration.Enabled = &off
	}
	if rule.Rationale != "" {
		sr.FullDescription = &sarifMultiformat{Text: rule.Rationale}
	}
	if rule.Fix != "" {
		sr.Help = &sarifMultiformat{Text: rule.Fix}
	}
	return sr
}

// sarifLevel maps a severity to a SARIF level; spoke findings (older API
// versions) are notes whatever their severity.
func sarifLevel(s contract.Severity, spoke bool) string {
	switch {
	case s == contract.Off:
		return "none"
	case spoke:
		return "note"
	case s >= contract.Error:
		return "error"
	case s == contract.Warning:
		return "warning"
	default:
		return "note"
	}
}

// findingText is the subject and message, as the text printer writes them.
func findingText(f Finding) string {
	subject := f.Kind
	if f.APIVersion != "" {
		subject = f.APIVersion + " " + f.Kind
	}
	if f.Field != "" {
		subject = strings.TrimSpace(subject + " " + f.Field)
	}
	if subject == "" {
		return f.Message
	}
	return subject + ": " + f.Message
}

func problemText(p Problem) string {
	if p.Subject == "" {
		return "not loaded: " + p.Message
	}
	return "not loaded: " + p.Subject + ": " + p.Message
}

// fingerprintIdentity is what a finding is, leaving out where in its file
// it is: rule, type (or API version and kind), object, field, access, file.
func fingerprintIdentity(f Finding, u *sarifURIs) string {
	what := f.Type
	if what == "" {
		what = f.APIVersion + " " + f.Kind
	}
	file := ""
	if f.Position != nil {
		file = u.artifact(f.Position.File).URI
	}
	return strings.Join([]string{f.Rule, what, objectKey(f.Object), f.Field, f.Access, file}, "\x00")
}

func shortHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:16])
}

// toolVersion is the module version mpaudit was built at, or "devel".
func toolVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}

// sarifURIs turns report paths into artifact locations. Finding positions
// are relative to the audited directory; fix edits name absolute files. The
// audited directory is recovered from edits whose file ends in their
// finding's relative path, else taken to be the working directory.
type sarifURIs struct {
	roots []string // slash-separated, no trailing slash
}

func newSARIFURIs(r *Report) *sarifURIs {
	count := map[string]int{}
	for _, f := range r.Findings {
		if f.Position == nil || f.Position.File == "" || isAbsPath(f.Position.File) {
			continue
		}
		rel := "/" + path.Clean(filepath.ToSlash(f.Position.File))
		for _, fix := range f.Fixes {
			for _, e := range fix.Edits {
				abs := filepath.ToSlash(e.File)
				if isAbsPath(e.File) && strings.HasSuffix(abs, rel) {
					count[strings.TrimSuffix(abs, rel)]++
				}
			}
		}
	}
	u := &sarifURIs{}
	for root := range count {
		u.roots = append(u.roots, root)
	}
	sort.Slice(u.roots, func(i, j int) bool {
		a, b := u.roots[i], u.roots[j]
		if count[a] != count[b] {
			return count[a] > count[b]
		}
		return a < b
	})
	if wd, err := os.Getwd(); err == nil {
		u.roots = append(u.roots, strings.TrimSuffix(filepath.ToSlash(wd), "/"))
	}
	return u
}

func isAbsPath(p string) bool {
	return filepath.IsAbs(p) || strings.HasPrefix(filepath.ToSlash(p), "/")
}

// artifact is a %SRCROOT%-relative location, or an absolute file URI for a
// file outside the audited directory.
func (u *sarifURIs) artifact(file string) sarifArtifactLocation {
	p := filepath.ToSlash(file)
	if !isAbsPath(file) {
		return sarifArtifactLocation{URI: escapeURIPath(path.Clean(p), false), URIBaseID: sarifSrcRoot}
	}
	for _, root := range u.roots {
		if root != "" && strings.HasPrefix(p, root+"/") {
			return sarifArtifactLocation{URI: escapeURIPath(path.Clean(strings.TrimPrefix(p, root+"/")), false), URIBaseID: sarifSrcRoot}
		}
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive path: file:///C:/...
	}
	return sarifArtifactLocation{URI: "file://" + escapeURIPath(p, true)}
}

func (u *sarifURIs) physical(p Position) *sarifPhysicalLocation {
	pl := &sarifPhysicalLocation{ArtifactLocation: u.artifact(p.File)}
	if p.Line > 0 {
		pl.Region = &sarifRegion{StartLine: p.Line}
		if p.Column > 0 {
			pl.Region.StartColumn = p.Column
		}
	}
	return pl
}

// location is where a finding is: its file position and its Go type, or
// the Kubernetes object it was found on.
func (u *sarifURIs) location(f Finding) (sarifLocation, bool) {
	var loc sarifLocation
	if f.Position != nil && f.Position.File != "" {
		loc.PhysicalLocation = u.physical(*f.Position)
	}
	switch {
	case f.Object != nil:
		loc.LogicalLocations = []sarifLogicalLocation{{Name: f.Object.Name, FullyQualifiedName: objectKey(f.Object), Kind: "resource"}}
	case f.Type != "":
		name := f.Type
		if i := strings.LastIndex(name, "."); i >= 0 {
			name = name[i+1:]
		}
		loc.LogicalLocations = []sarifLogicalLocation{{Name: name, FullyQualifiedName: f.Type, Kind: "type"}}
	}
	return loc, loc.PhysicalLocation != nil || len(loc.LogicalLocations) > 0
}

// fixes converts suggested fixes, grouping each fix's edits by file in
// the order the files first appear. Edits without a line are left out;
// identical fixes are listed once (SARIF wants them unique).
func (u *sarifURIs) fixes(fixes []Fix) []sarifFix {
	var out []sarifFix
	seen := map[string]bool{}
	for _, fix := range fixes {
		var changes []sarifArtifactChange
		byFile := map[string]int{}
		for _, e := range fix.Edits {
			if e.File == "" || e.StartLine < 1 || e.EndLine < 1 {
				continue
			}
			rep := sarifReplacement{DeletedRegion: sarifRegion{
				StartLine: e.StartLine, StartColumn: max(e.StartColumn, 1),
				EndLine: e.EndLine, EndColumn: max(e.EndColumn, 1),
			}}
			if e.NewText != "" {
				rep.InsertedContent = &sarifArtifactContent{Text: e.NewText}
			}
			i, ok := byFile[e.File]
			if !ok {
				i = len(changes)
				byFile[e.File] = i
				changes = append(changes, sarifArtifactChange{ArtifactLocation: u.artifact(e.File)})
			}
			changes[i].Replacements = append(changes[i].Replacements, rep)
		}
		if len(changes) == 0 {
			continue
		}
		sf := sarifFix{ArtifactChanges: changes}
		if fix.Message != "" {
			sf.Description = &sarifMessage{Text: fix.Message}
		}
		key, _ := json.Marshal(sf)
		if seen[string(key)] {
			continue
		}
		seen[string(key)] = true
		out = append(out, sf)
	}
	return out
}

// escapeURIPath percent-encodes a slash-separated path for a URI: every
// byte but unreserved characters and '/' is escaped, so a ':' in the first
// segment of a relative path cannot read as a scheme. colon keeps ':' (a
// drive letter in an absolute file URI).
func escapeURIPath(p string, colon bool) string {
	const hexDigits = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9',
			c == '-', c == '.', c == '_', c == '~', c == '/', colon && c == ':':
			b.WriteByte(c)
		default:
			b.WriteByte('%')
			b.WriteByte(hexDigits[c>>4])
			b.WriteByte(hexDigits[c&15])
		}
	}
	return b.String()
}
