# mpaudit make targets. `make test` is what CI runs (.ci/run).
GO ?= go
BIN := bin/mpaudit

.PHONY: build test vet fmt-check example

build:
	$(GO) build -o $(BIN) ./cmd/mpaudit

# The whole test suite: formatting, vet, and every package's tests.
test: fmt-check vet
	$(GO) test ./...

vet:
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '/testdata/')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# Run the static audit on the example provider that ships in the repo.
example: build
	cd analyzers/testdata/provider && ../../../$(BIN) check ./...; \
	code=$$?; echo "mpaudit exit code: $$code (1 = findings at or above --fail-on)"; [ $$code -le 1 ]
