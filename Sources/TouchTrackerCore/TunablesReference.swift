/// One set of tunables kept by reference. `Tunables` is about 900 bytes: kept
/// by value in the canvas, its gesture arena, the controls and the planners,
/// it made the workspace 3.7 KB, and every call that passed one of them by
/// address (a getter asked once per event) copied it whole. Behind one
/// reference, a copy of its keeper copies a pointer.
final class TunablesReference: Sendable {
    let value: Tunables

    init(_ value: Tunables) { self.value = value }
}
