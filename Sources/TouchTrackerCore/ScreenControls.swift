/// The toolbar, its handle, the help overlay, the first-start hint and the
/// notices: what they show and which contacts are theirs. Decided from touches, commands
/// and the viewport alone, so a recorded session replayed through the core
/// presses the same buttons.
///
/// A contact that begins on the toolbar (or anywhere while the help is shown)
/// belongs to the controls until it lifts: the drawing never hears of it, so
/// it never draws, taps, double taps, long presses or selects. A button acts
/// when its contact lifts on it; lifted anywhere else, it does nothing.
///
/// The style button opens the style panel (colours, widths, tools). A choice
/// there closes it, as a tablet's colour popover does: the next touch on the
/// drawing then draws with it. A touch anywhere off the toolbar and its
/// panels, or Escape, closes it without doing anything else, as it closes the
/// buttons behind "more".
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
    /// Whether the style panel is shown; a choice or a touch elsewhere closes it.
    public private(set) var styleOpen = false
    /// What the style button shows: the canvas's tool, colour and width as
    /// the workspace last told (after every command, the only way they change).
    public private(set) var settings: ToolSettings
    /// The help overlay, when shown.
    public private(set) var help: HelpOverlay?
    /// The first start's one line, until the first finished stroke.
    public private(set) var hint: Notice?
    /// A short message at the bottom (after a clear, a picture saved), shown
    /// over the drawing until its time or the next change to the drawing.
    public private(set) var notice: Notice?
    private var noticeExpiry: Instant?

    private var tunables: Tunables { _read { yield tunablesReference.value } }
    private let tunablesReference: TunablesReference
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
        tunablesReference = TunablesReference(tunables)
        settings = ToolSettings(tunables: tunables)
        self.toolbarShown = toolbarShown
        self.hidesToHandle = hidesToHandle
        layOut(in: viewport)
        hint = showsHint ? Self.hint(in: viewport, tunables: tunables, avoiding: toolbar?.keepClear) : nil
    }

    /// The window took a new size: everything is laid out in it again.
    public mutating func layOut(in viewport: Rect) {
        toolbar = toolbarShown || hidesToHandle
            ? ToolbarLayout(shown: toolbarShown, viewport: viewport, tunables: tunables, overflowOpen: overflowOpen,
                            styleOpen: styleOpen, settings: settings) : nil
        if toolbar?.overflow == nil { overflowOpen = false }
        if toolbar?.style == nil { styleOpen = false }
        if help != nil { help = HelpOverlay(viewport: viewport, tunables: tunables) }
        if hint != nil { hint = Self.hint(in: viewport, tunables: tunables, avoiding: toolbar?.keepClear) }
        if let notice { self.notice = Notice.atBottom(notice.text, in: viewport, tunables: tunables, avoiding: toolbar?.keepClear) }
    }

    /// The canvas's tool, colour or width may have changed: the style button
    /// shows them (the hidden toolbar's handle shows none: it stays as it is).
    public mutating func show(_ settings: ToolSettings) {
        guard settings != self.settings else { return }
        self.settings = settings
        if toolbarShown { toolbar = toolbar?.showing(settings) }
    }

    /// Whether the buttons behind "more" or the style panel are shown.
    public var panelOpen: Bool { overflowOpen || styleOpen }

    /// The notice as the window shows it: in a window too small for both,
    /// the open style panel hides it (its choices must all show) until it closes.
    public var shownNotice: Notice? { notice.flatMap(shown) }
    /// The hint as the window shows it, hidden alike.
    public var shownHint: Notice? { hint.flatMap(shown) }

    /// Asked every frame: with no notice or no open panel, it reads nothing more.
    private func shown(_ notice: Notice) -> Notice? {
        guard styleOpen, let panel = toolbar?.style?.area else { return notice }
        return notice.frame.intersects(panel) ? nil : notice
    }

    /// Escape: closes the buttons behind "more" or the style panel; false
    /// when neither was open.
    @discardableResult
    public mutating func closePanels(in viewport: Rect) -> Bool {
        guard panelOpen else { return false }
        setPanels(overflow: false, style: false, in: viewport)
        return true
    }

    /// T, the hide button, the handle.
    public mutating func toggleToolbar(in viewport: Rect) {
        toolbarShown.toggle()
        overflowOpen = false
        styleOpen = false
        // A press on a button that goes away acts on nothing.
        presses.removeAll()
        pressed = nil
        layOut(in: viewport)
    }

    /// F1, "?", the help button: shows the help; shown, hides it.
    public mutating func toggleHelp(in viewport: Rect) {
        help = help == nil ? HelpOverlay(viewport: viewport, tunables: tunables) : nil
        // The help takes every touch until it goes: a panel under it could only be closed blind.
        if help != nil { closePanels(in: viewport) }
    }

    /// The first stroke is drawn: the hint has done its work.
    public mutating func dismissHint() {
        hint = nil
    }

    /// When the notice goes, if one is shown.
    public var nextDeadline: Instant? { noticeExpiry }

    /// Inlined: asked before every event the drawing takes, nearly always with no notice due.
    @inline(__always)
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
        notice = Notice.atBottom(text, in: viewport, tunables: tunables, avoiding: toolbar?.keepClear)
        noticeExpiry = expiry
    }

    /// The drawing was cleared: says how to take it back, for a few seconds.
    public mutating func showCleared(at now: Instant, in viewport: Rect) {
        notice = Notice.cleared(in: viewport, tunables: tunables, avoiding: toolbar?.keepClear)
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

    /// Takes the events of the controls' contacts. Runs for every touch event.
    /// Inlined down to the test for nearly every event: a drawing finger's,
    /// with no contact on the controls, which only a began event can make theirs.
    @inline(__always)
    public mutating func route(_ event: TouchEvent, in viewport: Rect) -> Routing {
        if event.phase != .began, presses.isEmpty, helpTaps.isEmpty { return .passOn }
        return routeOwn(event, in: viewport)
    }

    private mutating func routeOwn(_ event: TouchEvent, in viewport: Rect) -> Routing {
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
                // under it. With "more" or the style panel open, any touch
                // elsewhere closes it and does nothing else.
                if toolbar?.covers(event.point) == true || panelOpen {
                    if panelOpen, toolbar?.covers(event.point) != true { closePanels(in: viewport) }
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
                switch button {
                case .more: setPanels(overflow: !overflowOpen, style: false, in: viewport)
                case .style: setPanels(overflow: false, style: !styleOpen, in: viewport)
                default: closePanels(in: viewport)
                }
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

    /// Opens or closes the buttons behind "more" and the style panel (one
    /// at a time), where the bar stands now.
    private mutating func setPanels(overflow: Bool, style: Bool, in viewport: Rect) {
        overflowOpen = overflow
        styleOpen = style
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
        savingProblem.map { Notice.atBottom($0.noticeText(tunables.phrasebook), in: viewport, tunables: tunables, avoiding: toolbar?.keepClear) }
    }

    private static func hint(in viewport: Rect, tunables: Tunables, avoiding toolbar: Rect?) -> Notice {
        Notice.atBottom(tunables.phrasebook.text(.hint), in: viewport, tunables: tunables, avoiding: toolbar)
    }
}
