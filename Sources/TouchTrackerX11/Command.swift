/// Actions the keyboard can ask for.
enum Command {
    case quit
    case toggleFullscreen
}
