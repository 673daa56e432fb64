#!/usr/bin/env bash
# Runs every test: pure core tests and integration tests against a real
# headless Xorg (dummy video + inputtest touchscreen, pointer and keyboard).
# Installs the system packages it needs when run as root.
set -euo pipefail
cd "$(dirname "$0")"

scripts/ensure-packages.sh pkg-config libx11-dev libxi-dev \
    xserver-xorg-core xserver-xorg-video-dummy xinput gcc desktop-file-utils appstream libglib2.0-bin gtk-update-icon-cache

# The core decides everything and must stay pure: no C, no clock, no files.
if grep -rnE '^\s*(@testable\s+)?import\s+(Glibc|Foundation|FoundationEssentials|CX11|Dispatch)\b' Sources/TouchTrackerCore; then
    echo "test.sh: Sources/TouchTrackerCore must not import Glibc, Foundation, Dispatch or CX11" >&2
    exit 1
fi

swift build
swift test "$@"
