import CX11
import TouchTrackerCore

/// What one XI2 pointer event (XI_Motion, XI_ButtonPress, XI_ButtonRelease) of a
/// pen or an eraser says: where, how hard, which end, what is held. Decoded
/// from the event the master pointer delivers (the window selects master
/// devices), with the source device's description: a master event carries its
/// slave's valuators, numbered as that slave declares them.
struct PenReading: Equatable {
    enum Change: Equatable {
        /// A hover or a stroke moving.
        case moved
        case pressed(button: Int32)
        case released(button: Int32)
    }

    var change: Change
    /// In window pixels, as touches are.
    var point: Point
    /// 0 (lightest) to 1, scaled by the device's own range; nil when the event
    /// carries no pressure (a hover, or a motion whose pressure did not change
    /// on drivers that report changes only): the last reading still holds.
    var pressure: Double?
    /// .pen or .eraser, never .mouse.
    var kind: PointerKind
    /// The pen's buttons after this event.
    var buttons: PenButtons

    var tipDown: Bool { buttons.tipDown }
    var barrel: Bool { buttons.barrel }

    /// The reading of `event` from the pen `device` describes, whose buttons were
    /// `held` before it (the caller keeps that per device: see PenButtons). Nil
    /// for a device that is no pen, for other event types, and for pointer
    /// events the server emulated from a touch.
    static func decode(event: XIDeviceEvent, device: PointerDescription, held: PenButtons) -> PenReading? {
        guard device.kind != .mouse, event.flags & XIPointerEmulated == 0 else { return nil }
        let change: Change
        switch event.evtype {
        case XI_Motion: change = .moved
        case XI_ButtonPress: change = .pressed(button: event.detail)
        case XI_ButtonRelease: change = .released(button: event.detail)
        default: return nil
        }
        let buttons = switch change {
        case .moved: held
        case .pressed(let button): held.with(button, pressed: true)
        case .released(let button): held.with(button, pressed: false)
        }
        let pressure = device.pressureAxis.flatMap { axis in
            PackedValuators.value(ofAxis: axis.index, in: event.valuators).map(axis.normalized)
        }
        return PenReading(change: change, point: Point(x: event.event_x, y: event.event_y), pressure: pressure,
                          kind: device.kind, buttons: buttons)
    }
}
