#!/usr/bin/env bash
# The core's instructions per touch event, without X (touchtracker-corepath
# under callgrind): the difference between two stroke counts, so start-up
# cancels. With --profile, the functions that account for the difference.
# Usage: Benchmarks/run-corepath.sh [lines|ink|eraser|circles] [--profile]
# (touchtracker-corepath STROKES TOOL --sizes also prints the loop's value sizes;
# touchtracker-corepath STROKES TOOL UPDATES sends UPDATES moves per stroke, not 10.)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh valgrind
tool="${1:-lines}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
Benchmarks/build-stripped.sh touchtracker-corepath "$work/corepath"
for strokes in 20 60; do
    valgrind --tool=callgrind --callgrind-out-file="$work/$strokes.out" "$work/corepath" "$strokes" "$tool" >/dev/null 2>&1
done
total() { grep -m1 '^summary:' "$1" | cut -d' ' -f2; }
echo "core, $tool: $(( ($(total "$work/60.out") - $(total "$work/20.out")) / 480 )) instructions per touch event (40 strokes of 12 events)"
if [ "${2:-}" = --profile ]; then
    for strokes in 20 60; do
        callgrind_annotate --inclusive=yes --threshold=99 "$work/$strokes.out" > "$work/$strokes.txt"
    done
    python3 - "$work" <<'PY' | swift demangle --simplified | cut -c1-180
import re, sys
def table(path):
    rows = {}
    for line in open(path):
        m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(\S.*)$", line)
        if m: rows[m.group(2)] = rows.get(m.group(2), 0) + int(m.group(1).replace(",", ""))
    return rows
a, b = table(f"{sys.argv[1]}/20.txt"), table(f"{sys.argv[1]}/60.txt")
rows = sorted(((b.get(k, 0) - a.get(k, 0)) / 480, k) for k in set(a) | set(b))
for cost, name in reversed(rows[-45:]):
    print(f"{cost:8.0f}  {name}")
PY
fi
