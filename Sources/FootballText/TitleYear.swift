/// Finds the year of a title: its first group of exactly four digits.
enum TitleYear {
    /// The year in `title`, or nil.
    static func year(in title: String?) -> Int? {
        guard let title else { return nil }
        let bytes = Array(title.utf8)
        var index = 0
        while index < bytes.count {
            guard ByteClass.isDigit(bytes[index]) else {
                index += 1
                continue
            }
            var end = index
            var value = 0
            while end < bytes.count, ByteClass.isDigit(bytes[end]) {
                value = value * 10 + Int(bytes[end] - 0x30)
                end += 1
            }
            if end - index == 4 { return value }
            index = end
        }
        return nil
    }
}
