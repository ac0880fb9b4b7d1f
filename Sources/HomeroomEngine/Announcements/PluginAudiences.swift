import HomeroomCore

/// The groups plugins keep that announcements may be addressed to (the events plugin's circles),
/// each kind with the plugin that keeps it: the runtime finds a group and lists its members
/// through the plugin's ``AudienceProvider``, handing it the plugin's own storage at the
/// announcement's school, and never reads a plugin's tables itself.
package struct PluginAudiences: Sendable {
    /// Each kind's provider, with the id of the plugin it belongs to.
    let providers: [(pluginID: String, provider: AudienceProvider)]
    /// The services handed to the plugins, at each announcement's school; nil: no plugin is asked.
    let services: PluginServices?

    /// No plugin's groups: an announcement to one reaches no one.
    package static let none = PluginAudiences(providers: [], services: nil)

    /// The groups of `providers`, whose plugins are handed `services` (at each announcement's school).
    package init(providers: [(pluginID: String, provider: AudienceProvider)], services: PluginServices?) {
        self.providers = providers
        self.services = services
    }

    /// The providers of every plugin in `plugins` that keeps groups, with the plugin's id; throws
    /// when two plugins name a kind with the same word.
    package static func providers(of plugins: [any Plugin]) throws -> [(pluginID: String, provider: AudienceProvider)] {
        var found: [(pluginID: String, provider: AudienceProvider)] = []
        for case let plugin as any AudienceProviding in plugins {
            for provider in plugin.audiences {
                if let other = found.first(where: { $0.provider.kind == provider.kind }) {
                    throw UserFacingError(
                        "the audience \(provider.kind) is declared by both \(other.pluginID) and \(plugin.id)")
                }
                found.append((plugin.id, provider))
            }
        }
        return found
    }

    /// The provider of `kind`, with its plugin's id; nil when no plugin keeps that kind.
    func provider(of kind: String) -> (pluginID: String, provider: AudienceProvider)? {
        providers.first { $0.provider.kind == kind }
    }

    /// Up to `limit` members of the `kind` group `name` at `school`, by home identity, after
    /// `cursor` (nil: from the first), in their plugin's order; none when no plugin keeps `kind`.
    func members(of kind: String, named name: String, at school: School, after cursor: UserID?, limit: Int)
        async throws -> [UserID]
    {
        guard let services, let (pluginID, provider) = provider(of: kind) else { return [] }
        let storage = services.at(school).handingOver(to: pluginID).storage
        return try await provider.members(name, cursor, limit, storage)
    }
}
