#!/usr/bin/env bash
# Installs the Debian packages named as arguments that are missing.
# As root it runs apt-get; otherwise it names what to install and fails.
set -euo pipefail

missing=()
for package in "$@"; do
    status=$(dpkg-query -W -f='${Status}' "$package" 2>/dev/null || true)
    [[ "$status" == "install ok installed" ]] || missing+=("$package")
done
[[ ${#missing[@]} -eq 0 ]] && exit 0

if [[ $(id -u) -ne 0 ]]; then
    echo "touchtracker: missing packages: ${missing[*]}" >&2
    echo "touchtracker: install them with: sudo apt-get install ${missing[*]}" >&2
    exit 1
fi
if ! command -v apt-get >/dev/null; then
    echo "touchtracker: missing packages ${missing[*]} and no apt-get to install them" >&2
    exit 1
fi
echo "touchtracker: installing ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
# A fresh machine may have no package lists yet; refresh them once if the install fails.
apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null && apt-get install -y -q --no-install-recommends "${missing[@]}" >/dev/null; }
