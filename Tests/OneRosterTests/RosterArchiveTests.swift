import Foundation
import HomeroomTestbed
import OneRoster
import Testing

/// Exports in ZIP archives: stored and deflated entries are read, and an archive that lies about
/// sizes, fails its CRC, is encrypted or is past the limits is refused without being inflated whole.
@Suite struct RosterArchiveTests {
    static let zip = "/usr/bin/zip"

    func archive(_ files: [String: [UInt8]], method: UInt16 = 0) -> [UInt8] {
        TestArchive(
            entries: files.sorted(by: { $0.key < $1.key }).map {
                TestArchive.Entry(path: $0.key, contents: $0.value, method: method)
            }
        ).bytes
    }

    func readError(_ archive: [UInt8], _ limits: RosterLimits = .standard) -> RosterError? {
        do {
            _ = try RosterExport.read(archive: archive, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [0, 8] as [UInt16])
    func storedAndDeflatedEntriesAreRead(method: UInt16) throws {
        let expected = try RosterExport.read(files: SmallExport.files())
        #expect(try RosterExport.read(archive: archive(SmallExport.files(), method: method)) == expected)
    }

    @Test func entryNamesAreCutToTheirLastComponentAndOtherFilesSkipped() throws {
        var files: [String: [UInt8]] = [:]
        for (name, bytes) in SmallExport.files() { files[name] = bytes }
        files["../../users.csv"] = files.removeValue(forKey: "users.csv")
        files["/etc/orgs.csv"] = files.removeValue(forKey: "orgs.csv")
        files["../../../etc/passwd"] = Array("root:x:0:0".utf8)
        files["photos/"] = []
        let export = try RosterExport.read(archive: archive(files))
        #expect(export == (try RosterExport.read(files: SmallExport.files())))
    }

    @Test func twoEntriesWithTheSameWantedNameAreRefused() {
        var files = SmallExport.files()
        files["old/users.csv"] = files["users.csv"]
        #expect(readError(archive(files)) == .archive(.duplicate("users.csv")))
    }

    @Test func anEntryThatInflatesPastItsDeclaredSizeIsStoppedThere() {
        var entries = SmallExport.files().sorted(by: { $0.key < $1.key }).map {
            TestArchive.Entry(path: $0.key, contents: $0.value, method: 8)
        }
        let users = entries.firstIndex { $0.path == "users.csv" }!
        entries[users].contents = Array(repeating: UInt8(ascii: "a"), count: 3_000_000)
        entries[users].declaredSize = 1_000
        #expect(readError(TestArchive(entries: entries).bytes) == .archive(.sizeMismatch("users.csv")))
    }

    @Test func declaredSizesPastTheLimitsAreRefusedBeforeInflating() {
        var entries = SmallExport.files().sorted(by: { $0.key < $1.key }).map {
            TestArchive.Entry(path: $0.key, contents: $0.value, method: 8)
        }
        let users = entries.firstIndex { $0.path == "users.csv" }!
        entries[users].declaredSize = 200_000_000
        #expect(readError(TestArchive(entries: entries).bytes) == .overLimit(.fileBytes, file: "users.csv", line: nil))
        var limits = RosterLimits.standard
        limits.totalBytes = 500
        #expect(
            readError(archive(SmallExport.files()), limits)?.description.hasSuffix("past the totalBytes limit") == true)
    }

    @Test func aCompressedZipBombIsRefused() async throws {
        try #require(ExternalProgram.isInstalled(Self.zip), "zip is not installed")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oneroster-bomb-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, bytes) in SmallExport.files() { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        // 8 MB of one byte compresses to about 8 KB.
        try Data(repeating: UInt8(ascii: "a"), count: 8 << 20).write(to: folder.appendingPathComponent("users.csv"))
        let zipped = folder.appendingPathComponent("export.zip").path
        let result = try await ExternalProgram.run(
            Self.zip,
            ["-q", "-j", "-9", zipped] + SmallExport.files().keys.map { folder.appendingPathComponent($0).path })
        #expect(result.status == 0)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: zipped)))
        #expect(bytes.count < 100_000)
        var limits = RosterLimits.standard
        limits.fileBytes = 1 << 20
        #expect(readError(bytes, limits) == .overLimit(.fileBytes, file: "users.csv", line: nil))
    }

    @Test func archivesMadeByZipAreRead() async throws {
        try #require(ExternalProgram.isInstalled(Self.zip), "zip is not installed")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oneroster-zip-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let district = OneRosterSampleDistrict(students: 200, guardians: 300)
        try district.write(to: folder)
        let names = district.files().keys.sorted().map { folder.appendingPathComponent($0).path }
        for level in ["-0", "-6"] {
            let zipped = folder.appendingPathComponent("export\(level).zip").path
            let result = try await ExternalProgram.run(Self.zip, ["-q", "-j", level, zipped] + names)
            #expect(result.status == 0)
            #expect(try RosterExport.read(atPath: zipped) == district.export())
        }
    }

    @Test func aChecksumMismatchIsRefused() {
        var entries = SmallExport.files().sorted(by: { $0.key < $1.key }).map {
            TestArchive.Entry(path: $0.key, contents: $0.value)
        }
        entries[0].declaredChecksum = TestArchive.crc32(entries[0].contents) ^ 1
        #expect(readError(TestArchive(entries: entries).bytes) == .archive(.checksumMismatch(entries[0].path)))
    }

    @Test func encryptedAndUnknownMethodsAreRefused() {
        var entries = SmallExport.files().sorted(by: { $0.key < $1.key }).map {
            TestArchive.Entry(path: $0.key, contents: $0.value)
        }
        entries[0].flags = 1
        #expect(readError(TestArchive(entries: entries).bytes) == .archive(.encrypted(entries[0].path)))
        entries[0].flags = 0
        entries[0].method = 12
        #expect(
            readError(TestArchive(entries: entries).bytes) == .archive(.unsupportedMethod(entries[0].path, method: 12)))
    }

    @Test func cutAndDamagedArchivesAreRefused() {
        let whole = archive(SmallExport.files(), method: 8)
        #expect(readError(Array("manifest.csv".utf8)) == .archive(.notAnArchive))
        for cut in [10, 30, 100, whole.count / 2] {
            #expect(readError(Array(whole.dropLast(cut))) != nil)
        }
        var scrambled = whole
        for index in stride(from: 40, to: scrambled.count / 2, by: 7) { scrambled[index] ^= 0x5A }
        #expect(readError(scrambled) != nil)
    }

    @Test func aPathIsReadAsAFolderOrAnArchiveByItsContents() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oneroster-path-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let expected = try RosterExport.read(files: SmallExport.files())
        for (name, bytes) in SmallExport.files() { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        let named = folder.appendingPathComponent("export.dat")
        try Data(archive(SmallExport.files(), method: 8)).write(to: named)
        #expect(try RosterExport.read(atPath: folder.path) == expected)
        #expect(try RosterExport.read(atPath: named.path) == expected)
        let text = folder.appendingPathComponent("manifest.csv").path
        #expect(throws: RosterError.unreadable(path: text, reason: "neither a folder nor a ZIP archive")) {
            try RosterExport.read(atPath: text)
        }
    }
}
