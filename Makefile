# cardsim — build, run, test. Only Go is needed.
GO       ?= go
BIN      := bin/cardsim
GAMES    ?= 100000
FUZZTIME ?= 30s

GAME_FUZZTIME ?= 10m

.PHONY: all build run test test-long race bench bench-report fuzz fuzz-games soak-games lint docs clean

all: lint test build

build:
	$(GO) build -o $(BIN) ./cmd/cardsim

# The default analysis: the designers' questions of every game, answered in
# out/report/report.html (with report.md and report.csv); SCALE multiplies the
# deals of every study. Then Nora's strategies compared in out/nora.
SCALE ?= 1
run: build
	$(BIN) report --scale $(SCALE) --out out/report
	$(BIN) compare nora --strategies stop-at,cautious,rescuer --games $(GAMES) --seed 1 --out out/nora --quiet

# The quick suite, for every change: go test -short. A test that takes long
# (many deals for a statistical verdict, a long replay, a report that builds
# Nora's optimal policies) starts with
#	if testing.Short() { t.Skip("long: runs in make test-long") }
# and runs in make test-long, with everything else. The timeouts only stop
# a hang. make test leaves go vet to make lint (-vet=off), and the workbench's
# browser tests (serve/browser_test.go, which drive Chromium through chromedp)
# to make test-long: they build only with -tags browser, so make test does not
# compile chromedp (about 43 s of CPU from an empty build cache).
TEST_TIMEOUT      ?= 20m
TEST_LONG_TIMEOUT ?= 60m
# The packages whose quick tests take longest are named first, so that go
# test builds and starts them first and the last minute is not one package
# alone on one core (go test runs each package once, however often named).
TEST_FIRST ?= ./cmd/cli ./strategies/nora ./sim ./analyses/nora ./games/nora ./strategies/chriscross ./games/roundup ./experiment
test:
	$(GO) test -short -vet=off -timeout $(TEST_TIMEOUT) $(TEST_FIRST) ./...

test-long:
	$(GO) test -tags browser -timeout $(TEST_LONG_TIMEOUT) ./...

# The quick suite under the race detector. The tests named in RACE_SKIP
# take minutes under the detector and exercise no concurrency of their own:
# cmd/cli tests that replay whole runs to compare outputs byte for byte,
# and tests that play many deals to compare bots, solvers and bounds. They
# run in make test, and the worker pool, sessions and merges they drive
# are race-tested in sim. Nora's tests that build policy after policy
# (prices, caps, caches, the analysis and solver pages) are skipped too:
# the parallel build is race-tested by the tests that remain
# (TestUnpreparedBotBuildsAtBegin builds a whole policy on two workers,
# TestBuildStopsWhenCancelled stops one).
RACE_SKIP ?= ^(TestEconomyWritesReport|TestPolicyFollowsPrices|TestPolicyWritesFiles|TestCapDoesNotBind|TestSolverValueIsTheBotsScore|TestCacheChecksEveryField|TestCorruptCacheIsRebuilt|TestPriceChangesReuseDists|TestInsureSeesTopCard|TestCSVStrict|TestSweepInterruptResume|TestRealSummariesMatchTheSchema|TestSearchersBeatGreedy|TestRefineDecidesFullDeals|TestStrategiesBeatRandom|TestRecordsParquetRowGroups|TestRecordsParquetMemoryFlat|TestFirstPassDeadFullDeck|TestPrecision|TestResumeFinishedPrecisionRun|TestGolden|TestShardMergeIdentical|TestSweep|TestProgressQuietWhenPiped|TestStudySizedByPrecision|TestSearchBeatsRandom|TestOptimalSolverMatchesSimulation|TestRelaxedBoundAboveEveryPolicy|TestTallyMemoryFlat|TestOptimalBeatsHeuristicsSampled)$$
race:
	$(GO) test -race -short -timeout $(TEST_LONG_TIMEOUT) -skip '$(RACE_SKIP)' ./...

bench:
	$(GO) test -run '^$$' -bench . -benchmem ./...

# Where make run's CPU goes, in one run: Nora's optimal policy built from an
# empty cache (one worker, 2 deals), then every study of the report at
# SCALE, each with its CPU and its budget (the report's studies.csv), and
# the total. CPU is user + system time, so other work on the machine moves
# the wall clock, not these figures.
bench-report: SHELL := /bin/bash
bench-report: build
	@set -e; cache=$$(mktemp -d); out=$$(mktemp -d); trap 'rm -rf "$$cache" "$$out"' EXIT; \
	TIMEFORMAT='%U %S'; \
	cpu=$$( { time XDG_CACHE_HOME="$$cache" $(BIN) run nora --strategy optimal --games 2 --workers 1 --quiet >/dev/null; } 2>&1 | tail -1 ); \
	awk -v t="$$cpu" 'BEGIN { split(t, a, " "); printf "%-10s %8.1f s  %s\n", "nora", a[1] + a[2], "the optimal policy built from an empty cache (run nora --strategy optimal --games 2 --workers 1)" }'; \
	XDG_CACHE_HOME="$$cache" $(BIN) report --scale $(SCALE) --out "$$out" --quiet >/dev/null; \
	awk -F, 'NR > 1 { n = split($$0, f, ","); if (f[n-2] == "") next; cpu = f[n-2] / 1000; budget = f[n-1] / 1000; total += cpu; \
		title = substr($$0, length($$1) + length($$2) + 3); title = substr(title, 1, length(title) - length(f[n-2]) - length(f[n-1]) - length(f[n]) - 3); \
		gsub(/^"|"$$/, "", title); printf "%-10s %8.1f s  of %4.0f s  %.70s\n", $$2, cpu, budget, title } \
		END { printf "%-10s %8.1f s  the report'"'"'s studies together\n", "total", total }' "$$out/studies.csv"

# Every fuzz target for FUZZTIME each (.ci/fuzz: a real finding fails, Go
# 1.26's race with its own -fuzztime deadline is fuzzed again).
fuzz:
	@for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
			echo "== $$pkg $$f"; \
			GO=$(GO) .ci/fuzz $$pkg $$f $(FUZZTIME) || exit 1; \
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

# SOAK_GAMES whole games of every engine with random choices, every
# invariant checked after every action, at plain speed (no coverage
# instrumentation): the count each survived is logged. SOAK_ONLY=spite,nora
# limits it to the games named.
SOAK_GAMES ?= 10000000
SOAK_ONLY  ?=
soak-games:
	CARDSIM_SOAK=$(SOAK_GAMES) CARDSIM_SOAK_GAMES=$(SOAK_ONLY) $(GO) test -run '^TestSoak$$' -v -timeout 0 ./cmd/catalog | grep -e survived -e FAIL -e ok

# The CLI reference in docs/cli, one Markdown page per command, generated
# from the commands (a test checks it is up to date).
docs:
	$(GO) test ./cmd/cli -run '^TestReference$$' -update

lint:
	@out=$$(gofmt -l .); if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet -tags browser ./...

clean:
	rm -rf bin out
