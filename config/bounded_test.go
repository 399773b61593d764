package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/internal/boundedio/boundedtest"
)

// Several YAML documents in one configuration file are an error naming
// the file: only the first would otherwise apply.
func TestParseSeveralDocuments(t *testing.T) {
	for _, doc := range []string{
		"failOn: error\n---\nrules:\n  MPA203: {enabled: false}\n",
		"failOn: error\n---\n",
		"---\nfailOn: error\n---\nfailOn: info\n",
	} {
		_, err := Parse("cfg.yaml", []byte(doc))
		if err == nil || !strings.Contains(err.Error(), "cfg.yaml") || !strings.Contains(err.Error(), "documents") {
			t.Errorf("%q: err = %v, want an error naming the file and its documents", doc, err)
		}
	}
	if _, err := Parse("cfg.yaml", []byte("---\nfailOn: error\n")); err != nil {
		t.Errorf("one document after a marker: %v", err)
	}
}

func TestLoadHostile(t *testing.T) {
	dir := t.TempDir()
	bomb := filepath.Join(dir, "bomb.yaml")
	if err := os.WriteFile(bomb, []byte("types:\n  include: "+aliasList()+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.yaml")
	boundedtest.FIFO(t, fifo)
	for path, what := range map[string]string{bomb: "aliases expand", fifo: "named pipe", "/dev/zero": "device"} {
		var err error
		boundedtest.Run(t, func() { _, err = Load(path) })
		if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), what) {
			t.Errorf("Load(%s): err = %v, want one naming it and saying %q", path, err, what)
		}
	}
}

// aliasList is a flow list whose aliases expand to 9^8 strings.
func aliasList() string {
	var b strings.Builder
	b.WriteString("[&a0 [a,a,a,a,a,a,a,a,a]")
	for i := 1; i < 9; i++ {
		p := "*a" + string(rune('0'+i-1))
		b.WriteString(", &a" + string(rune('0'+i)) + " [" + strings.Repeat(p+",", 8) + p + "]")
	}
	b.WriteString("]")
	return b.String()
}

// An unreadable configuration file is found (and then fails to load), not
// taken for an absent one.
func TestFindUnreadable(t *testing.T) {
	dir := t.TempDir()
	boundedtest.Unreadable(t, filepath.Join(dir, FileName))
	for name, find := range map[string]func(string) (string, bool){"Find": Find, "FindIn": FindIn} {
		p, ok := find(dir)
		if !ok {
			t.Fatalf("%s: unreadable %s not found", name, FileName)
		}
		if _, err := Load(p); err == nil || !strings.Contains(err.Error(), p) {
			t.Errorf("Load(%s): err = %v, want one naming it", p, err)
		}
	}
}
