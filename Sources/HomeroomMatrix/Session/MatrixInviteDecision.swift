import HomeroomCore

/// What the bot does with an invitation, decided from the stripped state the inviter shared:
/// an encrypted room is declined (the bot does not decrypt), an invitation from someone the
/// account accepts (``MatrixAccountSettings/acceptsInvitation(from:)``) is joined, any other is
/// declined with the reason.
package enum MatrixInviteDecision: Sendable, Equatable {
    /// Join; `isDirect`: the invitation is to a direct room with `inviter`.
    case join(inviter: String, isDirect: Bool)
    /// Decline, as the room is encrypted; `tellInviter`: the inviter is one the account accepts,
    /// and is told why in a direct message (a stranger is never written to).
    case declineEncrypted(inviter: String?, tellInviter: Bool)
    /// Decline with `reason`, shown to the room.
    case decline(inviter: String?, reason: String)

    /// The reason given to an encrypted room when its invitation is declined. No reply says which
    /// language the room reads: English.
    package static var encryptedReason: String {
        let words = Words(.matrix, .english)
        return words("Homeroom does not read encrypted rooms")
    }

    /// The decision on `invite` for `account`, logged in as `botUserID`.
    package static func decide(_ invite: SyncBatch.InvitedRoom, account: MatrixAccountSettings, botUserID: String)
        -> MatrixInviteDecision
    {
        let own = invite.inviteState.last {
            $0.type == "m.room.member" && $0.stateKey == botUserID && $0.content.membership == "invite"
        }
        let inviter = own?.sender
        let accepted = inviter.map(account.acceptsInvitation(from:)) ?? false
        if invite.inviteState.contains(where: { $0.type == "m.room.encryption" }) {
            return .declineEncrypted(inviter: inviter, tellInviter: accepted)
        }
        guard let inviter, accepted else {
            return .decline(inviter: inviter, reason: refusal(for: account))
        }
        return .join(inviter: inviter, isDirect: own?.content.isDirect == true)
    }

    /// "invitations are accepted from … only", naming at most a few inviters and servers, in
    /// English (no reply says which language the inviter reads).
    package static func refusal(for account: MatrixAccountSettings) -> String {
        let words = Words(.matrix, .english)
        var accepted = account.allowedInviters.prefix(3).map { $0 }
        accepted += account.allowedServers.prefix(3).map { words("people on {server}", ["server": $0]) }
        if account.allowedInviters.isEmpty && account.allowedServers.isEmpty {
            accepted = [
                MatrixID.serverName(of: account.userID).map { words("people on {server}", ["server": $0]) }
                    ?? words("people on the bot's own server")
            ]
        }
        let people = words.items(accepted)
        return account.allowedInviters.count + account.allowedServers.count > accepted.count
            ? words("invitations are accepted from {people} and a few more only", ["people": people])
            : words("invitations are accepted from {people} only", ["people": people])
    }
}
