import CivilDates
import Foundation

/// Something people subscribe to with `/subscribe NAME [HH:MM]`: a plugin declares it, the
/// runtime keeps the subscriptions and the commands.
///
/// A *daily* topic is sent at each subscriber's time (in the school's zone), on school days when
/// it says so, with the text its `compose` gives for the date and subscriber; nil sends nothing
/// that day (no menu posted, a holiday). A topic whose plugin posts *as things happen* (new
/// stories) keeps its own subscribers: the runtime passes `/subscribe` and `/unsubscribe` on.
public struct SubscriptionTopic: Sendable {
    /// What a daily topic's `compose` receives.
    @dynamicMemberLookup
    public struct DailyContext: Sendable {
        /// The date it is sent for.
        public let date: LocalDate
        /// Where it goes.
        public let target: DeliveryTarget
        /// The adapter it goes through.
        public let adapter: String
        /// The instant it is sent.
        public let now: Date
        /// The topic's plugin's tables, the school, the clock, a logger, the outbox (a topic composed
        /// of several plugins' parts hands it on) and outgoing HTTP (a calendar feed to read first);
        /// read them as the context's own (`context.storage`).
        public let services: PluginServices
        /// The reader's language: the person's choice, else the channel's, else the school's.
        public let language: Language
        /// What the topic's plugin says, in ``language``.
        public let words: Words

        /// Creates a context; the runtime does this, and a plugin's tests send the topic through `TestBot`.
        package init(
            date: LocalDate, target: DeliveryTarget, adapter: String, now: Date, services: PluginServices,
            language: Language = .english, phrasebook: Phrasebook = .untranslated
        ) {
            self.language = language
            self.words = Words(phrasebook, language, content: services.translations)
            self.date = date
            self.target = target
            self.adapter = adapter
            self.now = now
            self.services = services
        }

        /// One of the ``services`` (`context.storage`, `context.clock`), read as the context's own.
        public subscript<T>(dynamicMember keyPath: KeyPath<PluginServices, T>) -> T { services[keyPath: keyPath] }
    }

    /// How the topic is delivered.
    public enum Delivery: Sendable {
        /// At the subscriber's time (or `defaultTime`), every day or on school days only.
        case daily(
            defaultTime: String, schoolDaysOnly: Bool, compose: @Sendable (DailyContext) async throws -> [String]?)
        /// By the plugin as things happen; the handlers subscribe and unsubscribe the command's
        /// conversation (returning whether anything changed) and tell whether it is subscribed.
        case asItHappens(
            subscribe: @Sendable (CommandContext) async throws -> Bool,
            unsubscribe: @Sendable (CommandContext) async throws -> Bool,
            isSubscribed: @Sendable (CommandContext) async throws -> Bool)
    }

    /// The name typed after `/subscribe`: `lunch`.
    public let name: String
    /// What a subscriber gets, for `/subscribe` without a topic: "today's lunch menu".
    public let summary: String
    /// How it is delivered.
    public let delivery: Delivery

    /// Declares a topic.
    public init(_ name: String, summary: String, delivery: Delivery) {
        self.name = name.lowercased()
        self.summary = summary
        self.delivery = delivery
    }
}
