# Rules
#   build    debug build of the framework, the planner and the tools
#   run      build em and show its main job on the bundled data: EURO 2024 seeded with its real
#            results (a new store in .build/), its group tables with every tie explained, the
#            ranking of the third-placed teams and the knockout bracket
#   test     run every test (framework, code generator, planner), the PostgreSQL store's
#            against a throwaway cluster (Scripts/postgres-cluster)
#   test-release
#            run every test again built optimized, the command-line tests against the
#            optimized em
#   install  install em into $(PREFIX)/bin (default /usr/local), built as RELEASE says and
#            stripped of its symbol table (66 MB, not 99), and its man page into
#            $(PREFIX)/share/man/man1; make install PREFIX=~/.local needs no root
#   man      write em's man page, .build/man/em.1, from em's own help with swift-argument-parser's
#            generate-manual (the tool behind its plugin of that name); CI checks it
#   bench    build the benchmark suite (Benchmarks/, its own package) as RELEASE says and run it,
#            then og-objectfloor (workloads 2 and 8: the floor for any object graph);
#            pass options with BENCH_ARGS, e.g. make bench BENCH_ARGS="--runs 3 --filter 2,4"
#   bench-check
#            the benchmark suite's own tests, then every workload once on a small tournament
#            in a debug build: the three sides must agree on every checksum (CI runs it)
#   bench-guard
#            instruction counts (callgrind) of ObjectGraph's side of workloads 1 to 7 and 10 on a
#            small tournament, `em list teams` and a short `em shell` script, in the debug builds
#            bench-check made; fails when one grows by more than 3% over
#            Benchmarks/results/guard-baseline.tsv (CI runs it); bench-guard-update rewrites the
#            baseline, to commit with the change that moved it, saying why
#   stress   build em and em-stress optimized and run the stress suite (Sources/em-stress) in
#            full: 8 processes × 200 writes at once with unique and colliding keys, 6 rounds of
#            8 init --force at once, 500 SIGKILLs at random moments of saves, exports and store
#            creation, every malformed input
#            (setups, predicates, arguments, store files); fails on any defect; pass options
#            with STRESS_ARGS, e.g. make stress STRESS_ARGS="--seed 42 --kills 100"
#   stress-check
#            the stress suite's small configuration (4 processes × 10 writes, 2 rounds of 4
#            init --force at once, 30 kills, every malformed input) against the debug em that make test built, in under two minutes
#            (CI runs it)
#   fuzz     fuzz with libFuzzer for FUZZ_SECONDS (default 600): FUZZ=predicate (parsing,
#            printing and fetching from both stores), FUZZ=model (model files), FUZZ=setup
#            (setup property lists, seeding and exporting) or FUZZ=store (SQLite stores edited
#            behind ObjectGraph's back, then opened, read, changed and saved)
#   fuzz-check
#            build every fuzzer and run each for FUZZ_CHECK_SECONDS (default 10) from its
#            seeds (CI runs it)
#   generate regenerate the typed classes, and the compiled models, from the data models
#   docs     build ObjectGraph's DocC catalog (.build/ObjectGraph.doccarchive) with the
#            toolchain's docc; fails on any warning, such as a broken symbol link (CI runs it)
#   lint     check formatting and doc comments with swift format, Benchmarks/ included; fails
#            on any warning (CI runs it)
#   format   format the sources in place
#   clean    remove build products

SWIFT ?= swift
PREFIX ?= /usr/local
# make run's own store, made afresh each time from the bundled data.
RUN_STORE = $(CURDIR)/.build/euro2024.sqlite
# ... and the page it ends by writing.
RUN_REPORT = $(CURDIR)/.build/euro2024.html
# Where the tests leave what they attach: the browser's screenshots of em report's pages.
ATTACHMENTS = $(CURDIR)/.build/test-attachments
# How em is built to be installed, and the benchmarks to measure it so: optimized, with the
# Swift runtime and Foundation linked in. The binary needs no Swift toolchain at run time and
# starts about a third faster than one linked against the toolchain's shared libraries.
# Concrete generic types' metadata through accessor functions, not mangled names: instantiating
# one from its mangled name checks its conformances by scanning every conformance record of the
# (static) binary, some 5M of the 21M instructions `em list teams` took; without, 17.6M.
SPEED_FLAGS = -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
RELEASE ?= -c release --static-swift-stdlib $(SPEED_FLAGS)

.PHONY: all browser build run test test-release install man bench bench-check bench-guard bench-guard-update bench-guard-programs stress stress-check fuzz fuzz-modules fuzz-harness fuzz-check generate docs lint format clean deps

all: build

# The system dependencies: the headers and pkg-config entries of SQLite, of libpq (the
# PostgreSQL store's client library) and of libedit (the line editor of em shell's prompt), and
# the PostgreSQL server the tests start a throwaway cluster of (Scripts/postgres-cluster).
deps:
	@pkg-config --exists sqlite3 || { \
		echo "installing libsqlite3-dev (needs root)"; \
		apt-get update -qq && apt-get install -y -qq libsqlite3-dev pkg-config; }
	@pkg-config --exists libedit || { \
		echo "installing libedit-dev (needs root)"; \
		apt-get update -qq && apt-get install -y -qq libedit-dev pkg-config; }
	@pkg-config --exists libpq || { \
		echo "installing libpq-dev (needs root)"; \
		apt-get update -qq && apt-get install -y -qq libpq-dev pkg-config; }
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
		echo "installing postgresql (needs root)"; \
		apt-get update -qq && apt-get install -y -qq postgresql postgresql-contrib; }

# Headless Chromium, in which the tests load the page em report writes.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "installing chromium (needs root)"; \
		apt-get update -qq && apt-get install -y -qq chromium; }

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build --product em
	rm -f $(RUN_STORE) $(RUN_STORE)-wal $(RUN_STORE)-shm
	$(SWIFT) run --skip-build em init --tournament 2024 --with-results --store $(RUN_STORE)
	$(SWIFT) run --skip-build em standings --explain --store $(RUN_STORE)
	$(SWIFT) run --skip-build em standings --thirds --store $(RUN_STORE)
	$(SWIFT) run --skip-build em bracket --store $(RUN_STORE)
	$(SWIFT) run --skip-build em report --to $(RUN_REPORT) --store $(RUN_STORE)
	@echo "That was the store $(RUN_STORE). em's own store is the default one (em --help);"
	@echo "to explore this one: em standings --store $(RUN_STORE)  (em: make install PREFIX=~/.local)"
	@echo "The whole tournament as a page to open in a browser: $(RUN_REPORT)"

# The PostgreSQL store's tests run against a throwaway cluster the script starts and stops.
test: deps browser
	$(SWIFT) build --build-tests
	mkdir -p $(ATTACHMENTS)
	Scripts/postgres-cluster run $(SWIFT) test --skip-build --attachments-path $(ATTACHMENTS)

# Every test again, built optimized: the framework's fast paths (unretained references,
# unchecked exclusivity) meet the optimizer's shortened lifetimes only in such a build. The
# command-line tests spawn the optimized em built next to them (EM_TEST_BINARY=path points them
# at another, an installed one say). The testable build has a folder of its own, since it
# compiles every module differently from the installed one.
OPTIMIZED_TESTS = -c release -Xswiftc -enable-testing $(SPEED_FLAGS) --scratch-path .build-optimized
test-release: deps browser
	$(SWIFT) build $(OPTIMIZED_TESTS) --build-tests
	mkdir -p $(ATTACHMENTS)
	Scripts/postgres-cluster run $(SWIFT) test $(OPTIMIZED_TESTS) --skip-build --attachments-path $(ATTACHMENTS)

install: deps man
	$(SWIFT) build $(RELEASE) --product em
	install -d $(PREFIX)/bin $(PREFIX)/share/man/man1
	install -s "$$($(SWIFT) build $(RELEASE) --show-bin-path)/em" $(PREFIX)/bin/em
	install -m 644 .build/man/em.1 $(PREFIX)/share/man/man1/em.1
	@echo "installed $(PREFIX)/bin/em and its man page; make sure $(PREFIX)/bin is on PATH"

# The page is made from the help of a debug em: the text is the same in every build.
man: deps
	$(SWIFT) build --product em
	$(SWIFT) build --product generate-manual
	mkdir -p .build/man
	"$$($(SWIFT) build --show-bin-path)/generate-manual" "$$($(SWIFT) build --show-bin-path)/em" \
		--authors 'the em developers' --output-directory .build/man
	@grep -q '^\.Dt EM 1' .build/man/em.1 && grep -q 'standings' .build/man/em.1 \
		|| { echo "make man: .build/man/em.1 lacks the command list"; exit 1; }

# Raw SQLite C API vs GRDB vs ObjectGraph, medians and ratios; writes Benchmarks/results/latest.json;
# then workloads 1 to 7 on a throwaway PostgreSQL server, raw libpq vs ObjectGraph.
# Workloads S1 to S4 time em against Python scripts (Benchmarks/Reference) run by the system's
# python3, the suite's one dependency besides SQLite's headers.
bench: deps
	@test -x /usr/bin/python3 || { \
		echo "installing python3 (needs root)"; \
		apt-get update -qq && apt-get install -y -qq python3; }
	$(SWIFT) build $(RELEASE) --package-path Benchmarks --product og-bench
	$(SWIFT) build $(RELEASE) --package-path Benchmarks --product og-floor
	$(SWIFT) build $(RELEASE) --package-path Benchmarks --product em
	$(SWIFT) build $(RELEASE) --package-path Benchmarks --product og-objectfloor
	Scripts/postgres-cluster run Benchmarks/.build/release/og-bench $(BENCH_ARGS)
	Benchmarks/.build/release/og-objectfloor

# What `make bench` runs, checked cheaply: a debug build, 40 teams, one run of each workload,
# the scripting ones on 4 teams (S1) and 40 (S2), the seeding one on its default input (the
# full run's, 1,722 teams: a setup the planner refuses fails here). og-bench stops with an
# error when two sides disagree; the timings mean nothing here. em is the one `make test` built
# (built here if it is not), beside og-floor in .build/bench-programs.
bench-check: deps
	@test -x /usr/bin/python3 || { \
		echo "installing python3 (needs root)"; \
		apt-get update -qq && apt-get install -y -qq python3; }
	$(SWIFT) build --package-path Benchmarks --build-tests
	$(SWIFT) test --package-path Benchmarks --skip-build
	$(SWIFT) build --package-path Benchmarks --product og-floor
	$(SWIFT) build --product em
	mkdir -p .build/bench-programs
	ln -sf $(CURDIR)/.build/debug/em .build/bench-programs/em
	ln -sf $(CURDIR)/Benchmarks/.build/debug/og-floor .build/bench-programs/og-floor
	Scripts/postgres-cluster run Benchmarks/.build/debug/og-bench --teams 40 --faults 100 --script-teams 4 \
		--postgresql-teams 8 --postgresql-runs 1 --runs 1 --warmups 0 --programs .build/bench-programs

# Counts repeat where times do not (SQLite tracks its speed this way): see Scripts/bench-guard.
GUARD_PROGRAMS = Benchmarks/.build/debug/og-bench .build/debug/em
bench-guard: bench-guard-programs
	Scripts/bench-guard $(GUARD_PROGRAMS)

bench-guard-update: bench-guard-programs
	Scripts/bench-guard --update $(GUARD_PROGRAMS)

bench-guard-programs: deps
	@command -v valgrind > /dev/null || { \
		echo "installing valgrind (needs root)"; \
		apt-get update -qq && apt-get install -y -qq valgrind; }
	$(SWIFT) build --package-path Benchmarks --product og-bench
	$(SWIFT) build --product em

# The stress suite spawns em as users and scripts do and reads the store behind its back; it
# keeps its workspace (stores, inputs, the full list of defects) when it finds a defect, and
# prints the seed that repeats the run.
stress: deps
	$(SWIFT) build -c release --product em
	$(SWIFT) build -c release --product em-stress
	.build/release/em-stress --em .build/release/em --postgres-cluster Scripts/postgres-cluster $(STRESS_ARGS)

stress-check: deps
	$(SWIFT) build --product em
	$(SWIFT) build --product em-stress
	.build/debug/em-stress --em .build/debug/em --small --postgres-cluster Scripts/postgres-cluster $(STRESS_ARGS)

# The harnesses in Tests/Fuzz are clients of the public API, built here with the fuzzer's
# instrumentation in every module (SwiftPM builds no fuzzer). What the fuzzer learns stays in
# .build-fuzz/corpus-$(FUZZ); an input that crashes or disagrees is saved in .build-fuzz/.
FUZZ ?= predicate
FUZZ_SECONDS ?= 600
FUZZ_FLAGS = -O -g -swift-version 6 -sanitize=fuzzer -parse-as-library -package-name em -I Sources/CSQLite \
	-I Sources/CLibPQ -I $$(pkg-config --variable=includedir libpq) -I .build-fuzz/modules
# The framework's modules, each after those it imports.
FUZZ_FRAMEWORK = ObjectGraphSQLite ObjectGraphPostgreSQL ObjectGraph
FUZZ_MODULES_predicate = $(FUZZ_FRAMEWORK)
FUZZ_MODULES_model = $(FUZZ_FRAMEWORK)
FUZZ_MODULES_setup = $(FUZZ_FRAMEWORK) FootballText EMPlanner
FUZZ_MODULES_store = $(FUZZ_FRAMEWORK)
FUZZ_SOURCES_ObjectGraphSQLite = $$(find Sources/ObjectGraphSQLite -name '*.swift')
FUZZ_SOURCES_ObjectGraphPostgreSQL = $$(find Sources/ObjectGraphPostgreSQL -name '*.swift')
FUZZ_SOURCES_ObjectGraph = $$(find Sources/ObjectGraph -name '*.swift')
FUZZ_SOURCES_FootballText = $$(find Sources/FootballText -name '*.swift')
FUZZ_SOURCES_EMPlanner = $$(find Sources/EMPlanner -name '*.swift') Tests/Fuzz/SetupFuzzerResources.swift
FUZZ_HARNESS_predicate = Tests/Fuzz/PredicateFuzzer.swift Tests/Fuzz/FuzzGraph.swift
FUZZ_HARNESS_model = Tests/Fuzz/ModelFuzzer.swift
FUZZ_HARNESS_setup = Tests/Fuzz/SetupFuzzer.swift
FUZZ_HARNESS_store = Tests/Fuzz/StoreFuzzer.swift Tests/Fuzz/FuzzGraph.swift
# Models are never freed (entities are immortal, see EntityDescription): the model fuzzer
# grows by about 10 KB per model it reads, some 2 GB in ten minutes, which is no leak.
FUZZ_RSS_MB_model = 8192
# The modules FUZZ needs, compiled with the fuzzer's instrumentation, each after those it imports.
fuzz-modules: deps
	mkdir -p .build-fuzz/modules
	$(foreach module,$(FUZZ_MODULES_$(FUZZ)),swiftc $(FUZZ_FLAGS) -wmo -module-name $(module) -emit-module \
		-emit-module-path .build-fuzz/modules/$(module).swiftmodule -c $(FUZZ_SOURCES_$(module)) -o .build-fuzz/$(module).o &&) true

# FUZZ's harness, linked with the modules fuzz-modules made.
fuzz-harness:
	swiftc $(FUZZ_FLAGS) -module-name Fuzz $(FUZZ_HARNESS_$(FUZZ)) $(FUZZ_MODULES_$(FUZZ):%=.build-fuzz/%.o) -lsqlite3 \
		-o .build-fuzz/fuzz-$(FUZZ)

fuzz: fuzz-modules
	$(MAKE) fuzz-harness FUZZ=$(FUZZ)
	mkdir -p .build-fuzz/corpus-$(FUZZ)
	SWIFT_BACKTRACE=enable=no .build-fuzz/fuzz-$(FUZZ) -max_total_time=$(FUZZ_SECONDS) -timeout=10 \
		-rss_limit_mb=$(or $(FUZZ_RSS_MB_$(FUZZ)),2048) \
		-artifact_prefix=.build-fuzz/ .build-fuzz/corpus-$(FUZZ) Tests/Fuzz/Seeds/$(FUZZ)

# Every fuzzer built and run for FUZZ_CHECK_SECONDS from its seeds alone (CI runs it): the
# modules once (the setup fuzzer's are all of them), then each harness. A crash, or a
# disagreement a harness finds, fails it.
FUZZERS = predicate model setup store
FUZZ_CHECK_SECONDS ?= 10
fuzz-check: deps
	$(MAKE) fuzz-modules FUZZ=setup
	$(foreach fuzzer,$(FUZZERS),$(MAKE) fuzz-harness FUZZ=$(fuzzer) && rm -rf .build-fuzz/check-$(fuzzer) && \
		mkdir -p .build-fuzz/check-$(fuzzer) && SWIFT_BACKTRACE=enable=no .build-fuzz/fuzz-$(fuzzer) \
		-max_total_time=$(FUZZ_CHECK_SECONDS) -timeout=10 -rss_limit_mb=$(or $(FUZZ_RSS_MB_$(fuzzer)),2048) \
		-artifact_prefix=.build-fuzz/ .build-fuzz/check-$(fuzzer) Tests/Fuzz/Seeds/$(fuzzer) &&) true

generate:
	$(SWIFT) run og-codegen Resources/EM.xcdatamodeld --output Sources/EMPlanner/Generated --model-source EMModel --access internal
	$(SWIFT) run og-codegen Tests/ObjectGraphTests/Fixtures/Tournament.xcdatamodeld --output Tests/ObjectGraphTests/Generated
	$(SWIFT) run og-codegen Tests/ObjectGraphTests/Fixtures/Catalog.xcdatamodeld \
		--output Tests/ObjectGraphTests/Generated/Catalog --model-source CatalogModel

SYMBOL_GRAPHS = .build/symbol-graphs
docs: deps
	$(SWIFT) build --target ObjectGraph
	rm -rf $(SYMBOL_GRAPHS) && mkdir -p $(SYMBOL_GRAPHS)
	swift-symbolgraph-extract -module-name ObjectGraph -target "$$(uname -m)-unknown-linux-gnu" \
		-I "$$($(SWIFT) build --show-bin-path)/Modules" -I Sources/CSQLite -I Sources/CLibPQ -I "$$(pkg-config --variable=includedir libpq)" \
		-minimum-access-level public -output-dir $(SYMBOL_GRAPHS)
	docc convert Sources/ObjectGraph/ObjectGraph.docc --additional-symbol-graph-dir $(SYMBOL_GRAPHS) \
		--output-path .build/ObjectGraph.doccarchive --warnings-as-errors

LINTED = Sources Tests Benchmarks/Sources Benchmarks/Tests
lint:
	$(SWIFT) format lint --strict --recursive $(LINTED)

format:
	$(SWIFT) format --in-place --recursive $(LINTED)

clean:
	rm -rf .build .build-optimized .build-fuzz
