# yaru — the two commands people need are `make run` and `make test`.
# Everything else here supports them. Debian packages the build needs are
# installed when missing (as root), or the exact command to run is printed.

SWIFT       ?= swift
# binutils: strip and objdump for `make dist` and `make deb`.
APT_PACKAGES = libncurses-dev libc6-dev tmux binutils
# Only the tests need todo.sh (to check that it reads what yaru writes);
# `yaru sync` runs the git program, and its tests need it; the scripting
# tests read yaru's JSON and iCalendar with Python packages in a venv.
TEST_APT_PACKAGES = todotxt-cli git python3-venv strace
DEBUG_BIN    = .build/debug
RELEASE_BIN  = .build/release
# `yaru --version` names the commit it was built from (Package.swift reads
# it; only one C file is recompiled when it changes).
export YARU_COMMIT ?= $(shell git describe --always --dirty --abbrev=12 2>/dev/null)

.PHONY: all deps test-deps install-packages build release profile run install uninstall dist deb doc-screens test stress bench clean

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

## release: the optimized binary, linked for a fast start and few resident
## pages (each choice measured in docs/Performance.md):
## - one static executable: the Swift runtime, libc, libm, libstdc++ and
##   ncursesw linked in, so only the parts it uses are mapped (the shared
##   libc and libm were 1.6 MB resident, mostly pages the kernel's 64 KB
##   fault-around mapped beside the few it ran) and no loader resolves
##   symbols at start; ncursesw's static archive needs tinfo named;
## - lld lays out the functions a session runs together (HOT_FUNCTIONS, made
##   by Benchmarks/hot-functions.sh), so the kernel's fault-around maps few
##   pages that are never run;
## - no exported symbols: no symbol tables to go through at startup; a link
##   map (.build/yaru.map) for hot-functions.sh.
## - concrete generic types (`[String: Int]`) made by their metadata
##   accessors, not looked up by mangled name: the lookup checks each
##   conformance by a linear scan of all ~4,200 conformance records.
##   16.6 M -> 13.8 M instructions a start at 20 todos.
## - optimized with a profile of a day's keys (PROFILE, made by `make
##   profile`): LLVM lays each function out hot path first and inlines by
##   what runs, so a key runs through fewer cache lines of code (a move
##   1,280 -> 1,130, a toggle 2,440 -> 2,200). It is used under a name made
##   from its content, so that a new profile rebuilds everything.
HOT_FUNCTIONS  = Benchmarks/hot-functions.txt
PROFILE        = Benchmarks/yaru.profdata
PROFILE_COPY   = .build/profile/$(shell sha1sum < $(PROFILE) | cut -c1-12).profdata
COMPILER_FLAGS = -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
STATIC_FLAGS   = --static-swift-stdlib -Xswiftc -static-executable -Xlinker -ltinfo -Xswiftc -use-ld=lld
RELEASE_FLAGS  = $(STATIC_FLAGS) $(COMPILER_FLAGS) \
  -Xlinker --symbol-ordering-file=$(CURDIR)/$(HOT_FUNCTIONS) -Xlinker --no-warn-symbol-ordering \
  -Xlinker --no-export-dynamic -Xlinker -Map=$(CURDIR)/.build/yaru.map \
  -Xswiftc -Xfrontend -Xswiftc -ir-profile-use=$(CURDIR)/$(PROFILE_COPY)

release: deps $(PROFILE_COPY)
	@# SwiftPM does not relink when only the order file changed.
	@if [ $(HOT_FUNCTIONS) -nt $(RELEASE_BIN)/yaru ]; then rm -f $(RELEASE_BIN)/yaru; fi
	$(SWIFT) build -c release --product yaru $(RELEASE_FLAGS)

# The compiler's incremental build does not notice a new profile (the flag
# is new, the objects stay): the release objects go with the old copy.
$(PROFILE_COPY): $(PROFILE)
	rm -rf .build/profile $(realpath $(RELEASE_BIN))
	@mkdir -p $(dir $@)
	cp $(PROFILE) $@

## profile: make PROFILE again (Benchmarks/pgo-profile.sh: an instrumented
## build driven in tmux; needs the toolchain's llvm-profdata beside swift);
## then `make release`, and the order file again.
LLVM_PROFDATA ?= $(dir $(realpath $(shell command -v $(SWIFT))))llvm-profdata
profile: deps
	Benchmarks/pgo-profile.sh $(SWIFT) $(LLVM_PROFDATA) $(STATIC_FLAGS) $(COMPILER_FLAGS)

## run: build (optimized) and start yaru on its default todo file.
run: release
	$(RELEASE_BIN)/yaru

## install: the release binary, the man page and bash/zsh/fish completions
## under PREFIX (default /usr/local; `make install PREFIX=~/.local` for
## yourself); DESTDIR for packagers. uninstall removes exactly those files.
PREFIX  ?= /usr/local
DEST     = $(DESTDIR)$(PREFIX)
INSTALLED = $(DEST)/bin/yaru $(DEST)/share/man/man1/yaru.1 \
  $(DEST)/share/bash-completion/completions/yaru $(DEST)/share/zsh/site-functions/_yaru \
  $(DEST)/share/fish/vendor_completions.d/yaru.fish

install: release
	install -d $(DEST)/bin $(DEST)/share/man/man1 $(DEST)/share/bash-completion/completions \
	  $(DEST)/share/zsh/site-functions $(DEST)/share/fish/vendor_completions.d
	install -m 755 $(RELEASE_BIN)/yaru $(DEST)/bin/yaru
	install -m 644 docs/yaru.1 $(DEST)/share/man/man1/yaru.1
	$(RELEASE_BIN)/yaru --generate-completion-script bash > $(DEST)/share/bash-completion/completions/yaru
	$(RELEASE_BIN)/yaru --generate-completion-script zsh > $(DEST)/share/zsh/site-functions/_yaru
	$(RELEASE_BIN)/yaru --generate-completion-script fish > $(DEST)/share/fish/vendor_completions.d/yaru.fish

uninstall:
	rm -f $(INSTALLED)

## dist: dist/yaru-VERSION-linux-ARCH.tar.gz (+ .sha256): the release binary,
## man page, completions, README and licence, laid out like a prefix
## (`tar -xzf FILE -C ~/.local --strip-components=1` installs it).
dist: release
	scripts/package.sh dist $(RELEASE_BIN)/yaru

## deb: dist/yaru_VERSION-1_ARCH.deb, built with dpkg-deb (depends on libc6 only).
deb: release
	scripts/package.sh deb $(RELEASE_BIN)/yaru

## doc-screens: the screens in README.md and docs/ made again from their key
## scripts (docs/screens/*.yaru, `yaru replay --update`); review with git diff.
doc-screens: build
	scripts/doc-screens.py $(DEBUG_BIN)/yaru --update

## test: every test: unit tests, key scripts (yaru replay), then the real binary
## in tmux (the debug build, and the release build that `make run` starts).
test: test-deps
	$(SWIFT) build --build-tests
	timeout 900 $(SWIFT) test --skip-build  # a hang fails the run instead of eating CI's time
	Tests/replay/run.sh $(DEBUG_BIN)/yaru
	scripts/doc-screens.py $(DEBUG_BIN)/yaru  # every doc screen is what the program shows
	Tests/e2e/tmux.sh $(DEBUG_BIN)/yaru
	@# What `make run` runs is linked differently (see release): test it too.
	$(MAKE) --no-print-directory release
	Tests/e2e/tmux.sh $(RELEASE_BIN)/yaru
	Tests/e2e/start-calls.sh $(RELEASE_BIN)/yaru
	Tests/e2e/install.sh
	Tests/e2e/package.sh
	Tests/e2e/atomic-save.sh $(DEBUG_BIN)/yaru 200
	Tests/e2e/todo-sh.sh $(DEBUG_BIN)/yaru
	Tests/e2e/shell-vs-keys.sh $(DEBUG_BIN)/yaru
	Tests/e2e/shell-dates.sh $(DEBUG_BIN)/yaru
	Tests/e2e/history.sh $(DEBUG_BIN)/yaru
	Tests/e2e/sync.sh $(DEBUG_BIN)/yaru
	Tests/e2e/marks.sh $(DEBUG_BIN)/yaru
	Tests/e2e/macros.sh $(DEBUG_BIN)/yaru
	Tests/e2e/scripting.sh $(DEBUG_BIN)/yaru
	Tests/e2e/doctor.sh $(DEBUG_BIN)/yaru
	Tests/e2e/cursor.sh $(DEBUG_BIN)/yaru
	Tests/e2e/move-bytes.sh $(DEBUG_BIN)/yaru
	Tests/e2e/redact.sh $(DEBUG_BIN)/yaru
	Tests/e2e/agenda-ls.sh $(DEBUG_BIN)/yaru
	Tests/e2e/lists.sh $(DEBUG_BIN)/yaru
	@# Co-writers with the stress (6 runs: the open list, 40 `yaru add`, an
	@# appender, `sed -i`; 0 lost, 0 twice), then SIGKILLs during archive and
	@# undo on 200,000 lines (20 tries: never in neither file). About 2 minutes.
	Tests/e2e/co-writers.sh $(DEBUG_BIN)/yaru
	Tests/e2e/archive-kill.sh $(DEBUG_BIN)/yaru 20
	Tests/e2e/hostile.sh $(DEBUG_BIN)/yaru
	Tests/e2e/idle.sh $(DEBUG_BIN)/yaru

## stress: what make test runs of them, longer, to hunt rarer windows: the
## open list, 40 `yaru add`, a lockless appender and `sed -i` writing one file
## at once, 18 runs; then archive, undo and SIGKILL on a 200,000-line file,
## 40 tries. Each prints what was lost. About 5 minutes.
stress: build
	STRESS_RUNS=18 Tests/e2e/co-writers.sh $(DEBUG_BIN)/yaru
	Tests/e2e/archive-kill.sh $(DEBUG_BIN)/yaru 40

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
