import HomeroomCore

extension DirectionsPlugin {
    /// `/console/campus`: the checkpoints' QR codes on one sheet to print, or one code large with
    /// `?checkpoint=B2-EAST`. Shown to people holding `campus.codes`.
    var campusPage: ConsolePage {
        ConsolePage("campus", capability: "campus.codes", title: { words in words("Campus") }, show: showCampus)
    }

    /// The sheet, one checkpoint's code, or what to do while no campus is imported.
    func showCampus(_ request: ConsoleRequest) async throws -> ConsoleView {
        guard let campus = try await campus(for: request.services) else {
            return ConsoleView([.paragraph(noCampusYet(request.words))])
        }
        let sheet = CheckpointCodeSheet(campus: campus, words: request.words, address: pageAddress(of:))
        guard let checkpoint = request.query["checkpoint"] else { return try sheet.everyCode() }
        return try sheet.oneCode(checkpoint)
    }
}
