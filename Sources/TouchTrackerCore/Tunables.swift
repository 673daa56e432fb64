/// Every tunable of the program in one place, with its unit in its name.
/// Defaults follow the iOS original (UIKit's tap and long-press defaults).
public struct Tunables: Hashable, Sendable {
    /// A contact that never moves farther than this from where it began is a tap.
    public var tapSlopPixels: Double = 10
    /// A second tap must begin this soon after the first one ended to make a double tap.
    public var doubleTapIntervalMilliseconds: Int64 = 300
    /// ...and this close to where the first one was.
    public var doubleTapSlopPixels: Double = 40

    /// Fingers of one multi-finger tap (two: undo, three: redo) must all land
    /// this soon after the first of them, before any lifts. People's fingers
    /// land up to about 100 ms apart when they mean "together".
    public var multiFingerTapLandingWindowMilliseconds: Int64 = 150
    /// How many edits the history keeps; the oldest are forgotten beyond it.
    public var editHistoryStepLimit: Int = 10_000

    /// XI2 has no touch cancel: disabling a device makes the server end its live
    /// touches first and report the device gone right after, all stamped within
    /// a millisecond or two. Lines that device finished this shortly before its
    /// removal, with no other event between, are taken back as cancelled; a
    /// finger the user lifted even 30 ms before keeps its line.
    public var cancelledEndWindowMilliseconds: Int64 = 10

    /// A finger held this long within the allowable movement is a long press.
    public var longPressMinimumDurationMilliseconds: Int64 = 500
    public var longPressAllowableMovementPixels: Double = 10
    /// A tap must lift before it could have become a long press.
    public var tapMaximumDurationMilliseconds: Int64 { longPressMinimumDurationMilliseconds - 1 }

    /// A tap or long press selects the nearest finished line whose segment
    /// passes within this distance of the finger.
    public var selectionRadiusPixels: Double = 20

    /// The "Delete" menu shown at a tapped line.
    public var menuWidthPixels: Int = 96
    public var menuHeightPixels: Int = 40
    /// Room between the menu and the paint of the line it refers to, so the
    /// menu reads as beside the line, never on it (see Menu.delete).
    public var menuLineGapPixels: Int = 8
    /// Room between the menu's text and its sides: a longer word (a
    /// translation) widens the menu.
    public var menuPaddingPixels: Int = 12
    public var menuFillColour: Colour = Colour(red: 40, green: 40, blue: 40)
    public var menuBorderColour: Colour = Colour(red: 120, green: 120, blue: 120)
    public var menuTextColour: Colour = .white

    /// The notice after a clear ("Drawing cleared — … to undo"), drawn like
    /// the menu, centred this far above the window's bottom edge.
    public var noticeWidthPixels: Int = 460
    public var noticeHeightPixels: Int = 40
    public var noticeMarginPixels: Int = 24
    /// How long it stays unless another change comes first.
    public var noticeDurationMilliseconds: Int64 = 3000
    /// Room between a notice's text and its sides: a longer text (the path of
    /// a saved picture) widens the notice, up to the window's width.
    public var noticePaddingPixels: Int = 16
    /// How long the notice saying where a picture went (or why it did not)
    /// stays: a path takes longer to read than the clear's notice.
    public var pictureNoticeDurationMilliseconds: Int64 = 5000

    /// A window no Expose reaches (started iconified, on a desktop not shown)
    /// counts the frame it has painted after this long as its first
    /// (FirstFrameSchedule).
    public var firstFrameAtLatestMilliseconds: Int64 = 250
    /// What the first frame did not wait for (the window's icon, fontconfig's
    /// reading that checks a remembered font choice, an empty drawing's canvas
    /// pixmap) waits this long once that frame
    /// is on the server: begun at once, it took both processors of a
    /// two-processor machine while the server and the compositor put the
    /// window on screen, and the window showed later. A window closed sooner
    /// gets neither (a fresh font choice is written down at the first frame).
    public var afterFirstFrameMilliseconds: Int64 = 100

    /// Room left between a default-size window and the screen's edges, for
    /// the desktop's panels (see WindowGeometry.defaultSize).
    public var windowScreenRoomPixels: Int = 48

    /// The autosaver writes the drawing this long after the first change it
    /// has not written: a burst of strokes is one write, and every change is
    /// on disk within a second.
    public var autosaveDelayMilliseconds: Int64 = 500
    /// After a failed save (a full disk) the autosaver tries again this long
    /// after, doubling the wait after each failure in a row up to the longest:
    /// space freed is noticed within seconds, a disk that stays full costs
    /// little. A quit tries at once.
    public var autosaveRetryFirstMilliseconds: Int64 = 1000
    public var autosaveRetryLongestMilliseconds: Int64 = 16_000
    /// A quit that finds the drawing unsaved keeps the window open and says
    /// so; a second quit within this long leaves without it.
    public var quitAgainWithinMilliseconds: Int64 = 5000

    /// The toolbar: a row of square buttons in the window's top-right corner,
    /// touch-sized (48 px is the common touch-target guidance), on a panel
    /// this far from the window's edges, with this much room around and
    /// between buttons. A window too narrow for one row wraps it into more.
    public var toolbarButtonPixels: Int = 48
    public var toolbarGapPixels: Int = 4
    public var toolbarMarginPixels: Int = 8
    /// The toolbar never covers more than this share of the window's area:
    /// buttons that do not fit in it wait behind its "more" button.
    public var toolbarMaximumWindowShare: Double = 1.0 / 6
    /// The handle left when the toolbar is hidden: tapping it shows the toolbar.
    /// As wide as a button, shorter, so it hides little of the drawing.
    public var toolbarHandleWidthPixels: Int = 48
    public var toolbarHandleHeightPixels: Int = 32
    /// The icons' strokes: this wide, in a square this fraction of the button.
    public var toolbarIconPenWidthPixels: Int = 3
    public var toolbarIconFraction: Double = 0.6
    public var toolbarFillColour: Colour = Colour(red: 40, green: 40, blue: 40)
    /// A button under the finger that pressed it.
    public var toolbarPressedColour: Colour = Colour(red: 100, green: 100, blue: 100)
    public var toolbarIconColour: Colour = .white
    /// The style button and the style panel: a colour's swatch stands this
    /// far inside its button, outlined this wide (black must show on the
    /// dark toolbar); the current colour, width and tool are framed this wide.
    public var toolbarSwatchInsetPixels: Int = 6
    public var toolbarSwatchOutlinePixels: Int = 1
    public var toolbarSwatchOutlineColour: Colour = Colour(red: 160, green: 160, blue: 160)
    public var toolbarCurrentMarkPixels: Int = 3
    public var toolbarCurrentMarkColour: Colour = .white

    /// The help overlay: a box this far inside the window, text this far
    /// inside the box, one row of the gesture and key list per line pitch.
    public var helpMarginPixels: Int = 16
    public var helpPaddingPixels: Int = 16
    public var helpLinePixels: Int = 24
    /// The estimated advance of a character of the help's text (the menu's
    /// bold font), for sizing its columns: the core cannot measure the shell's
    /// font. DejaVu Sans Bold at 16 px averages just under 10 px on the help's rows.
    public var helpCharacterWidthPixels: Double = 10
    /// Room between the help's two columns.
    public var helpColumnGapPixels: Int = 24

    /// The touch inspector (Touchy): a big number above each finger, joined by lines.
    public var inspectorBackgroundColour: Colour = .black
    public var inspectorNumberColour: Colour = Colour(red: 255, green: 255, blue: 0)
    /// The colour of a number whose touch is ignored as a palm. A dark grey rather than an
    /// outline: the digits are single strokes, so an outline of one would read as
    /// a doubled line, while grey on the black background is what a switched-off
    /// thing looks like. About 3:1 against black, so the number still reads,
    /// well below the yellow's 19:1 and apart from the joining lines' lighter grey.
    public var inspectorPalmNumberColour: Colour = Colour(red: 96, green: 96, blue: 96)
    /// Height of a number's digits, drawn with a pen `inspectorNumberPenWidthPixels` wide.
    public var inspectorNumberHeightPixels: Double = 180
    public var inspectorNumberPenWidthPixels: Int = 18
    public var inspectorJoinColour: Colour = Colour(red: 170, green: 170, blue: 170)
    public var inspectorJoinWidthPixels: Int = 6
    public var inspectorTextColour: Colour = Colour(red: 220, green: 220, blue: 220)
    /// A finger's label (number and details) keeps this far clear of the
    /// finger's point (above it when it can), and of every other finger.
    public var inspectorLabelGapPixels: Double = 28
    /// Space kept between two labels, and between a label and the window's edge.
    public var inspectorLabelMarginPixels: Double = 6
    /// The estimated advance of one character of the inspector's text, for
    /// placing labels: the core cannot measure the shell's X font, so this is
    /// at least the widest advance of `inspectorFontNames` (7 to 9 px).
    public var inspectorCharacterWidthPixels: Double = 9
    /// Width of the thin line leading a finger to a label placed away from it.
    public var inspectorLeaderWidthPixels: Int = 2
    /// Line pitch of the small text (the shell's font decides the glyphs).
    public var inspectorTextLinePixels: Double = 18
    /// Where the status line's baseline sits from the window's top-left corner.
    public var inspectorStatusInsetPixels: Double = 24

    /// Shake detection, Square's seismic rule: a sample is accelerating when
    /// |a| (gravity included) is strictly above the threshold; a shake is at
    /// least 3/4 accelerating samples of the window, spanning the minimum
    /// time, with the minimum number of samples.
    public var shakeThresholdMetresPerSecondSquared: Double = 13
    public var shakeWindowMilliseconds: Int64 = 500
    public var shakeMinimumSpanMilliseconds: Int64 = 250
    public var shakeMinimumSamples: Int = 4
    /// After a shake, samples are ignored this long.
    public var shakeCooldownMilliseconds: Int64 = 1000
    /// Detection starts only after this many consecutive gravity-like samples,
    /// so wrong units (a missing scale, stale zeros) never fire.
    public var shakeArmingSamples: Int = 5
    public var shakeArmingMinimumMetresPerSecondSquared: Double = 7.0
    public var shakeArmingMaximumMetresPerSecondSquared: Double = 12.5
    /// Readings that have not looked like gravity for this long are reported once.
    public var shakeImplausibleAfterMilliseconds: Int64 = 10_000
    /// Accelerometer polling interval (about 50 Hz; see the rest interval below)
    /// and rescan interval when none is usable.
    public var accelerometerPollMilliseconds: Int64 = 20
    public var accelerometerRescanMilliseconds: Int64 = 2000
    /// A device is at rest once its readings have been quiet this long: armed,
    /// none skipped, none above the shake threshold. Any other sample ends the rest.
    public var accelerometerRestAfterMilliseconds: Int64 = 1000
    /// The polling interval at rest, on average (10 Hz): a device lying still
    /// wakes the machine 10 times a second instead of 50. The first
    /// accelerating sample of a shake is read about this late; from it on,
    /// polls are at the full rate, and the shake window is refilled with the
    /// quiet samples the full rate would have read (ShakeDetector.rested), so
    /// a shake that begins at rest is told one or two rest intervals later
    /// than at the full rate (a square-wave shake: 360 to 370 ms at the full
    /// rate, 370 to 450 at rest). Any slower and the delay would grow with it;
    /// 10 Hz is also the slowest rate iio-sensor-proxy leaves a polled sensor
    /// sampling at.
    public var accelerometerRestPollMilliseconds: Int64 = 100
    /// How far each rest interval strays from that mean, in percent either
    /// way, from a fixed pseudo-random sequence: a hand shaken at 5 Hz swings
    /// |a| at 10 Hz, and polls exactly 100 ms apart could meet it at its quiet
    /// moments only, again and again, and never see the shake begin.
    public var accelerometerRestJitterPercent: Int64 = 40
    /// Scale and offset files a device lacks are looked for again this often,
    /// not on every poll: most of a poll's file opens would otherwise be for
    /// files that are not there. Present ones are read every poll.
    public var accelerometerAbsentFileRecheckMilliseconds: Int64 = 1000
    /// This many unreadable samples in a row (about a second: a skipped sample
    /// brings back the full polling rate) mean the device is lost.
    public var accelerometerLostAfterSkips: Int = 50
    /// The accelerometer's log, whatever the sensor does: at most this many
    /// lines at once, then one more per interval (3 a minute); lines over it
    /// are counted and summed up in one line when the budget allows.
    public var accelerometerLogBurstLines: Int = 6
    public var accelerometerLogLineIntervalMilliseconds: Int64 = 20_000
    /// Distinct states (calibrations, reasons for finding nothing) remembered
    /// so that each is logged once, however often the sensor returns to it.
    public var accelerometerLoggedStatesRemembered: Int = 16
    /// How far a mount matrix may be from unitary and still be used, as a
    /// fraction: each row's length may differ from 1 by this much, and each
    /// pair of rows' dot product from 0. Room for decimals such as 0.7071
    /// (a row of length 0.99999), while a matrix that would stretch or squash
    /// |a| across the shake threshold is refused.
    public var mountMatrixUnitaryTolerance: Double = 0.01

    /// The original's width: the middle of `penWidthsPixels`, and the width
    /// of every line in a drawing file of version 1.
    public var lineWidthPixels: Int = 10
    /// The five pen widths, thinnest first ([ and ] step through them).
    public var penWidthsPixels: [Double] = [3, 6, 10, 16, 24]
    /// The width a window starts with: the original's.
    public var defaultPenWidthIndex: Int = 2
    public static let penWidthCount = 5
    /// The palette, keys 1 to 9 then 0: the Okabe-Ito colours (told apart
    /// with every common colour-vision deficiency), grey and white. Black is
    /// first and the default; its stroke in progress is the original's red.
    public var palette: [PaletteColour] = [
        PaletteColour(name: "black", ink: .black, inProgress: .red),
        PaletteColour(name: "orange", ink: Colour(rgb: 0xE69F00)),
        PaletteColour(name: "sky blue", ink: Colour(rgb: 0x56B4E9)),
        PaletteColour(name: "bluish green", ink: Colour(rgb: 0x009E73)),
        PaletteColour(name: "yellow", ink: Colour(rgb: 0xF0E442)),
        PaletteColour(name: "blue", ink: Colour(rgb: 0x0072B2)),
        PaletteColour(name: "vermilion", ink: Colour(rgb: 0xD55E00)),
        PaletteColour(name: "reddish purple", ink: Colour(rgb: 0xCC79A7)),
        PaletteColour(name: "grey", ink: Colour(rgb: 0x7F7F7F)),
        // White on the white canvas covers; in progress it shows as light grey.
        PaletteColour(name: "white", ink: .white, inProgress: Colour(rgb: 0xC8C8C8)),
    ]
    public static let paletteSize = 10
    /// The tool a window starts with.
    public var defaultTool: Tool = .lines
    /// Freehand samples are dropped only where keeping them would move the
    /// stroke by less than this many of the screen's own pixels (left alone
    /// by scaling: it is about what the screen can show).
    public var inkSimplifyTolerance: Double = 0.5
    /// A pen's pressure sets its width: the chosen width at full pressure,
    /// this share of it at the lightest touch (about a quarter, as pen
    /// programs' minimum pressure widths go), and never thinner than a pixel.
    public static let penLightestWidthShare = 0.25
    public static let penThinnestWidthPixels = 1.0
    /// Whether a pen's pressure sets its strokes' widths (`--no-pressure`:
    /// every pen stroke at the chosen width).
    public var penPressureSetsWidth = true
    /// Ink drawn with pressure keeps a sample where the pressure changed by
    /// more than this since the last kept one (of 0 to 1), even if the path
    /// alone would drop it: at the widest pen, 24 px, the width then strays
    /// under a pixel from what the pen pressed.
    public var inkPressureTolerance: Double = 0.05
    /// Palm rejection: while a pen hovers or touches, and for this long after
    /// its last event (`--palm-timeout`, 0 to 5000), touches never draw, tap,
    /// select or press the toolbar. Xournal++'s default.
    public var palmTimeoutMilliseconds: Int64 = 1000
    /// What `--palm-timeout` may set.
    public static let palmTimeoutRangeMilliseconds: ClosedRange<Int64> = 0...5000
    /// False with `--touch-with-pen`: touches draw while a pen does (two
    /// people, one with a pen, one with fingers).
    public var rejectsPalms = true
    /// The three above as a recording keeps them.
    public var penSettings: PenSettings {
        get { PenSettings(palmTimeoutMilliseconds: rejectsPalms ? palmTimeoutMilliseconds : nil, pressureSetsWidth: penPressureSetsWidth) }
        set {
            rejectsPalms = newValue.palmTimeoutMilliseconds != nil
            if let timeout = newValue.palmTimeoutMilliseconds { palmTimeoutMilliseconds = timeout }
            penPressureSetsWidth = newValue.pressureSetsWidth
        }
    }
    /// A hovering pen shows an outline at its tip until it leaves the window
    /// or sends nothing for this long: pens report hover many times a second
    /// while near, and XI2 says nothing when one goes out of range.
    public var penHoverOutlineMilliseconds: Int64 = 500
    public var penHoverOutlineColour: Colour = Colour(rgb: 0x606060)
    /// The eraser's reach around the finger: every stroke within it goes.
    public var eraserRadiusPixels: Double = 16
    /// The eraser's outline under the finger.
    public var eraserOutlineWidthPixels: Double = 2
    public var eraserOutlineColour: Colour = Colour(rgb: 0x606060)
    /// Selected and dragged lines show a band of `selectedLineColour` this
    /// wide on each side, under the line in its own colour: recognisable
    /// whatever the line's colour.
    public var selectionHaloPixels: Double = 4
    public var backgroundColour: Colour = .white
    public var selectedLineColour: Colour = .green

    /// Long lines are damaged as a chain of tiles along their main axis, no
    /// shorter than this many pixels (longer for lines near an axis: see
    /// LineCover), so repainting a long diagonal copies a thin band instead of
    /// its whole bounding box.
    public var damageTilePixels: Double = 32
    /// Pixels added around a line's radius when damaging it, for the
    /// rasteriser's rounding of wide lines and round caps.
    public var damageMarginPixels: Double = 2
    /// Beyond this many damage rectangles one bounding box is cheaper for the server.
    public var maximumDamageRects: Int = 512
    /// At most this many finished lines are added to the canvas in one frame.
    /// A drawing with more (millions, just opened) fills the canvas over
    /// several frames with a progress notice, handling input between them,
    /// instead of leaving the window black until every line is drawn. About
    /// 40 ms of a server's work for lines of a few tens of pixels.
    public var canvasLinesPerFrame: Int = 50_000
    /// A drawing of at least this many finished lines leaves a picture of its
    /// canvas in the cache when the program quits (CanvasPictureHeader), for
    /// the next start to put back instead of drawing every line: about 2 ms
    /// of a server's work and more. Smaller drawings draw faster than their
    /// picture (4 bytes a pixel) is read, and leave the last big one's.
    public var canvasPictureMinimumLines: Int = 2_000
    /// A drawing file of at least this many bytes (about 250,000 lines) is
    /// announced before it is read: reading millions of lines takes a second
    /// or more, and the window must not stay black meanwhile.
    public var openingNoticeFileBytes: Int = 4_000_000

    /// X core font patterns, tried in order: the first the server has is used.
    /// "fixed" is built into every Xorg, the others look better.
    public var menuFontNames: [String] = [
        "-*-dejavu sans-bold-r-normal--16-*-*-*-*-*-iso10646-1",
        "-*-helvetica-bold-r-normal--17-*-*-*-*-*-iso8859-1",
        "-misc-fixed-bold-r-normal--18-*-*-*-*-*-iso10646-1",
        "9x15bold",
        "fixed",
    ]
    public var inspectorFontNames: [String] = [
        "-*-dejavu sans mono-medium-r-normal--14-*-*-*-*-*-iso10646-1",
        "-misc-fixed-medium-r-normal--14-*-*-*-*-*-iso10646-1",
        "7x14",
        "fixed",
    ]

    /// Antialiased, scalable text (Xft through fontconfig): these patterns are
    /// tried in order, each with ":pixelsize=" and the size below, before the
    /// core fonts above, which remain the fallback when Xft finds nothing.
    public var menuXftPatterns: [String] = ["DejaVu Sans:bold", "sans:bold"]
    public var inspectorXftPatterns: [String] = ["DejaVu Sans Mono", "monospace"]
    /// Xft text sizes, in pixels (the em's height), scaled with every other length.
    public var menuFontSizePixels: Double = 16
    public var inspectorFontSizePixels: Double = 14

    /// The menu font's advances as the shell measured them at its drawn size
    /// (so `scaled(by:)` leaves them alone); nil until the shell has a font,
    /// and in tests: then `text` estimates them.
    public var textMetrics: TextMetrics?
    /// How wide text is in the menu's font: measured, else estimated at
    /// `helpCharacterWidthPixels` a character and `menuFontSizePixels` tall.
    public var text: TextMetrics {
        textMetrics ?? .estimated(characterWidthPixels: helpCharacterWidthPixels, sizePixels: menuFontSizePixels)
    }

    /// The words of every text shown and said, in the user's language (made
    /// by the shell from the installed catalogue; English until then), so
    /// that layouts are decided with the words they show.
    public var phrasebook: Phrasebook = .english

    /// Which key asks for which command. Letters are listed in both cases:
    /// the shell reports the key's unshifted symbol, which depends on the keymap.
    public var keyBindings: [KeyBinding] = [
        KeyBinding(["q", "Q"], control: .required, .quit),
        KeyBinding(["F11"], .toggleFullscreen),
        KeyBinding(["Delete", "BackSpace", "KP_Delete"], .deleteSelectedLine),
        KeyBinding(["Escape"], .deselect),
        KeyBinding(["s", "S"], control: .forbidden, .clear),
        KeyBinding(["i", "I"], control: .forbidden, .toggleInspector),
        KeyBinding(["z", "Z"], control: .required, shift: .forbidden, .undo),
        KeyBinding(["z", "Z"], control: .required, shift: .required, .redo),
        KeyBinding(["y", "Y"], control: .required, .redo),
        KeyBinding(["s", "S"], control: .required, .takePicture),
        KeyBinding(["t", "T"], control: .forbidden, .toggleToolbar),
        // "?" is Shift+slash on most keymaps, and the shell reports the unshifted symbol.
        KeyBinding(["F1", "question"], .toggleHelp),
        KeyBinding(["slash"], shift: .required, .toggleHelp),
        KeyBinding(["bracketleft"], control: .forbidden, .thinner),
        KeyBinding(["bracketright"], control: .forbidden, .thicker),
        KeyBinding(["l", "L"], control: .forbidden, .pickTool(.lines)),
        KeyBinding(["f", "F"], control: .forbidden, .pickTool(.ink)),
        KeyBinding(["e", "E"], control: .forbidden, .pickTool(.eraser)),
        KeyBinding(["c", "C"], control: .forbidden, .pickTool(.circles)),
    ] + ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"].enumerated().map { position, digit in
        // The keypad's digits too (with Num Lock on the shell reports KP_1).
        KeyBinding([digit, "KP_" + digit], control: .forbidden, .pickColour(position))
    }

    public init() {}

    public static let standard = Tunables()
}
