/// A plugin's console page bound to the plugin's storage and phrasebook, as the console serves it.
package struct ServedConsolePage: Sendable {
    /// The plugin it belongs to.
    package let pluginID: String
    /// The page.
    package let page: ConsolePage
    let services: PluginServices
    let phrasebook: Phrasebook

    /// Binds plugin `pluginID`'s `page` to the plugin's `services`, speaking from its `phrasebook`.
    package init(pluginID: String, page: ConsolePage, services: PluginServices, phrasebook: Phrasebook = .untranslated)
    {
        self.pluginID = pluginID
        self.page = page
        self.services = services
        self.phrasebook = phrasebook
    }

    /// The same page over the data of `school` (its scope for the page's plugin), in its zone.
    package func at(_ school: School) -> ServedConsolePage {
        ServedConsolePage(pluginID: pluginID, page: page, services: services.at(school), phrasebook: phrasebook)
    }

    /// The page's title in `language`.
    package func title(in language: Language) -> String {
        page.title(Words(phrasebook, language, content: services.translations))
    }

    /// True when `caller` may see the page and use its forms.
    package func admits(_ caller: Caller) -> Bool { caller.may(page.capability) }

    /// The request `caller` makes of the page, in `language`; `runner` runs chat commands as them.
    package func request(
        by caller: Caller, in language: Language, query: [String: String], form: [String: String] = [:],
        upload: ConsoleUpload? = nil, runner: @escaping @Sendable (PlatformCommand) async -> Reply?
    ) -> ConsoleRequest {
        ConsoleRequest(
            caller: caller, words: Words(phrasebook, language, content: services.translations), query: query,
            form: form, upload: upload, services: services, runner: runner)
    }

    /// Shows the page; throws ``UserFacingError`` when the caller may not see it.
    package func show(_ request: ConsoleRequest) async throws -> ConsoleView {
        guard admits(request.caller) else {
            throw UserFacingError.missingPermission(page.capability, Words(.core, request.words.language))
        }
        return try await page.show(request)
    }

    /// Does what a posted form asks; throws ``UserFacingError`` when the caller may not, or the
    /// page has no forms.
    package func change(_ request: ConsoleRequest) async throws -> [ConsoleNotice] {
        guard admits(request.caller) else {
            throw UserFacingError.missingPermission(page.capability, Words(.core, request.words.language))
        }
        guard let change = page.change else {
            let words = Words(.core, request.words.language)
            throw UserFacingError(words("This page has nothing to change."))
        }
        return try await change(request)
    }
}
