#!/usr/bin/env bash
# Builds a benchmark executable in release and copies it to DEST without its
# debug information, ready for callgrind: valgrind gives up on the DWARF the
# Swift toolchain writes ("possibly corrupted debuginfo"), and the count needs
# no line numbers, only the symbol table, which stays.
# Usage: Benchmarks/build-stripped.sh PRODUCT DEST   (the build's output is shown only when it fails)
set -euo pipefail
cd "$(dirname "$0")/.."
product="$1"
destination="$2"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
swift build -c release --product "$product" > "$log" 2>&1 || { cat "$log"; exit 1; }
objcopy --strip-debug "$(swift build -c release --show-bin-path)/$product" "$destination"
