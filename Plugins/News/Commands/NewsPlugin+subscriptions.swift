import Foundation
import HomeroomCore

extension NewsPlugin {
    var subscribeCommand: Command {
        Command(
            "subscribe", summary: "get new stories posted here (a channel needs news.subscribe.channel)",
            usage: "[SOURCE]",
            examples: [
                .init(
                    "news subscribe", "new stories of every source, in a direct message",
                    answerContains: "Subscribed: new stories of")
            ]
        ) { context in
            let (added, sources) = try await addSubscriptions(context, channelPermission: "news.subscribe.channel")
            return Reply(
                subscribed(
                    already: added == 0, source: sources.count == 1 ? sources[0].name : nil,
                    channel: context.message.conversation.channelName, context.words))
        }
    }

    var unsubscribeCommand: Command {
        Command(
            "unsubscribe", summary: "stop new stories being posted here", usage: "[SOURCE]",
            examples: [.init("news unsubscribe", "no more news in a direct message", answerContains: "Unsubscribed.")]
        ) { context in
            let removed = try await removeSubscriptions(context, channelPermission: "news.subscribe.channel")
            let words = context.words
            return Reply(removed == 0 ? words("There was no subscription to remove.") : words("Unsubscribed."))
        }
    }

    /// "Subscribed: new stories of every source will be posted to you.", or "Already subscribed: …",
    /// for one source or every source, posted to a channel or to the person.
    private func subscribed(already: Bool, source: String?, channel: String?, _ words: Words) -> String {
        switch (already, source, channel) {
        case (true, let source?, let channel?):
            words(
                "Already subscribed: new stories of \"{source}\" go to {channel}.",
                ["source": source, "channel": channel])
        case (true, let source?, nil):
            words("Already subscribed: new stories of \"{source}\" go to you.", ["source": source])
        case (true, nil, let channel?):
            words("Already subscribed: new stories of every source go to {channel}.", ["channel": channel])
        case (true, nil, nil):
            words("Already subscribed: new stories of every source go to you.")
        case (false, let source?, let channel?):
            words(
                "Subscribed: new stories of \"{source}\" will be posted to {channel}.",
                ["source": source, "channel": channel])
        case (false, let source?, nil):
            words("Subscribed: new stories of \"{source}\" will be posted to you.", ["source": source])
        case (false, nil, let channel?):
            words("Subscribed: new stories of every source will be posted to {channel}.", ["channel": channel])
        case (false, nil, nil):
            words("Subscribed: new stories of every source will be posted to you.")
        }
    }

    /// The `news` topic of `/subscribe`: new stories of every source, as they come.
    var newsTopic: SubscriptionTopic {
        SubscriptionTopic(
            "news", summary: "new stories of every source",
            delivery: .asItHappens(
                // The runtime's /subscribe has checked subscribe.channel for a channel already.
                subscribe: { context in try await addSubscriptions(context, channelPermission: nil).added > 0 },
                unsubscribe: { context in try await removeSubscriptions(context, channelPermission: nil) > 0 },
                isSubscribed: { context in
                    try await NewsStore(storage: context.storage).hasSubscriptions(
                        adapter: context.conversationAdapter, target: context.conversationTarget)
                }))
    }

    /// Subscribes the conversation to the sources the arguments name (every source when none),
    /// a channel only with `channelPermission` when given; returns how many subscriptions are
    /// new, and the sources.
    func addSubscriptions(_ context: CommandContext, channelPermission: String?) async throws -> (
        added: Int, sources: [NewsSource]
    ) {
        let (target, sources) = try await subscription(context, channelPermission: channelPermission)
        let store = NewsStore(storage: context.storage)
        var added = 0
        for source in sources
        where try await store.subscribe(
            adapter: context.conversationAdapter, target: target, source: source.id, by: context.caller.user.description
        ) {
            added += 1
        }
        return (added, sources)
    }

    /// Unsubscribes the conversation from the sources the arguments name (every source when
    /// none), a channel only with `channelPermission` when given; returns how many there were.
    func removeSubscriptions(_ context: CommandContext, channelPermission: String?) async throws -> Int {
        let (target, sources) = try await subscription(context, channelPermission: channelPermission)
        let store = NewsStore(storage: context.storage)
        var removed = 0
        for source in sources
        where try await store.unsubscribe(adapter: context.conversationAdapter, target: target, source: source.id) {
            removed += 1
        }
        return removed
    }

    /// Where the subscription delivers (this channel, or the user in a direct message) and which sources.
    private func subscription(_ context: CommandContext, channelPermission: String?) async throws -> (
        DeliveryTarget, [NewsSource]
    ) {
        let target = context.conversationTarget
        if case .channel = target, let channelPermission { try context.require(channelPermission) }
        let store = NewsStore(storage: context.storage)
        if context.arguments.isEmpty {
            let all = try await store.sources()
            guard !all.isEmpty else { throw UserFacingError(context.words("there are no news sources yet")) }
            return (target, all)
        }
        let name = context.arguments.joined(separator: " ")
        guard let source = try await store.source(named: name) else { throw unknownSource(name, context) }
        return (target, [source])
    }
}
