/// The content of one line, or of several lines joined with a space (a scorer list or line-up
/// that continues on the next lines), that is parsed as one piece; it maps its byte offsets
/// back to lines and columns.
struct SourceUnit {
    /// Where a line's content starts in the unit.
    struct Piece {
        /// The offset in the unit's bytes.
        var unitOffset: Int
        /// The index of the line in the file's lines.
        var lineIndex: Int
        /// The byte offset in that line.
        var lineOffset: Int
    }

    /// The joined bytes.
    private(set) var bytes: [UInt8]
    /// The lines the bytes come from, in order.
    private(set) var pieces: [Piece]

    /// The content of `line` (index `lineIndex`).
    init(line: SourceLine, lineIndex: Int) {
        bytes = Array(line.content)
        pieces = [Piece(unitOffset: 0, lineIndex: lineIndex, lineOffset: line.contentStart)]
    }

    /// Appends a space and the content of `line` (index `lineIndex`).
    mutating func append(line: SourceLine, lineIndex: Int) {
        bytes.append(ByteClass.space)
        pieces.append(Piece(unitOffset: bytes.count, lineIndex: lineIndex, lineOffset: line.contentStart))
        bytes.append(contentsOf: line.content)
    }

    /// The index of the first line of the unit.
    var firstLineIndex: Int { pieces[0].lineIndex }

    /// The line index and byte offset in that line of the unit's byte `offset`.
    func origin(of offset: Int) -> (lineIndex: Int, lineOffset: Int) {
        var piece = pieces[0]
        for candidate in pieces where candidate.unitOffset <= offset {
            piece = candidate
        }
        return (piece.lineIndex, piece.lineOffset + max(0, offset - piece.unitOffset))
    }
}
