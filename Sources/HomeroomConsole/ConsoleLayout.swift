import HomeroomCore

/// One console page around what it shows: the school's name, the menu of pages the person may
/// open, sign-out, the notice a form left, then the blocks.
struct ConsoleLayout {
    /// A page in the menu.
    struct MenuItem {
        let path: String
        let title: String
    }

    let school: String
    let words: Words
    let menu: [MenuItem]
    /// The signed-in person and the session's form token; nil on the sign-in pages.
    let signedIn: (who: String, csrf: String)?

    /// The whole page at `path` (with `query`, which its forms post back to) titled `title`,
    /// showing `view` under `notice`.
    func render(path: String, query: String? = nil, title: String, view: ConsoleView, notice: ConsoleNotice?) -> String
    {
        var rendering = ConsoleRendering(
            formAction: "/console/\(path)" + (query.flatMap { $0.isEmpty ? nil : "?\($0)" } ?? ""))
        let words = words
        var context: [String: Any] = [
            "lang": words.language.code, "dir": words.language.direction,
            "title": title, "school": school, "skip": words("Skip to the page"), "menuLabel": words("Console pages"),
            "hasMenu": !menu.isEmpty,
            "menu": menu.map { ["path": $0.path, "title": $0.title, "current": $0.path == path] as [String: Any] },
            "blocks": rendering.blocks(view),
        ]
        if let signedIn {
            context["signedIn"] = true
            context["who"] = signedIn.who
            context["csrf"] = signedIn.csrf
            context["signOut"] = words("Sign out")
        }
        if let notice {
            context["notice"] =
                [
                    "lines": notice.lines, "isError": notice.isError, "role": notice.isError ? "alert" : "status",
                ] as [String: Any]
        }
        return ConsoleTemplates.render(context, "page")
    }
}
