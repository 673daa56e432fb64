#!/usr/bin/env bash
# Builds touchtracker and the benchmark in release mode, builds the C reference
# client, and measures both in one headless Xorg: start-up (exec to the window
# painted), touch-to-pixel latency in five interleaved rounds of 100 trials per
# window, memory per ink point, latency while a big drawing saves, idle CPU;
# one line per goal at the end, exit status 3 when one is missed. Arguments go
# to touchtracker-bench (--rounds, --trials, --order cycle, --startup-runs, ...).
# Instructions per touch event, the headline: Benchmarks/run-instructions.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh pkg-config libx11-dev libx11-xcb-dev libxi-dev libpng-dev libxft-dev libfontconfig-dev libcairo2-dev libyaml-dev fonts-dejavu-core \
    xserver-xorg-core xserver-xorg-video-dummy xinput gcc
app="$(Benchmarks/build-installed.sh)"
swift build -c release --product touchtracker-bench
bin="$(swift build -c release --show-bin-path)"
reference="$(mktemp -d)/reference_client"
trap 'rm -rf "$(dirname "$reference")"' EXIT
gcc -O2 -o "$reference" Benchmarks/touchtracker-bench/reference_client.c -lX11 -lXi
"$bin/touchtracker-bench" --touchtracker "$app" --reference "$reference" "$@"
