// Package baseline records the findings a provider accepts today, so that
// `mpaudit check --baseline` reports only new ones.
//
// A finding's fingerprint is a hash of its rule, its package-qualified Go
// type (or object), its field, its file (relative, slash-separated) and the
// trimmed text of the source line it points at, never the line number: a
// finding keeps its fingerprint when unrelated lines above it move. Findings
// that would share a fingerprint are told apart by an occurrence index, in
// source order. A baseline is matched as a multiset of fingerprints.
package baseline

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/mpaudit/mpaudit/internal/boundedio"
	"github.com/mpaudit/mpaudit/report"
)

// Version is the baseline file format version.
const Version = 1

// DefaultFile is the baseline file name `mpaudit baseline` writes.
const DefaultFile = "mpaudit-baseline.json"

// File is a baseline document.
type File struct {
	Version     int     `json:"version"`
	Tool        string  `json:"tool"`
	ToolVersion string  `json:"toolVersion"`
	Entries     []Entry `json:"entries"`
}

// Entry is one baselined finding. Only Fingerprint is matched; the other
// fields are there for people reading the file.
type Entry struct {
	Fingerprint string `json:"fingerprint"`
	Rule        string `json:"rule"`
	Kind        string `json:"kind,omitempty"`
	Field       string `json:"field,omitempty"`
	File        string `json:"file,omitempty"`
}

// New builds the baseline of findings whose relative positions are
// relative to dir (the module directory the audit ran in).
func New(findings []report.Finding, dir, toolVersion string) *File {
	fps := Fingerprints(findings, dir)
	b := &File{Version: Version, Tool: "mpaudit", ToolVersion: toolVersion, Entries: make([]Entry, len(findings))}
	for i, f := range findings {
		b.Entries[i] = Entry{Fingerprint: fps[i], Rule: f.Rule, Kind: f.Kind, Field: f.Field, File: relFile(dir, f)}
	}
	sort.Slice(b.Entries, func(i, j int) bool {
		a, c := b.Entries[i], b.Entries[j]
		if a.File != c.File {
			return a.File < c.File
		}
		if a.Rule != c.Rule {
			return a.Rule < c.Rule
		}
		if a.Kind != c.Kind {
			return a.Kind < c.Kind
		}
		if a.Field != c.Field {
			return a.Field < c.Field
		}
		return a.Fingerprint < c.Fingerprint
	})
	return b
}

// Marshal renders the baseline as indented JSON; the same findings always
// give the same bytes.
func (b *File) Marshal() ([]byte, error) {
	if b.Entries == nil {
		b.Entries = []Entry{}
	}
	data, err := json.MarshalIndent(b, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// Write writes the baseline to path.
func (b *File) Write(path string) error {
	data, err := b.Marshal()
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// Read reads and checks a baseline file. Errors name the file.
func Read(path string) (*File, error) {
	data, err := boundedio.ReadFile(path)
	if err != nil {
		return nil, err
	}
	b, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Parse checks a baseline document.
func Parse(data []byte) (*File, error) {
	var b File
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b); err != nil {
		return nil, fmt.Errorf("not a valid mpaudit baseline: %v", err)
	}
	if err := dec.Decode(&struct{}{}); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("not a valid mpaudit baseline: data after the JSON document")
	}
	if b.Version != Version {
		return nil, fmt.Errorf("unsupported baseline version %d (want %d; regenerate it with mpaudit baseline)", b.Version, Version)
	}
	for i, e := range b.Entries {
		if e.Fingerprint == "" {
			return nil, fmt.Errorf("entries[%d]: no fingerprint", i)
		}
	}
	return &b, nil
}

// Result says what matching a baseline did.
type Result struct {
	// Baselined counts findings matched by an entry (and dropped).
	Baselined int
	// Stale counts entries that matched no finding (fixed since).
	Stale int
}

// Filter returns the findings that are not in the baseline. Each entry
// matches at most one finding.
func (b *File) Filter(findings []report.Finding, dir string) ([]report.Finding, Result) {
	left := map[string]int{}
	for _, e := range b.Entries {
		left[e.Fingerprint]++
	}
	fps := Fingerprints(findings, dir)
	var kept []report.Finding
	var res Result
	for i, f := range findings {
		if left[fps[i]] > 0 {
			left[fps[i]]--
			res.Baselined++
			continue
		}
		kept = append(kept, f)
	}
	for _, n := range left {
		res.Stale += n
	}
	if kept == nil {
		kept = []report.Finding{}
	}
	return kept, res
}

// Fingerprints returns each finding's fingerprint, in the order given.
func Fingerprints(findings []report.Finding, dir string) []string {
	lines := &lineCache{dir: dir, files: map[string][]string{}}
	type item struct {
		i    int
		base string
	}
	groups := map[string][]item{}
	for i, f := range findings {
		file := relFile(dir, f)
		base := strings.Join([]string{
			"mpaudit-fingerprint/1",
			f.Rule,
			subject(f),
			f.Field,
			file,
			lines.text(f),
		}, "\x00")
		groups[base] = append(groups[base], item{i, base})
	}
	out := make([]string, len(findings))
	for base, items := range groups {
		sort.SliceStable(items, func(a, c int) bool {
			fa, fc := findings[items[a].i], findings[items[c].i]
			la, ca := position(fa)
			lc, cc := position(fc)
			if la != lc {
				return la < lc
			}
			if ca != cc {
				return ca < cc
			}
			return fa.Message < fc.Message
		})
		for n, it := range items {
			sum := sha256.Sum256([]byte(base + "\x00" + strconv.Itoa(n)))
			out[it.i] = hex.EncodeToString(sum[:16])
		}
	}
	return out
}

func position(f report.Finding) (int, int) {
	if f.Position == nil {
		return 0, 0
	}
	return f.Position.Line, f.Position.Column
}

// subject is the package-qualified Go type, else the object, else the kind.
func subject(f report.Finding) string {
	switch {
	case f.Type != "":
		return f.Type
	case f.Object != nil:
		o := f.Object
		return strings.Join([]string{o.Cluster, o.Group, o.Kind, o.Namespace, o.Name}, "/")
	}
	return f.Kind
}

// relFile is the finding's file relative to dir, slash-separated.
func relFile(dir string, f report.Finding) string {
	if f.Position == nil || f.Position.File == "" {
		return ""
	}
	p := f.Position.File
	if filepath.IsAbs(p) && dir != "" {
		if absDir, err := filepath.Abs(dir); err == nil {
			if rel, err := filepath.Rel(absDir, p); err == nil && !strings.HasPrefix(rel, "..") {
				p = rel
			}
		}
	}
	return filepath.ToSlash(p)
}

type lineCache struct {
	dir   string
	files map[string][]string
}

// text is the trimmed source line at the finding's position, or "".
func (c *lineCache) text(f report.Finding) string {
	if f.Position == nil || f.Position.File == "" || f.Position.Line < 1 {
		return ""
	}
	p := f.Position.File
	if !filepath.IsAbs(p) && c.dir != "" {
		p = filepath.Join(c.dir, p)
	}
	lines, ok := c.files[p]
	if !ok {
		lines = readLines(p)
		c.files[p] = lines
	}
	if f.Position.Line > len(lines) {
		return ""
	}
	return strings.TrimSpace(lines[f.Position.Line-1])
}

func readLines(path string) []string {
	fh, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer fh.Close()
	var lines []string
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 0, 64*1024), 16*1024*1024)
	for sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines
}
