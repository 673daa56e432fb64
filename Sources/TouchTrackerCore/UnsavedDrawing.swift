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
    public var lostLine: String {
        let lines = "\(linesInWindow) line\(linesInWindow == 1 ? "" : "s")"
        guard let path else { return "the drawing (\(lines)) was not saved: \(problem.reason)" }
        guard let kept = linesInFile else {
            return "the drawing (\(lines)) was not saved to \(path): \(problem.reason)"
        }
        return "the drawing's latest changes (\(lines) now) were not saved to \(path), which keeps its last save "
            + "(\(kept) line\(kept == 1 ? "" : "s")): \(problem.reason)"
    }

    /// Shown when a quit finds the drawing unsaved: the window stays open.
    public func quitNoticeText(quitAgainWithinSeconds seconds: Int64) -> String {
        "Not saved: \(problem.reason). Quit again within \(seconds) s to leave and lose it"
    }
}
