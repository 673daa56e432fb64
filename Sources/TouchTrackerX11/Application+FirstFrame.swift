import TouchTrackerCore

/// The event loop's first frame (FirstFrameSchedule decides when): made
/// certain of on the server, then followed by what it did not wait for.
/// Run on the loop's thread, from run() only, until the schedule is done.
extension Application {
    /// - Parameter deadline: the loop's next wake-up, brought forward to the schedule's.
    func followFirstFrame(at now: Instant, deadline: inout Instant?, polls: PollSet) {
        if let due = firstFrame.deadline(at: now) { deadline = min(deadline ?? due, due) }
        if firstFrame.confirmsFrame {
            // Waits until the server has drawn the frame: what follows it
            // would otherwise share the processors with that drawing.
            connection.roundTrip()
            StartUpMarks.mark("first frame on screen")
            StartUpMarks.write()
            firstFrame.onServer(at: MonotonicClock.now())
            if let due = firstFrame.deadline(at: now) { deadline = min(deadline ?? due, due) }
            // A fresh choice is written down at once: fontconfig was read for it
            // already, and a window closed within the wait keeps it for the next start.
            if !painter.fontChoiceRemembered { settleFontChoice(polls: polls) }
        }
        if firstFrame.followUpDue(at: now) {
            painter.makeBlankCanvas()
            window.setIcon()
            settleFontChoice(polls: polls)
        }
    }

    /// What the first frame's font did not wait for (once settled, nothing). A
    /// remembered choice waits for fontconfig's thread, whose end wakes the
    /// loop: no polling, and a reading that never ends costs nothing.
    private func settleFontChoice(polls: PollSet) {
        if painter.settleFontChoice() {
            FontconfigPreload.releaseDescriptor()
        } else {
            polls.setFontconfig(FontconfigPreload.loadedDescriptor)
        }
    }
}
