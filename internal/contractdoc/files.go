package contractdoc

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// IndexFile is the index of docs/contract; SchemaFile the exported schema there.
const (
	IndexFile  = "README.md"
	SchemaFile = "contract.schema.json"
)

// FileName is the page of a kind in docs/contract.
func FileName(kind string) string { return kind + ".md" }

// JSON is the document as `contract show -o json` prints it: indented, ending with a newline.
func JSON(doc Document) ([]byte, error) {
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// Files renders docs/contract: file name → content. The pages hold both
// contract versions, as `contract show --kind K` prints them.
func Files() (map[string][]byte, error) {
	doc := Build(nil, nil)
	out := map[string][]byte{IndexFile: []byte(Index(doc))}
	for _, k := range doc.Kinds {
		out[FileName(k.Name)] = []byte(Page(k, doc.Contracts))
	}
	schema, err := SchemaJSON()
	if err != nil {
		return nil, err
	}
	out[SchemaFile] = schema
	return out, nil
}

// generated lists the files in dir that Write owns.
func generated(dir string) ([]string, error) {
	md, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		return nil, err
	}
	js, err := filepath.Glob(filepath.Join(dir, "*.json"))
	return append(md, js...), err
}

// Write renders Files into dir, creating it, and removes the *.md and *.json
// files there that no longer belong to the catalog.
func Write(dir string) error {
	files, err := Files()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	present, err := generated(dir)
	if err != nil {
		return err
	}
	for _, p := range present {
		if _, ok := files[filepath.Base(p)]; !ok {
			if err := os.Remove(p); err != nil {
				return err
			}
		}
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, content) {
			continue
		}
		if err := os.WriteFile(p, content, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Diff compares dir with Files and describes each difference (missing,
// stale or outdated files); nil means dir is up to date.
func Diff(dir string) ([]string, error) {
	files, err := Files()
	if err != nil {
		return nil, err
	}
	present, err := generated(dir)
	if err != nil {
		return nil, err
	}
	var diffs []string
	for _, p := range present {
		if _, ok := files[filepath.Base(p)]; !ok {
			diffs = append(diffs, filepath.Base(p)+": not generated from the catalog (stale)")
		}
	}
	for name, content := range files {
		got, err := os.ReadFile(filepath.Join(dir, name))
		switch {
		case os.IsNotExist(err):
			diffs = append(diffs, name+": missing")
		case err != nil:
			return nil, err
		case !bytes.Equal(got, content):
			diffs = append(diffs, name+": differs from the catalog")
		}
	}
	slices.SortFunc(diffs, strings.Compare)
	return diffs, nil
}
