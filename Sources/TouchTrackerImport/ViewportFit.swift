import TouchTrackerCore

/// Where a device's axis values land in the caller's viewport: the device's
/// whole surface scaled uniformly to fit, centred, the unused margin split on
/// both sides. Uniform so that a recording of a 16:10 screen replayed in a 4:3
/// window keeps its circles round. The surface's shape is physical when the
/// file gives both axes a resolution (units per mm: many touchscreens report
/// 0–4095 on both axes of a wide screen), else the axes' own ranges.
struct ViewportFit: Hashable, Sendable {
    let x: AxisRange
    let y: AxisRange
    /// Pixels per axis unit, and where each axis' minimum lands.
    let pixelsPerUnitX: Double
    let pixelsPerUnitY: Double
    let originX: Double
    let originY: Double

    init(x: AxisRange, y: AxisRange, viewport: Rect) {
        self.x = x
        self.y = y
        let physical = x.resolution > 0 && y.resolution > 0
        let width = x.length(physical: physical), height = y.length(physical: physical)
        // Pixels per millimetre (or per unit): the smaller ratio fits both sides.
        let scale = min(Double(viewport.width) / width, Double(viewport.height) / height)
        pixelsPerUnitX = physical ? scale / Double(x.resolution) : scale
        pixelsPerUnitY = physical ? scale / Double(y.resolution) : scale
        originX = Double(viewport.x) + (Double(viewport.width) - width * scale) / 2
        originY = Double(viewport.y) + (Double(viewport.height) - height * scale) / 2
    }

    /// A value outside the described range (some firmware overshoots) clamps to its edge.
    func point(x valueX: Int32, y valueY: Int32) -> Point {
        Point(x: originX + (Double(x.clamped(valueX)) - Double(x.minimum)) * pixelsPerUnitX,
              y: originY + (Double(y.clamped(valueY)) - Double(y.minimum)) * pixelsPerUnitY)
    }
}
