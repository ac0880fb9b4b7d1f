import CivilDates
import Foundation
import HomeroomCore

/// What the console's audit page was asked for in its query: the filters as typed (`person`,
/// `action`, `from` and `to`, dates YYYY-MM-DD) and where the page starts (`before`, an entry's id).
struct AuditPageQuery {
    /// The person, as typed.
    let person: String
    /// The start of the action, as typed.
    let action: String
    /// The first day, as typed.
    let from: String
    /// The last day, as typed.
    let to: String
    /// The id the page's entries are older than; nil for the newest.
    let before: Int64?

    /// Reads the page's `query`.
    init(_ query: [String: String]) {
        func field(_ name: String) -> String { query[name, default: ""].trimmingCharacters(in: .whitespaces) }
        person = field("person")
        action = field("action")
        from = field("from")
        to = field("to")
        before = Int64(field("before"))
    }

    /// The filter these fields ask for, the days running midnight to midnight at `school`; nil
    /// when a date is not YYYY-MM-DD. A person written `adapter:id` is matched as the audit log
    /// stores ids (the adapter in lowercase).
    func filter(at school: SchoolCalendar) -> AuditFilter? {
        let first = from.isEmpty ? nil : LocalDate(iso: from)
        let last = to.isEmpty ? nil : LocalDate(iso: to)
        guard from.isEmpty || first != nil, to.isEmpty || last != nil else { return nil }
        return AuditFilter(
            actor: person.isEmpty ? nil : UserID(person)?.description ?? person,
            actionPrefix: action.isEmpty ? nil : action, from: first.map(school.startOfDay),
            until: last.map { school.startOfDay($0.adding(days: 1)) })
    }

    /// The page of these filters whose entries are older than the entry `id` (nil: the newest),
    /// as a link within the console.
    func link(before id: Int64?) -> String {
        let fields = [
            ("person", person), ("action", action), ("from", from), ("to", to), ("before", id.map(String.init) ?? ""),
        ]
        let query = fields.filter { !$0.1.isEmpty }.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "")"
        }
        return query.isEmpty ? "audit" : "audit?" + query.joined(separator: "&")
    }

    /// The characters a query value keeps as they are (RFC 3986's unreserved ones).
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
