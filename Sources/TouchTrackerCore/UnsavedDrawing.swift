/// A drawing whose latest state is not on disk, and why: what a quit must
/// not pass over in silence.
public struct UnsavedDrawing: Hashable, Sendable {
    public var problem: SavingProblem
    /// The drawing file as messages show it (escaped when not UTF-8); nil
    /// when there is none (no HOME).
    public var path: String?
    /// The lines in the window, which would be lost.
    public var linesInWindow: Int
    /// The lines the file holds from its last good save; nil when it holds
    /// nothing of this window (another window's file, no file).
    public var linesInFile: Int?

    public init(problem: SavingProblem, path: String?, linesInWindow: Int, linesInFile: Int?) {
        self.problem = problem
        self.path = path
        self.linesInWindow = linesInWindow
        self.linesInFile = linesInFile
    }

    /// The one line said when the program ends without saving, naming what is lost.
    public func lostLine(_ words: Phrasebook) -> String {
        let lines = words.text(.lines, count: linesInWindow, String(linesInWindow))
        let reason = problem.reason(words)
        guard let path else { return words.text(.unsavedDrawing, lines, reason) }
        guard let kept = linesInFile else { return words.text(.unsavedDrawingAt, lines, path, reason) }
        return words.text(.unsavedChanges, lines, path, words.text(.lines, count: kept, String(kept)), reason)
    }

    /// The line in English.
    public var lostLine: String { lostLine(.english) }

    /// Shown when a quit finds the drawing unsaved: the window stays open.
    public func quitNoticeText(quitAgainWithinSeconds seconds: Int64, words: Phrasebook = .english) -> String {
        words.text(.quitUnsaved, problem.reason(words), String(seconds))
    }
}
