import Foundation

/// Which audit entries to read: by whom, of which actions, in which span of time. A filter left
/// nil lets every entry through.
package struct AuditFilter: Sendable, Equatable {
    /// The actor, exactly as stored (`slack:T1:U2`).
    package var actor: String?
    /// The start of the action: `lunch` matches `lunch.set`.
    package var actionPrefix: String?
    /// The first instant included.
    package var from: Date?
    /// The first instant left out.
    package var until: Date?

    /// A filter of the given parts.
    package init(actor: String? = nil, actionPrefix: String? = nil, from: Date? = nil, until: Date? = nil) {
        self.actor = actor
        self.actionPrefix = actionPrefix
        self.from = from
        self.until = until
    }
}
