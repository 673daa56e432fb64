#!/usr/bin/env bash
# Builds TouchTracker in release mode and installs it for the desktop:
#   install.sh [--prefix DIR] [--deps-only] [--uninstall]
# PREFIX defaults to ~/.local; DESTDIR is honoured for staged installs.
set -euo pipefail
cd "$(dirname "$0")"

prefix="${PREFIX:-$HOME/.local}"
mode=install
while [[ $# -gt 0 ]]; do
    case "$1" in
        --prefix) [[ $# -ge 2 ]] || { echo "install.sh: --prefix needs a folder" >&2; exit 2; }
                  prefix="$2"; shift 2 ;;
        --prefix=*) prefix="${1#--prefix=}"; shift ;;
        --deps-only) mode=deps; shift ;;
        --uninstall) mode=uninstall; shift ;;
        -h|--help) sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "install.sh: unknown option: $1" >&2; exit 2 ;;
    esac
done
case "$prefix" in /*) ;; *) prefix="$PWD/$prefix" ;; esac
destdir="${DESTDIR:-}"
root="$destdir$prefix"
app_id=io.github.touchtracker.TouchTracker

bin="$root/bin/touchtracker"
desktop="$root/share/applications/$app_id.desktop"
icon_svg="$root/share/icons/hicolor/scalable/apps/$app_id.svg"
installed=("$bin" "$desktop" "$icon_svg")

refresh_caches() {
    [[ -z "$destdir" ]] || return 0
    if command -v update-desktop-database >/dev/null; then
        update-desktop-database -q "$prefix/share/applications" 2>/dev/null || true
    fi
    if command -v gtk-update-icon-cache >/dev/null; then
        gtk-update-icon-cache -qtf "$prefix/share/icons/hicolor" 2>/dev/null || true
    fi
}

if [[ $mode == uninstall ]]; then
    for file in "${installed[@]}"; do
        [[ -e "$file" ]] && rm -f -- "$file" && echo "removed $file"
    done
    refresh_caches
    exit 0
fi

scripts/ensure-packages.sh pkg-config libx11-dev libxi-dev
[[ $mode == deps ]] && exit 0

if ! command -v swift >/dev/null; then
    echo "install.sh: the Swift toolchain (swift) is needed to build; see https://swift.org/install" >&2
    exit 1
fi
# A static Swift runtime lets the installed binary run without the toolchain.
swift build -c release --product touchtracker --static-swift-stdlib
built="$(swift build -c release --product touchtracker --static-swift-stdlib --show-bin-path)/touchtracker"

install -D -m 755 "$built" "$bin"
# The menu's PATH may lack ~/.local/bin, so Exec names the installed file itself.
exec_path="$prefix/bin/touchtracker"
exec_field="$exec_path"
[[ "$exec_path" == *" "* ]] && exec_field="\"$exec_path\""
mkdir -p "$(dirname "$desktop")"
sed -e "s|^Exec=@EXEC@|Exec=$exec_field|" -e "s|^TryExec=@EXEC@|TryExec=$exec_path|" \
    Resources/$app_id.desktop.in > "$desktop"
chmod 644 "$desktop"
install -D -m 644 Resources/$app_id.svg "$icon_svg"
refresh_caches
for file in "${installed[@]}"; do echo "installed $file"; done
