import Foundation
import HomeroomTestbed
import Testing

/// `Scripts/lib/check-imports` on the two small packages of `Tests/Fixtures/import-check`, each run in
/// a copy in a temporary folder (the check resolves the package, which writes its `.build`).
@Suite struct ImportCheckTests {
    @Test func aPackageThatDeclaresEveryImportPasses() async throws {
        let result = try await Self.check("library")
        #expect(result.status == 0, "\(result.text)\(result.errors)")
        #expect(result.text.isEmpty)
    }

    @Test func eachUndeclaredImportIsListedWithItsLineAndTheRestAreNot() async throws {
        let result = try await Self.check("app")
        #expect(result.status == 1, "\(result.errors)")
        // Declared.swift imports both modules of its one product, its own target, the toolchain's
        // modules, and names Third only in a comment and a string: none of it is listed.
        #expect(
            result.text.split(separator: "\n") == [
                "Sources/Undeclared/Undeclared.swift:2: Undeclared imports Second, which its dependencies in Package.swift do not list",
                "Sources/Undeclared/Undeclared.swift:3: Undeclared imports Third, which its dependencies in Package.swift do not list",
                "Tests/UndeclaredTests/UndeclaredTests.swift:2: UndeclaredTests imports Undeclared, which its dependencies in Package.swift do not list",
            ])
    }

    /// Copies both fixture packages (`app` uses `library` by path) and runs the check on `package`.
    private static func check(_ package: String) async throws -> ExternalProgram.Result {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("import-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(
            at: Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/import-check"), to: copy)
        return try await ExternalProgram.run(
            "/usr/bin/env",
            [
                "python3", Corpus.packageRoot.appendingPathComponent("Scripts/lib/check-imports").path,
                copy.appendingPathComponent(package).path,
            ])
    }
}
