#!/usr/bin/env bash
# Builds the Debian package from a copy of this checkout in FOLDER (default
# .build-package), with dpkg-buildpackage -b -us -uc (debian/rules: a release build as
# install.sh makes it), and prints the .deb's path on its last line. A copy, because
# dpkg-buildpackage writes the .deb, .buildinfo and .changes into the source folder's
# parent; run it in the checkout itself to have them beside it.
# Needs the Swift toolchain on PATH and the Build-Depends of debian/control
# (./test.sh installs them as root).
# Usage: scripts/build-package.sh [FOLDER]
set -euo pipefail
cd "$(dirname "$0")/.."

out=${1:-.build-package}
mkdir -p -- "$out"
out=$(cd -- "$out" && pwd)
for tool in dpkg-buildpackage dpkg-parsechangelog dh; do
    command -v "$tool" >/dev/null ||
        { echo "build-package.sh: $tool not found; install dpkg-dev and debhelper" >&2; exit 1; }
done
version=$(dpkg-parsechangelog -S Version)
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
source="$out/touchtracker-$version"

# The checkout's files: those git tracks and new ones it does not ignore (no build folders).
rm -rf -- "$source"
mkdir -p -- "$source"
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [[ -e $file || -L $file ]] && printf '%s\0' "$file"
done | tar --null --files-from=- -cf - | tar -xf - -C "$source"

(cd -- "$source" && dpkg-buildpackage -b -us -uc)
deb="$out/touchtracker_${version}_${arch}.deb"
[[ -f $deb ]] || { echo "build-package.sh: dpkg-buildpackage made no $deb" >&2; exit 1; }
echo "$deb"
