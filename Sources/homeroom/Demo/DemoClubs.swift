/// The demo's clubs, kept with `/club set` as an admin keeps them (setting a club again changes
/// it, so loading twice adds nothing twice).
enum DemoClubs {
    /// `/club set` arguments, one club each.
    private static let clubs = [
        #"robotics title Robotics category academic meets "Thursdays 15:30" room B-201 advisor "Ms. Rivera""#,
        #"chess title "Chess Club" category academic meets "Mondays at lunch" room A-110 advisor "Mr. Okafor""#,
        #"drama title "Drama Club" category arts meets "Tuesdays 15:30" room Theater advisor "Ms. Lindqvist""#,
        #"soccer title "Soccer Team" category sports meets "Mon, Wed, Fri 16:00" room Gym advisor "Coach Haddad""#,
        #"garden title "Garden Club" category service meets "Fridays at lunch" room Courtyard advisor "Mr. Nguyen""#,
    ]

    static func load(_ admin: DemoAdmin) async throws {
        for club in clubs { try await admin.send("club set \(club)") }
    }
}
