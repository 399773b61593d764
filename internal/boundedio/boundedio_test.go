package boundedio_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mpaudit/mpaudit/internal/boundedio"
	"github.com/mpaudit/mpaudit/internal/boundedio/boundedtest"
)

func write(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func wantLimit(t *testing.T, err error, path, reason string) {
	t.Helper()
	if err == nil || !boundedio.IsLimit(err) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), reason) {
		t.Fatalf("err = %v, want a limit error naming %s and %q", err, path, reason)
	}
}

func TestReadYAMLRefusesAliasBomb(t *testing.T) {
	p := write(t, "bomb.yaml", boundedtest.AliasBomb())
	var err error
	boundedtest.Run(t, func() { _, err = boundedio.ReadYAML(p) })
	wantLimit(t, err, p, "aliases expand to more than")
}

func TestReadYAMLRefusesHugeMapping(t *testing.T) {
	p := write(t, "huge.yaml", boundedtest.HugeMapping(6000))
	var err error
	boundedtest.Run(t, func() { _, err = boundedio.ReadYAML(p) })
	wantLimit(t, err, p, "mappings too large")
}

func TestReadYAMLAcceptsOrdinaryAliases(t *testing.T) {
	p := write(t, "ok.yaml", "base: &b {a: 1, b: 2}\nx: *b\ny: {<<: *b, c: 3}\n---\nlabels: &l {k: v}\nz: [*l, *l]\n"+boundedtest.HugeMapping(4000))
	if _, err := boundedio.ReadYAML(p); err != nil {
		t.Fatal(err)
	}
	docs, err := boundedio.CheckYAML(p, []byte("a: 1\n---\nb: 2\n"))
	if err != nil || docs != 2 {
		t.Fatalf("CheckYAML = %d, %v; want 2 documents", docs, err)
	}
}

func TestCheckYAMLRefusesRecursiveAlias(t *testing.T) {
	_, err := boundedio.CheckYAML("rec.yaml", []byte("a: &a [1, *a]\n"))
	// yaml.v3 may already reject it as a syntax error (then nil here and the
	// reader's decoder reports it); it must never recurse.
	if err != nil {
		wantLimit(t, err, "rec.yaml", "contains it")
	}
}

func TestReadFileRefusesNonRegular(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "dump.yaml")
	boundedtest.FIFO(t, fifo)
	var err error
	boundedtest.Run(t, func() { _, err = boundedio.ReadFile(fifo) })
	wantLimit(t, err, fifo, "named pipe")

	boundedtest.Run(t, func() { _, err = boundedio.ReadFile("/dev/zero") })
	wantLimit(t, err, "/dev/zero", "device")

	dir := t.TempDir()
	_, err = boundedio.ReadFile(dir)
	wantLimit(t, err, dir, "directory")
}

func TestReadFileSizeLimit(t *testing.T) {
	p := write(t, "big.json", strings.Repeat(" ", 1000)+"{}")
	defer boundedio.SetMaxSize(boundedio.MaxSize())
	boundedio.SetMaxSize(1000)
	_, err := boundedio.ReadFile(p)
	wantLimit(t, err, p, "over the 1000-byte input limit (raise it with --max-input-size)")
	boundedio.SetMaxSize(1002)
	if _, err := boundedio.ReadFile(p); err != nil {
		t.Fatal(err)
	}
}

func TestReadFileMissingIsNotALimit(t *testing.T) {
	_, err := boundedio.ReadFile(filepath.Join(t.TempDir(), "missing.yaml"))
	if err == nil || boundedio.IsLimit(err) || !os.IsNotExist(err) {
		t.Fatalf("err = %v, want not-exist", err)
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"1024": 1024, "16Mi": 16 << 20, "1Gi": 1 << 30, "100M": 100_000_000} {
		if got, err := boundedio.ParseSize(in); err != nil || got != want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"0", "-1", "lots", "1.5"} {
		if _, err := boundedio.ParseSize(in); err == nil {
			t.Errorf("ParseSize(%q): no error", in)
		}
	}
}
