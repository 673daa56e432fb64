import Glibc
import TouchTrackerSystem

/// The names a save works with, made once and kept: the file the drawing's
/// path names through any symbolic links (the one a save replaces), the new
/// file written beside it, and its folder (flushed after the rename), each
/// NUL-terminated for the system calls. Before each save `refresh` reads the
/// links on the way again into a buffer it keeps and compares: only a link
/// that changed makes new names, so a save builds no path. Whoever writes
/// through it (the saver's thread, or one write of DrawingStore) alone holds
/// it, so its state has no run-time exclusivity checks.
final class SavePaths {
    /// The file a save replaces: the drawing's path through its links.
    @exclusivity(unchecked) private(set) var target: FilePath
    /// The new file written beside it (`target` + ".new").
    @exclusivity(unchecked) private(set) var newFile: FilePath
    @exclusivity(unchecked) private(set) var targetName: [CChar] = []
    @exclusivity(unchecked) private(set) var newFileName: [CChar] = []
    @exclusivity(unchecked) private(set) var folderName: [CChar] = []
    /// The names on the way, NUL-terminated: the drawing's path, then each
    /// link's file; the last one is `target`.
    @exclusivity(unchecked) private var steps: [[CChar]]
    /// What each link on the way holds: one fewer than `steps`.
    @exclusivity(unchecked) private var links: [[CChar]] = []
    /// readlink's buffer, kept between saves.
    @exclusivity(unchecked) private var buffer = [CChar](repeating: 0, count: bufferSize)
    private static let bufferSize = Int(PATH_MAX) + 1

    /// The kernel follows at most 40 links; so does a save.
    private static let mostLinks = 40

    init(_ drawing: FilePath) {
        target = drawing
        newFile = drawing
        steps = [Self.name(drawing)]
        refresh()
    }

    /// Reads the links on the way again, following them as
    /// `DrawingStore.target(of:)` does.
    /// - Returns: whether the names changed (a link was made, changed or removed).
    @discardableResult
    func refresh() -> Bool {
        var changed = targetName.isEmpty
        var step = 0
        while step < Self.mostLinks {
            let count = readlink(steps[step], &buffer, Self.bufferSize)
            guard count > 0 else {
                // No link here: the way ends, where it ended before or sooner.
                if step < links.count {
                    forget(from: step)
                    changed = true
                }
                break
            }
            if step < links.count, links[step].elementsEqual(buffer[..<count]) {
                step += 1
                continue
            }
            forget(from: step)
            let link = FilePath(bytes: buffer[..<count].map { UInt8(bitPattern: $0) })
            links.append(Array(buffer[..<count]))
            steps.append(Self.name(Self.path(steps[step]).resolving(link)))
            changed = true
            step += 1
        }
        guard changed else { return false }
        target = Self.path(steps[steps.count - 1])
        newFile = target.appending(".new")
        targetName = Self.name(target)
        newFileName = Self.name(newFile)
        folderName = Self.name(target.folder)
        return true
    }

    /// Forgets the way from `step` on: its link and the names after it.
    private func forget(from step: Int) {
        if step < links.count { links.removeSubrange(step...) }
        if step + 1 < steps.count { steps.removeSubrange((step + 1)...) }
    }

    private static func name(_ path: FilePath) -> [CChar] { path.bytes.map { CChar(bitPattern: $0) } + [0] }

    private static func path(_ name: [CChar]) -> FilePath { FilePath(bytes: name.lazy.map { UInt8(bitPattern: $0) }) }
}
