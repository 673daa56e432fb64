/// Circle pairs: two fingers of the circles tool landing together draw one
/// circle between them (see the type's comment). Pairing as a finger lands,
/// and letting a pair go when one of its fingers drags, is claimed, taps or
/// is gone.
extension GestureArena {
    /// Pairs a finger that just landed with the first unpaired one that may
    /// pair, landed within the landing window and is still undecided.
    mutating func pair(_ event: TouchEvent) {
        let window = tunables.multiFingerTapLandingWindowMilliseconds
        var first: (key: TouchKey, began: Instant)?
        for (key, contact) in contacts where key != event.key && contact.pairs && contact.partner == nil {
            guard case .undecided = contact.role, event.time.milliseconds(since: contact.began) <= window else { continue }
            if first.map({ contact.began < $0.began }) ?? true { first = (key, contact.began) }
        }
        contacts[event.key]?.pairs = true
        guard let first else { return }
        contacts[first.key]?.partner = event.key
        contacts[first.key]?.leadsPair = true
        contacts[event.key]?.partner = first.key
    }

    /// `key` leaves its pair, if any: both go on alone.
    mutating func unpair(_ key: TouchKey) {
        guard let contact = contacts[key] else { return }
        releasePartner(of: contact)
        contacts[key]?.partner = nil
        contacts[key]?.leadsPair = false
    }

    /// `contact`'s partner, if any, goes on alone.
    mutating func releasePartner(of contact: Contact) {
        guard let partner = contact.partner else { return }
        contacts[partner]?.partner = nil
        contacts[partner]?.leadsPair = false
    }

    /// `key`'s contact is dropped without an end: a pair still deciding goes
    /// on as one finger; a pair already stroking lost its shape, and the other
    /// finger does nothing until it lifts.
    mutating func abandonPair(of key: TouchKey) {
        // Peeked: most contacts have no partner, and copying each out, every landing, cost more than the rest.
        guard let partner = contacts.peek(key, { $0.partner }) ?? nil else { return }
        unpair(key)
        if case .stroking? = contacts[partner]?.role { contacts[partner]?.role = .claimed }
    }
}
