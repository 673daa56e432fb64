#!/usr/bin/env bash
# Prints the `swift build` options that link the C++ standard library into the
# program statically, as --static-swift-stdlib links the Swift runtime, which
# is its only user. Loaded as libstdc++.so.6 it was the biggest of the
# libraries every start maps and relocates before main: half of the dynamic
# loader's work (1.7 of 3.4 million instructions) and 0.5 ms of each start.
#
# The toolchain names it -lstdc++, which finds the shared library; a folder
# searched first holds a `libstdc++.so` that is the static archive (the linker
# goes by a file's contents, not its name). Without libstdc++.a nothing is
# printed and the shared library is linked as before.
# Usage: scripts/static-libstdcxx.sh SCRATCH   (the folder is made in the build folder;
# one option a line, so that a folder's name may hold spaces)
set -euo pipefail
scratch="$1"
swift="$(command -v swift)" || exit 0
clang="$(dirname "$(readlink -f "$swift")")/clang"
[[ -x $clang ]] || clang=cc
archive="$("$clang" -print-file-name=libstdc++.a 2>/dev/null)" || exit 0
[[ $archive == /* && -f $archive ]] || exit 0
folder="$(mkdir -p "$scratch" && cd "$scratch" && pwd)/static-libstdc++"
mkdir -p "$folder"
ln -sfn "$archive" "$folder/libstdc++.so"
printf '%s\n' -Xswiftc -L -Xswiftc "$folder"
