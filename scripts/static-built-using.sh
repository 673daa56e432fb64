#!/usr/bin/env bash
# Prints the Debian Static-Built-Using value for a release build: the source
# packages, with their versions, of the archives scripts/static-x-libraries.sh
# linked in (the X client libraries, fontconfig), so that Debian knows to rebuild
# the package when one of them is updated. Nothing when none was linked in.
# Usage: scripts/static-built-using.sh SCRATCH   (the release's build folder)
set -euo pipefail
folder="$1/static-x-libraries"
declare -A seen=()
sources=()
shopt -s nullglob
for archive in "$folder"/*.a; do
    owner="$(dpkg-query -S "$(readlink -f "$archive")")" || { echo "static-built-using: no package holds $archive" >&2; exit 1; }
    package="${owner%%:*}"
    source="$(dpkg-query -W -f='${source:Package} (= ${source:Version})' "$package")"
    [[ -n ${seen[$source]:-} ]] && continue
    seen[$source]=1
    sources+=("$source")
done
(IFS=,; printf '%s\n' "${sources[*]}" | sed 's/,/, /g')
