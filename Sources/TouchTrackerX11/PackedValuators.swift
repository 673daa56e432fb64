import CX11

/// Reads one axis out of an XI2 event's valuators. The event carries only the
/// axes its driver reported this time, packed: `values` holds one number per
/// bit set in `mask`, in axis order, so axis 4 of an event that reported axes
/// 0, 1 and 4 is values[2]. Reading values[4] would be another axis, or past
/// the end.
enum PackedValuators {
    /// Where axis `axis` sits in the packed values, nil when `mask` (the event's
    /// mask bytes, axis n at bit n % 8 of byte n / 8) does not include it.
    static func position(ofAxis axis: Int, inMask mask: UnsafeRawBufferPointer) -> Int? {
        guard axis >= 0, axis / 8 < mask.count, mask[axis / 8] & (1 << (axis % 8)) != 0 else { return nil }
        var position = 0
        for byte in mask.prefix(axis / 8) {
            position += byte.nonzeroBitCount
        }
        // The bits below the axis in its own byte.
        position += (mask[axis / 8] & ((1 << (axis % 8)) - 1)).nonzeroBitCount
        return position
    }

    /// The reading of axis `axis` in `state`, nil when the event did not report it.
    static func value(ofAxis axis: Int, in state: XIValuatorState) -> Double? {
        guard let mask = state.mask, let values = state.values, state.mask_len > 0 else { return nil }
        let bytes = UnsafeRawBufferPointer(start: mask, count: Int(state.mask_len))
        return position(ofAxis: axis, inMask: bytes).map { values[$0] }
    }
}
