#!/usr/bin/env bash
# The benchmark's headline: instructions per touch event of touchtracker and of
# the C reference client, counted by valgrind's callgrind. Unlike time, the
# count does not depend on what else the machine is doing.
#
# Usage: Benchmarks/run-instructions.sh [FEWER MORE]   (strokes per window; default 50 250)
#
# Runs `touchtracker-bench --strokes N` twice under callgrind, with FEWER and
# with MORE whole strokes per window (a TouchBegin, ten 4 px TouchUpdates and a
# TouchEnd, every event waited for until the client has finished with it;
# each stroke saved before the next), and divides the difference in
# instructions by the difference in touch events. Callgrind counts from the
# moment every client is quiet after starting (the benchmark turns it on with
# callgrind_control), so start-up is in neither run, and shutdown cancels
# out. touchtracker as a user starts it: toolbar shown, default tool
# (lines), autosave on; the same with the ink tool; the C reference on the
# same strokes. Each window's profile is found by its place on the screen.
set -euo pipefail
cd "$(dirname "$0")/.."
fewer="${1:-50}"
more="${2:-250}"
scripts/ensure-packages.sh pkg-config libx11-dev libx11-xcb-dev libxi-dev libpng-dev libxft-dev libfontconfig-dev libcairo2-dev libyaml-dev fonts-dejavu-core \
    xserver-xorg-core xserver-xorg-video-dummy xinput gcc valgrind binutils
app="$(Benchmarks/build-installed.sh)"
swift build -c release --product touchtracker-bench
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
# KEEP_PROFILES=DIR keeps the callgrind profiles there, to read by function
# (callgrind_annotate --inclusive=yes DIR/250/touchtracker.PID.out-02 ...).
trap 'if [ -n "${KEEP_PROFILES:-}" ]; then mkdir -p "$KEEP_PROFILES" && cp -r "$work"/. "$KEEP_PROFILES"; fi; rm -rf "$work"' EXIT
gcc -O2 -g -o "$work/reference_client" Benchmarks/touchtracker-bench/reference_client.c -lX11 -lXi
# Valgrind 3.19 gives up on the DWARF the Swift toolchain writes for the
# release binary ("possibly corrupted debuginfo"); the count needs no line
# numbers, and the symbol table stays for reading the profile by function.
objcopy --strip-debug "$app" "$work/touchtracker"
for strokes in "$fewer" "$more"; do
    mkdir -p "$work/$strokes"
    for client in touchtracker reference; do
        target="$work/touchtracker"; [ "$client" = reference ] && target="$work/reference_client"
        # One profile per thread: the touch path is the main thread's; the
        # saver (and the recorder) work on threads of their own.
        # Nothing counted until the benchmark turns it on, every client quiet
        # after starting (--count-from-quiet): start-up is no part of the count.
        printf '#!/bin/sh\nexec valgrind --tool=callgrind --instr-atstart=no --separate-threads=yes --callgrind-out-file=%s/%s/%s.%%p.out %s "$@"\n' \
            "$work" "$strokes" "$client" "$target" > "$work/$client-under-callgrind"
        chmod +x "$work/$client-under-callgrind"
    done
    echo "touchtracker-bench --strokes $strokes under callgrind..." >&2
    status=0
    "$bin/touchtracker-bench" --touchtracker "$work/touchtracker-under-callgrind" \
        --reference "$work/reference-under-callgrind" --strokes "$strokes" --count-from-quiet --launch-timeout 300 \
        > "$work/$strokes/bench.txt" || status=$?
    cat "$work/$strokes/bench.txt"
    if [ "$status" -ne 0 ]; then
        echo "run-instructions.sh: the run of $strokes strokes failed (status $status)" >&2
        exit 1
    fi
done
python3 - "$work" "$fewer" "$more" <<'PY'
import glob, re, sys
work, fewer, more = sys.argv[1], sys.argv[2], sys.argv[3]
GOAL = 1.5

def profiles(strokes, client, geometry):
    """Instructions of one process by thread (thread 1 is the main one)."""
    by_pid = {}
    for path in glob.glob(f"{work}/{strokes}/{client}.*.out*"):
        text = open(path).read()
        summary = re.search(r"^summary: (\d+)", text, re.M)
        if summary is None:
            continue  # the empty file callgrind leaves beside the threads' own
        command = re.search(r"^cmd:(.*)$", text, re.M)
        # By the window's place on the screen, never by process id: ids wrap around.
        if geometry is not None and (command is None or f"--geometry {geometry} " not in command.group(1) + " "):
            continue
        pid = re.search(r"\.(\d+)\.out", path).group(1)
        thread = re.search(r"^thread: (\d+)", text, re.M)
        by_pid.setdefault(pid, {})[int(thread.group(1)) if thread else 1] = int(summary.group(1))
    if len(by_pid) != 1:
        sys.exit(f"expected one callgrind profile of {client} {geometry or ''} in {work}/{strokes}, found {len(by_pid)}")
    return next(iter(by_pid.values()))

def events(strokes, lane):
    for line in open(f"{work}/{strokes}/bench.txt"):
        found = re.match(rf"strokes lane {re.escape(lane)} geometry \S+: (\d+) strokes, (\d+) events", line)
        if found:
            return int(found.group(2))
    sys.exit(f"no figures for {lane} in {work}/{strokes}/bench.txt")

lanes = (("C reference", "reference", None), ("touchtracker", "touchtracker", "1024x768+1024+0"),
         ("touchtracker ink", "touchtracker", "1024x768+2048+0"),
         ("touchtracker recording", "touchtracker", "1024x768+3072+0"))
per_event = {}
print(f"instructions per touch event, the difference between {more} and {fewer} strokes per window:")
for lane, client, geometry in lanes:
    a, b = profiles(fewer, client, geometry), profiles(more, client, geometry)
    count = events(more, lane) - events(fewer, lane)
    total = (sum(b.values()) - sum(a.values())) / count
    main = (b.get(1, 0) - a.get(1, 0)) / count
    per_event[lane] = total
    print(f"  {lane:24} {total:8,.0f}  (main thread {main:,.0f}, other threads {total - main:,.0f}; {count} events)")
ref = per_event["C reference"]
app, ink = per_event["touchtracker"], per_event["touchtracker ink"]
print(f"instructions per touch event: touchtracker {app:,.0f} ({app / ref:.2f} x the C reference's {ref:,.0f}); "
      f"ink {ink:,.0f} ({ink / ref:.2f} x)")
met = app <= GOAL * ref and ink <= GOAL * ref
for name, value in (("touchtracker (toolbar shown, lines, autosave on)", app), ("touchtracker ink", ink)):
    print(f"goal: {name} at most {GOAL} x the C reference's: {'met' if value <= GOAL * ref else 'MISSED'} ({value / ref:.2f} x)")
sys.exit(0 if met else 3)
PY
