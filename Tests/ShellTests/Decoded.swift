// Decoded: what InputDecoder.decode returned, without the event times and the raw
// client message, so that whole sequences compare with == and print readably.
// Times are ServerClock's business (TouchTrackerCoreTests/ServerClockTests).
@testable import TouchTrackerX11
import TouchTrackerCore

enum Decoded: Equatable, CustomStringConvertible {
    case touch(TouchKey, TouchEvent.Phase, Point)
    case pen(device: Int32, PenEvent.Phase, Point, pressure: Double?, erases: Bool)
    case deviceRemoved(Int32)
    case exposed(Rect)
    case resized(width: Int, height: Int)
    case command(Command)
    case devicesChanged
    case closeRequested
    case ping

    init(_ event: InputEvent) {
        switch event {
        case .device(.touch(let touch)): self = .touch(touch.key, touch.phase, touch.point)
        case .device(.pen(let pen)): self = .pen(device: pen.device, pen.phase, pen.point, pressure: pen.pressure, erases: pen.erases)
        case .device(.deviceRemoved(let device, at: _)): self = .deviceRemoved(device)
        case .exposed(let rect): self = .exposed(rect)
        case .resized(let width, let height): self = .resized(width: width, height: height)
        case .command(let command): self = .command(command)
        case .devicesChanged: self = .devicesChanged
        case .closeRequested: self = .closeRequested
        case .ping: self = .ping
        }
    }

    var isTouch: Bool {
        if case .touch = self { return true }
        return false
    }

    var description: String {
        switch self {
        case let .touch(key, phase, point): "\(key) \(phase) (\(point.x), \(point.y))"
        case let .pen(device, phase, point, pressure, erases):
            "pen(\(device)) \(phase) (\(point.x), \(point.y)) pressure \(pressure.map { "\($0)" } ?? "-")\(erases ? " erasing" : "")"
        case .deviceRemoved(let device): "deviceRemoved(\(device))"
        case .exposed(let rect): "exposed(\(rect.x),\(rect.y) \(rect.width)x\(rect.height))"
        case let .resized(width, height): "resized(\(width)x\(height))"
        case .command(let command): "command(\(command))"
        case .devicesChanged: "devicesChanged"
        case .closeRequested: "closeRequested"
        case .ping: "ping"
        }
    }
}
