#!/usr/bin/env bash
# Runs every test: pure core tests and integration tests against a real
# headless Xorg (dummy video + inputtest touchscreen, pointer and keyboard).
# Installs the system packages it needs when run as root.
set -euo pipefail
cd "$(dirname "$0")"

scripts/ensure-packages.sh pkg-config libx11-dev libx11-xcb-dev libxi-dev libpng-dev libxft-dev libfontconfig-dev libcairo2-dev libyaml-dev fonts-dejavu-core librsvg2-bin \
    xserver-xorg-core xserver-xorg-video-dummy xinput x11-xserver-utils gcc desktop-file-utils appstream libglib2.0-bin gtk-update-icon-cache \
    binutils man-db util-linux gettext locales debhelper dpkg-dev fakeroot lintian
# The on-screen tests run TouchTracker in German, French and Spanish as a desktop sets them.
scripts/ensure-locales.sh de_DE.UTF-8 fr_FR.UTF-8 es_ES.UTF-8

# Prints the Swift files in FOLDER that import one of MODULES (any import form:
# attributes, access levels, `import struct M.T`) and fails if there are any.
forbid_imports() {
    local folder=$1 modules=$2 status=0
    grep -rnE --include='*.swift' \
        "^\s*(@\w+\s+)*((public|package|internal|fileprivate|private)\s+)?import\s+((typealias|struct|class|enum|protocol|let|var|func)\s+)?($modules)\b" \
        "$folder" || status=$?
    case $status in
        0) return 1 ;;
        1) return 0 ;;
        *) echo "test.sh: cannot search $folder" >&2; exit 1 ;;
    esac
}

# The core decides everything and must stay pure: no C, no clock, no files.
if ! forbid_imports Sources/TouchTrackerCore 'Glibc|Foundation|FoundationEssentials|CX11|CPNG|CXft|CCairo|Dispatch'; then
    echo "test.sh: Sources/TouchTrackerCore must not import Glibc, Foundation, Dispatch, CX11, CPNG, CXft or CCairo" >&2
    exit 1
fi

# The system layer is generic: what the shell asks of the OS, for any module of
# the program, so it depends on none of them (nor on X, libpng or Foundation).
if ! forbid_imports Sources/TouchTrackerSystem 'TouchTracker\w*|Foundation|FoundationEssentials|Dispatch|CX11|CPNG|CXft|CCairo'; then
    echo "test.sh: Sources/TouchTrackerSystem imports only Glibc and Synchronization" >&2
    exit 1
fi

# The program starts without loading Foundation or ICU (only the FoundationEssentials
# that swift-argument-parser uses): none of its modules imports them. The benchmark,
# the tools and the tests may.
for folder in Sources/*/; do
    if ! forbid_imports "$folder" 'Foundation|FoundationEssentials|FoundationInternationalization'; then
        echo "test.sh: ${folder%/} must not import Foundation: the program starts without it" >&2
        exit 1
    fi
done

# Fails unless only HOME imports MODULE among FOLDERS: each C library is C
# interop, and lives in the one module that needs it.
confine_import() {
    local module=$1 home=$2 folder
    shift 2
    for folder in "$@"; do
        [[ -d "$folder" && "$folder" != "$home" ]] || continue
        if ! forbid_imports "$folder" "$module"; then
            echo "test.sh: only ${home%/} may import $module, not ${folder%/}" >&2
            exit 1
        fi
    done
}
# libyaml: only the import module reads YAML. libpng: the shell, with the rest of
# its C (tests may read PNGs). Xft: only the shell draws text. cairo: only the shell rasterises.
# CStartUp: the locale and fontconfig's reading, begun before main, taken up by the shell.
confine_import CYAML Sources/TouchTrackerImport/ Sources/*/ Benchmarks/*/ Tools/*/ Tests/*/
confine_import CPNG Sources/TouchTrackerX11/ Sources/*/ Benchmarks/*/ Tools/*/
confine_import CXft Sources/TouchTrackerX11/ Sources/*/ Benchmarks/*/ Tools/*/ Tests/*/
confine_import CCairo Sources/TouchTrackerX11/ Sources/*/ Benchmarks/*/ Tools/*/ Tests/*/
confine_import CStartUp Sources/TouchTrackerX11/ Sources/*/ Benchmarks/*/ Tools/*/ Tests/*/

# Xlib (CX11) has two clients, each a single module: the app's shell
# (Sources/TouchTrackerX11) and the test harness that plays the user and reads the
# screen back (Tests/XorgHarness). Every other module, the executable, the
# benchmark and the tools included, goes through one of them, so X error handlers,
# Display lifetimes and the XI2 rules live in one place each. Listed by folder,
# not by name, so that a module added later is covered without editing this.
# Tests may import CX11: white-box tests of the shell build and read real XEvents.
cx11_clients="Sources/TouchTrackerX11/ Tests/XorgHarness/"
for folder in Sources/*/ Benchmarks/*/ Tools/*/; do
    [[ -d "$folder" && " $cx11_clients " != *" $folder "* ]] || continue
    if ! forbid_imports "$folder" 'CX11'; then
        echo "test.sh: only $cx11_clients may import CX11, not ${folder%/}" >&2
        exit 1
    fi
done

swift build
# The catalogues beside the built program (../share/locale, as an install has them).
scripts/build-catalogues.sh "$(swift build --show-bin-path)/../share/locale"
swift test "$@"
