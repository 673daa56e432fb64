#!/usr/bin/env bash
# Makes the locales named as arguments (de_DE.UTF-8 ...) available, for the tests that
# run TouchTracker in other languages: a locale the system lacks makes setlocale fail,
# and the program then speaks English, as it should for its users. As root it compiles
# the missing ones with localedef (Debian package locales); otherwise it names them.
set -euo pipefail

# `locale -a` lists de_DE.UTF-8 as de_DE.utf8.
available=$(locale -a 2>/dev/null | tr '[:upper:]' '[:lower:]' | sed 's/utf-8$/utf8/')
missing=()
for name in "$@"; do
    normal=$(printf '%s' "$name" | tr '[:upper:]' '[:lower:]' | sed 's/utf-8$/utf8/')
    grep -qxF -- "$normal" <<< "$available" || missing+=("$name")
done
((${#missing[@]} > 0)) || exit 0

if [[ $(id -u) -ne 0 ]]; then
    echo "touchtracker: missing locales: ${missing[*]}" >&2
    echo "touchtracker: generate them with: sudo localedef -i LANGUAGE_COUNTRY -f UTF-8 LANGUAGE_COUNTRY.UTF-8 (each)," \
         "or add them to /etc/locale.gen and run sudo locale-gen" >&2
    exit 1
fi
command -v localedef >/dev/null || { echo "touchtracker: localedef not found (Debian: apt-get install locales)" >&2; exit 1; }
for name in "${missing[@]}"; do
    echo "touchtracker: generating the locale $name" >&2
    localedef -i "${name%%.*}" -f UTF-8 "$name"
done
