/// The toolbar, its handle, the help overlay, the first-start hint and the
/// notices: what they show and which contacts are theirs. Decided from touches, commands
/// and the viewport alone, so a recorded session replayed through the core
/// presses the same buttons.
///
/// A contact that begins on the toolbar (or anywhere while the help is shown)
/// belongs to the controls until it lifts: the drawing never hears of it, so
/// it never draws, taps, double taps, long presses or selects. A button acts
/// when its contact lifts on it; lifted anywhere else, it does nothing.
public struct ScreenControls: Sendable {
    /// Who a contact's event went to.
    public enum Routing: Hashable, Sendable {
        /// Not the controls' contact: the drawing (or the inspector) gets it.
        case passOn
        /// The controls' contact; nothing happens (yet).
        case taken
        /// The controls' contact lifted on a button, which asks for this.
        case fired(Command)
    }

    /// Whether the whole toolbar is shown (else its handle, or nothing).
    public private(set) var toolbarShown: Bool
    /// Whether the hidden toolbar leaves its handle (--no-toolbar: not).
    public let hidesToHandle: Bool
    /// What stands in the corner now: the toolbar, its handle, or nil.
    public private(set) var toolbar: ToolbarLayout?
    /// The button under a contact that pressed it, drawn pressed.
    public private(set) var pressed: ToolbarButton?
    /// Whether the buttons behind "more" are shown; the next tap closes them.
    public private(set) var overflowOpen = false
    /// The help overlay, when shown.
    public private(set) var help: HelpOverlay?
    /// The first start's one line, until the first finished stroke.
    public private(set) var hint: Notice?
    /// A short message at the bottom (after a clear, a picture saved), shown
    /// over the drawing until its time or the next change to the drawing.
    public private(set) var notice: Notice?
    private var noticeExpiry: Instant?

    private let tunables: Tunables
    /// Why the drawing is not being saved, while it is not: shown whenever no
    /// newer news is, until it is resolved, so a person who never sees the
    /// terminal still knows.
    public private(set) var savingProblem: SavingProblem?
    /// Contacts that began on a button, with that button.
    private var presses = ContactMap<ToolbarButton>()
    /// The controls' other contacts: true for one that began while the help
    /// was shown (its lift closes the help), false for one that began
    /// between the toolbar's buttons.
    private var helpTaps = ContactMap<Bool>()

    /// In English; shown in the tunables' language.
    public static let hintText = Phrase.hint.rawValue

    /// - Parameters:
    ///   - toolbarShown: the whole toolbar at start (else its handle or nothing).
    ///   - hidesToHandle: whether hiding the toolbar leaves the handle.
    ///   - showsHint: the first start: show the hint until the first stroke.
    /// The viewport is the workspace's (its one home): the controls are laid
    /// out in the one they are given, and again in each new one.
    public init(viewport: Rect, tunables: Tunables, toolbarShown: Bool = true, hidesToHandle: Bool = true,
                showsHint: Bool = false) {
        self.tunables = tunables
        self.toolbarShown = toolbarShown
        self.hidesToHandle = hidesToHandle
        layOut(in: viewport)
        hint = showsHint ? Self.hint(in: viewport, tunables: tunables, avoiding: toolbar?.panel) : nil
    }

    /// The window took a new size: everything is laid out in it again.
    public mutating func layOut(in viewport: Rect) {
        toolbar = toolbarShown || hidesToHandle
            ? ToolbarLayout(shown: toolbarShown, viewport: viewport, tunables: tunables, overflowOpen: overflowOpen) : nil
        if toolbar?.overflow == nil { overflowOpen = false }
        if help != nil { help = HelpOverlay(viewport: viewport, tunables: tunables) }
        if hint != nil { hint = Self.hint(in: viewport, tunables: tunables, avoiding: toolbar?.panel) }
        if let notice { self.notice = Notice.atBottom(notice.text, in: viewport, tunables: tunables, avoiding: toolbar?.panel) }
    }

    /// T, the hide button, the handle.
    public mutating func toggleToolbar(in viewport: Rect) {
        toolbarShown.toggle()
        overflowOpen = false
        // A press on a button that goes away acts on nothing.
        presses.removeAll()
        pressed = nil
        layOut(in: viewport)
    }

    /// F1, "?", the help button: shows the help; shown, hides it.
    public mutating func toggleHelp(in viewport: Rect) {
        help = help == nil ? HelpOverlay(viewport: viewport, tunables: tunables) : nil
    }

    /// The first stroke is drawn: the hint has done its work.
    public mutating func dismissHint() {
        hint = nil
    }

    /// When the notice goes, if one is shown.
    public var nextDeadline: Instant? { noticeExpiry }

    public mutating func advance(to now: Instant, in viewport: Rect) {
        if let expiry = noticeExpiry, expiry <= now { dismissNotice(in: viewport) }
    }

    /// Saving stopped working (`problem`), or works again (nil). The problem
    /// shows at once unless a timed notice is up, and then once that goes.
    public mutating func showSavingProblem(_ problem: SavingProblem?, in viewport: Rect) {
        guard problem != savingProblem else { return }
        savingProblem = problem
        // Timed news up: it keeps the slot, and the problem shows once it goes.
        if noticeExpiry == nil { notice = savingProblemNotice(in: viewport) }
    }

    /// Shows `text` at the bottom until `expiry` or the next change, in place
    /// of any notice shown (the newer news wins).
    public mutating func show(_ text: String, until expiry: Instant, in viewport: Rect) {
        notice = Notice.atBottom(text, in: viewport, tunables: tunables, avoiding: toolbar?.panel)
        noticeExpiry = expiry
    }

    /// The drawing was cleared: says how to take it back, for a few seconds.
    public mutating func showCleared(at now: Instant, in viewport: Rect) {
        notice = Notice.cleared(in: viewport, tunables: tunables, avoiding: toolbar?.panel)
        noticeExpiry = now.adding(milliseconds: tunables.noticeDurationMilliseconds)
    }

    /// The drawing changed: the news is old. A saving problem is not news:
    /// it stays until it is resolved.
    public mutating func dismissNotice(in viewport: Rect) {
        // No timed news up: what shows is the saving problem's notice (or
        // none), already laid out; every finished stroke asks, so nothing is
        // laid out again.
        guard noticeExpiry != nil else { return }
        noticeExpiry = nil
        notice = savingProblemNotice(in: viewport)
    }

    /// Takes the events of the controls' contacts. Runs for every touch
    /// event: with no control contacts it is a search of two empty arrays.
    public mutating func route(_ event: TouchEvent, in viewport: Rect) -> Routing {
        switch event.phase {
        case .began:
            // A repeated begin means the old contact's end was missed: it is forgotten.
            forget(event.key)
            if help != nil {
                helpTaps[event.key] = true
                return .taken
            }
            guard let button = toolbar?.button(at: event.point) else {
                // The room between buttons is the toolbar's too: nothing draws
                // under it. With "more" open, any touch elsewhere closes it
                // and does nothing else.
                if toolbar?.covers(event.point) == true || overflowOpen {
                    if overflowOpen, toolbar?.covers(event.point) != true { setOverflow(open: false, in: viewport) }
                    helpTaps[event.key] = false
                    return .taken
                }
                return .passOn
            }
            presses[event.key] = button
            pressed = button
            return .taken
        case .moved:
            if let button = presses[event.key] {
                let inside = toolbar?.button(at: event.point) == button
                if inside { pressed = button } else if pressed == button { pressed = nil }
                return .taken
            }
            return helpTaps[event.key] == nil ? .passOn : .taken
        case .ended:
            if let button = presses.removeValue(forKey: event.key) {
                if pressed == button { pressed = nil }
                guard toolbar?.button(at: event.point) == button else { return .taken }
                if button == .more {
                    setOverflow(open: !overflowOpen, in: viewport)
                    return .taken
                }
                if overflowOpen { setOverflow(open: false, in: viewport) }
                return button.command.map { .fired($0) } ?? .taken
            }
            guard let closes = helpTaps.removeValue(forKey: event.key) else { return .passOn }
            if closes { help = nil }
            return .taken
        case .cancelled:
            return forget(event.key) ? .taken : .passOn
        }
    }

    /// The device went away: its contacts on the controls do nothing more.
    public mutating func deviceRemoved(_ device: Int32) {
        presses.removeAll { $0.key.device == device }
        helpTaps.removeAll { $0.key.device == device }
        if let pressed, !presses.contains(where: { $0.value == pressed }) { self.pressed = nil }
    }

    /// Opens or closes the buttons behind "more", where the bar stands now.
    private mutating func setOverflow(open: Bool, in viewport: Rect) {
        overflowOpen = open
        layOut(in: viewport)
    }

    /// Returns whether the contact was the controls'.
    @discardableResult
    private mutating func forget(_ key: TouchKey) -> Bool {
        if let button = presses.removeValue(forKey: key) {
            if pressed == button, !presses.contains(where: { $0.value == button }) { pressed = nil }
            return true
        }
        return helpTaps.removeValue(forKey: key) != nil
    }

    private func savingProblemNotice(in viewport: Rect) -> Notice? {
        savingProblem.map { Notice.atBottom($0.noticeText(tunables.phrasebook), in: viewport, tunables: tunables, avoiding: toolbar?.panel) }
    }

    private static func hint(in viewport: Rect, tunables: Tunables, avoiding toolbar: Rect?) -> Notice {
        Notice.atBottom(tunables.phrasebook.text(.hint), in: viewport, tunables: tunables, avoiding: toolbar)
    }
}
