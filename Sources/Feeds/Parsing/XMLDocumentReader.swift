import CLibXML2

/// Reads an XML document from outside with libxml2 under the rules for hostile input: entities
/// the document declares are not recorded, so no reference to one is ever expanded (only XML's
/// five predefined entities and character references are), external entities and DTDs are never
/// loaded, and libxml2's own limits stay on.
enum XMLDocumentReader {
    /// Recover from errors, never use the network, read CDATA as text, keep short text inside its
    /// node, and collect errors rather than print them. Left out on purpose: `XML_PARSE_NOENT`
    /// (substitute entities), `XML_PARSE_DTDLOAD` and `XML_PARSE_DTDATTR` (read the DTD, apply its
    /// default attributes), and `XML_PARSE_HUGE`, which lifts libxml2's limits on nesting (256
    /// deep), on the size of a text node and on entity amplification.
    static let options = Int32(
        XML_PARSE_RECOVER.rawValue | XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue
            | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue | XML_PARSE_COMPACT.rawValue)

    /// The document `utf8` holds, or nil when libxml2 finds none; the caller frees it with
    /// `xmlFreeDoc`. What libxml2 reports goes to `collector`; the stories, elements and
    /// attributes past the caps are counted in `cap` and not built, comments and processing
    /// instructions are not built, and the reading stops at an element with more than
    /// ``FeedLimits/maximumNamespaces`` namespaces in scope or after ``FeedLimits/maximumErrors``
    /// errors.
    ///
    /// A declared entity is dropped as it is declared, so a reference to it reads like any
    /// unknown one: dropped from attribute values, kept by name in text (see ``FeedNode``).
    static func document(_ utf8: [UInt8], collector: XMLWarningCollector, cap: StoryCap) -> xmlDocPtr? {
        guard let context = xmlNewParserCtxt() else { return nil }
        defer { xmlFreeParserCtxt(context) }
        guard let handler = context.pointee.sax else { return nil }
        let hooks = Hooks(collector: collector, cap: cap, handler: handler.pointee)
        // The parser hands its own context to the callbacks; `_private` is the application's.
        context.pointee._private = Unmanaged.passUnretained(hooks).toOpaque()
        handler.pointee.entityDecl = { parser, _, _, _, _, _ in
            guard let hooks = Hooks.of(parser) else { return }
            hooks.collector.declaresEntities = true
        }
        handler.pointee.externalSubset = { _, _, _, _ in }
        handler.pointee.startElementNs = {
            parser, local, prefix, uri, namespaces, names, attributes, defaulted, values in
            guard let hooks = Hooks.of(parser), let context = parser?.assumingMemoryBound(to: xmlParserCtxt.self)
            else { return }
            // The parser keeps a prefix and an address for each namespace in scope.
            guard context.pointee.nsNr / 2 <= FeedLimits.maximumNamespaces else {
                hooks.collector.note(
                    "line \(xmlSAX2GetLineNumber(context)): more than \(FeedLimits.maximumNamespaces) namespaces "
                        + "in scope; the document was read up to there")
                xmlStopParser(context)
                return
            }
            hooks.cap.start(context, local: local, prefix: prefix, uri: uri) {
                // The attributes past the cap are left out; defaulted ones come last.
                let kept = hooks.cap.attributesToBuild(attributes)
                let keptDefaulted = max(0, defaulted - (attributes - kept))
                hooks.startElement?(parser, local, prefix, uri, namespaces, names, kept, keptDefaulted, values)
            }
        }
        handler.pointee.endElementNs = { parser, local, prefix, uri in
            guard let hooks = Hooks.of(parser), let context = parser?.assumingMemoryBound(to: xmlParserCtxt.self),
                hooks.cap.end(context)
            else { return }
            hooks.endElement?(parser, local, prefix, uri)
        }
        handler.pointee.characters = { parser, characters, length in
            guard let hooks = Hooks.building(parser) else { return }
            hooks.characters?(parser, characters, length)
        }
        handler.pointee.ignorableWhitespace = { parser, characters, length in
            guard let hooks = Hooks.building(parser) else { return }
            hooks.ignorableWhitespace?(parser, characters, length)
        }
        handler.pointee.reference = { parser, name in
            guard let hooks = Hooks.building(parser), let name else { return }
            // Written as text, as ``FeedNode`` reads a reference, not as a node for each reference.
            withUnsafeBytes(of: (UInt8(ascii: "&"), UInt8(ascii: ";"))) { marks in
                let marks = marks.bindMemory(to: xmlChar.self)
                hooks.characters?(parser, marks.baseAddress, 1)
                hooks.characters?(parser, name, xmlStrlen(name))
                hooks.characters?(parser, marks.baseAddress.map { $0 + 1 }, 1)
            }
        }
        // The readers look at neither, and each would be a node of its own.
        handler.pointee.comment = nil
        handler.pointee.processingInstruction = nil
        return withExtendedLifetime(hooks) {
            collector.collecting {
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

    /// What the callbacks reach through the parser's `_private`: the collector, the story cap, and
    /// libxml2's own tree-building callbacks, called for everything the cap lets through.
    private final class Hooks {
        let collector: XMLWarningCollector
        let cap: StoryCap
        let startElement: startElementNsSAX2Func?
        let endElement: endElementNsSAX2Func?
        let characters: charactersSAXFunc?
        let ignorableWhitespace: ignorableWhitespaceSAXFunc?

        init(collector: XMLWarningCollector, cap: StoryCap, handler: xmlSAXHandler) {
            self.collector = collector
            self.cap = cap
            startElement = handler.startElementNs
            endElement = handler.endElementNs
            characters = handler.characters
            ignorableWhitespace = handler.ignorableWhitespace
        }

        /// The hooks of the parser context `parser`.
        static func of(_ parser: UnsafeMutableRawPointer?) -> Hooks? {
            guard let hooks = parser?.assumingMemoryBound(to: xmlParserCtxt.self).pointee._private else { return nil }
            return Unmanaged<Hooks>.fromOpaque(hooks).takeUnretainedValue()
        }

        /// The hooks, or nil inside a story the cap skips.
        static func building(_ parser: UnsafeMutableRawPointer?) -> Hooks? {
            guard let hooks = of(parser), let context = parser?.assumingMemoryBound(to: xmlParserCtxt.self),
                !hooks.cap.isSkipping(context)
            else { return nil }
            return hooks
        }
    }
}
