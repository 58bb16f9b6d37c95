/// A piece of an XML document as ``XMLScanner`` reads it: a tag, a run of text, or markup
/// that holds no data.
package enum XMLToken: Equatable {
    /// A start tag, `<name attribute="value">`, or an empty-element tag, `<name/>`
    /// (`isEmpty`); attribute values have their references replaced and white space normalized.
    case startTag(name: String, attributes: [String: String], isEmpty: Bool)
    /// An end tag, `</name>`.
    case endTag(name: String)
    /// Character data up to the next markup; ``XMLScanner/text(of:)`` gives it as text.
    case text(XMLTextRun)
    /// A CDATA section; its content, taken as it is, is `bytes[content]`.
    case cdata(content: Range<Int>)
    /// A comment, `<!-- … -->`.
    case comment
    /// A processing instruction or the XML declaration, `<? … ?>`, whole.
    case processingInstruction(Range<Int>)
    /// A document type declaration, `<!DOCTYPE …>`, and whether it has an internal subset
    /// (`[ … ]`).
    case documentType(hasInternalSubset: Bool)
    /// The end of the document.
    case end
}

/// A run of character data between two pieces of markup, checked (its references name
/// characters) but not yet decoded.
package struct XMLTextRun: Equatable {
    /// Where the run lies in the document.
    package var range: Range<Int>
    /// Where its first character other than white space is; `nil` when it is all white space.
    package var firstNonSpace: Int?
    /// Where its first carriage return is, if it has one.
    package var firstCarriageReturn: Int?
    /// Whether it holds a reference (`&amp;`, `&#10;`) to replace.
    package var hasReferences: Bool
}
