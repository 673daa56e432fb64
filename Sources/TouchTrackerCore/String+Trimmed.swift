/// sysfs values end in a newline; labels and locations are compared without it.
extension String {
    var trimmed: String {
        String(self.drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }
            .reversed().drop { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }.reversed())
    }
}
