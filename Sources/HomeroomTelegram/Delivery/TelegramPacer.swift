import Foundation
import HomeroomCore

/// Holds messages to Telegram's published limits, so that it never has to refuse one for speed
/// (Bots FAQ, https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this):
/// "If you're sending messages inside a particular chat, avoid sending more than one message per
/// second"; "If you're sending messages to multiple users, the API will not allow more than about
/// 30 messages per second"; "Also note that your bot will not be able to send more than 20
/// messages per minute to the same group". Each message waits until its chat's second, its
/// group's minute and the bot's share of the second have room, and books its time. Time is the
/// clock's uptime.
package actor TelegramPacer {
    let clock: any HomeroomClock
    /// Seconds between two messages to one chat.
    static let perChatSpacing = 1.0
    /// Messages to one group within ``groupWindow`` seconds.
    static let perGroupWindowCount = 20
    /// The group limit's window, in seconds.
    static let groupWindow = 60.0
    /// Seconds between two messages of the bot.
    static let globalSpacing = 1.0 / 30
    /// The most chats remembered; the oldest are forgotten first (their bookings are long past).
    static let maximumChats = 10_000

    /// When each chat may next be written to.
    private var chatFreeAt: [Int64: Double] = [:]
    /// Each group's bookings within the last window, oldest first.
    private var groupBookings: [Int64: [Double]] = [:]
    /// When the bot may next send.
    private var globalFreeAt = 0.0

    /// A pacer on `clock`.
    package init(clock: any HomeroomClock) {
        self.clock = clock
    }

    /// Waits until a message to `chatID` (a group when `isGroup`) may go, and books its time.
    package func waitToSend(to chatID: Int64, isGroup: Bool) async throws {
        let now = Self.seconds(clock.uptime)
        var start = max(now, globalFreeAt, chatFreeAt[chatID] ?? 0)
        if isGroup {
            var bookings = (groupBookings[chatID] ?? []).filter { $0 > now - Self.groupWindow }
            if bookings.count >= Self.perGroupWindowCount {
                start = max(start, bookings[bookings.count - Self.perGroupWindowCount] + Self.groupWindow)
            }
            bookings.append(start)
            groupBookings[chatID] = Array(bookings.suffix(Self.perGroupWindowCount))
        }
        globalFreeAt = start + Self.globalSpacing
        chatFreeAt[chatID] = start + Self.perChatSpacing
        forgetPast(now: now)
        if start > now { try await clock.sleep(for: .seconds(start - now)) }
    }

    /// Forgets chats whose bookings are all past, once too many are remembered.
    private func forgetPast(now: Double) {
        guard chatFreeAt.count > Self.maximumChats || groupBookings.count > Self.maximumChats else { return }
        chatFreeAt = chatFreeAt.filter { $0.value > now }
        groupBookings = groupBookings.filter { ($0.value.last ?? 0) > now - Self.groupWindow }
    }

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
