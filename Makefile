# drawer-x11: the two commands are `make run` and `make test`.
#
#   make run [ARGS='--debug --shadow-opacity 0.4']   build and open the window
#   make test                                         engine suite + real-window suite under Xvfb
#   make bench                                        release build, every performance figure
#   make test-ui UI='test_startup'                    one real-window scenario alone
#
# Each target installs the Debian packages it needs when they are missing
# (apt-get, through sudo when not root); when all are present it installs nothing.
# Tests/check_tools.py then checks that every program the suites, the
# benchmarks and this file run comes from one of these packages.

SWIFT      ?= swift
ARGS       ?=
UI         ?=
PYTHON     ?= python3

BUILD_DEBS := libx11-dev libxrender-dev libxft-dev libxi-dev libfribidi-dev pkgconf fonts-dejavu-core
TEST_DEBS  := $(BUILD_DEBS) xvfb xauth xdotool x11-utils x11-apps x11-xserver-utils xsettingsd strace fonts-noto-cjk fonts-noto-color-emoji
BENCH_DEBS := $(TEST_DEBS) valgrind

.PHONY: run test test-engine test-ui bench build build-release deps-build deps-test deps-bench clean icons

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

build: deps-build
	$(SWIFT) build --product drawer-x11
	$(SWIFT) build --product drawer-replay

build-release: deps-build
	$(SWIFT) build -c release --static-swift-stdlib --product drawer-x11

run: build
	$(SWIFT) run --skip-build drawer-x11 $(ARGS)

test: deps-test
	$(PYTHON) Tests/check_tools.py
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(PYTHON) Tests/UI/run.py --binary "$$($(SWIFT) build --show-bin-path)/drawer-x11"

test-engine: deps-build
	$(SWIFT) test

test-ui: deps-test build
	$(PYTHON) Tests/check_tools.py
	$(PYTHON) Tests/UI/run.py --binary "$$($(SWIFT) build --show-bin-path)/drawer-x11" $(UI)

bench: deps-bench build-release
	$(PYTHON) Tests/check_tools.py --bench
	DRAWER_X11_BENCH=1 $(SWIFT) build -c release --scratch-path .build-bench --product EngineBench
	$(PYTHON) Benchmarks/window_bench.py \
	  --binary "$$($(SWIFT) build -c release --show-bin-path)/drawer-x11" \
	  --engine-bench .build-bench/release/EngineBench

clean:
	rm -rf .build .build-*

# The application icon's files, drawn by AppIcon (Sources/DrawerRaster/Icon);
# DrawerRasterTests fails when the committed ones differ from what it draws.
icons:
	$(SWIFT) run drawer-icon Packaging/icons
