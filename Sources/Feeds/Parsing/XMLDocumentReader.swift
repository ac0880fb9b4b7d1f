import CLibXML2

/// Reads an XML document from outside with libxml2 under the rules for hostile input: entities
/// the document declares are not recorded, so no reference to one is ever expanded (only XML's
/// five predefined entities and character references are), external entities and DTDs are never
/// loaded, and libxml2's own limits stay on.
enum XMLDocumentReader {
    /// Recover from errors, never use the network, read CDATA as text, and collect errors rather
    /// than print them. Left out on purpose: `XML_PARSE_NOENT` (substitute entities),
    /// `XML_PARSE_DTDLOAD` and `XML_PARSE_DTDATTR` (read the DTD, apply its default attributes),
    /// and `XML_PARSE_HUGE`, which lifts libxml2's limits on nesting (256 deep), on the size of
    /// a text node and on entity amplification.
    static let options = Int32(
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue
            | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)

    /// The document `utf8` holds, or nil when libxml2 finds none; the caller frees it with
    /// `xmlFreeDoc`. What libxml2 reports goes to `collector`.
    ///
    /// A declared entity is dropped as it is declared, so a reference to it reads like any
    /// unknown one: dropped from attribute values, kept by name in text (see ``FeedNode``).
    static func document(_ utf8: [UInt8], collector: XMLWarningCollector) -> xmlDocPtr? {
        guard let context = xmlNewParserCtxt() else { return nil }
        defer { xmlFreeParserCtxt(context) }
        guard let handler = context.pointee.sax else { return nil }
        // The parser hands its own context to the callbacks; `_private` is the application's.
        context.pointee._private = Unmanaged.passUnretained(collector).toOpaque()
        handler.pointee.entityDecl = { parser, _, _, _, _, _ in
            guard let collector = parser?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return }
            Unmanaged<XMLWarningCollector>.fromOpaque(collector).takeUnretainedValue().declaresEntities = true
        }
        handler.pointee.externalSubset = { _, _, _, _ in }
        return collector.collecting {
            utf8.withUnsafeBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { chars -> xmlDocPtr? in
                    guard let length = Int32(exactly: chars.count) else { return nil }
                    // The bytes are UTF-8 now, whatever the declaration says.
                    return xmlCtxtReadMemory(context, chars.baseAddress, length, nil, "UTF-8", options)
                }
            }
        }
    }
}
