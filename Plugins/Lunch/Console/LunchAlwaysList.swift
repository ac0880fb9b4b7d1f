import HomeroomCore

/// The dishes served every day, on the console: each with a Remove button and a form to add one,
/// for those who may change them (`lunch.always`); a plain list for others.
struct LunchAlwaysList {
    /// The action of the form that adds a dish (`/lunch always add`).
    static let addAction = "add"
    /// The action of a dish's Remove button (`/lunch always remove`).
    static let removeAction = "remove"

    /// The dishes, in order.
    let dishes: [String]
    /// True when the reader may add and remove dishes.
    let isEditable: Bool

    /// The heading, the dishes and the add form, in the language of `words`.
    func blocks(_ words: Words) -> [ConsoleBlock] {
        var blocks: [ConsoleBlock] = [.heading(words("Always available"))]
        if dishes.isEmpty {
            blocks.append(.paragraph(words("No dish is listed every day.")))
        } else {
            let rows: [[ConsoleCell]] = dishes.map { dish in
                guard isEditable else { return [.text(dish)] }
                return [
                    .text(dish),
                    .form(ConsoleForm(action: Self.removeAction, hidden: ["dish": dish], submit: words("Remove"))),
                ]
            }
            blocks.append(
                .table(
                    ConsoleTable(
                        caption: words("Dishes served every day"),
                        columns: isEditable ? [words("Dish"), words("Remove")] : [words("Dish")], rows: rows)))
        }
        if isEditable {
            blocks.append(
                .form(
                    ConsoleForm(
                        action: Self.addAction, fields: [ConsoleField("dish", label: words("Dish"))],
                        submit: words("Add"))))
        }
        return blocks
    }
}
