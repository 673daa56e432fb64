/// Every atom the program names, so that the connection can ask the server
/// for all of them in one round trip as it opens (each alone was one more
/// wait before the first frame); Xlib keeps the answers, and each later
/// XInternAtom of one of them is answered from that cache.
enum AtomName: String, CaseIterable {
    case wmProtocols = "WM_PROTOCOLS"
    case wmDeleteWindow = "WM_DELETE_WINDOW"
    case netWMPing = "_NET_WM_PING"
    case netWMState = "_NET_WM_STATE"
    case netWMStateFullscreen = "_NET_WM_STATE_FULLSCREEN"
    case netSupportingWMCheck = "_NET_SUPPORTING_WM_CHECK"
    case netWMName = "_NET_WM_NAME"
    case utf8String = "UTF8_STRING"
    case netWMPID = "_NET_WM_PID"
    case netWMIcon = "_NET_WM_ICON"
}
