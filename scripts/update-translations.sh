#!/usr/bin/env bash
# Brings the translations up to date with the program after its words change:
#   1. po/touchtracker.pot, the catalogue template: every phrase the program says (the
#      core's list, Sources/TouchTrackerCore/Phrase.swift, printed by touchtracker-pot)
#      and the translatable texts of the desktop entry and the AppStream metadata
#      (Resources/*.in, extracted by xgettext);
#   2. po/LANG.po for each language in po/LINGUAS, merged with the new template
#      (msgmerge: new phrases arrive untranslated, changed ones fuzzy);
#   3. Resources/io.github.touchtracker.TouchTracker.{desktop,metainfo.xml}, written from
#      their .in templates with the translations (msgfmt --desktop, --xml).
# Then translate what msgmerge marked, and run it again for step 3. The tests check that
# the template lists exactly the program's phrases, that every language translates all of
# them, and that the Resources files are what step 3 writes.
# Needs the Swift toolchain and gettext (Debian: gettext; appstream for its ITS rules).
set -euo pipefail
cd "$(dirname "$0")/.."

app_id=io.github.touchtracker.TouchTracker
template=po/touchtracker.pot
for tool in xgettext msgmerge msgfmt msgcat; do
    command -v "$tool" >/dev/null || { echo "update-translations.sh: $tool not found; install gettext" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT

swift build --quiet --product touchtracker-pot
"$(swift build --show-bin-path)/touchtracker-pot" > "$work/program.po"
xgettext --from-code=UTF-8 --omit-header -o "$work/desktop.po" "Resources/$app_id.desktop.in"
xgettext --from-code=UTF-8 --omit-header -o "$work/metainfo.po" "Resources/$app_id.metainfo.xml.in"

{
    cat <<'HEADER'
# The words of TouchTracker: the program's phrases (Sources/TouchTrackerCore/Phrase.swift),
# its desktop entry and its AppStream metadata. Written by scripts/update-translations.sh.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: touchtracker\n"
"Language: \n"
"MIME-Version: 1.0\n"
"Content-Type: text/plain; charset=UTF-8\n"
"Content-Transfer-Encoding: 8bit\n"
"Plural-Forms: nplurals=INTEGER; plural=EXPRESSION;\n"
HEADER
    cat "$work/program.po"
} > "$work/head.pot"
# One entry per msgid, in this order: the program's, the desktop entry's, the metadata's.
msgcat --use-first --no-wrap -o "$work/all.pot" "$work/head.pot" "$work/desktop.po" "$work/metainfo.po"
mv -- "$work/all.pot" "$template"
echo "wrote $template"

while IFS= read -r lang; do
    [[ -n $lang && $lang != \#* ]] || continue
    po="po/$lang.po"
    if [[ -f $po ]]; then
        msgmerge --quiet --update --backup=none --no-wrap "$po" "$template"
    else
        msginit --no-translator --no-wrap --locale="$lang" --input="$template" --output-file="$po"
    fi
    echo "merged $po: $(msgfmt --check --statistics -o /dev/null "$po" 2>&1)"
done < po/LINGUAS

msgfmt --desktop --template="Resources/$app_id.desktop.in" -d po -o "Resources/$app_id.desktop"
msgfmt --xml --template="Resources/$app_id.metainfo.xml.in" -d po -o "Resources/$app_id.metainfo.xml"
echo "wrote Resources/$app_id.desktop and Resources/$app_id.metainfo.xml"
