/// What a console page shows, top to bottom. The console lays it out and escapes every text, so
/// a dish named `<script>` shows as text.
public struct ConsoleView: Sendable {
    /// The parts of the page.
    public var blocks: [ConsoleBlock]

    /// A page of `blocks`.
    public init(_ blocks: [ConsoleBlock]) {
        self.blocks = blocks
    }
}

/// One part of a console page.
public enum ConsoleBlock: Sendable {
    /// A heading of a part of the page.
    case heading(String)
    /// A paragraph.
    case paragraph(String)
    /// Terms and what they are (a feed's address, its last good copy, its last error).
    case facts([ConsoleFact])
    /// A table whose cells may hold small forms (a week of menus edited day by day).
    case table(ConsoleTable)
    /// A form on its own.
    case form(ConsoleForm)
    /// Links to other console pages or to a week or month before or after.
    case links([ConsoleLink])
    /// Printable codes with their labels (the checkpoints' QR codes).
    case codes([ConsoleCode])
}

/// A term and what it is.
public struct ConsoleFact: Sendable {
    /// The term.
    public let term: String
    /// What it is.
    public let detail: String
    /// True when the detail is a problem (the feed's last error).
    public let isProblem: Bool

    /// Creates a fact.
    public init(_ term: String, _ detail: String, isProblem: Bool = false) {
        self.term = term
        self.detail = detail
        self.isProblem = isProblem
    }
}

/// A table with a caption and column headings; a row whose first cell is text has it as its heading.
public struct ConsoleTable: Sendable {
    /// What the table holds, read first by screen readers.
    public let caption: String
    /// The column headings.
    public let columns: [String]
    /// The rows.
    public let rows: [[ConsoleCell]]

    /// Creates a table.
    public init(caption: String, columns: [String], rows: [[ConsoleCell]]) {
        self.caption = caption
        self.columns = columns
        self.rows = rows
    }
}

/// One cell of a ``ConsoleTable``.
public enum ConsoleCell: Sendable {
    /// Text.
    case text(String)
    /// Lines of text, one under the other.
    case lines([String])
    /// A small form (one value and a button) whose field labels are left to screen readers: the
    /// row and the column say what the cell is.
    case form(ConsoleForm)
    /// A small form whose field labels show, for a cell that nothing else names (a day in a month).
    case labelledForm(ConsoleForm)
    /// Nothing.
    case empty
}

/// A link, within the console (`lunch?week=2026-12-07`) or to a page of the server (`/here/A1`).
public struct ConsoleLink: Sendable {
    /// What the link says.
    public let label: String
    /// Where it goes: a console page with its query, or an absolute path.
    public let target: String

    /// Creates a link.
    public init(_ label: String, to target: String) {
        self.label = label
        self.target = target
    }
}

/// A code to print, with its label.
public struct ConsoleCode: Sendable {
    /// The label printed under it.
    public let label: String
    /// What it encodes.
    public let content: String
    /// The code as an SVG image, made by Homeroom (never from outside text): the console puts it in
    /// the page as it is.
    public let svg: String

    /// Creates a code; only Homeroom's own plugins may, since the SVG is not escaped.
    package init(label: String, content: String, svg: String) {
        self.label = label
        self.content = content
        self.svg = svg
    }
}

/// A form: fields and one button. Posted to the page it is on, with ``action`` naming what to do.
public struct ConsoleForm: Sendable {
    /// What the form does, posted as the field `action` (`set`, `import`, `assign`).
    public let action: String
    /// The fields a person sees.
    public let fields: [ConsoleField]
    /// Fields posted as they are (the date a cell belongs to).
    public let hidden: [String: String]
    /// What the button says.
    public let submit: String
    /// True for a form whose button does something that cannot be undone (revoke a role).
    public let isDestructive: Bool

    /// Creates a form.
    public init(
        action: String, fields: [ConsoleField] = [], hidden: [String: String] = [:], submit: String,
        isDestructive: Bool = false
    ) {
        self.action = action
        self.fields = fields
        self.hidden = hidden
        self.submit = submit
        self.isDestructive = isDestructive
    }

    /// True when one of the fields is a file.
    public var takesFile: Bool { fields.contains { if case .file = $0.kind { true } else { false } } }
}

/// One field of a ``ConsoleForm``.
public struct ConsoleField: Sendable {
    /// What kind of field.
    public enum Kind: Sendable {
        /// A line of text.
        case text
        /// Several lines of text (one dish per line).
        case lines
        /// A yes-or-no box.
        case checkbox(checked: Bool)
        /// One of several values: each value with what it says.
        case choice([(value: String, label: String)])
        /// A date.
        case date
        /// A PIN or other secret, never shown again.
        case secret
        /// A file, of the types named (`.csv,text/csv`).
        case file(accept: String)
    }

    /// The field's name in the posted form.
    public let name: String
    /// What the field is called, shown beside it.
    public let label: String
    /// Its value now.
    public let value: String
    /// What kind of field.
    public let kind: Kind
    /// A hint under the field (the file's columns).
    public let hint: String?

    /// Creates a field.
    public init(_ name: String, label: String, value: String = "", kind: Kind = .text, hint: String? = nil) {
        self.name = name
        self.label = label
        self.value = value
        self.kind = kind
        self.hint = hint
    }
}
