/// Reads an XML document into a tree of ``XMLTree/Element`` values: what Xcode writes for a data model, and any
/// well-formed UTF-8 document without a document type of its own entities.
///
/// The tokens come from ``XMLScanner``; this checks how they nest.
///
/// Elements and attributes are kept; text, comments, CDATA sections, processing instructions
/// and the document type declaration are checked for their end and skipped. Attribute values
/// have their references replaced (`&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#10;`,
/// `&#x41;`) and their white space normalized, as XML 1.0 §3.3.3 says.
enum XMLTree {
    /// An element of a document: its name, its attributes and its child elements.
    ///
    /// Text and comments are not kept: a data model file has none that matter.
    struct Element {
        var name: String
        var attributes: [String: String]
        var children: [Element] = []
        /// The line the element starts on, for errors about the file's structure.
        var line: Int

        subscript(attribute: String) -> String? { attributes[attribute] }

        func children(named name: String) -> [Element] { children.filter { $0.name == name } }
    }

    /// The root element of the document in `bytes`.
    ///
    /// - Throws: ``XMLSyntaxError`` at the first place the document is not well-formed.
    /// - Complexity: O(*n*) in the size of the document.
    static func parse(_ bytes: some Collection<UInt8>) throws(XMLSyntaxError) -> Element {
        let array = Array(bytes)
        let result = array.withUnsafeBufferPointer { buffer in
            Result { () throws(XMLSyntaxError) in try document(buffer) }
        }
        return try result.get()
    }

    /// The root element of `bytes`, built from their tokens.
    private static func document(_ bytes: UnsafeBufferPointer<UInt8>) throws(XMLSyntaxError) -> Element {
        var scanner = XMLScanner(bytes)
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) {
            throw scanner.error("the document is UTF-16; only UTF-8 is read")
        }
        var root: Element?
        // The elements started and not yet ended, outermost first.
        var open: [Element] = []
        while true {
            let token = try scanner.next()
            let start = scanner.tokenStart
            switch token {
            case .end:
                if let element = open.last { throw scanner.error("<\(element.name)> (line \(element.line)) is not closed") }
                guard let root else { throw scanner.error("the document has no root element") }
                return root
            case .text(let run):
                if let text = run.firstNonSpace, open.isEmpty {
                    throw scanner.error(root == nil ? "text before the root element" : "text after the root element", at: text)
                }
            case .processingInstruction, .comment:
                break
            case .cdata:
                guard !open.isEmpty else { throw scanner.error("a CDATA section outside the root element", at: start) }
            case .documentType:
                guard root == nil, open.isEmpty else {
                    throw scanner.error("a document type declaration after the root element", at: start)
                }
            case .endTag(let name):
                guard let element = open.popLast() else {
                    throw scanner.error("end tag </\(name)> without a start tag", at: start)
                }
                guard element.name == name else {
                    throw scanner.error("end tag </\(name)> does not end <\(element.name)> (line \(element.line))", at: start)
                }
                close(element, into: &open, root: &root)
            case .startTag(let name, let attributes, let isEmpty):
                guard root == nil || !open.isEmpty else { throw scanner.error("a second root element", at: start) }
                let element = Element(name: name, attributes: attributes, line: scanner.tokenLine)
                if isEmpty { close(element, into: &open, root: &root) } else { open.append(element) }
            }
        }
    }

    /// Adds an ended element to its parent, or makes it the root.
    private static func close(_ element: Element, into open: inout [Element], root: inout Element?) {
        if open.isEmpty { root = element } else { open[open.count - 1].children.append(element) }
    }
}
