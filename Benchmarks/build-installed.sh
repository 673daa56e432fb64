#!/usr/bin/env bash
# Builds touchtracker as install.sh and the Debian package do, the Swift runtime
# and the C++ library linked in statically (what users start, linked as
# scripts/release-link-options.sh says), in a build folder
# of its own so that the dynamically linked development build is not rebuilt each
# time; prints the binary's path. The benchmarks measure this build.
set -euo pipefail
cd "$(dirname "$0")/.."
installed=(-c release --static-swift-stdlib -Xswiftc -use-ld=lld --scratch-path .build/installed)
link="$(scripts/release-link-options.sh .build/installed)"
[[ -z $link ]] || mapfile -t -O "${#installed[@]}" installed <<< "$link"
swift build "${installed[@]}" --product touchtracker >&2
echo "$(swift build "${installed[@]}" --show-bin-path)/touchtracker"
