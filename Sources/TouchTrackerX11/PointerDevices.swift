import CX11
import TouchTrackerCore

/// The pointers that can move the window's master pointer, each described for
/// the pen rules (PointerDescription: name, valuators by label with their
/// ranges, the Wacom tool type) and keyed by device id. Asked of the server
/// when first needed and again after it says its devices changed
/// (XI_HierarchyChanged, InputEvent.devicesChanged): a pen plugged in, or one
/// xf86-input-libinput creates on its first proximity, is known before its
/// first event arrives, since X delivers events in order. Never a round trip
/// per event.
final class PointerDevices {
    /// The property xf86-input-wacom sets on each tool's device: an ATOM such
    /// as "STYLUS" or "ERASER".
    static let wacomToolTypeProperty = "Wacom Tool Type"

    private let connection: XConnection
    private var described: [Int32: PointerDescription]?
    /// Each described pointer's kind, worked out once: asked for every
    /// pointer event and leave (a stroke of a touchscreen has a few), where
    /// a description read out and its kind worked out cost hundreds of instructions.
    private var kinds: [Int32: PointerKind]?
    /// Atom names never change while the server runs: each is asked for once.
    private var atomNames: [Atom: String] = [:]

    init(connection: XConnection) {
        self.connection = connection
    }

    func devicesChanged() {
        described = nil
        kinds = nil
    }

    /// Every enabled slave pointer, by device id (empty without XI 2.2).
    var all: [Int32: PointerDescription] {
        if let described { return described }
        let fresh = query()
        described = fresh
        return fresh
    }

    func description(of device: Int32) -> PointerDescription? { all[device] }

    /// `description(of:)`'s kind.
    func kind(of device: Int32) -> PointerKind? {
        if let kinds { return kinds[device] }
        let fresh = all.mapValues(\.kind)
        kinds = fresh
        return fresh[device]
    }

    /// One XIQueryDevice; the list is freed here, after everything is copied out.
    private func query() -> [Int32: PointerDescription] {
        guard connection.xiOpcode != nil else { return [:] }
        let display = connection.display
        var count: Int32 = 0
        guard let list = XIQueryDevice(display, XIAllDevices, &count) else { return [:] }
        defer { XIFreeDeviceInfo(list) }
        // Only if it exists: when no client or driver ever named it, no device has the property.
        let toolType = XInternAtom(display, Self.wacomToolTypeProperty, 1)
        var pointers: [Int32: PointerDescription] = [:]
        for index in 0..<Int(count) {
            let info = list[index]
            // Floating slaves (a disabled device is one) move no master pointer, so
            // their events never reach the window; masters are no physical device.
            guard info.use == XISlavePointer, info.enabled != 0 else { continue }
            let (labels, ranges) = valuators(of: info)
            pointers[info.deviceid] = PointerDescription(
                name: info.name.map { String(cString: $0) } ?? "device \(info.deviceid)",
                valuatorLabels: labels, valuatorRanges: ranges,
                wacomToolType: toolType == 0 ? nil : atomProperty(toolType, of: info.deviceid))
        }
        return pointers
    }

    /// Labels and ranges in valuator order, placed by each class's own number (the
    /// classes come in no promised order); a number no class gives stays unlabelled.
    private func valuators(of info: XIDeviceInfo) -> ([String], [ClosedRange<Double>]) {
        var labels: [String] = [], ranges: [ClosedRange<Double>] = []
        for index in 0..<Int(info.num_classes) {
            guard let any = info.classes[index], any.pointee.type == XIValuatorClass else { continue }
            let valuator = UnsafeRawPointer(any).assumingMemoryBound(to: XIValuatorClassInfo.self).pointee
            let number = Int(valuator.number)
            guard number >= 0 else { continue }
            while labels.count <= number {
                labels.append("")
                ranges.append(0...0)
            }
            labels[number] = valuator.label == 0 ? "" : atomName(valuator.label)
            // A reversed range would trap in ClosedRange; drivers declaring one mean
            // "no range" (relative axes say -1 to -1), so keep its minimum alone.
            ranges[number] = valuator.min <= valuator.max ? valuator.min...valuator.max : valuator.min...valuator.min
        }
        return (labels, ranges)
    }

    /// The name of the atom a device property holds, nil when the device has no
    /// such property or it is no ATOM. XIGetProperty hands back 32-bit items as
    /// 32 bits (not as longs, as XGetWindowProperty does), in a buffer freed here.
    private func atomProperty(_ property: Atom, of device: Int32) -> String? {
        var type: Atom = 0, format: Int32 = 0
        var items: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        let status = XIGetProperty(connection.display, device, property, 0, 1, 0, Atom(XA_ATOM),
                                   &type, &format, &items, &after, &data)
        defer { if let data { XFree(data) } }
        guard status == Success, type == Atom(XA_ATOM), format == 32, items >= 1, let data else { return nil }
        let atom = UnsafeRawPointer(data).loadUnaligned(as: UInt32.self)
        return atom == 0 ? nil : atomName(Atom(atom))
    }

    private func atomName(_ atom: Atom) -> String {
        if let known = atomNames[atom] { return known }
        // Xlib's copy: ours to XFree.
        guard let name = XGetAtomName(connection.display, atom) else { return "" }
        defer { XFree(name) }
        let text = String(cString: name)
        atomNames[atom] = text
        return text
    }
}
