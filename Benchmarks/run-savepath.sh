#!/usr/bin/env bash
# The autosaver's instructions per saved stroke, without X (touchtracker-savepath
# under callgrind): the difference between two counts of saves, one new line
# each, so start-up cancels. The saver's thread is the turns; the event loop's
# share (its hand-over) is printed apart. With --profile, the functions that
# account for the difference.
# Usage: Benchmarks/run-savepath.sh [lines|ink] [--profile]
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh valgrind
tool="${1:-lines}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
Benchmarks/build-stripped.sh touchtracker-savepath "$work/savepath"
for saves in 20 60; do
    # Counted only inside the saver's turns and the event loop's hand-over:
    # not the benchmark's own drawing, nor its reading of the file at the end.
    valgrind --tool=callgrind --callgrind-out-file="$work/$saves.out" \
        --toggle-collect='$s19TouchTrackerStorage9AutosaverC4turn2at*' \
        --toggle-collect='$s19TouchTrackerStorage9AutosaverC6keepUp4with*' \
        "$work/savepath" "$saves" "$tool" >/dev/null 2>&1
    callgrind_annotate --inclusive=yes --threshold=100 "$work/$saves.out" | swift demangle --simplified > "$work/$saves.txt"
done
python3 - "$work" "$tool" "${2:-}" <<'PY' | cut -c1-180
import re, sys
work, tool, option = sys.argv[1:4]
def table(path):
    rows = {}
    for line in open(path):
        m = re.match(r"\s*([\d,]+)\s+\([^)]*\)\s+(\S.*)$", line)
        if m: rows[m.group(2)] = rows.get(m.group(2), 0) + int(m.group(1).replace(",", ""))
    return rows
a, b = table(f"{work}/20.txt"), table(f"{work}/60.txt")
def per_save(pattern):
    keys = [k for k in set(a) | set(b) if re.search(pattern, k)]
    return sum(b.get(k, 0) - a.get(k, 0) for k in keys) / 40
turns, handOver = per_save(r":Autosaver\.turn\(at:\) "), per_save(r":Autosaver\.keepUp\(with:viewport:\) ")
print(f"saver, {tool}: {turns:,.0f} instructions per save on the saver's thread (its turns); "
      f"the event loop's hand-over {handOver:,.0f} (40 saves of one line)")
if option == "--profile":
    rows = sorted(((b.get(k, 0) - a.get(k, 0)) / 40, k) for k in set(a) | set(b))
    for cost, name in reversed(rows[-50:]):
        print(f"{cost:8.0f}  {name}")
PY
