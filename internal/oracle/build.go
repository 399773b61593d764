// Package oracle runs Cluster API core's own reconcilers, built from the
// module proxy at each release the catalog knows, against provider objects
// in a real apiserver (envtest), and records what core concludes: the
// measured side the catalog in contract/ is checked against.
package oracle

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/format"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template"

	"golang.org/x/mod/modfile"

	"github.com/mpaudit/mpaudit/contract"
)

// Releases are the core releases the oracle builds and runs, oldest first.
// Adding a release is one line here.
var Releases = []contract.Release{
	"v1.10.4",
	"v1.11.3",
	"v1.12.4",
	"v1.13.4",
	"v1.14.2",
}

// PinnedRelease is the release go.mod pins, the one `make test` runs.
const PinnedRelease contract.Release = "v1.14.2"

//go:embed runners/reconcilers.go.txt
var reconcilersRunner string

//go:embed runners/alias.go.txt
var aliasRunner string

// apiModule is core's API module, split out of sigs.k8s.io/cluster-api in v1.14.
const apiModule = contract.CoreModule + "/api"

// runnerSource is the runner main for a release. Core v1.14 moved the
// reconcilers to core/reconcilers; before, controllers/alias.go (and, before
// v1.12, exp/controllers for MachinePools) re-export them, and the API
// packages moved under api/core in v1.11.
func runnerSource(r contract.Release) (string, error) {
	if r.AtLeast("v1.14.0") {
		return reconcilersRunner, nil
	}
	if r.Less("v1.10.0") {
		return "", fmt.Errorf("oracle: no runner for Cluster API %s (the catalog starts at v1.10)", r)
	}
	type scheme struct{ Name, Path string }
	data := struct {
		Schemes        []scheme
		IndexPkg       string
		ExpControllers bool
	}{
		Schemes:        []scheme{{"clusterv1beta1", contract.CoreModule + "/api/core/v1beta1"}, {"clusterv1", contract.CoreModule + "/api/core/v1beta2"}},
		IndexPkg:       contract.CoreModule + "/api/core/v1beta2/index",
		ExpControllers: r.Less("v1.12.0"),
	}
	if r.Less(contract.ReleaseV1Beta2) {
		data.Schemes = []scheme{{"clusterv1", contract.CoreModule + "/api/v1beta1"}, {"expv1", contract.CoreModule + "/exp/api/v1beta1"}}
		data.IndexPkg = contract.CoreModule + "/api/v1beta1/index"
	}
	var b strings.Builder
	t := template.Must(template.New("runner").Delims("[[", "]]").Parse(aliasRunner))
	if err := t.Execute(&b, data); err != nil {
		return "", err
	}
	src, err := format.Source([]byte(b.String()))
	if err != nil {
		return "", fmt.Errorf("oracle: runner template for %s: %w", r, err)
	}
	return string(src), nil
}

// Runner is a built runner binary and the source of its core release.
type Runner struct {
	Release contract.Release
	// Bin is the runner executable.
	Bin string
	// ModuleDir is sigs.k8s.io/cluster-api@Release in the module cache
	// (config/crd/bases holds its CRDs).
	ModuleDir string
}

// CoreCRDDir is where the release keeps its core CRDs (core/config/crd/bases from v1.14).
func (r Runner) CoreCRDDir() string {
	for _, d := range []string{filepath.Join("core", "config", "crd", "bases"), filepath.Join("config", "crd", "bases")} {
		if _, err := os.Stat(filepath.Join(r.ModuleDir, d)); err == nil {
			return filepath.Join(r.ModuleDir, d)
		}
	}
	return filepath.Join(r.ModuleDir, "config", "crd", "bases")
}

// CacheDir is where runners are built: $XDG_CACHE_HOME/mpaudit/oracle
// (os.UserCacheDir), or $MPAUDIT_ORACLE_CACHE.
func CacheDir() (string, error) {
	if d := os.Getenv("MPAUDIT_ORACLE_CACHE"); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "mpaudit", "oracle"), nil
}

// goEnv isolates the builds from the caller's workspace and toolchain choices.
func goEnv() []string {
	return append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod", "GOTOOLCHAIN=local")
}

// Build returns the runner of release r, building it into cacheDir/<r>/
// once: a module that requires sigs.k8s.io/cluster-api@r with exactly the
// requirements of that release's own go.mod, so the reconcilers compile
// against the dependency versions the release was tested with. A stamp
// (hash of go.mod and the runner source) decides whether a built runner is
// current. Build output goes to log.
func Build(ctx context.Context, r contract.Release, cacheDir string, log io.Writer) (Runner, error) {
	src, err := runnerSource(r)
	if err != nil {
		return Runner{}, err
	}
	modDir, coreGoMod, err := downloadCore(ctx, r)
	if err != nil {
		return Runner{}, err
	}
	gomod, err := runnerGoMod(r, coreGoMod)
	if err != nil {
		return Runner{}, err
	}
	sum := sha256.Sum256([]byte(gomod + "\x00" + src))
	stamp := hex.EncodeToString(sum[:])
	dir := filepath.Join(cacheDir, string(r))
	run := Runner{Release: r, Bin: filepath.Join(dir, "runner"), ModuleDir: modDir}
	if old, err := os.ReadFile(filepath.Join(dir, "stamp")); err == nil && string(old) == stamp {
		if _, err := os.Stat(run.Bin); err == nil {
			return run, nil
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Runner{}, err
	}
	coreSum, err := os.ReadFile(filepath.Join(modDir, "go.sum"))
	if err != nil {
		return Runner{}, fmt.Errorf("oracle: %s has no go.sum: %w", modDir, err)
	}
	// Each build in a directory of its own, the runner renamed into place:
	// tests of two packages (or two runs of mpaudit) may build at once, and
	// an interrupted build never leaves a runner behind.
	work, err := os.MkdirTemp(dir, "build-")
	if err != nil {
		return Runner{}, err
	}
	defer os.RemoveAll(work)
	files := map[string]string{"go.mod": gomod, "go.sum": string(coreSum), "main.go": src}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(work, name), []byte(text), 0o644); err != nil {
			return Runner{}, err
		}
	}
	cmd := exec.CommandContext(ctx, "go", "build", "-trimpath", "-o", "runner", ".")
	cmd.Dir, cmd.Env, cmd.Stdout, cmd.Stderr = work, goEnv(), log, log
	if err := cmd.Run(); err != nil {
		return Runner{}, fmt.Errorf("oracle: building the runner of Cluster API %s in %s: %w", r, work, err)
	}
	if err := os.Rename(filepath.Join(work, "runner"), run.Bin); err != nil {
		return Runner{}, err
	}
	if err := os.WriteFile(filepath.Join(work, "stamp"), []byte(stamp), 0o644); err != nil {
		return Runner{}, err
	}
	return run, os.Rename(filepath.Join(work, "stamp"), filepath.Join(dir, "stamp"))
}

// downloadCore fetches sigs.k8s.io/cluster-api@r into the module cache (a
// no-op when it is there) and returns its directory and go.mod.
func downloadCore(ctx context.Context, r contract.Release) (string, []byte, error) {
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, "go", "mod", "download", "-json", contract.CoreModule+"@"+string(r))
	cmd.Env, cmd.Stdout, cmd.Stderr = goEnv(), &out, &errb
	cmd.Dir = os.TempDir()
	runErr := cmd.Run()
	var info struct{ Dir, GoMod, Error string }
	if err := json.Unmarshal(out.Bytes(), &info); err != nil {
		return "", nil, fmt.Errorf("oracle: go mod download %s@%s: %v %s", contract.CoreModule, r, runErr, strings.TrimSpace(errb.String()))
	}
	if info.Error != "" || runErr != nil {
		return "", nil, fmt.Errorf("oracle: go mod download %s@%s: %s %v", contract.CoreModule, r, info.Error, runErr)
	}
	gomod, err := os.ReadFile(info.GoMod)
	if err != nil {
		return "", nil, err
	}
	return info.Dir, gomod, nil
}

// runnerGoMod is the runner module's go.mod: core's requirements verbatim,
// core itself at r, and, from v1.14, the split-out API module at r (core's
// own go.mod replaces it with ./api, which a dependency's replace cannot do).
func runnerGoMod(r contract.Release, coreGoMod []byte) (string, error) {
	core, err := modfile.Parse("go.mod", coreGoMod, nil)
	if err != nil {
		return "", fmt.Errorf("oracle: core %s go.mod: %w", r, err)
	}
	f := &modfile.File{}
	if err := f.AddModuleStmt("mpaudit.invalid/oracle/runner"); err != nil {
		return "", err
	}
	if core.Go == nil {
		return "", errors.New("oracle: core go.mod has no go directive")
	}
	if err := f.AddGoStmt(core.Go.Version); err != nil {
		return "", err
	}
	f.AddNewRequire(contract.CoreModule, string(r), false)
	for _, req := range core.Require {
		v := req.Mod.Version
		if req.Mod.Path == apiModule {
			v = string(r)
		}
		f.AddNewRequire(req.Mod.Path, v, req.Indirect)
	}
	for _, rep := range core.Replace {
		if rep.New.Version == "" { // a local path: not in the module zip
			continue
		}
		if err := f.AddReplace(rep.Old.Path, rep.Old.Version, rep.New.Path, rep.New.Version); err != nil {
			return "", err
		}
	}
	f.Cleanup()
	out, err := f.Format()
	return string(out), err
}
