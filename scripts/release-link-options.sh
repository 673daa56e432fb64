#!/usr/bin/env bash
# Prints the `swift build` options with which the release binary (install.sh,
# the Debian package, the benchmarks' build) is linked to start quickly, one
# option a line:
# - the C++ standard library linked in statically (scripts/static-libstdcxx.sh);
# - no $ORIGIN run path: the program needs no library beside itself, and with
#   one the dynamic loader first looked for each library in the binary's folder
#   and its thirty glibc-hwcaps and tls subfolders (about 0.1 ms of each start);
# - relative relocations packed (DT_RELR) when the C library understands them
#   (glibc 2.36 and later): the binary is position-independent, and its 44,000
#   relative relocations took 1 MB to list, read by every start; packed they take
#   8 KB. Probed by linking and running a program so made, with the linker used.
# Usage: scripts/release-link-options.sh SCRATCH   (the build folder; see static-libstdcxx.sh)
set -euo pipefail
scratch="$1"
here="$(dirname "$0")"
"$here/static-libstdcxx.sh" "$scratch"
echo --disable-local-rpath

swift="$(command -v swift)" || exit 0
clang="$(dirname "$(readlink -f "$swift")")/clang"
[[ -x $clang ]] || exit 0
probe="$(mktemp -d)"
trap 'rm -rf -- "$probe"' EXIT
printf 'static int n = 7; int *p = &n;\nint main(void) { return *p == 7 ? 0 : 1; }\n' > "$probe/relr.c"
if "$clang" -fPIE -pie -fuse-ld=lld -Wl,-z,pack-relative-relocs -o "$probe/relr" "$probe/relr.c" 2> /dev/null \
    && "$probe/relr" 2> /dev/null; then
    printf '%s\n' -Xlinker -z -Xlinker pack-relative-relocs
fi
