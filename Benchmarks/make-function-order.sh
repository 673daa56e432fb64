#!/usr/bin/env bash
# Writes scripts/function-order.txt, the order in which the release's linker lays
# out the functions a touch event runs (scripts/release-link-options.sh): the
# hottest first, every one of them together in a few hundred kilobytes of the
# program's 11 MB of code, where they were spread over all of it. Between two
# events the program sleeps and the server and the other clients run; each event
# then found its code in 256 pages (a miss of the processor's page cache on
# each, dear under a hypervisor), and now finds it in about 80.
#
# The functions are those callgrind sees on the main threads of the benchmark's
# windows drawing whole strokes (Benchmarks/run-instructions.sh, 60 strokes a
# window: lines, ink, recording), by the instructions each runs itself, then
# those of the other threads (the saver's). Left out: the Swift standard
# library's own functions (its archive's Swift.o, and any other module's
# mangled names), whose code is one 1.6 MB section that naming any of them
# would move whole; C++ names, which callgrind prints demangled. Run it again when the touch path's code has changed much: a name
# that no longer exists is passed over, a new function is laid out elsewhere
# (InstallScriptTests says when too few of the names are left).
# Usage: Benchmarks/make-function-order.sh   (about 3 minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
status=0
KEEP_PROFILES="$work" Benchmarks/run-instructions.sh 20 60 >&2 || status=$?
# 3: a goal of the count missed; the profiles are made all the same.
[[ $status -eq 0 || $status -eq 3 ]] || { echo "make-function-order: run-instructions.sh failed ($status)" >&2; exit 1; }
# The standard library's Swift code: one section in its archive's Swift.o.
swift="$(command -v swift)" || { echo "make-function-order: no swift on PATH" >&2; exit 1; }
core="$(dirname "$(readlink -f "$swift")")/../lib/swift_static/linux/libswiftCore.a"
nm -A --defined-only "$core" 2>/dev/null | awk -F: '$2 == "Swift.o" { split($3, f, " "); print f[3] }' > "$work/stdlib.txt"
[[ -s $work/stdlib.txt ]] || { echo "make-function-order: no Swift.o in $core" >&2; exit 1; }
python3 - "$work/60" "$work/stdlib.txt" > "$work/function-order.txt" <<'PY'
import collections, glob, re, sys
stdlib = set(open(sys.argv[2]).read().split())

def self_instructions(path):
    """Instructions each function of the touchtracker binary runs itself, from one callgrind profile."""
    names = {"fn": {}, "ob": {}}
    counts = collections.Counter()
    function = obj = None
    after_call = False
    for line in open(path, errors="replace"):
        line = line.rstrip("\n")
        if line.startswith("positions:") and line.split()[1:] != ["line"]:
            sys.exit(f"{path}: positions {line.split()[1:]}: only line positions are read")
        named = re.match(r"^(c?fn|c?ob)=\((\d+)\)(?: (.*))?$", line)
        if named:
            kind, number, name = named.groups()
            table = names[kind.lstrip("c")]
            if name is not None:
                table[number] = name
            if kind == "fn":
                function = table.get(number)
            elif kind == "ob":
                obj = table.get(number)
            continue
        if line.startswith("calls="):
            after_call = True  # the next cost line is the call's, not this function's
            continue
        if line[:1].isdigit() or line[:1] in "+-*":
            if after_call:
                after_call = False
                continue
            fields = line.split()
            if len(fields) >= 2 and function and obj and obj.endswith("/touchtracker"):
                counts[function] += int(fields[1])
    return counts

def laid_out(name):
    """Whether the linker can move the function on its own (see the script's comment)."""
    name = re.sub(r"'\d+$", "", name)
    if not name or name.startswith("0x") or " " in name or "(" in name:
        return None
    if name in stdlib or (name.startswith("$s") and "touchtracker" not in name.lower()):
        return None
    return name

main, other = collections.Counter(), collections.Counter()
for path in glob.glob(f"{sys.argv[1]}/touchtracker.*.out*"):
    text = open(path, errors="replace").read(4096)
    thread = re.search(r"^thread: (\d+)", text, re.M)
    (main if thread is None or thread.group(1) == "1" else other).update(self_instructions(path))
seen = set()
for counts in (main, other):
    for name, _ in counts.most_common():
        name = laid_out(name)
        if name and name not in seen:
            seen.add(name)
            print(name)
if len(seen) < 100:
    sys.exit(f"only {len(seen)} functions found in the profiles")
PY
cp "$work/function-order.txt" scripts/function-order.txt
echo "scripts/function-order.txt: $(wc -l < scripts/function-order.txt) functions" >&2
