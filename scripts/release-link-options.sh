#!/usr/bin/env bash
# Prints the `swift build` options with which the release binary (install.sh,
# the Debian package, the benchmarks' build) is linked to start quickly, one
# option a line:
# - the C++ standard library linked in statically (scripts/static-libstdcxx.sh);
# - the X client libraries and fontconfig linked in statically, the file formats'
#   libraries left shared (scripts/static-x-libraries.sh);
# - the functions a touch event runs laid out together, in the order
#   scripts/function-order.txt gives (Benchmarks/make-function-order.sh writes it
#   and says why); names no longer in the program are passed over;
# - no $ORIGIN run path: the program needs no library beside itself, and with
#   one the dynamic loader first looked for each library in the binary's folder
#   and its thirty glibc-hwcaps and tls subfolders (about 0.1 ms of each start);
# - none of the program's own symbols exported: the static Swift runtime's link
#   arguments export all 5,600 of them (--export-dynamic), and every symbol each
#   library looked up at start was looked for in the program first (about 170,000
#   instructions of the loader's). Nothing looks them up while running (the
#   release is stripped, and no Swift backtracer ships with it to name them);
# - relative relocations packed (DT_RELR) when the C library understands them
#   (glibc 2.36 and later): the binary is position-independent, and its 44,000
#   relative relocations took 1 MB to list, read by every start; packed they take
#   8 KB. Probed by linking and running a program so made, with the linker used,
#   in the build folder (a /tmp mounted noexec would fail any probe). Without the
#   toolchain's clang, or when the probe fails, the relocations stay as they are
#   and a line on stderr says so: the binary works either way.
# Usage: scripts/release-link-options.sh SCRATCH   (the build folder; see static-libstdcxx.sh)
set -euo pipefail
scratch="$1"
here="$(dirname "$0")"
"$here/static-libstdcxx.sh" "$scratch"
"$here/static-x-libraries.sh" "$scratch"
echo --disable-local-rpath
order="$(cd "$here" && pwd)/function-order.txt"
[[ ! -s $order ]] || printf '%s\n' -Xlinker "--symbol-ordering-file=$order" -Xlinker --no-warn-symbol-ordering
printf '%s\n' -Xlinker --no-export-dynamic

unpacked() { echo "release-link-options: $1; relative relocations left unpacked" >&2; exit 0; }
swift="$(command -v swift)" || unpacked "no swift on PATH"
clang="$(dirname "$(readlink -f "$swift")")/clang"
[[ -x $clang ]] || unpacked "no clang beside swift"
probe="$(mkdir -p "$scratch" && mktemp -d "$scratch/relr-probe.XXXXXX")" || unpacked "no folder for the probe in $scratch"
trap 'rm -rf -- "$probe"' EXIT
printf 'static int n = 7; int *p = &n;\nint main(void) { return *p == 7 ? 0 : 1; }\n' > "$probe/relr.c" \
    || unpacked "the probe could not be written"
if "$clang" -fPIE -pie -fuse-ld=lld -Wl,-z,pack-relative-relocs -o "$probe/relr" "$probe/relr.c" > /dev/null 2>&1 \
    && "$probe/relr" > /dev/null 2>&1; then
    printf '%s\n' -Xlinker -z -Xlinker pack-relative-relocs
else
    unpacked "this C library or linker does not take them"
fi
