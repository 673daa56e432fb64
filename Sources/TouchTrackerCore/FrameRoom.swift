/// The storage the next frame's plan is built in, kept by the screen planner
/// from frame to frame: the damage's array, which the last plan took and gave
/// back once handed back, and that plan itself, emptied, to be filled again.
/// A frame then allocates neither a plan nor its arrays.
struct FrameRoom {
    var damage: [Rect] = []
    /// Nil unless a painted plan was handed back, the only reference to it.
    var plan: FramePlan?
}
