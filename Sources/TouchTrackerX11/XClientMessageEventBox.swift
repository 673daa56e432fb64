import CX11

/// Keeps the C struct out of the enum's public face.
struct XClientMessageEventBox {
    let event: CX11.XClientMessageEvent
}
