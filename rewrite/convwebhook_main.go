package rewrite

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// controller-runtime's webhook server defaults (webhook.Options).
const (
	crDefaultCertDir = "/tmp/k8s-webhook-server/serving-certs"
	crDefaultPort    = 9443
)

// webhookServing is what the manager reads: where the serving certificate
// must be mounted and which port the webhook server listens on.
type webhookServing struct {
	certDir string
	port    int
	// how says where each came from, for the note.
	how string
}

// managerOptions is what the provider's main.go says about its webhook
// server: flags (name and default) and literal webhook.Options fields.
type managerOptions struct {
	certFlag, certFlagDefault string
	portFlag                  string
	portFlagDefault           int
	certDirLit                string
	portLit                   int
	files                     []string
}

// mainFiles are the manager entry points kubebuilder and Cluster API lay out.
func mainFiles(root string) []string {
	out := []string{filepath.Join(root, "main.go"), filepath.Join(root, "cmd", "main.go")}
	if m, err := filepath.Glob(filepath.Join(root, "cmd", "*", "main.go")); err == nil {
		out = append(out, m...)
	}
	var ok []string
	for _, f := range out {
		if fi, err := os.Stat(f); err == nil && fi.Mode().IsRegular() {
			ok = append(ok, f)
		}
	}
	return ok
}

func readManagerOptions(root string) managerOptions {
	var mo managerOptions
	fset := token.NewFileSet()
	for _, f := range mainFiles(root) {
		file, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			continue
		}
		rel, _ := filepath.Rel(root, f)
		mo.files = append(mo.files, rel)
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				sel, ok := n.Fun.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				args := n.Args
				switch sel.Sel.Name {
				case "StringVar", "IntVar":
					if len(args) < 3 {
						return true
					}
					args = args[1:]
				case "String", "Int":
					if len(args) < 2 {
						return true
					}
				default:
					return true
				}
				name, ok := stringLit(args[0])
				if !ok || !strings.Contains(name, "webhook") {
					return true
				}
				switch {
				case strings.Contains(name, "cert") && (strings.HasSuffix(name, "-dir") || strings.HasSuffix(name, "-path")):
					mo.certFlag = name
					mo.certFlagDefault, _ = stringLit(args[1])
				case strings.HasSuffix(name, "-port"):
					if v, ok := intLit(args[1]); ok {
						mo.portFlag, mo.portFlagDefault = name, v
					}
				}
			case *ast.CompositeLit:
				sel, ok := n.Type.(*ast.SelectorExpr)
				if !ok || sel.Sel.Name != "Options" {
					return true
				}
				if x, ok := sel.X.(*ast.Ident); !ok || x.Name != "webhook" {
					return true
				}
				for _, e := range n.Elts {
					kv, ok := e.(*ast.KeyValueExpr)
					if !ok {
						continue
					}
					switch k, _ := kv.Key.(*ast.Ident); {
					case k == nil:
					case k.Name == "CertDir":
						if s, ok := stringLit(kv.Value); ok {
							mo.certDirLit = s
						}
					case k.Name == "Port":
						if v, ok := intLit(kv.Value); ok {
							mo.portLit = v
						}
					}
				}
			}
			return true
		})
	}
	return mo
}

func stringLit(e ast.Expr) (string, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(b.Value)
	return s, err == nil
}

func intLit(e ast.Expr) (int, bool) {
	b, ok := e.(*ast.BasicLit)
	if !ok || b.Kind != token.INT {
		return 0, false
	}
	v, err := strconv.Atoi(b.Value)
	return v, err == nil
}

// flagValue finds --name=V, -name=V, --name V in a container's arguments.
func flagValue(args []string, name string) (string, bool) {
	for i, a := range args {
		t := strings.TrimLeft(a, "-")
		if t == a || (len(a)-len(t)) > 2 {
			continue
		}
		if v, ok := strings.CutPrefix(t, name+"="); ok {
			return v, true
		}
		if t == name && i+1 < len(args) {
			return args[i+1], true
		}
	}
	return "", false
}

// servingFor decides where the manager reads its serving certificate and
// which port it serves on, from the container's arguments, main.go's flag
// defaults and webhook.Options literals, else controller-runtime's defaults.
func servingFor(mo managerOptions, args []string, tmpdir string) webhookServing {
	// controller-runtime's default is under os.TempDir(): $TMPDIR when set.
	def := crDefaultCertDir
	if tmpdir != "" {
		def = path.Join(tmpdir, "k8s-webhook-server", "serving-certs")
	}
	ws := webhookServing{certDir: def, port: crDefaultPort}
	src := "main.go"
	if len(mo.files) > 0 {
		src = strings.Join(mo.files, ", ")
	}
	var how []string
	switch v, set := flagValue(args, mo.certFlag); {
	case mo.certFlag != "" && set && v != "":
		ws.certDir = v
		how = append(how, "the certificate is mounted at "+v+", the manager's --"+mo.certFlag+" argument")
	case mo.certFlag != "" && mo.certFlagDefault != "":
		ws.certDir = mo.certFlagDefault
		how = append(how, "the certificate is mounted at "+ws.certDir+", the default of --"+mo.certFlag+" in "+src)
	case mo.certDirLit != "":
		ws.certDir = mo.certDirLit
		how = append(how, "the certificate is mounted at "+ws.certDir+", webhook.Options.CertDir in "+src)
	case mo.certFlag != "":
		how = append(how, "the certificate is mounted at controller-runtime's default "+def+": --"+mo.certFlag+" ("+src+") is unset, so the webhook server reads that directory")
	default:
		how = append(how, "the certificate is mounted at controller-runtime's default "+def+" (no webhook certificate option found in "+src+")")
	}
	if v, set := flagValue(args, mo.portFlag); mo.portFlag != "" && set {
		if p, err := strconv.Atoi(v); err == nil {
			ws.port = p
		}
	} else if mo.portFlag != "" && mo.portFlagDefault != 0 {
		ws.port = mo.portFlagDefault
	} else if mo.portLit != 0 {
		ws.port = mo.portLit
	}
	how = append(how, "the webhook server listens on port "+strconv.Itoa(ws.port))
	ws.how = strings.Join(how, "; ")
	return ws
}
