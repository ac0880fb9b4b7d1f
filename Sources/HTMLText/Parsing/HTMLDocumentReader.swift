import CLibXML2

/// Reads an HTML page with libxml2, building at most ``HTMLLimits/maximumElements`` elements: the
/// parse stops at the next start tag, and the page is what was read up to there. The attributes
/// past ``HTMLLimits/maximumAttributes`` are left out, and comments, which no reader looks at,
/// are not built. A page of millions of tiny paragraphs then costs a tree of
/// bounded size, not several hundred bytes of nodes for each of its bytes.
enum HTMLDocumentReader {
    /// Recover from errors, report none, never use the network, and keep libxml2's limits (no
    /// `HTML_PARSE_HUGE`).
    static let options = Int32(
        HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue
            | HTML_PARSE_NONET.rawValue | HTML_PARSE_COMPACT.rawValue)

    /// The document `bytes` hold, read in `encoding`; the caller frees it with `xmlFreeDoc`.
    static func document(_ bytes: [UInt8], encoding: String) -> htmlDocPtr? {
        guard let context = htmlNewParserCtxt() else { return nil }
        defer { htmlFreeParserCtxt(context) }
        guard let handler = context.pointee.sax else { return nil }
        let counter = ElementCounter(build: handler.pointee.startElement)
        // The parser hands its own context to the callbacks; `_private` is the application's.
        context.pointee._private = Unmanaged.passUnretained(counter).toOpaque()
        handler.pointee.startElement = { parser, name, attributes in
            guard let context = parser?.assumingMemoryBound(to: xmlParserCtxt.self),
                let counter = context.pointee._private.map({
                    Unmanaged<ElementCounter>.fromOpaque($0).takeUnretainedValue()
                })
            else { return }
            guard counter.built < HTMLLimits.maximumElements else {
                xmlStopParser(context)
                return
            }
            counter.built += 1
            // The attributes past the cap are cut off the list, which is a name and a value for each
            // and ends with nil; libxml2 frees the values it made by its own count.
            var index = 0
            while let attributes, attributes[index] != nil {
                guard counter.attributesLeft > 0 else {
                    attributes[index] = nil
                    break
                }
                counter.attributesLeft -= 1
                index += 2
            }
            counter.build?(parser, name, attributes)
        }
        handler.pointee.comment = nil
        return withExtendedLifetime(counter) {
            bytes.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { chars -> htmlDocPtr? in
                    guard let length = Int32(exactly: chars.count) else { return nil }
                    return htmlCtxtReadMemory(context, chars.baseAddress, length, nil, encoding, options)
                }
            }
        }
    }

    /// The elements built so far, the attributes that may still be built, and libxml2's own
    /// callback that builds an element.
    private final class ElementCounter {
        let build: startElementSAXFunc?
        var built = 0
        var attributesLeft = HTMLLimits.maximumAttributes

        init(build: startElementSAXFunc?) { self.build = build }
    }
}
