/// A picture as SVG text (`--export FILE.svg`), written by the program itself:
/// a background rectangle the picture's size, then every stroke in painting
/// order with round caps and joins: a straight line as `<line>`, ink as a
/// `<polyline>` through every kept sample, a circle as `<circle>` or, when its
/// box is not square, `<ellipse>`. Consecutive strokes of one colour and width
/// share a group that says them once, so a drawing in one pen costs one
/// element a stroke. A pen's ink, whose width follows its pressure, is a
/// group of its own, each segment a `<line>` with its own width (round caps
/// join them, as in the window). An overlay's halo is the same element, wider, in the
/// halo's colour, just before it. The coordinates and widths are the drawing
/// file's own numbers (the shortest decimals that read back exactly), so
/// nothing is rounded away: a viewer draws the strokes where the fingers
/// were, antialiased, where the window rounds them to pixels. Any SVG 1.1
/// viewer reads it; `rsvg-convert` turns it into a PNG.
public enum SVGExport {
    public static func text(of picture: Picture) -> String {
        let width = picture.width, height = picture.height
        var writer = Writer(text: """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <rect width="\(width)" height="\(height)" fill="\(picture.backgroundColour.hex)"/>
            <g fill="none" stroke-linecap="round" stroke-linejoin="round">

            """)
        writer.text.reserveCapacity(writer.text.utf8.count + (picture.finishedLines.count + picture.overlays.count) * 56 + 64)
        for line in picture.finishedLines { writer.add(line, colour: line.colour) }
        for overlay in picture.overlays {
            if let halo = overlay.halo { writer.add(overlay.line, colour: halo, widenedBy: 2 * picture.haloPixels) }
            writer.add(overlay.line, colour: overlay.colour)
        }
        writer.closeGroup()
        writer.text += "</g>\n</svg>\n"
        return writer.text
    }

    /// The text so far and the style of the group it is in.
    private struct Writer {
        var text: String
        var group: (colour: Colour, width: Double)?

        /// - Parameter widen: added to the line's width (a halo's band).
        mutating func add(_ line: Line, colour: Colour, widenedBy widen: Double = 0) {
            if line.isPressed, case .ink(let points) = line.shape {
                closeGroup()
                text += "<g stroke=\"" + colour.hex + "\">\n"
                for k in points.indices.dropLast() {
                    text += "<line x1=\"" + DrawingDocument.number(points[k].x) + "\" y1=\"" + DrawingDocument.number(points[k].y)
                        + "\" x2=\"" + DrawingDocument.number(points[k + 1].x) + "\" y2=\"" + DrawingDocument.number(points[k + 1].y)
                        + "\" stroke-width=\"" + DrawingDocument.number(line.width(ofSegment: k) + widen) + "\"/>\n"
                }
                text += "</g>\n"
                return
            }
            let width = line.width + widen
            if group?.colour != colour || group?.width != width {
                closeGroup()
                text += "<g stroke=\"" + colour.hex + "\" stroke-width=\"" + DrawingDocument.number(width) + "\">\n"
                group = (colour, width)
            }
            text += element(line)
        }

        mutating func closeGroup() {
            if group != nil { text += "</g>\n" }
            group = nil
        }
    }

    private static func element(_ line: Line) -> String {
        func n(_ value: Double) -> String { DrawingDocument.number(value) }
        switch line.shape {
        case .straight:
            return segment(line.start, line.end)
        case .ink(let points):
            var text = "<polyline points=\""
            for (i, p) in points.enumerated() {
                if i > 0 { text += " " }
                text += n(p.x) + "," + n(p.y)
            }
            return text + "\"/>\n"
        case .circle:
            let rx = abs(line.end.x - line.start.x) / 2, ry = abs(line.end.y - line.start.y) / 2
            // A flat box: SVG draws no ellipse with a zero radius; the window draws the segment.
            if rx == 0 || ry == 0 { return segment(line.start, line.end) }
            let centre = "cx=\"" + n((line.start.x + line.end.x) / 2) + "\" cy=\"" + n((line.start.y + line.end.y) / 2) + "\""
            if rx == ry { return "<circle " + centre + " r=\"" + n(rx) + "\"/>\n" }
            return "<ellipse " + centre + " rx=\"" + n(rx) + "\" ry=\"" + n(ry) + "\"/>\n"
        }
    }

    private static func segment(_ a: Point, _ b: Point) -> String {
        "<line x1=\"" + DrawingDocument.number(a.x) + "\" y1=\"" + DrawingDocument.number(a.y)
            + "\" x2=\"" + DrawingDocument.number(b.x) + "\" y2=\"" + DrawingDocument.number(b.y) + "\"/>\n"
    }
}
