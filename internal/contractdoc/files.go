package contractdoc

import (
	"encoding/json"

	"github.com/mpaudit/mpaudit/internal/gendir"
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
	out := map[string][]byte{IndexFile: []byte(Index(doc)), MustsFile: []byte(Musts()), GoAPIFile: []byte(GoAPI())}
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

// owned are the files of docs/contract that Write removes when the catalog
// no longer produces them.
var owned = []string{"*.md", "*.json"}

// Write renders Files into dir, creating it, and removes the *.md and *.json
// files there that no longer belong to the catalog.
func Write(dir string) error {
	files, err := Files()
	if err != nil {
		return err
	}
	return gendir.Write(dir, files, owned...)
}

// Diff compares dir with Files and describes each difference (missing,
// stale or outdated files); nil means dir is up to date.
func Diff(dir string) ([]string, error) {
	files, err := Files()
	if err != nil {
		return nil, err
	}
	return gendir.Diff(dir, files, owned...)
}
