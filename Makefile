# drawer-x11: the two commands are `make run` and `make test`.
#
#   make run [ARGS='--debug --shadow-opacity 0.4']   build and open the window
#   make test                                         engine suite + real-window suite under Xvfb
#   make bench [RUNS=3] [SOAK=30] [BASELINE=update] [BEFORE=rev]
#                                                     release build, every performance figure in one
#                                                     table, drawer-x11 beside its peers, and the
#                                                     guard against the build of BEFORE
#                                                     (Benchmarks/README.md); the benchmark's status:
#                                                     0 every target met and nothing worse than
#                                                     BEFORE, 1 a target missed or a guard figure
#                                                     worse by over 5 %, 2 a harness error (make
#                                                     shows it as `Error N`)
#   make bench-baseline                               the last bench run becomes Benchmarks/baseline.json
#   make order [ORDER_RUNS=30]                        records the start-up functions' order the release
#                                                     build lays out first (Packaging/order)
#   make test-ui UI='test_startup'                    one real-window scenario alone
#   make examples                                     builds the three apps of Examples/ (in .build/examples)
#   make install [PREFIX=/usr/local] [DESTDIR=]       the release builds (drawer-x11, drawer-replay),
#                                                     manual pages, completions, desktop entry,
#                                                     icons, docs
#                                                     (DMENU=1: and a dmenu link to drawer-x11;
#                                                     ROFI=1: and a rofi link)
#   make uninstall [PREFIX=...] [DESTDIR=...]         removes what install put there
#   make deb                                          drawer-x11_VERSION_ARCH.deb, checked by lintian
#   make deb-check                                    installs that package in a fresh Debian 12 chroot
#
# Each target installs the Debian packages it needs when they are missing
# (apt-get, through sudo when not root); when all are present it installs nothing.
# Tests/check_tools.py then checks that every program the suites, the
# benchmarks and this file run comes from one of these packages.

SWIFT      ?= swift
ARGS       ?=
UI         ?=
PYTHON     ?= python3
# make bench: interleaved rounds per figure, the drag soak's seconds (0
# skips it), BASELINE=update to rewrite the baseline from the run, and the
# build the regression guard compares with: the latest release tag before
# the checked-out commit (so a bench of the tagged release itself compares
# it with the release before it), or 29312ac (the build before the tags
# began) when there is none. It is built once per commit into
# .build-before/COMMIT and kept there.
RUNS       ?= 3
SOAK       ?= 30
BASELINE   ?=
# make order: runs of each recorded scenario.
ORDER_RUNS ?= 30
BEFORE     ?= $(or $(shell git describe --tags --abbrev=0 --match 'v*' HEAD~1 2>/dev/null),29312ac)
BEFORE_DIR  = .build-before/$(shell git rev-parse --verify --quiet '$(BEFORE)^{commit}' 2>/dev/null)
BENCH_UPDATE = $(if $(filter update,$(BASELINE)),--update-baseline)
# The benchmark's Python is Debian's: python3-xlib and python3-gi are built
# for it, not for another python3 that may come first on PATH.
BENCH_PYTHON ?= /usr/bin/python3

# Where make install puts things: GNU's names, so PREFIX=/usr and
# DESTDIR=staging work as packagers expect.
PREFIX     ?= /usr/local
DESTDIR    ?=
BINDIR     := $(PREFIX)/bin
DATADIR    := $(PREFIX)/share
MAN1DIR    := $(DATADIR)/man/man1
DOCDIR     := $(DATADIR)/doc/drawer-x11
ICONDIR    := $(DATADIR)/icons/hicolor
# DMENU=1: install also puts a link named dmenu to drawer-x11 in BINDIR, so
# dmenu's scripts (dmenu_run, passmenu) run the picker (docs/Picking.md, "As
# dmenu"); it never replaces a dmenu of someone else's. uninstall removes the
# link whenever it is drawer-x11's. The package never ships it: /usr/bin/dmenu
# is suckless-tools'.
DMENU      ?=
DMENU_LINK  = "$(DESTDIR)$(BINDIR)/dmenu"
# ROFI=1: the same for a link named rofi, which takes rofi 1.7's -dmenu
# (docs/Picking.md, "As rofi"); never over rofi's own, never in the package.
ROFI       ?=
ROFI_LINK   = "$(DESTDIR)$(BINDIR)/rofi"
# The guides the README links, installed beside it as docs/, so its links hold.
GUIDES     := $(sort $(wildcard docs/*.md))
# Each shell's completion goes where that shell looks without being told, as
# Debian 12's shells do. bash-completion searches XDG_DATA_DIRS, which is
# /usr/local/share:/usr/share when unset. Debian's zsh searches
# /usr/local/share/zsh/site-functions and, for packages,
# /usr/share/zsh/vendor-completions, not /usr/share/zsh/site-functions.
# fish takes its vendor directories from XDG_DATA_DIRS and, when that is
# unset (outside desktop sessions), searches only
# /usr/share/fish/vendor_completions.d and /etc/fish/completions, its
# directory for what the administrator installs for every user: the place
# for a /usr/local install. Any other PREFIX gets the XDG names, which the
# shells find when PREFIX/share is in XDG_DATA_DIRS or is ~/.local/share.
BASHCOMPDIR ?= $(DATADIR)/bash-completion/completions
ZSHCOMPDIR ?= $(DATADIR)/zsh/$(if $(filter /usr,$(PREFIX)),vendor-completions,site-functions)
FISHCOMPDIR ?= $(if $(filter /usr/local,$(PREFIX)),/etc/fish/completions,$(DATADIR)/fish/vendor_completions.d)
INSTALLED  := $(BINDIR)/drawer-x11 $(BINDIR)/drawer-replay $(MAN1DIR)/drawer-x11.1 $(MAN1DIR)/drawer-replay.1 \
              $(BASHCOMPDIR)/drawer-x11 $(ZSHCOMPDIR)/_drawer-x11 \
              $(FISHCOMPDIR)/drawer-x11.fish $(DATADIR)/applications/drawer-x11.desktop \
              $(ICONDIR)/48x48/apps/drawer-x11.png $(ICONDIR)/128x128/apps/drawer-x11.png \
              $(ICONDIR)/scalable/apps/drawer-x11.svg \
              $(DOCDIR)/README.md $(DOCDIR)/LICENSE $(DOCDIR)/CHANGELOG.md $(addprefix $(DOCDIR)/,$(GUIDES))
# Where 0.13.0 put the completions that now go elsewhere: uninstall takes
# them away too.
FORMERLY   := $(filter-out $(INSTALLED),$(DATADIR)/fish/vendor_completions.d/drawer-x11.fish \
              $(DATADIR)/zsh/site-functions/_drawer-x11)
INSTALLED_HERE = $(foreach f,$(INSTALLED) $(FORMERLY),"$(DESTDIR)$(f)")
FILE_DIRS_HERE = $(foreach d,$(sort $(dir $(INSTALLED))),"$(DESTDIR)$(d)")
# The directories install makes (or 0.13.0 made): those of the files and all
# above them, up to DESTDIR. Without DESTDIR, the system's own stay: PREFIX
# with its bin, share and share/man, /etc, and the completion directories the
# shells' packages make (zsh's site-functions, fish's /etc/fish/completions).
KEEP_DIRS  := $(if $(DESTDIR),,$(PREFIX) $(BINDIR) $(DATADIR) $(DATADIR)/man $(DATADIR)/zsh/site-functions \
              /etc /etc/fish /etc/fish/completions)
above      = $(if $(filter-out $(KEEP_DIRS),$(1)),$(1) $(call above,$(patsubst %/,%,$(dir $(1)))))
INSTALL_DIRS = $(sort $(foreach f,$(INSTALLED) $(FORMERLY),$(call above,$(patsubst %/,%,$(dir $(f))))))

# Where `make examples` builds Examples/, and where its programs land.
EXAMPLES_SCRATCH := $(CURDIR)/.build/examples
EXAMPLES_BIN     := $(EXAMPLES_SCRATCH)/debug

# The release build: the Swift runtime linked in, so the binary needs no
# toolchain; no $$ORIGIN run path, which an installed binary has no use for;
# symbols bound at start, so the relocations can be read-only (BIND_NOW);
# none of its own symbols exported. The Swift driver links executables with
# --export-dynamic, which put 7,600 of the libraries' symbols in the dynamic
# table: nothing looks them up, but every library symbol bound at start
# searched that table first, and its pages were 370 kB of the resident set.
RELEASE    := -c release --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now \
              -Xlinker --no-export-dynamic
# What install copies, generated from the release build (.build is not in git).
DIST       := .build/dist
# The manual's date: the commit's, so the page does not change from day to
# day; outside git, the plugin's default (today).
MAN_DATE   := $(shell git log -1 --format=%cs 2>/dev/null)
# The Debian package's maintainer and its changelog's date (the commit's).
DEB_MAINTAINER ?= Seed 34d83c15 maintainers <maintainers@users.noreply.a-seed-34d83c15.example>
DEB_DATE   := $(shell git log -1 --format=%aD 2>/dev/null)
DEB_DIR    := .build/deb
DEBCHECK   := .build/deb-check
DEBCHECK_ROOT = $(abspath $(DEBCHECK))/root
# The Debian 12 mirror deb-check bootstraps from: apt's own on this machine.
DEBIAN_MIRROR ?= http://deb.debian.org/debian

BUILD_DEBS := libx11-dev libxext-dev libxrender-dev libxft-dev libxi-dev libxkbcommon-dev libxrandr-dev libxinerama-dev libfribidi-dev libpng-dev librsvg2-dev pkgconf fonts-dejavu-core libsystemd-dev
TEST_DEBS  := $(BUILD_DEBS) xvfb xauth xdotool x11-utils x11-apps x11-xserver-utils x11-xkb-utils xsettingsd uim-xim stterm xterm picom openbox strace xclip fonts-noto-cjk fonts-noto-color-emoji \
              binutils man-db groff-base desktop-file-utils bash-completion zsh fish mount fzf suckless-tools pass \
              dbus-daemon dbus-bin at-spi2-core python3-pyatspi python3-gi gir1.2-gtk-4.0
# The benchmark: Xvfb, XTest input, xwininfo (the UI harness), libXdamage
# (the pixels drawn per frame, through ctypes), the xlogo floor, the
# framebuffer, maps and keys of the peer and picker benches (python3-xlib),
# the Qt Quick peer (Qt 6's qml runner and the modules its Drawer loads),
# the libadwaita peer (GTK 4 and libadwaita through python3-gi), the
# pickers beside drawer-x11 (dmenu, rofi, and librsvg2-common, the gdk-pixbuf
# loader rofi draws SVG icons with); valgrind for callgrind by hand.
BENCH_DEBS := $(BUILD_DEBS) xvfb xdotool x11-utils x11-apps libxdamage1 python3 python3-xlib valgrind \
              suckless-tools rofi librsvg2-common qml-qt6 qml6-module-qtquick qml6-module-qtquick-controls \
              qml6-module-qtquick-window qml6-module-qtquick-templates qml6-module-qtquick-layouts \
              qml6-module-qtqml-workerscript qt6-qpa-plugins python3-gi gir1.2-gtk-4.0 gir1.2-adw-1
# make order: perf samples which functions run at the start and in a drag
# (Packaging/order/record_order.py), on the bench's Xvfb and XTest input.
ORDER_DEBS := $(BENCH_DEBS) linux-perf
# install strips the binary; the install suite also loads the completions in
# each shell, renders the manual, validates the desktop entry and hides the
# toolchain in a mount namespace.
INSTALL_DEBS := $(BUILD_DEBS) binutils
DEB_DEBS   := $(INSTALL_DEBS) dpkg-dev lintian
DEBCHECK_DEBS := $(DEB_DEBS) debootstrap

.PHONY: run test test-engine test-ui examples test-install bench bench-baseline build build-release build-before dist install \
        uninstall deb deb-check \
        deps-build deps-test deps-bench deps-install deps-deb deps-debcheck deps-order order clean icons

define ensure_debs
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then sudo=""; else sudo="sudo"; fi; \
	  $$sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

deps-build:
	$(call ensure_debs,$(BUILD_DEBS))

deps-test:
	$(call ensure_debs,$(TEST_DEBS))

deps-bench:
	$(call ensure_debs,$(BENCH_DEBS))

deps-install:
	$(call ensure_debs,$(INSTALL_DEBS))

deps-order:
	$(call ensure_debs,$(ORDER_DEBS))

deps-deb:
	$(call ensure_debs,$(DEB_DEBS))

deps-debcheck:
	$(call ensure_debs,$(DEBCHECK_DEBS))

build: deps-build
	$(SWIFT) build --product drawer-x11
	$(SWIFT) build --product drawer-replay

build-release: deps-build
	$(SWIFT) build $(RELEASE) --product drawer-x11
	$(SWIFT) build $(RELEASE) --product drawer-replay

# The files install copies: the release binaries stripped; the manual pages
# from swift-argument-parser's plugin (which runs the debug build, the one
# make test has built, so the release build is not relinked without the
# static runtime) finished by splice.py, which also puts back the characters
# the plugin drops (σ) from the program's own description of its flags; the
# completion scripts from the binary (bash's without its #!: bash-completion
# sources it, nothing runs it).
dist: deps-install build-release
	rm -rf $(DIST)
	mkdir -p $(DIST)
	for program in drawer-x11 drawer-replay; do \
	  cp "$$($(SWIFT) build $(RELEASE) --show-bin-path)/$$program" $(DIST)/$$program && \
	  strip --remove-section=.comment --remove-section=.note $(DIST)/$$program || exit 1; \
	done
	$(SWIFT) package plugin generate-manual --configuration debug $(if $(MAN_DATE),--date $(MAN_DATE))
	$(DIST)/drawer-x11 --experimental-dump-help > $(DIST)/drawer-x11.help.json
	$(PYTHON) Packaging/man/splice.py --os "$$($(DIST)/drawer-x11 --version)" --help-dump $(DIST)/drawer-x11.help.json \
	  .build/plugins/GenerateManual/outputs/drawer-x11/drawer-x11.1 Packaging/man/sections.mdoc $(DIST)/drawer-x11.1
	$(DIST)/drawer-replay --experimental-dump-help > $(DIST)/drawer-replay.help.json
	$(PYTHON) Packaging/man/splice.py --os "$$($(DIST)/drawer-replay --version)" --help-dump $(DIST)/drawer-replay.help.json \
	  .build/plugins/GenerateManual/outputs/drawer-replay/drawer-replay.1 Packaging/man/drawer-replay.mdoc \
	  $(DIST)/drawer-replay.1
	$(DIST)/drawer-x11 --generate-completion-script bash > $(DIST)/drawer-x11.bash
	sed -i '1{/^#!/d;}' $(DIST)/drawer-x11.bash
	$(DIST)/drawer-x11 --generate-completion-script zsh > $(DIST)/_drawer-x11
	$(DIST)/drawer-x11 --generate-completion-script fish > $(DIST)/drawer-x11.fish

# Directories 755, the binaries 755, everything else 644, whatever the umask.
install: dist
	umask 022 && install -d $(FILE_DIRS_HERE)
	install -m 755 $(DIST)/drawer-x11 $(DIST)/drawer-replay "$(DESTDIR)$(BINDIR)"
	install -m 644 $(DIST)/drawer-x11.1 $(DIST)/drawer-replay.1 "$(DESTDIR)$(MAN1DIR)"
	install -m 644 $(DIST)/drawer-x11.bash "$(DESTDIR)$(BASHCOMPDIR)/drawer-x11"
	install -m 644 $(DIST)/_drawer-x11 "$(DESTDIR)$(ZSHCOMPDIR)/_drawer-x11"
	install -m 644 $(DIST)/drawer-x11.fish "$(DESTDIR)$(FISHCOMPDIR)/drawer-x11.fish"
	install -m 644 Packaging/drawer-x11.desktop "$(DESTDIR)$(DATADIR)/applications/drawer-x11.desktop"
	install -m 644 Packaging/icons/48x48/drawer-x11.png "$(DESTDIR)$(ICONDIR)/48x48/apps/drawer-x11.png"
	install -m 644 Packaging/icons/128x128/drawer-x11.png "$(DESTDIR)$(ICONDIR)/128x128/apps/drawer-x11.png"
	install -m 644 Packaging/icons/scalable/drawer-x11.svg "$(DESTDIR)$(ICONDIR)/scalable/apps/drawer-x11.svg"
	install -m 644 README.md LICENSE CHANGELOG.md "$(DESTDIR)$(DOCDIR)"
	install -m 644 $(GUIDES) "$(DESTDIR)$(DOCDIR)/docs"
	@if [ -n "$(DMENU)" ]; then \
	  if [ -e $(DMENU_LINK) -o -L $(DMENU_LINK) ] && [ "$$(readlink $(DMENU_LINK))" != drawer-x11 ]; then \
	    echo "make install DMENU=1: $(DESTDIR)$(BINDIR)/dmenu is another program's, which stays" >&2; exit 1; \
	  fi; \
	  echo "ln -sfn drawer-x11 $(DMENU_LINK)"; ln -sfn drawer-x11 $(DMENU_LINK); \
	fi
	@if [ -n "$(ROFI)" ]; then \
	  if [ -e $(ROFI_LINK) -o -L $(ROFI_LINK) ] && [ "$$(readlink $(ROFI_LINK))" != drawer-x11 ]; then \
	    echo "make install ROFI=1: $(DESTDIR)$(BINDIR)/rofi is another program's, which stays" >&2; exit 1; \
	  fi; \
	  echo "ln -sfn drawer-x11 $(ROFI_LINK)"; ln -sfn drawer-x11 $(ROFI_LINK); \
	fi
	$(UPDATE_MAN_INDEX)

# Installed into the running system (no DESTDIR), the manual pages' index is
# brought up to date, so `whatis drawer-x11` and `apropos picker` find the
# page at once rather than after man-db's daily job; a staged install
# (DESTDIR, the package) leaves that to the system it lands on.
UPDATE_MAN_INDEX = if [ -z "$(DESTDIR)" ] && command -v mandb >/dev/null 2>&1; then mandb -q || true; fi

# Every file install wrote, then every directory it made, deepest first, that
# is empty now: one holding someone else's file stays.
uninstall:
	@if [ -L $(DMENU_LINK) ] && [ "$$(readlink $(DMENU_LINK))" = drawer-x11 ]; then \
	  echo "rm -f $(DMENU_LINK)"; rm -f $(DMENU_LINK); \
	fi
	@if [ -L $(ROFI_LINK) ] && [ "$$(readlink $(ROFI_LINK))" = drawer-x11 ]; then \
	  echo "rm -f $(ROFI_LINK)"; rm -f $(ROFI_LINK); \
	fi
	rm -f $(INSTALLED_HERE)
	for dir in $$(printf '%s\n' $(INSTALL_DIRS) | LC_ALL=C sort -r); do \
	  if [ -d "$(DESTDIR)$$dir" ]; then rmdir --ignore-fail-on-non-empty "$(DESTDIR)$$dir" || exit 1; fi; \
	done
	$(UPDATE_MAN_INDEX)

# The package is built from the same install, with PREFIX=/usr, and lintian
# must find no error in it.
deb: deps-deb
	rm -rf $(DEB_DIR)
	$(MAKE) --no-print-directory install DESTDIR="$(CURDIR)/$(DEB_DIR)/root" PREFIX=/usr DMENU= ROFI=
	$(PYTHON) Packaging/deb/build_deb.py --root $(DEB_DIR)/root --out $(DEB_DIR) \
	  --maintainer "$(DEB_MAINTAINER)" $(if $(DEB_DATE),--date "$(DEB_DATE)")
	lintian --fail-on error $(DEB_DIR)/drawer-x11_*.deb

# A fresh Debian 12 (minbase) from the mirror, the package installed into it
# by apt, then run there (Packaging/deb/check_in_chroot.sh). /proc and a pty
# file system for apt are mounted in a mount namespace of the check's own, so
# they are gone when the check ends, and the chroot (some 360 MB) is removed
# then, whether the check passed or not; it is left, with a line saying so,
# only if something is still mounted in it. Needs root, as debootstrap and
# chroot do.
deb-check: deps-debcheck deb
	if [ "$$(id -u)" -ne 0 ]; then echo "deb-check: run it as root (debootstrap, chroot)" >&2; exit 1; fi
	if mountpoint -q $(DEBCHECK)/root/proc; then echo "deb-check: $(DEBCHECK)/root/proc is mounted" >&2; exit 1; fi
	rm -rf $(DEBCHECK)
	mkdir -p $(DEBCHECK)
	trap 'if grep -q " $(DEBCHECK_ROOT)/" /proc/self/mounts; then echo "deb-check: $(DEBCHECK_ROOT) still has mounts, so it stays" >&2; \
	  else rm -rf "$(DEBCHECK)"; fi' EXIT; \
	trap 'exit 1' HUP INT TERM; \
	echo "deb-check: debootstrap --variant=minbase bookworm from $(DEBIAN_MIRROR)"; \
	debootstrap --variant=minbase bookworm $(DEBCHECK)/root $(DEBIAN_MIRROR) > $(DEBCHECK)/debootstrap.log 2>&1 \
	  || { tail -n 20 $(DEBCHECK)/debootstrap.log >&2; exit 1; }; \
	cp $(DEB_DIR)/drawer-x11_*.deb Packaging/deb/check_in_chroot.sh $(DEBCHECK)/root/tmp/ \
	  && cp /etc/resolv.conf $(DEBCHECK)/root/etc/resolv.conf \
	  && unshare --mount --propagation private \
	    sh -c 'mount -t proc proc "$$1/proc" && mount -t devpts -o newinstance devpts "$$1/dev/pts" \
	      && exec chroot "$$1" /bin/sh /tmp/check_in_chroot.sh' deb-check $(DEBCHECK)/root

run: build
	$(SWIFT) run --skip-build drawer-x11 $(ARGS)

# The release build the install suite needs (most of its time) runs niced
# beside the real-window suite, which mostly waits on the X server: a core is
# free for it, and the suites keep their priority. So do the builds of
# Examples/ and of docs/Library.md's outside package (each compiles the
# project once more, as a dependency): the scenarios that run them come last.
# Last, once the builds are done: the scenarios of those builds, and those
# that wait on a window manager (openbox managing new windows, moving the
# focus), whose bounds a machine busy with three builds overran. (run.py
# --jobs 2 halves the suite's time, but on 2 cores beside the builds a
# drag's velocity came out 0 in one run: not yet the default.)
UI_LAST := test_examples test_outside_package test_dropdown test_rofi_modes test_monitor_follow
UI_FIRST_SKIPS := $(addprefix --skip ,$(UI_LAST))
test: deps-test deps-install
	$(PYTHON) Tests/check_tools.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --parallel
	mkdir -p .build
	bin="$$($(SWIFT) build --show-bin-path)"; \
	nice -n 19 $(MAKE) --no-print-directory build-release > .build/release-build.log 2>&1 & release=$$!; \
	{ nice -n 19 $(MAKE) --no-print-directory examples && PYTHONDONTWRITEBYTECODE=1 nice -n 19 $(PYTHON) Tests/UI/test_outside_package.py; } \
	  > .build/examples-build.log 2>&1 & examples=$$!; \
	$(PYTHON) Tests/UI/run.py --binary "$$bin/drawer-x11" $(UI_FIRST_SKIPS); ui=$$?; \
	wait $$examples || { cat .build/examples-build.log >&2; ui=1; }; \
	wait $$release || { cat .build/release-build.log >&2; exit 1; }; \
	$(PYTHON) Tests/UI/run.py --binary "$$bin/drawer-x11" --examples "$(EXAMPLES_BIN)" $(UI_LAST) || ui=1; \
	[ $$ui -eq 0 ]
	$(PYTHON) Tests/Install/test_install.py

test-install: deps-test
	$(PYTHON) Tests/Install/test_install.py

test-engine: deps-build
	$(SWIFT) test

test-ui: deps-test build examples
	$(PYTHON) Tests/check_tools.py
	$(PYTHON) Tests/UI/run.py --binary "$$($(SWIFT) build --show-bin-path)/drawer-x11" --examples "$(EXAMPLES_BIN)" $(UI)

# The three apps of Examples/, each a package of its own that a reader
# copies, built here in one build through Examples/Package.swift, which
# names their sources: the project is compiled once for all three, into a
# scratch directory of its own inside .build (a dependency is compiled with
# other flags than the root package, so sharing the root's would rebuild
# both each time). The plan is made anew each time (a fraction of a
# second): a cached one would still name the project's files as they were
# at the last build, and miss a file added since.
examples: deps-build
	$(SWIFT) build --package-path Examples --scratch-path $(EXAMPLES_SCRATCH) --disable-index-store \
	  --disable-build-manifest-caching

# The release build of BEFORE, for the regression guard: the commit's files
# (git archive) in .build-before/COMMIT, built there by that commit's own
# `make build-release`; a finished build leaves .built beside it and is
# used again by every later bench. The log is .build-before/COMMIT.log.
build-before: deps-build
	@commit="$$(git rev-parse --verify --quiet '$(BEFORE)^{commit}')" \
	  || { echo "make bench: BEFORE=$(BEFORE) names no commit of this repository" >&2; exit 2; }; \
	dir=".build-before/$$commit"; \
	if [ -f "$$dir/.built" ] && [ -x "$$dir/.build/release/drawer-x11" ]; then \
	  echo "build before: $(BEFORE) is built in $$dir"; exit 0; \
	fi; \
	echo "build before: $(BEFORE), commit $$commit, built by its make build-release in $$dir (log: $$dir.log)"; \
	rm -rf "$$dir" && mkdir -p "$$dir" && git archive "$$commit" | tar -x -C "$$dir" || exit 2; \
	$(MAKE) -C "$$dir" --no-print-directory build-release SWIFT="$(SWIFT)" > "$$dir.log" 2>&1 \
	  || { tail -n 20 "$$dir.log" >&2; exit 2; }; \
	touch "$$dir/.built"

# One table of every figure, drawer-x11 beside its peers (Qt Quick,
# libadwaita, xlogo; dmenu and rofi for --pick), the cost-growth tables,
# the regression guard's table against BEFORE, and what moved by more than
# 10% since Benchmarks/baseline.json; every figure also goes to
# Benchmarks/results/latest.json. Benchmarks/window_bench.py exits 0 when
# every target is met and no guard figure is worse than BEFORE's by more
# than 5 %, 1 when a target is missed or a guard figure is worse, 2 on a
# harness error; make names that status (`Error 1`, `Error 2`) and then
# exits 2 itself, as for any failed recipe. The builds run one after the
# other: two Swift builds at once would only slow each other.
bench: deps-bench build-release
	$(MAKE) --no-print-directory build-before
	$(PYTHON) Tests/check_tools.py --bench
	DRAWER_X11_BENCH=1 $(SWIFT) build -c release --scratch-path .build-bench --product EngineBench
	$(BENCH_PYTHON) Benchmarks/window_bench.py --runs $(RUNS) --soak $(SOAK) --swift "$(SWIFT)" \
	  --binary "$$($(SWIFT) build -c release --show-bin-path)/drawer-x11" \
	  --engine-bench .build-bench/release/EngineBench \
	  --before "$(BEFORE_DIR)/.build/release/drawer-x11" --before-rev "$(BEFORE)" \
	  --json Benchmarks/results/latest.json --baseline Benchmarks/baseline.json \
	  $(BENCH_UPDATE)

# The release build lays out the functions that run at the start and in a
# drag first, in the order they run (Package.swift's --symbol-ordering-file):
# this records that order anew from the release binary, for a change to the
# start-up path; the next release build links with it.
order: deps-order build-release
	$(PYTHON) Packaging/order/record_order.py --runs $(ORDER_RUNS) \
	  --binary "$$($(SWIFT) build -c release --show-bin-path)/drawer-x11"

# The last `make bench` run (Benchmarks/results/latest.json) becomes the
# committed baseline.
bench-baseline:
	$(PYTHON) Benchmarks/baseline.py update

clean:
	rm -rf .build .build-*

# The application icon's files, drawn by AppIcon (Sources/DrawerIcon), the
# PNGs written by libpng; DrawerIconTests fails when the committed ones
# differ from what it draws.
icons:
	$(SWIFT) run drawer-icon Packaging/icons
	$(SWIFT) run drawer-icon --window-icon Sources/DrawerWindowIcon/WindowIconData.swift
