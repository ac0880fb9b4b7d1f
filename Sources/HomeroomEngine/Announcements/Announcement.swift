import Foundation
import HomeroomCore

/// A message to a whole audience at once (`/announce`): a snow day, a late start, a lockdown.
/// Each recipient gets it once, on their chosen contact and in their language when a translation
/// was given, through the outbox, whose rows are keyed `announce:ID:RECIPIENT`.
package struct Announcement: Sendable, Equatable {
    /// Where an announcement is.
    package enum State: String, Sendable {
        /// Written; a second person must approve it (the school asks for approval).
        case awaitingApproval = "awaiting-approval"
        /// Approved, to be sent at ``Announcement/sendAt``.
        case scheduled
        /// Being put in the outbox, recipient by recipient.
        case sending
        /// Every recipient's message is in the outbox.
        case sent
        /// Stopped by `/announce cancel`.
        case cancelled
    }

    package let id: Int64
    /// The school it is from; nil for the sole school of a deployment.
    package let school: String?
    /// Who wrote it (their person).
    package let author: UserID
    /// The text, as the author wrote it.
    package let text: String
    /// The text in other languages, by language.
    package let translations: [Language: String]
    package let audience: Audience
    /// True for an urgent alert: sent at once, quiet hours or not, and never awaiting approval.
    package let isUrgent: Bool
    /// When it goes out; nil: as soon as it may.
    package let sendAt: Date?
    package let state: State
    /// Who approved it, when approval was asked for.
    package let approvedBy: UserID?
    package let createdAt: Date
    /// The announcement this one corrects: it goes only to those who got that one.
    package let corrects: Int64?

    /// The text for a reader of `language`: its translation when one was given, else the text.
    package func text(in language: Language) -> String { translations[language] ?? text }
}
