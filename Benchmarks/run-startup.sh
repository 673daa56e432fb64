#!/usr/bin/env bash
# Start-up alone (exec to the window painted, an empty drawing), as the latency
# run measures it, in seconds instead of minutes: the latency run's builds
# (touchtracker as users get it, the benchmark, the C reference), then only
# their start-ups, in turns. Arguments go to touchtracker-bench: --startup-runs N
# (default 7), and --startup-compared PATH to start another build in the same
# runs (a copy of the binary before a change), side by side; --startup-drawing
# PATH starts a saved drawing too (its last row made the marker line). It
# prints where the empty drawing's start goes: each step's median time from
# the spawn, from the marks the program writes (TOUCHTRACKER_STARTUP_MARKS).
set -euo pipefail
exec "$(dirname "$0")/run-latency.sh" --startup-only "$@"
