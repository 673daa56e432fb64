#!/usr/bin/env bash
# Builds TouchTracker and installs it with its manual page, shell completions, desktop
# entry, icons and AppStream metadata, so that it appears in the desktop's application
# menu. Building needs the Swift toolchain and no root; installing needs no toolchain.
# Run ./install.sh --help.
set -euo pipefail

readonly app_id=io.github.touchtracker.TouchTracker
readonly program=touchtracker
readonly build_packages=(pkg-config libx11-dev libx11-xcb-dev libxi-dev libpng-dev libxft-dev libfontconfig-dev libcairo2-dev libyaml-dev binutils gettext)

usage() {
    cat <<'EOF'
Usage: ./install.sh [--prefix DIR] [--build-only | --no-build | --uninstall | --deps-only]

Builds TouchTracker (release, Swift runtime linked in statically, stripped), its manual
page and its shell completions, then installs:
  PREFIX/bin/touchtracker
  PREFIX/share/man/man1/touchtracker.1
  PREFIX/share/bash-completion/completions/touchtracker
  PREFIX/share/zsh/site-functions/_touchtracker
  PREFIX/share/fish/vendor_completions.d/touchtracker.fish
  PREFIX/share/applications/io.github.touchtracker.TouchTracker.desktop
  PREFIX/share/icons/hicolor/{scalable,48x48,128x128,256x256}/apps/io.github.touchtracker.TouchTracker.{svg,png}
  PREFIX/share/metainfo/io.github.touchtracker.TouchTracker.metainfo.xml
  PREFIX/share/locale/{de,es,fr}/LC_MESSAGES/touchtracker.mo  (the translations)
  PREFIX/share/touchtracker/install-manifest  (what --uninstall removes; not written with DESTDIR)

Building needs the Swift toolchain and no root; installing needs no toolchain. For a
prefix only root can write to, build as yourself, then install as root:
  ./install.sh --build-only
  sudo ./install.sh --prefix /usr/local
An install builds only when nothing is built yet or the sources have changed since.

Options:
  --prefix DIR   install under DIR (default: $PREFIX if set, else ~/.local)
  --build-only   build, and put what an install copies in the build folder
                 (.build/install-tree); install nothing
  --no-build     never build: install what --build-only put there, and refuse (in one
                 line) if there is nothing or the sources have changed since
  --uninstall    remove exactly what an install under the same prefix put there, as
                 its manifest lists (without DESTDIR, no manifest: nothing is removed)
  --deps-only    install the Debian packages needed to build (as root), or name
                 the missing ones, and stop
  -h, --help     show this help

Environment:
  PREFIX         the default for --prefix
  DESTDIR        staging root for packagers: files go to $DESTDIR$PREFIX while the
                 desktop entry refers to $PREFIX; caches are not refreshed
  TOUCHTRACKER_SCRATCH_PATH  SwiftPM build folder (default: .build), which holds
                 install-tree
  TOUCHTRACKER_SWIFT_BUILD_FLAGS  more options for `swift build`, split at spaces

The desktop entry names the program by its absolute path unless PREFIX is /usr or
/usr/local, whose bin folders are on every session's PATH.
EOF
}

warn() { printf 'install.sh: %s\n' "$*" >&2; }
die() { warn "$@"; exit 1; }
usage_error() { warn "$@" "(see ./install.sh --help)"; exit 2; }

caller_dir="$PWD"
cd "$(dirname "$0")"

# --- Command line -------------------------------------------------------------------

prefix="${PREFIX:-}"
mode=install
mode_option=""
set_mode() {
    [[ $mode == install || $mode == "$1" ]] || usage_error "$mode_option and $2 exclude each other"
    mode=$1
    mode_option=$2
}
while (($#)); do
    case "$1" in
        --prefix)
            if (($# < 2)) || [[ -z $2 ]]; then usage_error "--prefix needs a folder"; fi
            prefix=$2; shift 2 ;;
        --prefix=*)
            prefix=${1#--prefix=}
            [[ -n $prefix ]] || usage_error "--prefix needs a folder"
            shift ;;
        --build-only) set_mode build --build-only; shift ;;
        --no-build) set_mode copy --no-build; shift ;;
        --uninstall) set_mode uninstall --uninstall; shift ;;
        --deps-only) set_mode deps --deps-only; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage_error "unknown option: $1" ;;
    esac
done

# --- Build dependencies -------------------------------------------------------------

ensure_build_dependencies() {
    if command -v dpkg-query >/dev/null; then
        scripts/ensure-packages.sh "${build_packages[@]}"
    elif ! { command -v pkg-config >/dev/null && pkg-config --exists x11 xi libpng xft cairo yaml-0.1 && command -v strip >/dev/null &&
             command -v msgfmt >/dev/null; }; then
        die "pkg-config, the development files of libX11, libXi, libpng, Xft (fontconfig), cairo and libyaml, strip and gettext's msgfmt are needed to build;" \
            "install them with your package manager (Debian/Ubuntu: ${build_packages[*]})"
    fi
}

if [[ $mode == deps ]]; then
    ensure_build_dependencies
    if ! command -v swift >/dev/null; then
        warn "note: building also needs the Swift toolchain (swift), which is not on PATH;" \
             "see https://www.swift.org/install/"
    fi
    exit 0
fi

# --- What an install puts under the prefix -------------------------------------------

readonly rel_bin="bin/$program"
readonly rel_man="share/man/man1/$program.1"
readonly rel_completions=(
    "share/bash-completion/completions/$program"
    "share/zsh/site-functions/_$program"
    "share/fish/vendor_completions.d/$program.fish"
)
readonly rel_desktop="share/applications/$app_id.desktop"
readonly rel_metainfo="share/metainfo/$app_id.metainfo.xml"
readonly rel_manifest="share/$program/install-manifest"
readonly rel_icons=(
    "share/icons/hicolor/scalable/apps/$app_id.svg"
    "share/icons/hicolor/48x48/apps/$app_id.png"
    "share/icons/hicolor/128x128/apps/$app_id.png"
    "share/icons/hicolor/256x256/apps/$app_id.png"
)
# The translations, one catalogue per language of po/LINGUAS.
rel_catalogues=()
while IFS= read -r lang || [[ -n $lang ]]; do
    [[ -z $lang || $lang == \#* ]] || rel_catalogues+=("share/locale/$lang/LC_MESSAGES/$program.mo")
done < po/LINGUAS
readonly rel_catalogues
readonly known_files=("$rel_bin" "$rel_man" "${rel_completions[@]}" "$rel_desktop" "${rel_icons[@]}" "$rel_metainfo"
    "${rel_catalogues[@]}" "$rel_manifest")
# What the build puts in the install tree, in the places the install copies them to.
readonly built_files=("$rel_bin" "$rel_man" "${rel_completions[@]}" "${rel_catalogues[@]}")
readonly rel_caches=("share/applications/mimeinfo.cache" "share/icons/hicolor/icon-theme.cache")

# --- Build: everything an install copies, in the install tree -------------------------

# The build folder's install-tree holds what the build makes, in the places the install
# copies it to, plus the version and a fingerprint of the sources it was made from. The
# install step reads only that tree and Resources/: it runs no swift and needs no root
# to have built it.
scratch=${TOUCHTRACKER_SCRATCH_PATH:-.build}
tree="$scratch/install-tree"
[[ $tree == /* ]] || tree="$PWD/$tree"
readonly manual_sections="Resources/$program-manual.mdoc"

# What the install tree is made from, as one SHA-256: the package, its sources, the
# manual's tool and hand-written sections, the metainfo (the manual's date) and the
# translations.
source_fingerprint() {
    local files=(Package.swift "$manual_sections" "Resources/$app_id.metainfo.xml" scripts/build-catalogues.sh scripts/static-libstdcxx.sh scripts/static-x-libraries.sh scripts/release-link-options.sh scripts/function-order.txt)
    [[ ! -f Package.resolved ]] || files+=(Package.resolved)
    { printf '%s\0' "${files[@]}"; find Sources "Tools/$program-manual" po -type f -print0; } |
        LC_ALL=C sort -z | xargs -0 sha256sum -- | sha256sum | cut -d' ' -f1
}

# "current" when the install tree is complete and made from the sources as they are
# now, "stale" when the sources have changed since, "missing" when there is none.
tree_state() {
    local rel
    if [[ ! -f $tree/version || ! -f $tree/sources.sha256 ]]; then echo missing; return; fi
    for rel in "${built_files[@]}"; do
        if [[ ! -f $tree/$rel ]]; then echo missing; return; fi
    done
    if [[ $(< "$tree/sources.sha256") == "$(source_fingerprint)" ]]; then echo current; else echo stale; fi
}

# Builds the release binary and the manual's tool, then makes the install tree anew:
# the binary stripped, its manual page and completion scripts generated from it (in
# English, whatever the builder's language), and the translations' catalogues.
build_install_tree() {
    # lld, the toolchain's own linker: GNU ld warns about a mktemp call inside the
    # toolchain's static Foundation (swift-foundation#1358; the call opens its file
    # with O_EXCL, so it is safe), and a build that prints warnings hides new ones.
    local build=(swift build -c release --product "$program" --static-swift-stdlib -Xswiftc -use-ld=lld)
    local tool_build=(swift build --quiet --product "$program-manual")
    local extra=() flags=() built tool date next rel
    [[ -z ${TOUCHTRACKER_SCRATCH_PATH:-} ]] || extra+=(--scratch-path "$TOUCHTRACKER_SCRATCH_PATH")
    if [[ -n ${TOUCHTRACKER_SWIFT_BUILD_FLAGS:-} ]]; then
        read -r -a flags <<< "$TOUCHTRACKER_SWIFT_BUILD_FLAGS"
        extra+=("${flags[@]}")
    fi
    build+=("${extra[@]}")
    tool_build+=("${extra[@]}")
    # Linked to start quickly: the C++ library statically, no run path, packed
    # relocations (its script says why); the manual's tool is never installed.
    local link
    link="$(scripts/release-link-options.sh "${TOUCHTRACKER_SCRATCH_PATH:-.build}")" || die "cannot prepare the release's link options"
    [[ -z $link ]] || mapfile -t -O "${#build[@]}" build <<< "$link"
    echo "Building TouchTracker (release)..."
    "${build[@]}"
    built="$("${build[@]}" --show-bin-path)/$program"
    [[ -x $built ]] || die "the build did not produce $built"
    "${tool_build[@]}"
    tool="$("${tool_build[@]}" --show-bin-path)/$program-manual"
    [[ -x $tool ]] || die "the build did not produce $tool"
    date=$(sed -n 's/.*<release version="[^"]*" date="\([0-9]\{4\}-[0-9]\{2\}-[0-9]\{2\}\)".*/\1/p' \
        "Resources/$app_id.metainfo.xml" | head -n 1)
    [[ -n $date ]] || die "Resources/$app_id.metainfo.xml has no <release version=... date=YYYY-MM-DD>"

    next="$tree.new"
    rm -rf -- "$next"
    for rel in "${built_files[@]}"; do mkdir -p -- "$next/$(dirname "$rel")"; done
    strip --strip-all -o "$next/$rel_bin" -- "$built" || die "cannot strip $built"
    scripts/build-catalogues.sh "$next/share/locale" || die "cannot compile the translations in po/"
    local printed english=(env -u LANGUAGE LC_ALL=C)
    printed=$("${english[@]}" "$next/$rel_bin" --version) || die "the freshly built $built does not run"
    printf '%s\n' "${printed#touchtracker }" > "$next/version"  # it prints "touchtracker 0.1.0"
    "${english[@]}" "$next/$rel_bin" --generate-completion-script bash > "$next/${rel_completions[0]}" &&
        "${english[@]}" "$next/$rel_bin" --generate-completion-script zsh > "$next/${rel_completions[1]}" &&
        "${english[@]}" "$next/$rel_bin" --generate-completion-script fish > "$next/${rel_completions[2]}" ||
        die "$built did not write its shell completion scripts"
    "${english[@]}" "$next/$rel_bin" --experimental-dump-help |
        "$tool" --date "$date" --sections "$manual_sections" > "$next/$rel_man" ||
        die "cannot write the manual page from $built --experimental-dump-help"
    source_fingerprint > "$next/sources.sha256"
    rm -rf -- "$tree"
    mv -- "$next" "$tree"
}

if [[ $mode == build ]]; then
    ensure_build_dependencies
    command -v swift >/dev/null ||
        die "the Swift toolchain (swift) is needed to build TouchTracker; see" \
            "https://www.swift.org/install/ (the installed program does not need it)"
    build_install_tree
    echo "Built TouchTracker $(< "$tree/version") in $tree; install it with ./install.sh," \
         "or for every user with sudo ./install.sh --prefix /usr/local (neither builds again)"
    exit 0
fi

# --- Where things go ----------------------------------------------------------------

# Absolute, without trailing slashes; relative paths count from the caller's folder.
normalize() {
    local path=$1
    [[ $path == /* ]] || path="$caller_dir/$path"
    while [[ $path == */ && $path != / ]]; do path=${path%/}; done
    printf '%s' "$path"
}
has_control_characters() { [[ $1 == *[$'\001'-$'\037'$'\177']* ]]; }

if [[ -z $prefix ]]; then
    [[ -n ${HOME:-} ]] || die "HOME is not set: pass --prefix DIR"
    prefix="$HOME/.local"
fi
prefix=$(normalize "$prefix")
[[ $prefix != / ]] || die "refusing to install straight into /: pass a prefix such as /usr/local"
destdir=${DESTDIR:-}
if [[ -n $destdir ]]; then
    destdir=$(normalize "$destdir")
    [[ $destdir != / ]] || destdir=""
fi
for path in "$prefix" "$destdir"; do
    ! has_control_characters "$path" || die "the prefix and DESTDIR must not contain control characters (newlines, tabs)"
done
root="$destdir$prefix"

# --- Manifest: the files install wrote, the folders and caches it created -------------

declare -A created_dirs=() created_above=() created_caches=() other_files=()
manifest_files=()

# A manifest line must name a path inside the prefix.
safe_relative() {
    [[ -n $1 && $1 != /* && $1 != .. && $1 != ../* && $1 != */.. && $1 != */../* ]]
}

read_manifest() {
    local manifest="$root/$rel_manifest" line kind path
    [[ -f $manifest ]] || return 1
    while IFS= read -r line || [[ -n $line ]]; do
        [[ -z $line || $line == \#* ]] && continue
        kind=${line%% *}
        path=${line#* }
        if [[ $kind == above ]]; then
            [[ $path =~ ^[1-9][0-9]{0,3}$ ]] || die "$manifest: not a number of levels: $line"
            created_above["$path"]=1
            continue
        fi
        safe_relative "$path" || [[ $kind == dir && $path == . ]] ||
            die "$manifest: refusing a path outside the prefix: $path"
        case $kind in
            dir) created_dirs["$path"]=1 ;;
            file) manifest_files+=("$path") ;;
            cache) created_caches["$path"]=1 ;;
            other) other_files["$path"]=1 ;;
            *) die "$manifest: unknown line: $line" ;;
        esac
    done < "$manifest"
}

# Folders (relative to the prefix, "." for the prefix itself), deepest first.
deepest_first() {
    local dir
    for dir in "$@"; do printf '%d %s\n' "${#dir}" "$dir"; done | sort -rn | cut -d' ' -f2-
}

# --- Caches -------------------------------------------------------------------------

refresh_caches() {
    [[ -z $destdir ]] || return 0
    if [[ -d $root/share/applications ]] && command -v update-desktop-database >/dev/null; then
        update-desktop-database -q "$root/share/applications" ||
            warn "update-desktop-database failed (ignored)"
    fi
    if [[ -d $root/share/icons/hicolor ]] && command -v gtk-update-icon-cache >/dev/null; then
        gtk-update-icon-cache -q -t -f "$root/share/icons/hicolor" ||
            warn "gtk-update-icon-cache failed (ignored)"
    fi
}

# --- Uninstall ----------------------------------------------------------------------

# The files (not folders) below FOLDER, relative to the prefix, each ended by a NUL; "/"
# stands for any that could not be listed.
files_below() {
    local entry
    while IFS= read -r -d '' entry; do
        printf '%s\0' "${entry#"$root/"}"
    done < <(find "$root/$1" -mindepth 1 ! -type d -print0 2>/dev/null || printf '/\0')
}

# True when nothing has come to use the cache CACHE since the install created it: below
# its folder are only folders, the cache itself, and files that were there then.
cache_unused_since_install() {
    local cache=$1 folder entry
    folder=$(dirname "$cache")
    while IFS= read -r -d '' entry; do
        [[ $entry == "$cache" || -n ${other_files["$entry"]-} ]] || return 1
    done < <(files_below "$folder")
}

uninstall() {
    local files=() dirs=() rel path dir level removed=0
    if read_manifest; then
        files=("${manifest_files[@]}")
        dirs=("${!created_dirs[@]}")
    elif [[ -z $destdir ]]; then
        # No manifest: whatever is there may be another package's or the user's (a
        # distribution's /usr/bin/touchtracker, an empty ~/.local/bin), so touch nothing.
        for rel in "${known_files[@]}"; do
            if [[ -e $root/$rel || -L $root/$rel ]]; then
                die "no install manifest at $root/$rel_manifest: not removing anything, as" \
                    "nothing there is known to have been installed by this script"
            fi
        done
    else
        # A staged install writes no manifest: in the staging tree, remove the known
        # files and those of their folders below the prefix left empty.
        files=("${known_files[@]}")
        for rel in "${known_files[@]}"; do
            dir=$(dirname "$rel")
            while [[ $dir != . ]]; do dirs+=("$dir"); dir=$(dirname "$dir"); done
        done
    fi
    for rel in "${files[@]}"; do
        path="$root/$rel"
        if [[ -d $path && ! -L $path ]]; then
            warn "not removing $path: it is a folder"
        elif [[ -e $path || -L $path ]]; then
            rm -f -- "$path"
            echo "removed $path"
            removed=$((removed + 1))
        fi
    done
    if ((removed == 0)); then
        echo "TouchTracker is not installed under $root: nothing to remove"
        return 0
    fi
    refresh_caches
    # A cache the install created goes, unless files put beside it since then (other
    # applications') now use it: then the refresh above has just rebuilt it for them.
    for rel in "${!created_caches[@]}"; do
        path="$root/$rel"
        [[ -f $path ]] || continue
        if cache_unused_since_install "$rel"; then
            rm -f -- "$path"
            echo "removed $path"
        else
            echo "kept $path: files installed after TouchTracker use it"
        fi
    done
    while IFS= read -r rel; do
        [[ -n $rel ]] || continue
        if [[ $rel == . ]]; then path=$root; else path="$root/$rel"; fi
        if [[ -d $path && ! -L $path ]] && rmdir -- "$path" 2>/dev/null; then
            echo "removed $path/"
        fi
    done < <(deepest_first "${dirs[@]}" | awk '!seen[$0]++')
    # The prefix's parents that the install created, nearest first, while left empty.
    path=$root
    for ((level = 1; ${#created_above[@]} > 0 && level <= 9999; level++)); do
        path=$(dirname "$path")
        [[ -n ${created_above[$level]-} ]] || continue
        unset "created_above[$level]"
        if [[ -d $path && ! -L $path ]] && rmdir -- "$path" 2>/dev/null; then
            echo "removed $path/"
        fi
    done
    # In a staging tree, folders the uninstall left empty up to DESTDIR carry nothing.
    if [[ -n $destdir && ! -f $root/$rel_manifest ]]; then
        path=$root
        while [[ $path != "$destdir" && -d $path ]] && rmdir -- "$path" 2>/dev/null; do
            echo "removed $path/"
            path=$(dirname "$path")
        done
    fi
}

if [[ $mode == uninstall ]]; then
    uninstall
    exit 0
fi

# --- Install ------------------------------------------------------------------------

# The command that installs under this prefix, for messages.
install_command="./install.sh --prefix $(printf '%q' "$prefix")"
[[ -z $destdir ]] || install_command="DESTDIR=$(printf '%q' "$destdir") $install_command"

# Fail before the long build if the prefix cannot be written.
writable=$root
while [[ ! -e $writable ]]; do writable=$(dirname "$writable"); done
[[ -d $writable && -w $writable ]] ||
    die "cannot write to $writable: build as yourself with ./install.sh --build-only, then" \
        "install as a user who can write there (sudo $install_command), or choose another --prefix"

# Like make then make install: build only when the install tree is missing or the
# sources have changed since it was made, so that installing as root after building
# as yourself neither needs the toolchain nor writes into your build folder.
state=$(tree_state)
case $state in
    missing) unbuilt="TouchTracker is not built yet" ;;
    *) unbuilt="the sources have changed since TouchTracker was built in $tree" ;;
esac
if [[ $state == current ]]; then
    echo "Installing the build in $tree (the sources have not changed since it was made)"
elif [[ $mode == copy ]]; then
    die "$unbuilt, and --no-build does not build: build as yourself with ./install.sh --build-only"
elif ! command -v swift >/dev/null; then
    if [[ $(id -u) -eq 0 ]]; then
        die "$unbuilt, and the Swift toolchain (swift) is not on root's PATH: build as yourself" \
            "with ./install.sh --build-only, then install with sudo $install_command"
    fi
    die "$unbuilt, and building needs the Swift toolchain (swift); see" \
        "https://www.swift.org/install/ (the installed program does not need it)"
else
    ensure_build_dependencies
    build_install_tree
fi
version=$(< "$tree/version")

# Keep what an earlier install created, so that --uninstall still removes it.
[[ -n $destdir ]] || read_manifest || true
pre_existing_caches=()
for rel in "${rel_caches[@]}"; do
    [[ ! -e $root/$rel ]] || pre_existing_caches+=("$rel")
done

pending=""
trap '[[ -z $pending ]] || rm -f -- "$pending"' EXIT

# Creates a folder below the prefix, with the folders on the way to it (the prefix and
# its parents too), each with mode 755, recording those it created: the prefix's
# parents by how many levels above it they are.
ensure_dir() {
    local rel=$1 path missing=() level
    if [[ $rel != . ]]; then
        ensure_dir "$(dirname "$rel")"
        path="$root/$rel"
        if [[ ! -d $path ]]; then
            [[ ! -e $path && ! -L $path ]] || die "$path is in the way: it is not a folder"
            mkdir -m 755 -- "$path"
            created_dirs["$rel"]=1
        fi
        return 0
    fi
    path=$root
    while [[ ! -d $path ]]; do
        [[ ! -e $path && ! -L $path ]] || die "$path is in the way: it is not a folder"
        missing+=("$path")
        path=$(dirname "$path")
    done
    for ((level = ${#missing[@]} - 1; level >= 0; level--)); do
        mkdir -m 755 -- "${missing[level]}"
        if ((level == 0)); then created_dirs["."]=1; else created_above["$level"]=1; fi
    done
}

installed_files=()
# install_file MODE SOURCE RELATIVE-DESTINATION: written beside the target, then renamed
# over it, so a running touchtracker or a reader never sees half a file.
install_file() {
    local mode=$1 source=$2 rel=$3 target="$root/$3"
    ensure_dir "$(dirname "$rel")"
    [[ ! -d $target || -L $target ]] || die "$target is in the way: it is a folder"
    pending="$(dirname "$target")/.$(basename "$target").new"
    install -m "$mode" -- "$source" "$pending"
    mv -f -- "$pending" "$target"
    pending=""
    installed_files+=("$rel")
}

# One argument of an Exec key, quoted and escaped as the Desktop Entry spec says.
exec_argument() {
    local LC_ALL=C
    local arg=$1 reserved=$' \t\n"\'\\><~|&;$*?#()`' quote=false out="" char i
    for ((i = 0; i < ${#arg}; i++)); do
        [[ $reserved != *"${arg:i:1}"* ]] || quote=true
    done
    for ((i = 0; i < ${#arg}; i++)); do
        char=${arg:i:1}
        case $char in
            %) out+="%%" ;;
            \"|\`|\$|\\) if $quote; then out+="\\$char"; else out+=$char; fi ;;
            *) out+=$char ;;
        esac
    done
    $quote && out="\"$out\""
    # The string escape rule applies on top: every backslash is written twice.
    printf '%s' "${out//\\/\\\\}"
}

exec_path="$prefix/$rel_bin"
case $prefix in
    /usr|/usr/local) exec_value=$program; try_exec_value=$program ;;
    *) exec_value=$(exec_argument "$exec_path"); try_exec_value=${exec_path//\\/\\\\} ;;
esac
if [[ $exec_value == *%* ]]; then
    # Written as %% as the spec says, but GLib (GNOME, Xfce, Cinnamon, MATE menus) looks
    # the program up before undoing %%, and then hides the entry.
    warn "warning: the prefix contains '%': GLib-based menus will not start TouchTracker" \
         "from its desktop entry; choose a prefix without '%'"
fi

work=$(mktemp -d)
trap '[[ -z $pending ]] || rm -f -- "$pending"; rm -rf -- "$work"' EXIT
while IFS= read -r line || [[ -n $line ]]; do
    case $line in
        "Exec=$program"|"Exec=$program "*) line="Exec=$exec_value${line#"Exec=$program"}" ;;
        "TryExec=$program") line="TryExec=$try_exec_value" ;;
    esac
    printf '%s\n' "$line"
done < "Resources/$app_id.desktop" > "$work/$app_id.desktop"

install_file 755 "$tree/$rel_bin" "$rel_bin"
install_file 644 "$tree/$rel_man" "$rel_man"
for rel in "${rel_completions[@]}"; do
    install_file 644 "$tree/$rel" "$rel"
done
install_file 644 "$work/$app_id.desktop" "$rel_desktop"
for rel in "${rel_icons[@]}"; do
    install_file 644 "Resources/icons/${rel#share/icons/}" "$rel"
done
install_file 644 "Resources/$app_id.metainfo.xml" "$rel_metainfo"
for rel in "${rel_catalogues[@]}"; do
    install_file 644 "$tree/$rel" "$rel"
done

if [[ -z $destdir ]]; then
    # Files an earlier install wrote that this version no longer installs.
    for rel in "${manifest_files[@]}"; do
        [[ $rel != "$rel_manifest" && " ${installed_files[*]} " != *" $rel "* ]] || continue
        if [[ -f $root/$rel || -L $root/$rel ]]; then
            rm -f -- "$root/$rel"
            echo "removed $root/$rel (no longer part of TouchTracker)"
        fi
    done
    refresh_caches
    for rel in "${rel_caches[@]}"; do
        if [[ -e $root/$rel && " ${pre_existing_caches[*]-} " != *" $rel "* ]]; then
            created_caches["$rel"]=1
            # What else its folder holds now, to tell at --uninstall what came after.
            while IFS= read -r -d '' entry; do
                [[ $entry != / && $entry != "$rel" && " ${installed_files[*]} " != *" $entry "* ]] || continue
                has_control_characters "$entry" || other_files["$entry"]=1
            done < <(files_below "$(dirname "$rel")")
        fi
    done
    ensure_dir "$(dirname "$rel_manifest")"
    {
        echo "# Written by TouchTracker's install.sh; ./install.sh --uninstall removes these."
        echo "# Paths are relative to the prefix. dir: created by the install; above N: the"
        echo "# folder N levels above the prefix, created by the install; cache: created by"
        echo "# the cache refresh after the install; other: another file that was in the"
        echo "# folder of such a cache then (never removed)."
        while IFS= read -r level; do
            [[ -z $level ]] || echo "above $level"
        done < <(printf '%s\n' "${!created_above[@]}" | sort -n)
        while IFS= read -r rel; do
            [[ -z $rel ]] || echo "dir $rel"
        done < <(printf '%s\n' "${!created_dirs[@]}" | sort)
        for rel in "${installed_files[@]}" "$rel_manifest"; do echo "file $rel"; done
        while IFS= read -r rel; do
            [[ -z $rel ]] || echo "cache $rel"
        done < <(printf '%s\n' "${!created_caches[@]}" | sort)
        while IFS= read -r -d '' rel; do
            [[ -z $rel ]] || echo "other $rel"
        done < <(printf '%s\0' "${!other_files[@]}" | sort -z)
    } > "$work/install-manifest"
    install_file 644 "$work/install-manifest" "$rel_manifest"
fi

echo "Installed TouchTracker $version under $root:"
for rel in "${installed_files[@]}"; do echo "  $rel"; done

[[ -z $destdir ]] || exit 0
# Tell the user when the menu or the shell will not find it.
data_home=${XDG_DATA_HOME:-${HOME:-}/.local/share}
data_dirs=${XDG_DATA_DIRS:-/usr/local/share:/usr/share}
listed=false
IFS=: read -r -a search_path <<< "$data_home:$data_dirs"
for dir in "${search_path[@]}"; do
    [[ $dir == /* ]] || continue # the basedir spec ignores relative entries
    [[ $(normalize "$dir") != "$prefix/share" ]] || listed=true
done
if $listed; then
    echo "TouchTracker is now in your application menu (Graphics); it also runs as $exec_path"
else
    warn "note: menus look for applications in XDG_DATA_HOME and XDG_DATA_DIRS, which do not" \
         "include $prefix/share: add it to XDG_DATA_DIRS for TouchTracker to appear in the menu"
fi
case ":${PATH:-}:" in
    *":$prefix/bin:"*) ;;
    *) echo "note: $prefix/bin is not on your PATH; the menu entry does not need it, but a" \
            "terminal does: run $exec_path, or add $prefix/bin to PATH" ;;
esac
if [[ $(id -u) -eq 0 && -n ${SUDO_USER:-} && $prefix == "${HOME:-}/.local" ]]; then
    warn "note: installed through sudo into $prefix, owned by root. For every user, use" \
         "sudo ./install.sh --prefix /usr/local; for yourself only, run ./install.sh without" \
         "sudo (sudo ./install.sh --deps-only installs the packages it needs)"
fi
