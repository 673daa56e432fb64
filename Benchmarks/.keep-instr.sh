#!/usr/bin/env bash
# Instructions per touch event of touchtracker and of the C reference client,
# counted by valgrind's callgrind: unlike time, the count does not depend on
# what else the machine is doing. Runs the latency benchmark twice under
# callgrind (fewer and more trials, one round, no finished lines, no save
# phase; the ink window's drawing as in the latency run) and divides
# the difference in instructions by the difference in touch events, so start-up
# and shutdown cancel out.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-packages.sh pkg-config libx11-dev libxi-dev libpng-dev libxft-dev libfontconfig-dev fonts-dejavu-core \
    xserver-xorg-core xserver-xorg-video-dummy xinput gcc valgrind binutils
swift build -c release --product touchtracker
swift build -c release --product touchtracker-bench
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
echo "work: $work"
gcc -O2 -g -o "$work/reference_client" Benchmarks/touchtracker-bench/reference_client.c -lX11 -lXi
# Valgrind 3.19 gives up on the DWARF the Swift toolchain writes for the
# release binary ("possibly corrupted debuginfo"); the count needs no line
# numbers, and the symbol table stays for reading the profile by function.
objcopy --strip-debug "$bin/touchtracker" "$work/touchtracker"
for trials in 100 300; do
    mkdir -p "$work/$trials"
    for client in touchtracker reference; do
        target="$work/touchtracker"; [ "$client" = reference ] && target="$work/reference_client"
        printf '#!/bin/sh\nexec valgrind --tool=callgrind --callgrind-out-file=%s/%s/%s.%%p.out %s "$@"\n' \
            "$work" "$trials" "$client" "$target" > "$work/$client-under-callgrind"
        chmod +x "$work/$client-under-callgrind"
    done
    "$bin/touchtracker-bench" --touchtracker "$work/touchtracker-under-callgrind" \
        --reference "$work/reference-under-callgrind" --rounds 1 --trials "$trials" --finished-lines 0 --save-cycles 0 \
        > "$work/$trials/bench.txt" || true  # the goals mean nothing under valgrind
done
python3 - "$work" <<'PY'
import glob, re, sys
work = sys.argv[1]
def instructions(trials, client, geometry):
    # By the window's place on the screen (the benchmark's arguments), never by
    # process id: ids wrap around, and the idle-CPU windows start in between.
    for path in glob.glob(f"{work}/{trials}/{client}.*.out"):
        text = open(path).read()
        command = re.search(r"^cmd:(.*)$", text, re.M)
        if geometry is not None and (command is None or f"--geometry {geometry} " not in command.group(1) + " "):
            continue
        return int(re.search(r"^summary: (\d+)", text, re.M).group(1))
    sys.exit(f"no callgrind profile of {client} {geometry or ''} in {work}/{trials}")
def events(trials, lane):
    for line in open(f"{work}/{trials}/bench.txt"):
        if re.match(rf"\s*{re.escape(lane)}\s+n=", line):
            return int(re.search(r"\((\d+) events\)", line).group(1))
    sys.exit(f"no figures for {lane} in {work}/{trials}/bench.txt")
# The empty canvas is the first TouchTracker window, the recording one the
# fourth, ink on an empty canvas the fifth, ink on the 10,000 strokes the sixth.
for client, lane, geometry in (("reference", "C reference", None), ("touchtracker", "touchtracker", "1024x768+1024+0"),
                               ("touchtracker", "touchtracker recordi", "1024x768+4096+0"),
                               ("touchtracker", "touchtracker ink", "1024x768+5120+0"),
                               ("touchtracker", "touchtracker ink 10k", "1024x768+6144+0")):
    per_event = (instructions(300, client, geometry) - instructions(100, client, geometry)) / (events(300, lane) - events(100, lane))
    print(f"{lane.replace('recordi', 'recording')}: {per_event:,.0f} instructions per touch event")
PY
