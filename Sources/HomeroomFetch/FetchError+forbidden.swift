import HomeroomCore

extension FetchError {
    /// A connection refused because its address is of kind `use`, reached with `reach`: on an
    /// admin's host the words name the setting that opens it; a link or a redirect that left the
    /// admin's host is told that no setting does. `detail` (host and address) is for the log.
    static func forbidden(_ use: SpecialUse, reach: HopReach, detail: String) -> FetchError {
        FetchError(
            .forbiddenAddress, message: message(use, reach: reach),
            detail: detail + (reach == .adminHost ? "" : " off the host an admin set")
                + ", refused by the fetch settings")
    }

    private static func message(_ use: SpecialUse, reach: HopReach) -> String {
        guard let setting = use.openingSetting else { return "that is not an address a page can be fetched from" }
        return switch reach {
        case .adminHost: "that address is on \(use.place); an admin can allow it with \(setting)"
        case .linkElsewhere: "the link leads to \(use.place), which is read only for the addresses an admin set"
        case .redirectElsewhere: "the site redirects to \(use.place), which is not followed"
        }
    }
}
