#!/usr/bin/env bash
# Prints the `swift build` options that link the X client libraries (libX11,
# libxcb and the extensions' libraries, Xft) and fontconfig into the release
# statically, one option a line. Loaded as shared libraries they were 12 of the 23
# every start mapped and relocated before main: about 1 ms of each start on the
# benchmark's machine, where the C reference's whole start takes 3 to 4.
#
# The file formats' libraries stay shared: FreeType, libpng, zlib, brotli and
# expat read fonts, images and XML, and their security updates must reach the
# program with the system's (Debian's lintian names a linked-in copy of them an
# error). They are linked as the archives need them (--as-needed).
#
# The modules' `link` lines ask for -lX11 and so on, which finds the shared library
# in /usr/lib first; a folder holding only the archives is put before every other
# in the linker's search (a clang configuration file, whose options come before the
# command line's). A library without its archive stays shared, and a line on stderr
# says so: the binary works either way. The release links with lld, which finds
# an archive's symbols in any order (the -l lines below keep pkg-config's first
# mention of each library, not the order GNU ld would need).
# Usage: scripts/static-x-libraries.sh SCRATCH   (the folder is made in the build folder)
set -euo pipefail
scratch="$1"

# Linked in, when their archives are there.
readonly linked_in=(X11 X11-xcb xcb Xau Xdmcp Xi Xext Xfixes Xrender Xft fontconfig)
# What the program links (Package.swift's pkgConfig names), whose libraries pkg-config lists.
readonly modules=(x11 x11-xcb xi xft fontconfig)

note() { echo "static-x-libraries: $1" >&2; }
command -v pkg-config > /dev/null || { note "no pkg-config; the X libraries stay shared"; exit 0; }
swift="$(command -v swift)" || { note "no swift on PATH; the X libraries stay shared"; exit 0; }
clang="$(dirname "$(readlink -f "$swift")")/clang"
[[ -x $clang ]] || { note "no clang beside swift; the X libraries stay shared"; exit 0; }
needed="$(pkg-config --static --libs-only-l "${modules[@]}")" || { note "pkg-config does not know ${modules[*]}"; exit 0; }

folder="$(mkdir -p "$scratch" && cd "$scratch" && pwd)/static-x-libraries"
case $folder in *[\"\\]*) note "the build folder's path holds a quote or backslash; the X libraries stay shared"; exit 0 ;; esac
rm -rf -- "$folder"
mkdir -p -- "$folder"

declare -A seen=()
archives=() shared=() missing=()
for flag in $needed; do
    name=${flag#-l}
    [[ -n ${seen[$name]:-} ]] && continue
    seen[$name]=1
    case $name in m|pthread|dl|rt|c) continue ;; esac
    if [[ " ${linked_in[*]} " == *" $name "* ]]; then
        archive="$("$clang" -print-file-name="lib$name.a" 2>/dev/null)" || archive=""
        if [[ $archive == /* && -f $archive ]]; then
            ln -s -- "$archive" "$folder/lib$name.a"
            archives+=("$name")
            continue
        fi
        missing+=("$name")
    fi
    shared+=("$name")
done
[[ ${#missing[@]} -eq 0 ]] || note "no archive of ${missing[*]}: linked as shared libraries"

printf -- '"-L%s"\n' "$folder" > "$folder/search-first.cfg"
printf '%s\n' -Xswiftc -Xclang-linker -Xswiftc "--config=$folder/search-first.cfg"
# Every archive named, for the libraries the program's modules do not name themselves
# (libXext for libXi, libxcb for libX11, ...): only their members in use are linked.
for name in "${archives[@]}"; do printf '%s\n' -Xlinker "-l$name"; done
printf '%s\n' -Xlinker --as-needed
for name in "${shared[@]}"; do printf '%s\n' -Xlinker "-l$name"; done
printf '%s\n' -Xlinker --no-as-needed
