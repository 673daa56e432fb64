// LineSamples: the screen points that tell whether a straight line was drawn where a
// stroke went: points inside it and points just beside it. Owns nothing.
public enum LineSamples {
    /// `count` points strictly inside the segment, evenly spaced (the ends are round
    /// caps, checked on their own), rounded to pixels.
    public static func inside(from: (Double, Double), to: (Double, Double), count: Int = 9) -> [(Int, Int)] {
        (1...count).map { i in
            let t = Double(i) / Double(count + 1)
            return (Int((from.0 + (to.0 - from.0) * t).rounded()), Int((from.1 + (to.1 - from.1) * t).rounded()))
        }
    }

    /// Points `offset` px to either side of the segment's middle samples: by
    /// default 9, outside a 10 px line.
    public static func beside(from: (Double, Double), to: (Double, Double), offset: Double = 9) -> [(Int, Int)] {
        let dx = to.0 - from.0, dy = to.1 - from.1
        let length = (dx * dx + dy * dy).squareRoot()
        let nx = -dy / length * offset, ny = dx / length * offset
        return inside(from: from, to: to, count: 5).flatMap { p in
            [(Int((Double(p.0) + nx).rounded()), Int((Double(p.1) + ny).rounded())),
             (Int((Double(p.0) - nx).rounded()), Int((Double(p.1) - ny).rounded()))]
        }
    }
}
