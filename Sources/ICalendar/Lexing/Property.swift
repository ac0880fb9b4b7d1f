/// One parameter of a content line, such as `TZID=Europe/Berlin` or `MEMBER="a","b"`.
public struct Parameter: Hashable, Sendable {
    /// Upper-cased name.
    public var name: String
    /// The values, unquoted, with RFC 6868 escapes decoded.
    public var values: [String]

    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }

    /// The values joined by commas, as most parameters have a single one.
    public var value: String { values.count == 1 ? values[0] : values.joined(separator: ",") }
}

/// One unfolded content line: `NAME;PARAM=VALUE:value`.
public struct Property: Sendable {
    /// Upper-cased name.
    public var name: String {
        didSet { known = KnownProperty(name) }
    }
    /// The name when the reader acts on it (`DTSTART`, `BEGIN`, …), matched once when the line is read.
    private(set) var known: KnownProperty?
    public var parameters: [Parameter]
    /// The value as written, a view into the text of the file (no copy is made while reading).
    var raw: Substring
    /// The line of the file the property starts on, counting from 1.
    public var line: Int

    public init(name: String, parameters: [Parameter] = [], value: String, line: Int = 0) {
        self.init(name: name, known: KnownProperty(name), parameters: parameters, raw: Substring(value), line: line)
    }

    /// `known` is ``KnownProperty`` of `name`, which the reader has already matched.
    init(name: String, known: KnownProperty?, parameters: [Parameter], raw: Substring, line: Int) {
        self.name = name
        self.known = known
        self.parameters = parameters
        self.raw = raw
        self.line = line
    }

    /// The value as written, escapes included (see ``text``).
    public var value: String {
        get { String(raw) }
        set { raw = Substring(newValue) }
    }

    /// The value of the named parameter (case-insensitive), if present.
    public func parameter(_ name: String) -> String? {
        for parameter in parameters where parameter.name == name { return parameter.value }
        if name.utf8.contains(where: { $0 >= 0x61 && $0 <= 0x7A }) { return parameter(name.uppercased()) }
        return nil
    }

    /// The value read as TEXT: `\n`, `\,`, `\;` and `\\` unescaped.
    public var text: String { TextEscaping.unescape(raw) }
}

/// A component: `BEGIN:NAME` … `END:NAME`, with its properties and nested components.
public struct Component: Sendable {
    /// Upper-cased name (`VCALENDAR`, `VEVENT`, `VTIMEZONE`, …).
    public var name: String
    public var properties: [Property]
    public var components: [Component]
    /// The line of its `BEGIN`.
    public var line: Int

    public init(name: String, properties: [Property] = [], components: [Component] = [], line: Int = 0) {
        self.name = name
        self.properties = properties
        self.components = components
        self.line = line
    }

    /// The first property of that name (upper case).
    public func property(_ name: String) -> Property? {
        properties.first { $0.name == name }
    }

    /// Every property of that name (upper case), in file order.
    public func properties(named name: String) -> [Property] {
        properties.filter { $0.name == name }
    }
}
