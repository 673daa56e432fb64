/// Everything TouchTracker says to a person, in one place: on screen (the
/// help, the hint, the notices, the menu, the inspector) and on standard
/// error. The raw value is the English text and the catalogues' msgid
/// (po/touchtracker.pot is written from this list by
/// scripts/update-translations.sh, and a test keeps the two equal); the
/// `Phrasebook` gives each one in the user's language.
///
/// Placeholders are positional (`%1$s` for a text, `%1$d` for a whole
/// number), so that a translation can put them in its own order. A phrase
/// that shows a count is a `CountedPhrase`, which has a form per count.
public enum Phrase: String, CaseIterable, Hashable, Sendable {
    // MARK: The help (F1, ?, the toolbar's help button)

    case helpTitle = "TouchTracker \u{2014} tap anywhere to close"
    case helpTouchAndMove = "Touch and move, or drag with mouse button 1"
    case helpDrawsWithTheTool = "Draws with the tool, each finger its own"
    case helpTapWithoutMoving = "Tap without moving"
    case helpDrawsNothing = "Draws nothing"
    case helpTapOnALine = "Tap on a line"
    case helpSelectsIt = "Selects it; tap Delete to remove it"
    case helpTapAway = "Tap away from every line"
    case helpDeselects = "Deselects"
    case helpLongPressOnALine = "Long press on a line, then move"
    case helpDragsTheLine = "Drags the line"
    case helpLongPressAway = "Long press away from every line"
    case helpDrawsAsUsual = "Draws as usual"
    case helpDoubleTap = "Double tap"
    case helpClearsEveryLine = "Clears every line"
    case helpTwoOrThreeFingerTap = "Two- or three-finger tap"
    case helpUndoTwoRedoThree = "Undo (two fingers), redo (three)"
    case helpShakeOrS = "Shake the device, or S"
    case helpToolbar = "Toolbar (top right)"
    case helpToolbarButtons = "Style, undo, redo, clear, picture,"
    case helpToolbarButtonsContinued = "inspector, fullscreen, help, quit, hide"
    case helpColourKeys = "1 to 9, 0"
    case helpPicksAColour = "Colour, 1 black to 0 white (selection too)"
    case helpWidthKeys = "[ or ]"
    case helpPicksAWidth = "Width: thinner, thicker (selection too)"
    case helpToolKeys = "L, F, E or C"
    case helpPicksATool = "Tool: lines, freehand ink, eraser, circles"
    case helpDeleteKeys = "Delete or BackSpace"
    case helpRemovesTheSelectedLine = "Removes the selected line"
    case helpEscape = "Escape"
    case helpUndoRedoKeys = "Ctrl+Z, and Ctrl+Shift+Z or Ctrl+Y"
    case helpUndoAndRedo = "Undo, and redo"
    case helpPictureKey = "Ctrl+S"
    case helpSavesAPicture = "Saves a picture (PNG)"
    case helpInspectorKey = "I"
    case helpInspectorOnOrOff = "Touch inspector on or off"
    case helpToolbarKey = "T"
    case helpHidesOrShowsTheToolbar = "Hides or shows the toolbar"
    case helpHelpKeys = "F1 or ?"
    case helpShowsThisHelp = "Shows this help"
    case helpFullscreenKey = "F11"
    case helpFullscreenOnOrOff = "Fullscreen on or off"
    case helpQuitKeys = "Ctrl+Q, or closing the window"
    case helpQuits = "Quits"

    // MARK: The hint, the menu and the notices

    case hint = "Draw with your fingers \u{00B7} tap ? for help"
    case menuDelete = "Delete"
    case drawingCleared = "Drawing cleared \u{2014} two-finger tap or Ctrl+Z to undo"
    case openingTheDrawing = "Opening the drawing\u{2026}"
    case pictureSaved = "Saved %1$s"
    case pictureNotSaved = "Picture not saved: %1$s"
    case digitGroupSeparator = ","

    // MARK: Why the drawing is not saved (on screen)

    case notSavingDiskFull = "Not saving: the disk is full. The drawing is kept in this window; free some space"
    case notSavingReadOnly = "Not saving: the drawing's disk is read-only. The drawing is kept in this window only"
    case notSavingNotPermitted = "Not saving: no permission to write the drawing file. It is kept in this window only"
    case notSavingOtherWindow = "Not saving: another TouchTracker window has this drawing. This window's lines are not kept"
    case notSavingNotAFile = "Not saving: the drawing's file is a folder or a device. This window's lines are not kept"
    case notSavingUnreadableFile = "Not saving: the drawing file is unreadable and was left as it is. Lines here are not kept"
    case notSavingNoPlace = "Not saving: no home folder to keep the drawing in. This window's lines are not kept"
    case notSavingFailed = "Not saving: %1$s. The drawing is kept in this window only"
    case quitUnsaved = "Not saved: %1$s. Quit again within %2$d s to leave and lose it"
    case reasonDiskFull = "no space left on the device"
    case reasonReadOnly = "the file system is read-only"
    case reasonNotPermitted = "permission denied"
    case reasonOtherWindow = "another TouchTracker is using the file"
    case reasonNotAFile = "it is not a regular file"
    case reasonUnreadableFile = "the file is unreadable and could not be moved aside"
    case reasonNoPlace = "neither HOME nor XDG_STATE_HOME is set"
    case unsavedDrawing = "the drawing (%1$s) was not saved: %2$s"
    case unsavedDrawingAt = "the drawing (%1$s) was not saved to %2$s: %3$s"
    case unsavedChanges = "the drawing's latest changes (%1$s now) were not saved to %2$s, which keeps its last save (%3$s): %4$s"

    // MARK: The touch inspector

    case inspectorDevice = "device %1$d"
    case inspectorMouse = "the mouse, button 1"
    case inspectorTouchID = "touch id %1$d"
    case inspectorWindowPosition = "window x %1$s  y %2$s"
    case inspectorScreenPosition = "screen x %1$s  y %2$s"
    case inspectorMouseDown = "the mouse down"
    case inspectorMostAtOnce = "most at once: %1$d"
    case inspectorPressIToDraw = "press i to draw"
    case inspectorPenHovering = "pen, hovering"
    case inspectorPenTouching = "pen, touching"
    case inspectorEraserEnd = "eraser end"
    case inspectorPalm = "palm, ignored until it lifts"

    // MARK: Shake-to-clear (standard error, after "shake: ")

    case shakeClearing = "detected on %1$s, clearing the drawing"
    case shakeKeeping = "detected on %1$s; the inspector is shown, the drawing is kept"
    case shakeNoAccelerometer = "no IIO accelerometer under %1$s (need in_accel_{x,y,z}_raw); shake-to-clear is off until one appears"
    case shakeNoUsableAccelerometer = "no usable IIO accelerometer under %1$s; shake-to-clear is off until one appears"
    case shakeUsing = "using %1$s %2$s"
    case shakeNowHas = "%1$s now has %2$s"
    case shakeCalibrationKeepsChanging = "%1$s's calibration keeps changing (now back to %2$s); a calibration already logged is not logged again"
    case shakeArmed = "readings from %1$s look like gravity; shake-to-clear is on"
    case shakeImplausible = "implausible accelerometer readings |a|\u{2248}%1$s m/s\u{00B2} (%2$s) on %3$s; shake-to-clear stays off until a reading is near 9.8 m/s\u{00B2} at rest"
    case shakeUnparsableRawValue = "unparsable raw value"
    case shakeLost = "lost %1$s (%2$s); looking again every %3$d s"
    case unitsNoScaleFile = "no scale file: readings may not be m/s\u{00B2}"
    case unitsNoUsableScale = "no usable scale: readings may not be m/s\u{00B2}"
    case offsetIgnored = "unparsable offset %1$s ignored"
    case mountMatrixInvalidUsingNext = "mount matrix \"%1$s\" is not a valid matrix (three rows of three numbers, a rotation or reflection); using the next one"
    case mountMatrixInvalidUsingIdentity = "mount matrix \"%1$s\" is not a valid matrix (three rows of three numbers, a rotation or reflection); using identity"
    case accelerometerBusy = "%1$s: %2$s (buffer enabled by another process?)"
    case discoverySkipped = "%1$s; skipped"
    case discoveryOff = "%1$s; shake-to-clear is off"
    case discoveryOffUntilListed = "%1$s; shake-to-clear is off until it can be listed"
    case discoveryOffUntilItAppears = "%1$s; shake-to-clear is off until it appears"
    case discoveryOffUntilReached = "%1$s; shake-to-clear is off until it can be reached"
    case discoveryOffUntilAFolder = "%1$s; shake-to-clear is off until it is a device folder"
    case discoveryOffUntilTheyAppear = "%1$s; shake-to-clear is off until they appear"
    case discoveryOffUntilRead = "%1$s; shake-to-clear is off until it can be read"
    case discoveryOffUntilANumber = "%1$s; shake-to-clear is off until it reads as a number"
    case discoveryCannotList = "cannot list %1$s: %2$s"
    case discoveryDeviceFolderMissing = "accelerometer device folder %1$s is missing"
    case discoveryDeviceFolderUnreachable = "accelerometer device %1$s: %2$s"
    case discoveryNotAFolder = "accelerometer device %1$s is not a folder"
    case discoveryBufferOnly = "%1$s has only buffered acceleration (unsupported)"
    case discoveryNoRawFiles = "%1$s has no in_accel_{x,y,z}_raw files"
    case discoveryPermissionDenied = "permission denied reading %1$s"
    case discoveryUnreadable = "%1$s could not be read (%2$s)"
    case discoveryUnparsableFirstSample = "%1$s gave an unreadable first sample (%2$s = \"%3$s\")"
    case accelerometerCannotStart = "cannot start the accelerometer reader (%1$s: %2$s)"

    // MARK: Saving the drawing (standard error)

    case savingFailedRetrying = "%1$s; not saving: the drawing is kept in this window and saving is tried again"
    case savingWorksAgain = "saving %1$s works again"

    case diskDidNotFinish = "the disk did not finish writing in time"
    case cannotCreateTheRecording = "cannot create the recording %1$s: %2$s"
    case cannotWriteTheRecording = "cannot write the recording %1$s: %2$s"
    case recordingStopped = "%1$s; recording stopped"
    case cannotStartTheAutosaverThread = "cannot start the autosaver (thread) %1$s: %2$s"
    case cannotStartTheAutosaverPipe = "cannot start the autosaver (pipe) %1$s: %2$s"
    case cannotCreateTheFolder = "cannot create the folder %1$s: %2$s"
    case cannotOpen = "cannot open %1$s: %2$s"
    case cannotLock = "cannot lock %1$s: %2$s"
    case cannotMoveAside = "cannot move aside %1$s: %2$s"
    case cannotRead = "cannot read %1$s: %2$s"
    case cannotKeepABackup = "cannot keep a backup of %1$s: %2$s"
    case cannotSave = "cannot save %1$s: %2$s"
    case cannotCreate = "cannot create %1$s: %2$s"
    case cannotSetTheMode = "cannot set the mode of %1$s: %2$s"
    case cannotWrite = "cannot write %1$s: %2$s"
    case cannotFlush = "cannot flush %1$s: %2$s"
    case cannotReplace = "cannot replace %1$s: %2$s"
    case notARegularFile = "not a regular file"
    case largerThan = "larger than %1$d MiB"
    case anotherTouchTrackerIsUsing = "another TouchTracker is using %1$s"
    case pathIsAFolder = "%1$s is a folder, not a drawing file"
    case pathIsAFIFO = "%1$s is a FIFO, not a drawing file"
    case pathIsASocket = "%1$s is a socket, not a drawing file"
    case pathIsADevice = "%1$s is a device, not a drawing file"
    case pathIsNotARegularFile = "%1$s is not a regular file, not a drawing file"
    case openNoPlace = "neither HOME nor XDG_STATE_HOME is set: the drawing will not be saved (use --drawing FILE)"
    case openNewDrawingBackup = "new drawing; the previous drawing is kept as %1$s"
    case openReplayingBackup = "replaying; the previous drawing is kept as %1$s"
    case openBackupFailed = "%1$s; starting a new drawing without saving it"
    case openDanglingLink = "%1$s is a link to %2$s, which does not exist: starting a new drawing, saved there"
    case openMovedAside = "%1$s: %2$s; moved it to %3$s and started a new drawing"
    case openNotSavedHere = "%1$s: this window's drawing will not be saved (use --drawing FILE for another file)"
    case openUnusable = "%1$s: %2$s; it could not be moved aside, so this window's drawing will not be saved (use --drawing FILE for another file)"
    case openCannotSave = "cannot save"
    case openAutosaverFailed = "%1$s: the drawing will not be saved"

    // MARK: TouchTracker's files (drawings, recordings)

    case fileEmpty = "the file is empty"
    case fileNotADrawing = "line 1: not a TouchTracker drawing"
    case fileNotASession = "line 1: not a TouchTracker session recording"
    case fileNewerVersion = "line 1: %1$s format %2$d is newer than this TouchTracker reads (%3$d)"
    case fileMalformed = "line %1$d: expected %2$s, found \"%3$s\""
    case fileTruncated = "line %1$d: the file ends before %2$s"
    case fileTrailing = "line %1$d: more after \"end\""

    // MARK: The command line

    case commandAbstract = "Draw lines, ink and circles with many fingers at once."
    case commandDiscussion = """
        Touch or drag with mouse button 1 to draw a line; every finger draws its own.
        Keys 1 to 9 and 0 pick one of ten colours, [ and ] one of five widths, and
        L, F, E and C the tool: straight lines (the default), freehand ink, an eraser
        that removes every stroke it touches, or circles spanned by two fingers.
        A tap that does not move draws nothing; a double tap clears the drawing.
        Tap a line to select it (a Delete menu appears); press and hold a line to drag it.
        A two-finger tap undoes the latest change, a three-finger tap redoes it.
        Shaking the device (IIO accelerometer) clears the drawing.
        I toggles the touch inspector (every finger shown with a big number).
        A toolbar in the top-right corner undoes, redoes, clears, saves a picture,
        opens the inspector, toggles fullscreen, shows help and quits, by touch alone;
        its last button hides it, leaving a handle that shows it again.
        The drawing saves itself and comes back at the next start.
        Keys: Ctrl+Z undoes, Ctrl+Shift+Z or Ctrl+Y redoes, Ctrl+S saves a PNG picture,
        Delete/BackSpace delete the selected line, Escape deselects, S acts as a
        shake, I toggles the inspector, T hides or shows the toolbar, F1 or ? shows
        help, F11 toggles fullscreen, Ctrl+Q quits.
        """
    case optionDisplay = "X display to connect to (default: $DISPLAY)."
    case optionGeometry = "Window size and optional position, as in X11: [=][WxH][{+-}X{+-}Y] (default: %1$dx%2$d times the scale, within the screen)."
    case optionFullscreen = "Start in fullscreen."
    case optionIIODir = "Folder holding the IIO devices (iio:deviceN) (default: %1$s)."
    case optionAccelDevice = "Use exactly this accelerometer device folder."
    case optionNoShake = "Do not clear the drawing when the device is shaken."
    case optionInspect = "Start in the touch inspector: every finger shown with a big number (key i toggles)."
    case optionNoToolbar = "Start without the toolbar and its handle, for kiosks (key T shows it)."
    case optionVerbose = "Also say what is usually left unsaid: that no accelerometer was found."
    case optionDrawing = "Keep the drawing in this file (default: $XDG_STATE_HOME/touchtracker/drawing.txt)."
    case optionNew = "Start with an empty drawing; the previous one is kept as a dated backup beside it."
    case optionExport = "Write the saved drawing to this .png or .svg file without opening a window, then exit."
    case optionScale = "Multiply every length (line width, tap slop, menu, inspector) by this, 0.5 to 4 (default: Xft.dpi / 96, else 1)."
    case optionRecord = "Write every touch, key and gesture of this session to this file, to replay it later (--replay)."
    case optionReplay = "Play a recorded session (from --record, libinput record or evemu-record) into the window, then carry on live; with --export, write its end result instead."
    case optionTool = "The tool to start with: lines, ink, eraser or circles (default: lines). --replay of a libinput or evemu recording draws with it; a TouchTracker recording replays with the tool it was recorded with."
    case optionReplaySpeed = "How fast --replay plays: 0.25 to 16 times the recorded speed, or max (default: 1)."
    case optionPalmTimeout = "While a pen is near, and for this many milliseconds after its last event, touches are taken for the hand holding it and never draw: 0 to 5000 (default: 1000)."
    case optionTouchWithPen = "Let touches draw while a pen is in use (no palm rejection): one person with a pen, another with fingers."
    case optionNoPressure = "Draw every pen stroke at the chosen width, however hard the pen presses."
    case speedMissing = "it is an option, so the speed itself is missing"
    case palmTimeoutMissing = "it is an option, so the time itself is missing"
    case palmTimeoutOutOfRange = "it must be a whole number of milliseconds from %1$d to %2$d"
    case speedOutOfRange = "it must be a number from %1$s to %2$s, or max"
    case geometryMissing = "it is an option, so the geometry itself is missing"
    case scaleMissing = "it is an option, so the scale itself is missing"
    case toolMissing = "it must be lines, ink, eraser or circles"
    case scaleOutOfRange = "it must be a number from %1$s to %2$s"
    case displayNameEmpty = "it is empty (name a display such as :0, or leave --display out to use $DISPLAY)"
    case recordWithReplay = "--record and --replay cannot be used together (record the live session after the replay in another run)"
    case replaySpeedWithoutReplay = "--replay-speed needs --replay"
    case recordWithExport = "--record has nothing to record with --export, which opens no window"
    case replaySpeedWithExport = "--replay-speed has no meaning with --export: the end result is written at once"
    case toolWithExport = "--tool has nothing to draw with --export of the saved drawing (with --replay, it is what the replay draws with)"
    case exportUnknownFormat = "the name must end in .png or .svg (it says which format to write)"
    case geometryEmpty = "it is empty (give WIDTHxHEIGHT, {+-}X{+-}Y or both, as in 800x600+10+20)"
    case geometryNegativeWidth = "the width cannot be negative (a side is 1 to %1$d pixels)"
    case geometryNegativeHeight = "the height cannot be negative (a side is 1 to %1$d pixels)"
    case geometryZeroWidth = "the width cannot be 0 (a side is 1 to %1$d pixels)"
    case geometryZeroHeight = "the height cannot be 0 (a side is 1 to %1$d pixels)"
    case geometryWidthTooLarge = "the width %1$s is over the limit of %2$d pixels (X11 coordinates are 16-bit)"
    case geometryHeightTooLarge = "the height %1$s is over the limit of %2$d pixels (X11 coordinates are 16-bit)"
    case geometryXOffsetTooLarge = "the x offset %1$s is over the limit of %2$d pixels (X11 coordinates are 16-bit)"
    case geometryYOffsetTooLarge = "the y offset %1$s is over the limit of %2$d pixels (X11 coordinates are 16-bit)"
    case geometryMissingWidth = "no width before \"x\" (a size is WIDTHxHEIGHT, as in 800x600)"
    case geometryMissingHeight = "no height after \"x\" (a size is WIDTHxHEIGHT, as in 800x600)"
    case geometryWidthWithoutHeight = "the width %1$s has no \"x\" and height after it (a size is WIDTHxHEIGHT, as in 800x600)"
    case geometryMissingOffsetNumber = "no number after \"%1$s\" (an offset is {+-}X{+-}Y, as in +10+20)"
    case geometryMissingYOffset = "the x offset \"%1$s\" has no y offset after it (an offset is {+-}X{+-}Y, as in +10+20)"
    case geometryUnexpected = "unexpected \"%1$s\" (the form is [=][WIDTHxHEIGHT][{+-}X{+-}Y], as in 800x600+10+20)"
    case geometryUnexpectedAfter = "unexpected \"%1$s\" after \"%2$s\" (the form is [=][WIDTHxHEIGHT][{+-}X{+-}Y], as in 800x600+10+20)"

    // MARK: The window, pictures, the display (standard error)

    case noXInput = "warning: X server %1$s lacks XInput 2.2; touch input is off, the mouse still draws"
    case replayFinished = "replay finished; live input from now on"
    case shakeOff = "off: %1$s"
    case pictureInInspector = "Ctrl+S saves nothing while the touch inspector is shown: press I for the drawing first"
    case pictureSavedLog = "saved a picture of the drawing: %1$s"
    case pictureNotSavedLog = "picture not saved: %1$s"
    case cannotStartThePictureWriter = "cannot start the picture writer: %1$s"
    case picturesNamesTaken = "1000 pictures named %1$s are already in %2$s"
    case noPicturesFolder = "HOME is not set and no user-dirs.dirs names a pictures folder"
    case libpngFailed = "libpng failed"
    case cairoCannotMake = "cairo could not make a %1$dx%2$d picture"
    case cairoCannotDraw = "cairo could not draw a %1$dx%2$d picture"
    case serverCannotMake = "the X server could not make a %1$dx%2$d picture"
    case exportNoPlace = "neither HOME nor XDG_STATE_HOME is set: no drawing to export (use --drawing FILE)"
    case exportNoDrawing = "no drawing to export: %1$s does not exist"
    case exportUnusable = "%1$s: %2$s; nothing exported"
    case exportWithoutDisplay = "%1$s; drawing the PNG without it"
    case exportDisplayNamed = "%1$s: leave --display out to draw the PNG without a display"
    case replayNotText = "not a recording (not text)"
    case replayNotARecording = "not a recording: neither a TouchTracker session (--record) nor a libinput record or evemu-record file"
    case noXftFont = "no Xft font for %1$s: using core X fonts"
    case noFontAtAll = "no Xft font for %1$s: no core X font either: text is left out"
    case displayNotSet = "(DISPLAY is not set)"
    case displayEmpty = "(DISPLAY is empty)"
    case xError = "X error: %1$s (request %2$d.%3$d)"
    case cannotOpenDisplay = "cannot open display \"%1$s\""
    case cannotCreateTheWindow = "cannot create the window"
    case lostTheConnection = "lost the connection to X server %1$s"
    case pollFailed = "poll failed (errno %1$d); stopping"
    case nothingReplayed = "%1$s: %2$s; nothing replayed"
    case nothingRecorded = "%1$s; nothing recorded"

    /// A word for the translator: where the text shows and what limits it.
    public var note: String? {
        switch self {
        case .helpTitle: "The help's first line."
        case .helpTouchAndMove, .helpTapWithoutMoving, .helpTapOnALine, .helpTapAway, .helpLongPressOnALine,
             .helpLongPressAway, .helpDoubleTap, .helpTwoOrThreeFingerTap, .helpShakeOrS, .helpToolbar,
             .helpColourKeys, .helpWidthKeys, .helpToolKeys, .helpDeleteKeys, .helpEscape, .helpUndoRedoKeys,
             .helpPictureKey, .helpInspectorKey, .helpToolbarKey, .helpHelpKeys, .helpFullscreenKey, .helpQuitKeys:
            "The help's left column: a gesture or a key. Key names (Ctrl, Shift, BackSpace, F1) are those printed on keyboards; keep the letters, digits and brackets, which are the keys to press."
        case .helpToolbarButtons: "The help's right column: the toolbar's buttons, the list going on in the next row (style is the button that picks colour, width and tool)."
        case .helpToolbarButtonsContinued: "The help's right column, the next row of the list before it."
        case .helpDrawsWithTheTool, .helpDrawsNothing, .helpSelectsIt, .helpDeselects, .helpDragsTheLine,
             .helpDrawsAsUsual, .helpClearsEveryLine, .helpUndoTwoRedoThree, .helpPicksAColour, .helpPicksAWidth,
             .helpPicksATool, .helpRemovesTheSelectedLine, .helpUndoAndRedo, .helpSavesAPicture, .helpInspectorOnOrOff,
             .helpHidesOrShowsTheToolbar, .helpShowsThisHelp, .helpFullscreenOnOrOff, .helpQuits:
            "The help's right column: what the gesture or key on the left does."
        case .hint: "Shown at the bottom at the first start, until the first line is drawn."
        case .menuDelete: "The menu shown beside a tapped line; tapping it removes the line."
        case .pictureSaved: "%1$s is where the picture went, such as ~/Pictures/TouchTracker 2026-11-23 08-46-37.png."
        case .pictureNotSaved: "%1$s says why, in the system's words."
        case .digitGroupSeparator: "Put between groups of three digits in large counts (12,500,000): a comma in English, a period in German."
        case .notSavingFailed, .quitUnsaved: "%1$s is the reason, in the system's words or one of the short reasons below."
        case .unsavedDrawing, .unsavedDrawingAt, .unsavedChanges:
            "Said on standard error when the program ends without saving: the line counts (such as \"3 lines\"), the drawing file, and the reason."
        case .reasonDiskFull, .reasonReadOnly, .reasonNotPermitted, .reasonOtherWindow, .reasonNotAFile,
             .reasonUnreadableFile, .reasonNoPlace:
            "A short reason, put into longer messages after a colon: starts in lower case."
        case .inspectorDevice: "In the touch inspector, when the input device has no name: its number."
        case .inspectorTouchID: "In the touch inspector: the number X11 gave the finger's touch."
        case .inspectorWindowPosition, .inspectorScreenPosition:
            "In the touch inspector: the finger's position in the window, and on the whole screen."
        case .inspectorMostAtOnce: "The touch inspector's top line: the most fingers that were down at the same time."
        case .inspectorPressIToDraw: "The touch inspector's top line: the key I goes back to the drawing."
        case .inspectorPenHovering, .inspectorPenTouching:
            "In the touch inspector, under a pen's device name: the pen is near the screen, its tip up (hovering) or on the glass (touching)."
        case .inspectorEraserEnd: "In the touch inspector, after \"pen, touching\" and a dot: the pen is turned over, its eraser end towards the screen."
        case .inspectorPalm: "In the touch inspector, under a finger's details: the touch is taken for the hand holding a pen, and draws nothing until it is lifted."
        case .shakeClearing, .shakeKeeping, .shakeNoAccelerometer, .shakeNoUsableAccelerometer, .shakeUsing, .shakeNowHas,
             .shakeCalibrationKeepsChanging, .shakeArmed, .shakeImplausible, .shakeUnparsableRawValue, .shakeLost,
             .unitsNoScaleFile, .unitsNoUsableScale, .offsetIgnored, .mountMatrixInvalidUsingNext,
             .mountMatrixInvalidUsingIdentity, .accelerometerBusy, .discoverySkipped, .discoveryOff,
             .discoveryCannotList, .discoveryDeviceFolderMissing, .discoveryDeviceFolderUnreachable, .discoveryNotAFolder,
             .discoveryBufferOnly, .discoveryNoRawFiles, .discoveryPermissionDenied, .discoveryUnreadable,
             .discoveryUnparsableFirstSample, .accelerometerCannotStart:
            "A line on standard error about the accelerometer (shake-to-clear), after \"shake: \". Keep file names (in_accel_x_raw), folder names (iio:device0) and the settings (name=, scale=) as they are: they name files and values."
        case .discoveryOffUntilListed, .discoveryOffUntilItAppears, .discoveryOffUntilReached, .discoveryOffUntilAFolder,
             .discoveryOffUntilRead, .discoveryOffUntilANumber:
            "After \"shake: \": %1$s says what is wrong with the accelerometer's folder or device (\"it\"); the rest, what would turn shake-to-clear on."
        case .discoveryOffUntilTheyAppear:
            "After \"shake: \": %1$s says that a device lacks its files (\"they\"); the rest, what would turn shake-to-clear on."
        case .savingFailedRetrying: "%1$s is what failed, such as \"cannot write /home/ann/.local/state/touchtracker/drawing.txt.new: No space left on device\"."
        case .cannotCreateTheRecording, .cannotWriteTheRecording, .cannotStartTheAutosaverThread, .cannotStartTheAutosaverPipe,
             .cannotCreateTheFolder, .cannotOpen, .cannotLock, .cannotMoveAside, .cannotRead, .cannotKeepABackup, .cannotSave,
             .cannotCreate, .cannotSetTheMode, .cannotWrite, .cannotFlush, .cannotReplace:
            "A file operation that failed: %1$s is the file, %2$s the reason (the system's words)."
        case .openNotSavedHere: "%1$s says why, such as \"another TouchTracker is using FILE\"."
        case .openUnusable, .openMovedAside: "%1$s is the drawing file, %2$s why it is not a drawing."
        case .shakeOff: "After \"shake: \": shake-to-clear is off, and %1$s says why."
        case .exportWithoutDisplay: "%1$s says why the display could not be opened; the PNG is drawn without it."
        case .displayNotSet, .displayEmpty: "Put into \"cannot open display …\" when no display was named."
        case .xError: "%1$s is the X server's own words for the error; %2$d.%3$d the request's numbers."
        case .nothingReplayed: "%1$s is the --replay file, %2$s why it cannot be replayed."
        case .fileNewerVersion: "%1$s is the file's kind as its first line names it (drawing, session): keep it as it is."
        case .fileMalformed, .fileTruncated:
            "About a drawing or recording file: %2$s describes what a line should hold, in English (the file's keywords and their syntax)."
        case .commandAbstract: "The first line of touchtracker --help."
        case .commandDiscussion: "touchtracker --help's overview. Keep the lines short (under 80 characters) and the key names."
        case .optionDisplay, .optionGeometry, .optionFullscreen, .optionIIODir, .optionAccelDevice, .optionNoShake, .optionInspect,
             .optionNoToolbar, .optionVerbose, .optionDrawing, .optionNew, .optionExport, .optionScale, .optionRecord,
             .optionReplay, .optionReplaySpeed, .optionTool, .optionPalmTimeout, .optionTouchWithPen, .optionNoPressure:
            "touchtracker --help: what an option does. Keep option names (--replay), variables ($DISPLAY), paths and syntax as they are."
        case .speedMissing, .speedOutOfRange, .geometryMissing, .scaleMissing, .scaleOutOfRange, .displayNameEmpty, .toolMissing,
             .palmTimeoutMissing, .palmTimeoutOutOfRange:
            "Why an option's value is refused; follows the parser's English \"The value '…' is invalid for '--option <value>':\"."
        case .recordWithReplay, .replaySpeedWithoutReplay, .recordWithExport, .replaySpeedWithExport, .toolWithExport:
            "A command-line error, after \"touchtracker: \". Keep the option names."
        case .exportUnknownFormat: "Follows the command line parser's own English words: The value 'FILE' is invalid for '--export <file>':"
        case .geometryEmpty, .geometryNegativeWidth, .geometryNegativeHeight, .geometryZeroWidth, .geometryZeroHeight,
             .geometryWidthTooLarge, .geometryHeightTooLarge, .geometryXOffsetTooLarge, .geometryYOffsetTooLarge,
             .geometryMissingWidth, .geometryMissingHeight, .geometryWidthWithoutHeight, .geometryMissingOffsetNumber,
             .geometryMissingYOffset, .geometryUnexpected, .geometryUnexpectedAfter:
            "Why a --geometry value is refused; follows the parser's English \"The value '…' is invalid for '--geometry <WxH[+X+Y]>':\". Keep WIDTHxHEIGHT, {+-}X{+-}Y and the examples: they are the syntax."
        default: nil
        }
    }
}

/// A phrase that shows a count: English has one form for 1 and one for the
/// rest (`plural`); a language may have more, and its catalogue gives each.
public enum CountedPhrase: String, CaseIterable, Hashable, Sendable {
    case showingTheDrawing = "Showing the drawing: %1$s of %2$s line"
    case inspectorTouchesDown = "%1$d touch down"
    case inspectorTouchesAndTheMouseDown = "%1$d touch and the mouse down"
    case inspectorPensHovering = "%1$d pen hovering"
    case inspectorPensTouching = "%1$d pen touching"
    case lines = "%1$d line"
    case scalesIgnored = "%1$s is not a positive number; ignored"
    case unreadableSamples = "%1$d unreadable sample in a row (last: %2$s)"
    case linesNotLogged = "%1$d more line was not logged (the log keeps to %2$d lines at once, then one every %3$d s); the latest: %4$s"

    /// The English for any count but 1.
    public var plural: String {
        switch self {
        case .showingTheDrawing: "Showing the drawing: %1$s of %2$s lines"
        case .inspectorTouchesDown: "%1$d touches down"
        case .inspectorTouchesAndTheMouseDown: "%1$d touches and the mouse down"
        case .inspectorPensHovering: "%1$d pens hovering"
        case .inspectorPensTouching: "%1$d pens touching"
        case .lines: "%1$d lines"
        case .scalesIgnored: "%1$s are not positive numbers; ignored"
        case .unreadableSamples: "%1$d unreadable samples in a row (last: %2$s)"
        case .linesNotLogged: "%1$d more lines were not logged (the log keeps to %2$d lines at once, then one every %3$d s); the latest: %4$s"
        }
    }

    public var note: String? {
        switch self {
        case .showingTheDrawing: "While a huge drawing fills the window: lines shown so far, of all its lines (the count)."
        case .inspectorTouchesDown, .inspectorTouchesAndTheMouseDown: "The touch inspector's top line: fingers on the screen now."
        case .inspectorPensHovering, .inspectorPensTouching:
            "The touch inspector's top line, after the fingers: pens near the screen with the tip up (hovering), or with the tip on the glass (touching). Keep it short: the line drops its last parts where the window is too narrow."
        case .lines: "How many lines a drawing has, put into longer messages."
        case .scalesIgnored: "About the accelerometer: %1$s is what its scale files hold (the count is how many)."
        case .unreadableSamples, .linesNotLogged: "A line on standard error about the accelerometer, after \"shake: \"."
        }
    }
}
