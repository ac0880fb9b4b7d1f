/// A plugin that keeps groups announcements may be addressed to (the events plugin's circles):
/// the runtime asks each installed plugin that conforms for its ``audiences``.
package protocol AudienceProviding: Plugin {
    /// The kinds of group it keeps, each named by a word no other plugin uses.
    var audiences: [AudienceProvider] { get }
}
