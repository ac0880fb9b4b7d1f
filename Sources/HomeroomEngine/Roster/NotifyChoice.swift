import HomeroomCore

/// Where a person with several contacts wants notifications (`/me notify sms`): one of them, so
/// that a notice reaches them once.
package enum NotifyChoice: String, Sendable, CaseIterable {
    /// Text messages, to their number.
    case sms
    /// E-mail, to their address.
    case email

    /// The identity of `person`'s contact this choice names; nil when they have no such contact.
    package func contact(of person: RosterPerson) -> UserID? {
        person.contactIdentities.first { $0.adapter == rawValue }
    }

    /// Where a notice to `person` goes: their choice when they made one and have that contact,
    /// else their number, else their address; nil when the roster has no contact for them.
    package static func target(of person: RosterPerson, choosing choice: NotifyChoice?) -> UserID? {
        if let choice, let contact = choice.contact(of: person) { return contact }
        return NotifyChoice.sms.contact(of: person) ?? NotifyChoice.email.contact(of: person)
    }
}
