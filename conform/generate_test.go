package conform

import (
	"regexp"
	"strings"
	"testing"

	apiextensionsv1 "k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/v1"
	"sigs.k8s.io/yaml"

	"github.com/mpaudit/mpaudit/contract"
)

func schemaFrom(t *testing.T, text string) *apiextensionsv1.JSONSchemaProps {
	t.Helper()
	s := &apiextensionsv1.JSONSchemaProps{}
	if err := yaml.UnmarshalStrict([]byte(text), s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSimplestValidates generates a value for schemas with each construct
// the generator handles and checks the apiserver's validation (OpenAPI and
// CEL) accepts it.
func TestSimplestValidates(t *testing.T) {
	cases := map[string]string{
		"pattern": `
type: object
required: [projectID, region]
properties:
  projectID: {type: string, pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'}
  region: {type: string, pattern: '^[a-z]{2}-[a-z]{3}$'}
  zone: {type: string, pattern: '^(fr-par|nl-ams)-[1-3]$'}
`,
		"pattern with lengths": `
type: object
required: [name]
properties:
  name: {type: string, pattern: '^[a-z]([-a-z0-9]*[a-z0-9])?$', minLength: 5, maxLength: 8}
`,
		"unanchored pattern with minLength": `
type: object
required: [name]
properties:
  name: {type: string, pattern: 'x', minLength: 4}
`,
		"formats": `
type: object
required: [id, at, host, ip, ip6, net, mac, uri]
properties:
  id: {type: string, format: uuid}
  at: {type: string, format: date-time}
  host: {type: string, format: hostname}
  ip: {type: string, format: ipv4}
  ip6: {type: string, format: ipv6}
  net: {type: string, format: cidr}
  mac: {type: string, format: mac}
  uri: {type: string, format: uri}
`,
		"format and pattern": `
type: object
required: [id]
properties:
  id: {type: string, format: uuid, pattern: '^[0-9a-f-]+$'}
`,
		"bounds": `
type: object
required: [count, ratio, port, even]
properties:
  count: {type: integer, minimum: 3, maximum: 5}
  ratio: {type: integer, minimum: 0, exclusiveMinimum: true}
  port: {type: integer, minimum: 1024, maximum: 65535}
  even: {type: integer, minimum: 3, multipleOf: 2}
`,
		"enum and minItems": `
type: object
required: [mode, names]
properties:
  mode: {type: string, enum: [Fast, Slow]}
  names:
    type: array
    minItems: 2
    x-kubernetes-list-type: set
    items: {type: string, minLength: 2}
`,
		"minProperties": `
type: object
required: [network]
properties:
  network:
    type: object
    minProperties: 1
    properties:
      privateNetworkID: {type: string, pattern: '^[0-9a-f]{8}$'}
      public: {type: boolean}
`,
		"allOf": `
type: object
required: [spec]
properties:
  spec:
    type: object
    properties:
      region: {type: string}
    allOf:
    - required: [region]
    - properties:
        region: {pattern: '^[a-z]{2}-[a-z]{3}$'}
`,
		"oneOf": `
type: object
required: [spec]
properties:
  spec:
    type: object
    properties:
      image: {type: string, minLength: 3}
      imageID: {type: string, format: uuid}
    oneOf:
    - required: [image]
    - required: [imageID]
`,
		"anyOf": `
type: object
properties:
  spec:
    type: object
    properties:
      a: {type: string}
      b: {type: string}
    anyOf:
    - required: [b]
`,
		"CEL needs two optional fields": `
type: object
required: [spec]
properties:
  spec:
    type: object
    properties:
      sourceNode: {type: string, minLength: 1}
      templateID: {type: integer, minimum: 100}
      templateSelector:
        type: object
        required: [matchTags]
        properties:
          matchTags: {type: array, minItems: 1, items: {type: string, pattern: '^[a-z]+$'}}
    x-kubernetes-validations:
    - rule: (has(self.sourceNode) && has(self.templateID)) != has(self.templateSelector)
      message: must define either a SourceNode with a TemplateID or a TemplateSelector
`,
		"CEL on values": `
type: object
required: [spec]
properties:
  spec:
    type: object
    required: [min, max]
    properties:
      min: {type: integer}
      max: {type: integer}
      label: {type: string}
    x-kubernetes-validations:
    - rule: "!has(self.label) || self.label.startsWith('a')"
`,
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			s := schemaFrom(t, text)
			v, err := newFiller(nil).simplest(s, "", 0)
			if err != nil {
				t.Fatalf("simplest: %v", err)
			}
			check, err := newValidator(s, false)
			if err != nil {
				t.Fatal(err)
			}
			if errs := check.validate(v); len(errs) > 0 {
				t.Errorf("generated %v\nthe apiserver's validation refuses it: %v", v, errs.ToAggregate())
			}
		})
	}
}

// TestGenerateNamesUnsatisfiedRule: a rule no candidate satisfies ends
// the generation with an error naming its message.
func TestGenerateNamesUnsatisfiedRule(t *testing.T) {
	s := schemaFrom(t, `
type: object
properties:
  spec:
    type: object
    required: [size]
    properties:
      size: {type: integer}
    x-kubernetes-validations:
    - rule: self.size > 1000000
      message: size must be large
  status:
    type: object
    properties:
      ready: {type: boolean}
`)
	_, err := generate(kindOf(t, "InfraMachine"), s, "v1beta1")
	if err == nil || !strings.Contains(err.Error(), "size must be large") {
		t.Fatalf("generate: got %v, want an error naming the rule's message", err)
	}
}

func TestMatching(t *testing.T) {
	for _, tc := range []struct {
		pattern  string
		min, max int
	}{
		{`^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$`, 1, 253},
		{`^(fr-par|nl-ams|pl-waw)-[1-3]$`, 1, -1},
		{`^\d+(\.\d+)?(Mi|Gi)$`, 1, -1},
		{`^[A-Z]{3,}$`, 5, 10},
		{`^v\d+\.\d+\.\d+(-[0-9A-Za-z-.]+)?$`, 1, -1},
		{`[^\s]`, 1, -1},
	} {
		s, err := matching(tc.pattern, tc.min, tc.max)
		if err != nil {
			t.Errorf("%s: %v", tc.pattern, err)
			continue
		}
		if !regexp.MustCompile(tc.pattern).MatchString(s) || len(s) < tc.min || (tc.max >= 0 && len(s) > tc.max) {
			t.Errorf("%s: %q does not fit", tc.pattern, s)
		}
	}
	if _, err := matching(`^a$`, 3, -1); err == nil {
		t.Errorf("^a$ with minLength 3: want an error")
	}
}

func kindOf(t *testing.T, name string) *contract.Kind {
	t.Helper()
	k, ok := contract.KindByName(name)
	if !ok {
		t.Fatalf("no kind %s", name)
	}
	return k
}

// TestGenerateKeepsContractFields: a rule satisfied either by a contract
// field (failureReason) or another field is satisfied by the other, so the
// provisioning object stays unfailed.
func TestGenerateKeepsContractFields(t *testing.T) {
	s := schemaFrom(t, `
type: object
properties:
  spec:
    type: object
    properties:
      providerID: {type: string}
  status:
    type: object
    properties:
      ready: {type: boolean}
      failureReason: {type: string}
      failureMessage: {type: string}
      instanceState: {type: string}
    x-kubernetes-validations:
    - rule: has(self.failureReason) || has(self.instanceState)
`)
	gens, err := generate(kindOf(t, "InfraMachine"), s, "v1beta1")
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gens {
		status := g.obj.part("status")
		if _, ok := status["instanceState"]; !ok && g.state != StateFailed {
			t.Errorf("%s: status %v lacks instanceState", g.state, status)
		}
		if _, ok := status["failureReason"]; ok && g.state != StateFailed {
			t.Errorf("%s: status %v has a failureReason", g.state, status)
		}
	}
}
