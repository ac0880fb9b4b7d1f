import HomeroomCore

/// Turns a ``ConsoleView`` into what the templates read: one dictionary per block, one per
/// field, with ids unique on the page.
struct ConsoleRendering {
    /// The page's address, which every form posts to.
    let formAction: String
    private var nextID = 0

    init(formAction: String) {
        self.formAction = formAction
    }

    /// The blocks of `view`.
    mutating func blocks(_ view: ConsoleView) -> [[String: Any]] {
        view.blocks.map { block in
            switch block {
            case .heading(let text): return ["heading": text]
            case .paragraph(let text): return ["paragraph": text]
            case .facts(let facts):
                return [
                    "isFacts": !facts.isEmpty,
                    "facts": facts.map { ["term": $0.term, "detail": $0.detail, "isProblem": $0.isProblem] },
                ]
            case .table(let table): return ["table": self.table(table)]
            case .form(let form): return ["form": self.form(form, compact: false)]
            case .links(let links):
                return [
                    "isLinks": !links.isEmpty,
                    "links": links.map { ["label": $0.label, "target": Self.address($0.target)] },
                ]
            case .codes(let codes):
                return [
                    "isCodes": !codes.isEmpty,
                    "codes": codes.map { ["label": $0.label, "content": $0.content, "svg": Self.inline($0.svg)] },
                ]
            }
        }
    }

    /// A code's SVG as it sits in the page: without its XML declaration, and hidden from screen
    /// readers, which read the label under it instead.
    static func inline(_ svg: String) -> String {
        var image = Substring(svg)
        if image.hasPrefix("<?xml"), let end = image.range(of: "?>") { image = image[end.upperBound...] }
        image = image.drop { $0.isWhitespace }
        guard image.hasPrefix("<svg") else { return "" }
        return #"<svg aria-hidden="true" focusable="false""# + image.dropFirst("<svg".count)
    }

    /// A link's address: a path of this server stays; anything else is a console page, so that no
    /// link leaves for another site (`//elsewhere.example`).
    static func address(_ target: String) -> String {
        let isPath = target.hasPrefix("/") && !target.hasPrefix("//") && !target.hasPrefix("/\\")
        return isPath ? target : "/console/\(target.drop { $0 == "/" || $0 == "\\" })"
    }

    private mutating func table(_ table: ConsoleTable) -> [String: Any] {
        [
            "caption": table.caption, "columns": table.columns,
            "rows": table.rows.map { row in
                ["cells": row.enumerated().map { index, cell in self.cell(cell, isFirst: index == 0) }]
            },
        ]
    }

    /// A cell; the first of a row heads it when it is text.
    private mutating func cell(_ cell: ConsoleCell, isFirst: Bool) -> [String: Any] {
        switch cell {
        case .text(let text): return ["isHeading": isFirst, "text": text]
        case .lines(let lines): return ["isHeading": isFirst, "lines": lines]
        case .form(let form): return ["isHeading": false, "form": self.form(form, compact: true)]
        case .labelledForm(let form):
            return ["isHeading": false, "form": self.form(form, compact: true, labelled: true)]
        case .empty: return ["isHeading": false]
        }
    }

    /// A form; `compact` in a table cell, where its labels are for screen readers unless `labelled`.
    private mutating func form(_ form: ConsoleForm, compact: Bool, labelled: Bool = false) -> [String: Any] {
        let fields = form.fields.map { field(of: $0) }
        var rendered: [String: Any] = [
            "formAction": formAction, "action": form.action, "compact": compact, "hidesLabels": compact && !labelled,
            "multipart": form.takesFile,
            "hidden": form.hidden.sorted { $0.key < $1.key }.map { ["name": $0.key, "value": $0.value] },
            "fields": fields, "submit": form.submit, "isDestructive": form.isDestructive,
        ]
        return rendered
    }

    private mutating func field(of field: ConsoleField) -> [String: Any] {
        nextID += 1
        var rendered: [String: Any] = [
            "id": "field-\(nextID)", "name": field.name, "label": field.label, "value": field.value,
        ]
        if let hint = field.hint { rendered["hint"] = hint }
        switch field.kind {
        case .text: rendered["isText"] = true
        case .lines: rendered["isLines"] = true
        case .date: rendered["isDate"] = true
        case .secret: rendered["isSecret"] = true
        case .file(let accept):
            rendered["isFile"] = true
            rendered["accept"] = accept
        case .checkbox(let checked):
            rendered["isCheckbox"] = true
            rendered["checked"] = checked
        case .choice(let options):
            rendered["isChoice"] = true
            rendered["options"] = options.map {
                ["value": $0.value, "label": $0.label, "selected": $0.value == field.value] as [String: Any]
            }
        }
        return rendered
    }
}
