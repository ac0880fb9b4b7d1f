import Foundation
import SQLKit

/// Where a plugin puts the notifications it sends later: the runtime's durable outbox, which
/// delivers each at least once, across restarts and platform outages.
///
/// A plugin reaches it as ``PluginStorage/notifications`` (and ``PluginServices/outbox``). A
/// notification caused by a change is enqueued in the same transaction as the change, with
/// ``enqueue(adapter:target:lines:idempotencyKey:due:into:)``, so that neither is kept without the
/// other; its idempotency key makes a second enqueue of the same notification change nothing.
public protocol NotificationOutbox: Sendable {
    /// Adds a notification inside the caller's transaction `db`, due at `due`; returns false when
    /// one with the same idempotency key is already there.
    @discardableResult
    func enqueue(
        adapter: String, target: DeliveryTarget, lines: [String], idempotencyKey: String, due: Date,
        into db: any SQLDatabase
    ) async throws -> Bool

    /// Adds a notification, due now, in a transaction of its own; returns false when one with the
    /// same idempotency key is already there.
    @discardableResult
    func enqueue(adapter: String, target: DeliveryTarget, lines: [String], idempotencyKey: String) async throws
        -> Bool

    /// The language a notification to `target` on `adapter` is written in: the person's choice
    /// for a person, the channel's for a channel; nil when none was chosen (the school's then).
    func language(of target: DeliveryTarget, adapter: String, on db: any SQLDatabase) async throws -> Language?

}
