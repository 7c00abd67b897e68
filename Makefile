# cardsim — build, run, test. Only Go is needed.
GO       ?= go
BIN      := bin/cardsim
GAMES    ?= 100000
FUZZTIME ?= 30s

GAME_FUZZTIME ?= 10m

.PHONY: all build run test race bench fuzz fuzz-games lint clean

all: lint test build

build:
	$(GO) build -o $(BIN) ./cmd/cardsim

# The default analysis: Nora's pairs solitaire under each of its strategies,
# written into ./out/nora-<strategy>/ (summary.json, CSV files, charts).
run: build
	@for s in stop-at cautious rescuer; do \
		echo "== nora, strategy $$s, $(GAMES) games -> out/nora-$$s"; \
		$(BIN) run nora --strategy $$s --games $(GAMES) --seed 1 --out out/nora-$$s || exit 1; \
	done

test:
	$(GO) test ./...

race:
	$(GO) test -race -short ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Every fuzz target for FUZZTIME each.
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "== $$pkg $$f"; \
			$(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
		done; \
	done

# Each game's FuzzPlay (whole games from fuzzed seeds and choices, invariants
# checked after every action) for GAME_FUZZTIME each; the count of games each
# survived is the "execs" figure of its last line.
fuzz-games:
	@for pkg in $$($(GO) list ./games/...); do \
		if $(GO) test -list '^FuzzPlay$$' $$pkg | grep -q '^FuzzPlay$$'; then \
			echo "== $$pkg"; \
			$(GO) test -run '^$$' -fuzz '^FuzzPlay$$' -fuzztime $(GAME_FUZZTIME) $$pkg 2>&1 | tail -3 || exit 1; \
		fi; \
	done

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...

clean:
	rm -rf bin out
