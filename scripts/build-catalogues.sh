#!/usr/bin/env bash
# Compiles the translations (po/LANG.po, for each language in po/LINGUAS) into the
# catalogues the program reads: DEST/LANG/LC_MESSAGES/touchtracker.mo, where DEST is a
# share/locale folder (install.sh's install tree, debian/rules, the tests' build folder).
# msgfmt --check refuses a catalogue whose placeholders differ from the English ones.
# Usage: scripts/build-catalogues.sh DEST
set -euo pipefail
cd "$(dirname "$0")/.."

if (($# != 1)) || [[ -z $1 ]]; then
    echo "usage: scripts/build-catalogues.sh DEST (a share/locale folder)" >&2
    exit 2
fi
dest=$1
command -v msgfmt >/dev/null ||
    { echo "build-catalogues.sh: msgfmt not found; install gettext (Debian: sudo apt-get install gettext)" >&2; exit 1; }

while IFS= read -r lang || [[ -n $lang ]]; do
    [[ -n $lang && $lang != \#* ]] || continue
    folder="$dest/$lang/LC_MESSAGES"
    mkdir -p -- "$folder"
    # Written beside the catalogue, then renamed over it: a running program never reads half of one.
    msgfmt --check -o "$folder/.touchtracker.mo.new" "po/$lang.po"
    chmod 644 "$folder/.touchtracker.mo.new"
    mv -f -- "$folder/.touchtracker.mo.new" "$folder/touchtracker.mo"
done < po/LINGUAS
