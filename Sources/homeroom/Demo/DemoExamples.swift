import Foundation
import HomeroomCore

/// Finds the `Examples` folder of the Homeroom sources, where the demo's campus and recipe book
/// come from: under the working directory, else beside the sources this build was made from.
enum DemoExamples {
    /// The files the demo reads from it.
    static let campus = "campus.json"
    static let recipeBook = "recipe-book.json"

    /// The folder, or an error saying where it was looked for.
    static func folder() throws(UserFacingError) -> URL {
        let working = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Examples")
        // Sources/homeroom/Demo/DemoExamples.swift → the package's folder.
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")
        for candidate in [working, sources]
        where FileManager.default.isReadableFile(atPath: candidate.appendingPathComponent(campus).path) {
            return candidate
        }
        throw UserFacingError(
            "no Examples/\(campus) in \(working.deletingLastPathComponent().path) or \(sources.deletingLastPathComponent().path); start the demo from the Homeroom sources"
        )
    }
}
