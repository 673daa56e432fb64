import TouchTrackerCore

/// One touchscreen's event stream turned into contacts, frame by frame, as
/// the kernel's multi-touch protocol type B defines them
/// (Documentation/input/multi-touch-protocol.rst): ABS_MT_SLOT selects a
/// slot (slot 0 until the first one), ABS_MT_TRACKING_ID >= 0 starts a contact
/// in it and -1 ends it, ABS_MT_POSITION_X/Y move it, and SYN_REPORT ends the
/// frame, when all of the frame's changes happen at once. A single-touch
/// device is the same machine with one slot: BTN_TOUCH 1/0 starts and ends
/// its contact, ABS_X/ABS_Y move it.
struct ContactDecoder {
    private struct Contact {
        var trackingID: Int32
        /// Assigned when its `began` goes out: numbers follow the order contacts appear.
        var touch: UInt32?
        /// Where its last event put it: a frame cut short by the end of the file never happened.
        var reportedX: Int32 = 0
        var reportedY: Int32 = 0
    }

    private struct Slot {
        /// Positions persist in a slot across contacts, as the kernel's do.
        var x: Int32?
        var y: Int32?
        var contact: Contact?
        var moved = false
    }

    /// A contact that ended during the current frame, with where it was then.
    private struct Ending {
        var contact: Contact
        var x: Int32?
        var y: Int32?
    }

    let device: Int32
    let fit: ViewportFit
    let multiTouch: Bool
    private var slots: [Int32: Slot] = [:]
    private var currentSlot: Int32 = 0
    private var endings: [Ending] = []
    /// After SYN_DROPPED the kernel lost events: skip to the next SYN_REPORT.
    private var dropping = false

    init(device: Int32, fit: ViewportFit, multiTouch: Bool) {
        self.device = device
        self.fit = fit
        self.multiTouch = multiTouch
    }

    /// `nextTouch` numbers contacts across every device of the file.
    mutating func handle(_ event: EvdevEvent, at time: Instant, nextTouch: inout UInt32,
                         into events: inout [DeviceEvent]) throws(ImportError) {
        let E = EvdevCode.self
        switch (event.type, event.code) {
        case (E.synchronization, E.synReport):
            if dropping { dropping = false } else { endFrame(at: time, nextTouch: &nextTouch, into: &events) }
        case (E.synchronization, E.synDropped):
            dropping = true
        case (E.synchronization, E.synMTReport) where multiTouch:
            throw .multiTouchTypeA(line: event.line)
        case _ where dropping:
            break
        case (E.absolute, E.mtSlot) where multiTouch:
            currentSlot = event.value
        case (E.absolute, E.mtTrackingID) where multiTouch:
            if event.value < 0 { end(slot: currentSlot) } else { begin(slot: currentSlot, trackingID: event.value) }
        case (E.absolute, E.mtPositionX) where multiTouch, (E.absolute, E.absX) where !multiTouch:
            slots[currentSlot, default: Slot()].x = event.value
            slots[currentSlot, default: Slot()].moved = true
        case (E.absolute, E.mtPositionY) where multiTouch, (E.absolute, E.absY) where !multiTouch:
            slots[currentSlot, default: Slot()].y = event.value
            slots[currentSlot, default: Slot()].moved = true
        case (E.key, E.buttonTouch) where !multiTouch:
            if event.value == 0 { end(slot: 0) } else { begin(slot: 0, trackingID: 0) }
        default:
            // Pressure, touch size, tool type, the pointer emulation of an MT
            // device (ABS_X/Y, BTN_TOUCH), timestamps (MSC_TIMESTAMP): not drawn.
            break
        }
    }

    private mutating func begin(slot index: Int32, trackingID: Int32) {
        if let contact = slots[index]?.contact {
            // The same id again changes nothing; a new id in a busy slot ends the old contact.
            if contact.trackingID == trackingID { return }
            end(slot: index)
        }
        slots[index, default: Slot()].contact = Contact(trackingID: trackingID)
    }

    private mutating func end(slot index: Int32) {
        guard let slot = slots[index], let contact = slot.contact else { return }
        endings.append(Ending(contact: contact, x: slot.x, y: slot.y))
        slots[index]?.contact = nil
    }

    private mutating func endFrame(at time: Instant, nextTouch: inout UInt32, into events: inout [DeviceEvent]) {
        for ending in endings {
            guard let x = ending.x, let y = ending.y else { continue }  // never placed: nothing to show
            let touch: UInt32
            if let announced = ending.contact.touch {
                touch = announced
            } else {
                // Began and ended within one frame: still a tap the user made.
                touch = nextTouch
                nextTouch += 1
                events.append(.touch(event(touch, .began, x, y, time)))
            }
            events.append(.touch(event(touch, .ended, x, y, time)))
        }
        endings.removeAll()
        for index in slots.keys.sorted() {
            guard var slot = slots[index] else { continue }
            defer { slots[index] = slot }
            let moved = slot.moved
            slot.moved = false
            guard var contact = slot.contact, let x = slot.x, let y = slot.y else { continue }
            let phase: TouchEvent.Phase
            if contact.touch == nil {
                contact.touch = nextTouch
                nextTouch += 1
                phase = .began
            } else if moved {
                phase = .moved
            } else {
                continue
            }
            contact.reportedX = x
            contact.reportedY = y
            slot.contact = contact
            events.append(.touch(event(contact.touch!, phase, x, y, time)))
        }
    }

    /// The end of the file: whatever is still down lifts at `time`, so no
    /// contact is left dangling. A frame the file cut short is not replayed.
    mutating func finish(at time: Instant, into events: inout [DeviceEvent]) {
        let live = endings.map(\.contact) + slots.keys.sorted().compactMap { slots[$0]?.contact }
        for contact in live {
            guard let touch = contact.touch else { continue }  // never shown: nothing to end
            events.append(.touch(event(touch, .ended, contact.reportedX, contact.reportedY, time)))
        }
        endings.removeAll()
        for index in slots.keys { slots[index]?.contact = nil }
    }

    private func event(_ touch: UInt32, _ phase: TouchEvent.Phase, _ x: Int32, _ y: Int32, _ time: Instant) -> TouchEvent {
        TouchEvent(key: TouchKey(device: device, touch: touch), phase: phase, point: fit.point(x: x, y: y), time: time)
    }
}
