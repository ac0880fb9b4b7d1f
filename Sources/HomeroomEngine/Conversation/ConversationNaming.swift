/// How a chat platform folds names (a channel, a person) into keys: all the ``ConversationMachine``
/// asks of a platform that answers each question in the response to it, and so never addresses
/// nor queues a line itself (``ConversationPlatform`` adds that).
package protocol ConversationNaming: Sendable {
    /// The key of a channel or person's name under the platform's case rules.
    func key(_ name: String) -> String
}

/// The names of a platform whose ids are exact (Slack's, Teams', a client's own): a name is its key.
package struct ExactNames: ConversationNaming {
    /// Exact names.
    package init() {}

    package func key(_ name: String) -> String { name }
}
