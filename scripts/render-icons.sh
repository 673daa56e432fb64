#!/usr/bin/env bash
# Renders the PNG icons in Resources/icons/hicolor/NxN/apps/ from the SVG in
# Resources/icons/hicolor/scalable/apps/. The PNGs are committed, so neither
# install.sh nor its users need an SVG renderer; run this after changing the SVG.
# Each PNG records the SHA-256 of the SVG it came from in a tEXt chunk ("Source"),
# which the InstallTests compare with the SVG to catch PNGs that were not re-rendered.
# Needs rsvg-convert (Debian: librsvg2-bin) and python3.
set -euo pipefail
cd "$(dirname "$0")/.."

app_id=io.github.touchtracker.TouchTracker
svg="Resources/icons/hicolor/scalable/apps/$app_id.svg"
sizes=(48 128 256)

if ! command -v rsvg-convert >/dev/null; then
    echo "render-icons.sh: rsvg-convert not found; install it with: sudo apt-get install librsvg2-bin" >&2
    exit 1
fi
digest="$(sha256sum "$svg" | cut -d' ' -f1)"

for size in "${sizes[@]}"; do
    png="Resources/icons/hicolor/${size}x${size}/apps/$app_id.png"
    mkdir -p "$(dirname "$png")"
    rsvg-convert --width "$size" --height "$size" --keep-aspect-ratio "$svg" --output "$png.tmp"
    # Keep IHDR, IDAT and IEND (drop the renderer's bKGD so the files are minimal and
    # reproducible) and add tEXt Source = "<svg file name> sha256:<digest>" after IHDR.
    python3 - "$png.tmp" "$png" "$app_id.svg sha256:$digest" <<'PY'
import struct, sys, zlib
source, target, text = sys.argv[1], sys.argv[2], sys.argv[3]
data = open(source, "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
out, offset = [data[:8]], 8
while offset < len(data):
    length, = struct.unpack(">I", data[offset:offset + 4])
    kind = data[offset + 4:offset + 8]
    body = data[offset + 8:offset + 8 + length]
    offset += 12 + length
    if kind in (b"IHDR", b"IDAT", b"IEND"):
        out.append(chunk(kind, body))
    if kind == b"IHDR":
        out.append(chunk(b"tEXt", b"Source\x00" + text.encode("latin-1")))
open(target, "wb").write(b"".join(out))
PY
    rm -f "$png.tmp"
    chmod 644 "$png"
    echo "wrote $png"
done
