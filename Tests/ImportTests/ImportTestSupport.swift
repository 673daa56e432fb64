import Foundation
import TouchTrackerCore
import TouchTrackerImport
import XCTest

/// A hand-written recording from Samples/, as the shell would hand it over.
func sample(_ name: String) throws -> String {
    let url = try XCTUnwrap(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Samples"),
                            "no sample \(name)")
    return try String(contentsOf: url, encoding: .utf8)
}

func touch(_ device: Int32, _ id: UInt32) -> TouchKey { TouchKey(device: device, touch: id) }

func event(_ key: TouchKey, _ phase: TouchEvent.Phase, _ x: Double, _ y: Double, at ms: Int64) -> TouchEvent {
    TouchEvent(key: key, phase: phase, point: Point(x: x, y: y), time: Instant(milliseconds: ms))
}

/// A pen's event: `device` is the pen's device number, its key `TouchKey.mouse(device:)`.
func pen(_ device: Int32, _ phase: PenEvent.Phase, _ x: Double, _ y: Double, pressure: Double? = nil, erases: Bool = false,
         at ms: Int64) -> PenEvent {
    PenEvent(device: device, phase: phase, point: Point(x: x, y: y), pressure: pressure, erases: erases,
             time: Instant(milliseconds: ms))
}

func viewport(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Rect { Rect(x: x, y: y, width: width, height: height) }

/// The one line a file that cannot be replayed gets, or nil when it can.
func errorLine(_ text: String, fittingInto rect: Rect = Rect(x: 0, y: 0, width: 800, height: 600)) -> String? {
    do {
        _ = try RecordingImport.read(text, fittingInto: rect)
        return nil
    } catch {
        return error.description
    }
}
