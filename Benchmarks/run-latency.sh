#!/usr/bin/env bash
# Builds touchtracker and the benchmark in release mode, builds the C reference
# client, and measures touch-to-pixels latency of both in one headless Xorg.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh pkg-config libx11-dev libxi-dev libpng-dev libxft-dev libfontconfig-dev fonts-dejavu-core \
    xserver-xorg-core xserver-xorg-video-dummy xinput gcc
swift build -c release --product touchtracker
swift build -c release --product touchtracker-bench
bin="$(swift build -c release --show-bin-path)"
reference="$(mktemp -d)/reference_client"
trap 'rm -rf "$(dirname "$reference")"' EXIT
gcc -O2 -o "$reference" Benchmarks/touchtracker-bench/reference_client.c -lX11 -lXi
"$bin/touchtracker-bench" --touchtracker "$bin/touchtracker" --reference "$reference" "$@"
