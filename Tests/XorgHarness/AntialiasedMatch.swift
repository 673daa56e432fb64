// AntialiasedMatch: how an antialiased render of a drawing (rsvg-convert's of the SVG,
// cairo's PNG) differs from the window's aliased pixels of it, counted the way the
// export tests judge it. Owns nothing.
//
// X draws strokes aliased (a pixel is ink when its centre is inside the stroke) at
// whole-pixel points and widths; an antialiasing renderer makes a pixel the share of
// it the stroke covers, blended with what is under it. So a pixel on a stroke's edge
// may differ, nothing else may. A render pixel's coverage is how far it went from the
// background toward the nearest stroke colour the window shows (the projection onto
// that colour's direction, 0 to 1): more than half is "covered".
package struct AntialiasedMatch {
    /// Window ink (not background) with no covered render pixel within 1 px.
    package var inkWithoutCover: [(Int, Int)] = []
    /// Covered render pixels with no window ink within 1 px.
    package var coverWithoutInk: [(Int, Int)] = []
    /// Render pixels more covered than `shade` (a quarter unless told) more than
    /// 1 px from any window ink.
    package var shadeFarAway: [(Int, Int)] = []
    /// Window pixels in the middle of a stroke (their 3×3 neighbours all of its
    /// colour) whose render pixel is not more than half that colour.
    package var wrongColour: [(Int, Int)] = []
    /// Pixels where window ink and render cover disagree.
    package var differing = 0
    /// Window ink pixels.
    package var inkCount = 0

    /// - Parameter background: the drawing's background (the window's white).
    package init(render: PixelRegion, window: PixelRegion, background: UInt32 = 0xFFFFFF, shade: Double = 0.25) {
        precondition(render.width == window.width && render.height == window.height, "the same size")
        let width = window.width, height = window.height
        let ink = window.pixels.map { $0 != background }
        inkCount = ink.filter { $0 }.count
        func channels(_ p: UInt32) -> (Double, Double, Double) { (Double(p >> 16 & 0xFF), Double(p >> 8 & 0xFF), Double(p & 0xFF)) }
        let paper = channels(background)
        // Each stroke colour the window shows, as the way from the background to it.
        let strokes = Set(window.pixels).subtracting([background])
        /// How far `pixel` went from the background toward `colour`, less how far off that way.
        func coverage(_ pixel: UInt32, toward colour: UInt32) -> Double {
            let p = channels(pixel), c = channels(colour)
            let d = (p.0 - paper.0, p.1 - paper.1, p.2 - paper.2), s = (c.0 - paper.0, c.1 - paper.1, c.2 - paper.2)
            let length = s.0 * s.0 + s.1 * s.1 + s.2 * s.2
            guard length > 0 else { return 0 }
            let along = (d.0 * s.0 + d.1 * s.1 + d.2 * s.2) / length
            let off = (d.0 - along * s.0, d.1 - along * s.1, d.2 - along * s.2)
            return min(1, along) - (off.0 * off.0 + off.1 * off.1 + off.2 * off.2).squareRoot() / length.squareRoot()
        }
        let cover = render.pixels.map { pixel in strokes.reduce(0.0) { max($0, coverage(pixel, toward: $1)) } }
        func near(_ mask: (Int) -> Bool, _ x: Int, _ y: Int) -> Bool {
            for ny in max(0, y - 1)...min(height - 1, y + 1) {
                for nx in max(0, x - 1)...min(width - 1, x + 1) where mask(ny * width + nx) { return true }
            }
            return false
        }
        func middle(_ x: Int, _ y: Int) -> Bool {
            guard x > 0, y > 0, x < width - 1, y < height - 1 else { return false }
            let colour = window.pixels[y * width + x]
            for ny in (y - 1)...(y + 1) { for nx in (x - 1)...(x + 1) where window.pixels[ny * width + nx] != colour { return false } }
            return true
        }
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x, covered = cover[i] > 0.5
                if ink[i] != covered { differing += 1 }
                if ink[i], !near({ cover[$0] > 0.5 }, x, y) { inkWithoutCover.append((x, y)) }
                if covered, !near({ ink[$0] }, x, y) { coverWithoutInk.append((x, y)) }
                if cover[i] > shade, !near({ ink[$0] }, x, y) { shadeFarAway.append((x, y)) }
                if ink[i], middle(x, y), coverage(render.pixels[i], toward: window.pixels[i]) <= 0.5 { wrongColour.append((x, y)) }
            }
        }
    }
}
