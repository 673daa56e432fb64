#!/usr/bin/env bash
# Runs every test: pure core tests and integration tests against a real
# headless Xorg (dummy video + inputtest touchscreen, pointer and keyboard).
# Installs the system packages it needs when run as root.
set -euo pipefail
cd "$(dirname "$0")"

scripts/ensure-packages.sh pkg-config libx11-dev libxi-dev \
    xserver-xorg-core xserver-xorg-video-dummy xinput gcc

swift build
swift test "$@"
