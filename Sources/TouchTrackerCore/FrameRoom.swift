/// The storage the next frame's plan is built in, kept by the screen planner
/// from frame to frame: the damage's array, which the last plan took and gave
/// back once handed back, and that plan itself, emptied, to be filled again;
/// and a gone ink overlay's outline. A frame then allocates neither a plan nor
/// its arrays, nor a new stroke its outline.
struct FrameRoom {
    var damage: [Rect] = []
    /// Nil unless a painted plan was handed back, the only reference to it.
    var plan: FramePlan?
    /// The outline of the last ink overlay that went (its arrays' room), for
    /// the next one to be built in (see `InkOutline.init(_:room:)`).
    var outline = InkOutline([])
}
