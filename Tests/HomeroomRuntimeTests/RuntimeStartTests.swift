import Foundation
import HomeroomCore
import HomeroomRuntime
import HomeroomTesting
import Logging
import Testing

@Suite struct RuntimeStartTests {
    struct Strict: ConfigurablePlugin {
        static let id = "strict"
        struct Settings: Decodable, Sendable {
            var level: Int
            enum CodingKeys: String, CodingKey { case level }
            init(from decoder: any Decoder) throws {
                level = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int.self, forKey: .level) ?? 1
            }
        }
        init(settings: Settings) throws {
            guard settings.level <= 3 else { throw UserFacingError("level is 1 to 3") }
        }
        var personalData: PersonalData { .keepsNothing }
        var commands: [Command] { [] }
    }

    func start(plugins json: String) async throws {
        let bot = try await TestBot.start(plugins: [Strict.self]) { configuration in
            configuration.plugins = try! JSONDecoder().decode([String: JSONValue].self, from: Data(json.utf8))
        }
        await bot.stop()
    }

    @Test func pluginSectionsAreCheckedAtStartUp() async throws {
        try await start(plugins: #"{"strict": {"level": 2}}"#)
        let unknown = await #expect(throws: ConfigurationError.self) { try await start(plugins: #"{"strikt": {}}"#) }
        #expect(unknown?.description == "config error: plugins.strikt: no such plugin (the plugins are strict)")
        let badType = await #expect(throws: ConfigurationError.self) {
            try await start(plugins: #"{"strict": {"level": "high"}}"#)
        }
        #expect(badType?.key == "plugins.strict.level")
        let rejected = await #expect(throws: ConfigurationError.self) {
            try await start(plugins: #"{"strict": {"level": 9}}"#)
        }
        #expect(rejected?.description == "config error: plugins.strict: level is 1 to 3")
    }
}
