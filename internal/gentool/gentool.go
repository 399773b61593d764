// Package gentool builds the code generators at the versions a provider
// pins (conversion-gen, controller-gen), so that a regenerated file is
// what the provider's own `make generate` writes. A binary is built from
// the provider's tools module when that module requires the generator at
// the pinned version (the Makefile builds it from there), else installed
// with `go install pkg@version`; either way into a cache directory under
// os.UserCacheDir()/mpaudit/tools, reused across runs.
package gentool

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/mod/semver"
)

// Tool is a generator command and the module it is built from.
type Tool struct {
	Name, Module, Package string
}

var (
	ConversionGen = Tool{Name: "conversion-gen", Module: "k8s.io/code-generator", Package: "k8s.io/code-generator/cmd/conversion-gen"}
	ControllerGen = Tool{Name: "controller-gen", Module: "sigs.k8s.io/controller-tools", Package: "sigs.k8s.io/controller-tools/cmd/controller-gen"}
)

// Binary is a built generator: its path and how it was built, for the
// pull request body ("built from hack/tools/go.mod", "go install …").
type Binary struct {
	Path, Version, How string
}

// CacheDir is where binaries are kept: os.UserCacheDir()/mpaudit/tools,
// or MPAUDIT_TOOLS_CACHE when set (tests point it at a temporary dir).
func CacheDir() (string, error) {
	if d := os.Getenv("MPAUDIT_TOOLS_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for the generators: %w", err)
	}
	return filepath.Join(d, "mpaudit", "tools"), nil
}

// BuildEnv is added to the environment of every build (tests keep the
// builds of versions not in the module cache off the network with
// GOPROXY=off, while the provider's own go commands may still download).
var BuildEnv []string

// one build per binary path at a time, across goroutines of this process.
var building sync.Map // path -> *sync.Mutex

// Build returns the tool at version. toolsDir is the provider's tools
// module (absolute; "" when none); when its go.mod requires the tool's
// module at version, the binary is built there with the versions of its
// go.sum. env is added to the go command's environment. The error carries
// the go command's output, trimmed.
func Build(ctx context.Context, tool Tool, version, toolsDir string, toolsRequire map[string]string, env []string) (*Binary, error) {
	if version == "" {
		return nil, errors.New("no version pinned")
	}
	cache, err := CacheDir()
	if err != nil {
		return nil, err
	}
	fromTools := toolsDir != "" && toolsRequire[tool.Module] == version
	key := tool.Name + "@" + version
	if fromTools {
		// Another tools module may select other dependency versions.
		sum, err := moduleHash(toolsDir)
		if err != nil {
			return nil, err
		}
		key += "-" + sum
	}
	dir := filepath.Join(cache, key)
	bin := filepath.Join(dir, tool.Name)
	mu, _ := building.LoadOrStore(bin, &sync.Mutex{})
	mu.(*sync.Mutex).Lock()
	defer mu.(*sync.Mutex).Unlock()
	b := &Binary{Path: bin, Version: version}
	if fromTools {
		b.How = "built from the provider's tools module"
	} else {
		b.How = "go install " + tool.Package + "@" + version
	}
	// A query (latest, a branch) may name another version tomorrow.
	if st, err := os.Stat(bin); err == nil && st.Mode().IsRegular() && semver.IsValid(version) {
		return b, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	// Built beside its final name and renamed, so that a run stopped
	// midway leaves no binary that looks complete.
	tmp, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	var cmd *exec.Cmd
	if fromTools {
		cmd = exec.CommandContext(ctx, "go", "build", "-mod=readonly", "-o", filepath.Join(tmp, tool.Name), tool.Package)
		cmd.Dir = toolsDir
		cmd.Env = slices.Concat(os.Environ(), env, BuildEnv)
	} else {
		cmd = exec.CommandContext(ctx, "go", "install", tool.Package+"@"+version)
		cmd.Dir = tmp
		cmd.Env = slices.Concat(os.Environ(), env, []string{"GOBIN=" + tmp, "GOWORK=off", "GOFLAGS="}, BuildEnv)
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("%s: %v: %s", strings.Join(cmd.Args, " "), err, Sanitize(out.String(), 6))
	}
	if err := os.Rename(filepath.Join(tmp, tool.Name), bin); err != nil {
		return nil, err
	}
	return b, nil
}

// moduleHash names a tools module's build inputs (go.mod and go.sum).
func moduleHash(dir string) (string, error) {
	h := sha256.New()
	for _, name := range []string{"go.mod", "go.sum"} {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil && !(name == "go.sum" && os.IsNotExist(err)) {
			return "", err
		}
		h.Write(data)
	}
	return hex.EncodeToString(h.Sum(nil))[:12], nil
}

var control = regexp.MustCompile(`\x1b\[[0-9;]*[A-Za-z]|[\x00-\x08\x0b-\x1f\x7f]`)

// Sanitize makes a command's output fit an error message: control
// characters and terminal escapes removed, at most n non-empty lines
// joined by "; ".
func Sanitize(s string, n int) string {
	s = control.ReplaceAllString(s, "")
	var lines []string
	for l := range strings.SplitSeq(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = append(lines[:n], fmt.Sprintf("… (%d more lines)", len(lines)-n))
	}
	return strings.Join(lines, "; ")
}

// generatorMemLimit bounds a generator process's heap unless the user sets
// GOMEMLIMIT: an older conversion-gen holds the whole package graph (about
// 1.6 GB on a provider importing Cluster API, where 1300 MiB keeps it near
// 1.35 GB for a little more collector CPU).
const generatorMemLimit = "GOMEMLIMIT=1300MiB"

// generatorEnv is this process's environment with env, and the memory
// bound when nothing sets one.
func generatorEnv(env []string) []string {
	out := append(os.Environ(), env...)
	for _, kv := range out {
		if strings.HasPrefix(kv, "GOMEMLIMIT=") {
			return out
		}
	}
	return append(out, generatorMemLimit)
}

// Run runs a built generator in dir with args, bounded by ctx; the error
// carries its output, sanitized.
func Run(ctx context.Context, bin, dir string, env, args []string) error {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = generatorEnv(env)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return fmt.Errorf("%s: %v: %s", filepath.Base(bin), err, Sanitize(out.String(), 8))
	}
	return nil
}

// Output is Run returning stdout and stderr apart; on failure both are
// returned with the error (a generator may report problems on some
// packages and still write what it made of the others).
func Output(ctx context.Context, bin, dir string, env, args []string) (stdout, stderr []byte, err error) {
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = dir
	cmd.Env = generatorEnv(env)
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			err = ctx.Err()
		}
		return o.Bytes(), e.Bytes(), fmt.Errorf("%s: %v: %s", filepath.Base(bin), err, Sanitize(e.String(), 8))
	}
	return o.Bytes(), e.Bytes(), nil
}
