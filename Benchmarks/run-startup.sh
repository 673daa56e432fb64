#!/usr/bin/env bash
# Start-up alone (exec to the window painted, an empty drawing), as the latency
# run measures it, in seconds instead of minutes: builds touchtracker as users
# get it, the benchmark and the C reference, then starts them in turns.
# Arguments go to touchtracker-bench: --startup-runs N (default 7), and
# --startup-compared PATH to start another build in the same runs (a copy of
# the binary before a change), side by side.
set -euo pipefail
cd "$(dirname "$0")/.."
app="$(Benchmarks/build-installed.sh)"
swift build -c release --product touchtracker-bench
bin="$(swift build -c release --show-bin-path)"
reference="$(mktemp -d)/reference_client"
trap 'rm -rf "$(dirname "$reference")"' EXIT
gcc -O2 -o "$reference" Benchmarks/touchtracker-bench/reference_client.c -lX11 -lXi
"$bin/touchtracker-bench" --touchtracker "$app" --reference "$reference" --startup-only "$@"
