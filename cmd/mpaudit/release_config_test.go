package main

import (
	"os"
	"regexp"
	"slices"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestGoreleaserConfig checks what .goreleaser.yaml promises without running
// goreleaser (`make release-check` runs it): both binaries for every release
// platform, and -X stamps that name variables `mpaudit version` reads (the
// linker ignores an -X of a variable that does not exist).
func TestGoreleaserConfig(t *testing.T) {
	raw, err := os.ReadFile("../../.goreleaser.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var cfg struct {
		Version int `json:"version"`
		Builds  []struct {
			ID, Main, Binary string
			Goos, Goarch     []string
			Flags, Ldflags   []string
			ModTimestamp     string `json:"mod_timestamp"`
		} `json:"builds"`
		Archives []struct {
			ID  string   `json:"id"`
			IDs []string `json:"ids"`
		} `json:"archives"`
		Krews []struct {
			IDs []string `json:"ids"`
		} `json:"krews"`
	}
	if err := yaml.Unmarshal(raw, &cfg); err != nil {
		t.Fatalf(".goreleaser.yaml: %v", err)
	}
	if cfg.Version != 2 {
		t.Errorf("version: %d, want 2", cfg.Version)
	}
	stamped := map[string]*string{"main.version": &version, "main.commit": &commit, "main.commitDate": &commitDate}
	xflag := regexp.MustCompile(`-X[= ]([^=\s]+)=`)
	mains := map[string]bool{}
	for _, b := range cfg.Builds {
		mains[b.Main] = true
		for _, goos := range []string{"linux", "darwin", "windows"} {
			if !slices.Contains(b.Goos, goos) {
				t.Errorf("build %s: no %s", b.ID, goos)
			}
		}
		for _, arch := range []string{"amd64", "arm64"} {
			if !slices.Contains(b.Goarch, arch) {
				t.Errorf("build %s: no %s", b.ID, arch)
			}
		}
		if !slices.Contains(b.Flags, "-trimpath") || b.ModTimestamp == "" {
			t.Errorf("build %s: not reproducible (flags %v, mod_timestamp %q)", b.ID, b.Flags, b.ModTimestamp)
		}
		for _, l := range b.Ldflags {
			for _, m := range xflag.FindAllStringSubmatch(l, -1) {
				if stamped[m[1]] == nil {
					t.Errorf("build %s stamps %s, which cmd/mpaudit does not read", b.ID, m[1])
				}
			}
		}
		if b.Main == "./cmd/mpaudit" && !xflag.MatchString(b.Ldflags[0]) {
			t.Errorf("build %s stamps no version: %v", b.ID, b.Ldflags)
		}
	}
	if !mains["./cmd/mpaudit"] || !mains["./cmd/mpaudit-vet"] {
		t.Errorf("builds cover %v, want ./cmd/mpaudit and ./cmd/mpaudit-vet", mains)
	}
	// krew takes one binary per archive: its archives hold the mpaudit build only.
	for _, k := range cfg.Krews {
		for _, a := range cfg.Archives {
			if slices.Contains(k.IDs, a.ID) && !slices.Equal(a.IDs, []string{"mpaudit"}) {
				t.Errorf("krew archive %s holds builds %v, want [mpaudit]", a.ID, a.IDs)
			}
		}
	}
	if len(cfg.Krews) != 1 || len(cfg.Krews[0].IDs) == 0 {
		t.Errorf("want one krews entry restricted to an archive id: %+v", cfg.Krews)
	}
}
