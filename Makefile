# yaru — the two commands people need are `make run` and `make test`.
# Everything else here supports them. Debian packages the build needs are
# installed when missing (as root), or the exact command to run is printed.

SWIFT       ?= swift
APT_PACKAGES = libncurses-dev tmux
# Only the tests need todo.sh (to check that it reads what yaru writes).
TEST_APT_PACKAGES = todotxt-cli
DEBUG_BIN    = .build/debug
RELEASE_BIN  = .build/release

.PHONY: all deps test-deps install-packages build release run test bench clean

all: build

## deps: install the Debian packages the build needs, if missing.
deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(APT_PACKAGES)"

test-deps:
	@$(MAKE) --no-print-directory install-packages PACKAGES="$(APT_PACKAGES) $(TEST_APT_PACKAGES)"

install-packages:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    DEBIAN_FRONTEND=noninteractive apt-get update -q && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q $$missing; \
	  else \
	    echo "yaru needs these Debian packages:$$missing"; \
	    echo "Install them with:  sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

## build: compile everything (warnings are errors, see Package.swift).
build: deps
	$(SWIFT) build

## release: the optimized binary, with the Swift runtime and Foundation linked
## in statically: loading ~50 shared libraries cost ~30 ms and ~20 MB at startup.
release: deps
	$(SWIFT) build -c release --product yaru --static-swift-stdlib

## run: build (optimized) and start yaru on its default todo file.
run: release
	$(RELEASE_BIN)/yaru

## test: every test: unit tests, key scripts (yaru replay), then the real binary in tmux.
test: test-deps
	$(SWIFT) build --build-tests
	timeout 900 $(SWIFT) test --skip-build  # a hang fails the run instead of eating CI's time
	Tests/replay/run.sh $(DEBUG_BIN)/yaru
	Tests/e2e/tmux.sh $(DEBUG_BIN)/yaru
	Tests/e2e/atomic-save.sh $(DEBUG_BIN)/yaru 200
	Tests/e2e/todo-sh.sh $(DEBUG_BIN)/yaru

## bench: every in-process performance figure (keys, files, undo, memory) in
## one table, from the release build of Benchmarks/ (its own package, so it
## never slows build or test). About a minute.
bench: deps
	@# SwiftPM keeps a stale file list of the parent package otherwise.
	rm -f Benchmarks/.build/*/release/description.json
	$(SWIFT) build -c release --package-path Benchmarks
	Benchmarks/.build/release/yaru-bench

clean:
	rm -rf .build Benchmarks/.build
