#!/usr/bin/env bash
# Regenerates Resources/screenshot.png (drawing) and Resources/inspector.png (the
# touch inspector) from a real touchtracker in a headless Xorg.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product touchtracker
swift build --product touchtracker-screenshot
bin="$(swift build --show-bin-path)"
ppm="$(mktemp --suffix=.ppm)"
trap 'rm -f "$ppm"' EXIT
to_png() {
python3 - "$ppm" "$1" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
header, rest = data.split(b"\n255\n", 1)
width, height = map(int, header.split()[1:3])
rows = b"".join(b"\x00" + rest[y * width * 3:(y + 1) * width * 3] for y in range(height))
def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
open(sys.argv[2], "wb").write(png)
PY
}
"$bin/touchtracker-screenshot" "$bin/touchtracker" "$ppm"
to_png Resources/screenshot.png
"$bin/touchtracker-screenshot" "$bin/touchtracker" "$ppm" inspector
to_png Resources/inspector.png
echo "wrote Resources/screenshot.png and Resources/inspector.png"
