/// A picture as SVG text (`--export FILE.svg`), written by the program itself:
/// a background rectangle the picture's size, then one `<line>` per line in
/// painting order, with the tunables' width, round caps and colours. The
/// coordinates are the drawing file's own numbers (the shortest decimals that
/// read back exactly), so nothing is rounded away: a viewer draws the lines
/// where the fingers were, antialiased, where the window rounds them to
/// pixels. Any SVG 1.1 viewer reads it; `rsvg-convert` turns it into a PNG.
public enum SVGExport {
    public static func text(of picture: Picture) -> String {
        let width = picture.width, height = picture.height
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)">
            <rect width="\(width)" height="\(height)" fill="\(hex(picture.backgroundColour))"/>
            <g fill="none" stroke-width="\(picture.lineWidthPixels)" stroke-linecap="round">

            """
        text.reserveCapacity(text.utf8.count + (picture.finishedLines.count + picture.overlays.count) * 56 + 32)
        // One group for the finished lines: the colour once, not per line.
        text += "<g stroke=\"\(hex(picture.finishedLineColour))\">\n"
        for line in picture.finishedLines { text += element(line, stroke: nil) }
        text += "</g>\n"
        for overlay in picture.overlays { text += element(overlay.line, stroke: overlay.colour) }
        text += "</g>\n</svg>\n"
        return text
    }

    private static func element(_ line: Line, stroke: Colour?) -> String {
        var text = "<line x1=\"" + DrawingDocument.number(line.start.x) + "\" y1=\"" + DrawingDocument.number(line.start.y)
        text += "\" x2=\"" + DrawingDocument.number(line.end.x) + "\" y2=\"" + DrawingDocument.number(line.end.y) + "\""
        if let stroke { text += " stroke=\"" + hex(stroke) + "\"" }
        return text + "/>\n"
    }

    /// #rrggbb, lower case.
    static func hex(_ colour: Colour) -> String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [colour.red, colour.green, colour.blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 15)])
        }
        return text
    }
}
