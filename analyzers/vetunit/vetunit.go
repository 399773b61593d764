// Package vetunit lets the go vet tool skip type-checking the dependency
// packages that no pass could find anything in.
//
// go vet runs the tool on every package of the build, dependencies and
// the standard library included, to collect facts (cfg.VetxOnly). The
// passes skip a package that declares no root API type, holds no
// //mpaudit:ignore directive and imports no package with a fact
// (kindfinder.Result.Skipped), but unitchecker type-checks it from source
// first, because its importers read their imports' types from the vetx
// files the tool writes. That type check is most of what go vet -vettool
// costs.
//
// Prepare decides before unitchecker runs. A VetxOnly package the passes
// would skip gets a vetx file with no types and no facts, written in no
// time. A package that is analysed gets, for each such import, a vetx file
// with the types read from the compiler's export data (cfg.PackageFile,
// which go vet builds anyway), and a copy of its cfg that points at them;
// unitchecker then runs on that copy as usual. Non-VetxOnly packages (the
// ones named on the command line) are always type-checked, so type errors
// are reported as before.
package vetunit

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"

	"golang.org/x/tools/go/analysis/unitchecker"
	"golang.org/x/tools/go/gcexportdata"

	"github.com/mpaudit/mpaudit/analyzers/kindfinder"
	"github.com/mpaudit/mpaudit/contract"
)

// The layout of unitchecker's vetx file (x/tools go/analysis/unitchecker,
// writeVetxFile): magic, the little-endian lengths of the types and the
// facts sections, then the sections. TestVetxLayout checks it against a
// file unitchecker wrote.
const (
	vetxMagic      = "vetx"
	vetxHeaderSize = 12
)

// Prepare reads the go vet config at cfgPath. It returns skipped when the
// package needs no analysis (its vetx file is then written), else the cfg
// file unitchecker should run on: cfgPath itself, or a rewritten copy
// when imports were skipped.
func Prepare(cfgPath string) (next string, skipped bool, err error) {
	data, err := os.ReadFile(cfgPath)
	if err != nil {
		return "", false, err
	}
	var cfg unitchecker.Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return "", false, fmt.Errorf("cannot decode go vet config %s: %v", cfgPath, err)
	}
	imports, err := readHeaders(cfg.PackageVetx)
	if err != nil {
		return "", false, err
	}
	if cfg.VetxOnly && cfg.VetxOutput != "" && cfg.FixArchive == "" {
		skip, err := skippable(&cfg, imports)
		if err != nil {
			return "", false, err
		}
		if skip {
			return "", true, writeSkipped(&cfg)
		}
	}
	var typeless []string
	for path, h := range imports {
		if h.typesLen == 0 {
			typeless = append(typeless, path)
		}
	}
	if len(typeless) == 0 {
		return cfgPath, false, nil
	}
	cache := filepath.Join(filepath.Dir(filepath.Dir(cfgPath)), "mpaudit-vetx")
	if err := os.MkdirAll(cache, 0o777); err != nil {
		return "", false, err
	}
	fset := token.NewFileSet()
	shared := map[string]*types.Package{}
	for _, path := range typeless {
		file, err := typesFromExportData(cache, fset, shared, path, cfg.PackageFile[path])
		if err != nil {
			return "", false, err
		}
		cfg.PackageVetx[path] = file
	}
	out, err := json.Marshal(&cfg)
	if err != nil {
		return "", false, err
	}
	next = filepath.Join(filepath.Dir(cfgPath), "mpaudit-"+filepath.Base(cfgPath))
	return next, false, writeAtomic(next, out)
}

type vetxHeader struct{ typesLen, factsLen uint32 }

func readHeaders(vetx map[string]string) (map[string]vetxHeader, error) {
	out := make(map[string]vetxHeader, len(vetx))
	for path, file := range vetx {
		h, err := readHeader(file)
		if err != nil {
			return nil, fmt.Errorf("vetx file for %q: %v", path, err)
		}
		out[path] = h
	}
	return out, nil
}

func readHeader(file string) (vetxHeader, error) {
	f, err := os.Open(file)
	if err != nil {
		return vetxHeader{}, err
	}
	defer f.Close()
	var b [vetxHeaderSize]byte
	if _, err := io.ReadFull(f, b[:]); err != nil {
		return vetxHeader{}, fmt.Errorf("%s: %v", file, err)
	}
	if string(b[:4]) != vetxMagic {
		return vetxHeader{}, fmt.Errorf("%s: not a vetx file", file)
	}
	return vetxHeader{binary.LittleEndian.Uint32(b[4:8]), binary.LittleEndian.Uint32(b[8:12])}, nil
}

// skippable: no import carries a fact (so none reaches a provider type;
// package facts are read from direct imports only), none is a patch helper
// (whose Patch calls conditionowned passes on) and no file holds a root
// marker or an ignore directive — kindfinder's own skip test, on raw files
// instead of comments.
func skippable(cfg *unitchecker.Config, imports map[string]vetxHeader) (bool, error) {
	for _, h := range imports {
		if h.factsLen != 0 {
			return false, nil
		}
	}
	for _, path := range cfg.ImportMap {
		if contract.IsPatchHelperPackage(path) {
			return false, nil // its Patch calls are conditionowned's facts
		}
	}
	for _, name := range cfg.GoFiles {
		src, err := os.ReadFile(name)
		if err != nil {
			return false, err
		}
		if kindfinder.MayDeclareSource(src) {
			return false, nil
		}
	}
	return true, nil
}

func writeSkipped(cfg *unitchecker.Config) error {
	if cfg.Stdout != "" {
		if err := os.WriteFile(cfg.Stdout, nil, 0o666); err != nil {
			return err
		}
	}
	return os.WriteFile(cfg.VetxOutput, vetx(nil), 0o666)
}

func vetx(typesData []byte) []byte {
	out := make([]byte, vetxHeaderSize, vetxHeaderSize+len(typesData))
	copy(out, vetxMagic)
	binary.LittleEndian.PutUint32(out[4:8], uint32(len(typesData)))
	return append(out, typesData...)
}

// typesFromExportData writes (once per go vet run: the cache lives in go's
// work directory) a vetx file with the types of path, read from the
// compiler's export data.
func typesFromExportData(cache string, fset *token.FileSet, shared map[string]*types.Package, path, exportFile string) (string, error) {
	if exportFile == "" {
		return "", fmt.Errorf("go vet config has no export data for %q, whose analysis was skipped", path)
	}
	sum := sha256.Sum256([]byte(path + "\x00" + exportFile))
	file := filepath.Join(cache, hex.EncodeToString(sum[:12])+".vetx")
	if _, err := os.Stat(file); err == nil {
		return file, nil
	}
	f, err := os.Open(exportFile)
	if err != nil {
		return "", err
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return "", fmt.Errorf("export data for %q: %v", path, err)
	}
	pkg, err := gcexportdata.Read(r, fset, shared, path)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	if err := gcexportdata.Write(&buf, fset, pkg); err != nil {
		return "", err
	}
	// Write puts the indexed format's tag first; vetx holds the data alone.
	data, ok := bytes.CutPrefix(buf.Bytes(), []byte("i"))
	if !ok {
		return "", errors.New("gcexportdata.Write: unexpected format")
	}
	return file, writeAtomic(file, vetx(data))
}

// writeAtomic writes through a temporary file and a rename, as go vet runs
// the tool on several packages at once and they may share a converted import.
func writeAtomic(name string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), filepath.Base(name)+".tmp*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), name)
}
