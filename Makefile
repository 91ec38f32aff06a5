# menud — see README.md. Every target installs the Debian packages it needs first.
SWIFT    ?= swift
PREFIX   ?= $(HOME)/.local
# The browser tests (Tests/Browser) drive Debian's headless Chromium with selenium.
PACKAGES := libuv1-dev libwebsockets-dev libwebsockets-evlib-uv pkg-config libssl-dev libmagic-dev libsystemd-dev \
            socat python3 systemd chromium chromium-driver python3-selenium python3-websockets fonts-dejavu-core
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build release run test test-browser bench bench-scale fuzz test-asan install uninstall clean

deps:
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "installing:$$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build -c release

run: build
	@scripts/run-demo.sh "$$($(SWIFT) build --show-bin-path)"

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	Tests/Browser/run.sh "$$($(SWIFT) build --show-bin-path)"

# The browser tests alone (the debug build must exist).
test-browser: deps
	$(SWIFT) build
	Tests/Browser/run.sh "$$($(SWIFT) build --show-bin-path)"

bench: deps
	bench/run.sh

# Not part of `make test`: a tree of a million files, menud against Watchman (bench/README.md).
bench-scale: deps
	bench/scale.sh

fuzz: deps
	MENUD_FUZZ_FRAMES=1000000 $(SWIFT) test --filter FuzzIntegrationTests

# Sanitizer reports go to files, one per process: the daemons the tests start write to stderr
# files that are deleted with their temporary directories, so their leak reports would be lost.
test-asan: deps
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build/asan
	@rm -rf .build/asan/reports && mkdir -p .build/asan/reports
	@# The test runner's own leaks (XCTest, Foundation's Process) are not ours: leak checking is
	@# off for it and on for every daemon the tests start (MENUD_CHILD_ASAN_OPTIONS).
	@ASAN_OPTIONS=detect_leaks=0:log_path=$(CURDIR)/.build/asan/reports/runner \
	MENUD_CHILD_ASAN_OPTIONS=detect_leaks=1:log_path=$(CURDIR)/.build/asan/reports/daemon \
	$(SWIFT) test --skip-build --sanitize=address --scratch-path .build/asan; \
	status=$$?; echo "sanitizer reports (.build/asan/reports/*.PID, one per process that had something to say):"; \
	if grep -H -E "SUMMARY|ERROR: (Address|Leak)Sanitizer" .build/asan/reports/* 2>/dev/null; then status=1; else echo "  none"; fi; \
	exit $$status

install: release
	scripts/install.sh "$(PREFIX)" "$$($(SWIFT) build -c release --show-bin-path)"

uninstall:
	scripts/uninstall.sh "$(PREFIX)"

clean:
	rm -rf .build
