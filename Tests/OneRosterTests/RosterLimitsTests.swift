import OneRoster
import Testing

/// A file past one of the limits is refused with the limit's name, never read into unbounded memory.
@Suite struct RosterLimitsTests {
    func readError(_ files: [String: [UInt8]], _ limits: RosterLimits) -> RosterError? {
        do {
            _ = try RosterExport.read(files: files, limits: limits)
            return nil
        } catch {
            return error
        }
    }

    func limits(_ change: (inout RosterLimits) -> Void) -> RosterLimits {
        var limits = RosterLimits.standard
        change(&limits)
        return limits
    }

    @Test func aFieldPastTheFieldLimitStopsTheReadOnItsLine() {
        let users =
            SmallExport.usersHeader + "st1,,,true,s1,student,,,Ana,\(String(repeating: "x", count: 4_097)),,,,,,,,\n"
        let error = readError(SmallExport.files(replacing: ["users.csv": users]), .standard)
        #expect(error == .overLimit(.fieldBytes, file: "users.csv", line: 2))
        #expect(error?.description == "users.csv line 2: past the fieldBytes limit")
    }

    @Test func aQuotedFieldSpanningLinesCountsAsOneField() {
        let long = String(repeating: "word\n", count: 20)
        let users = SmallExport.usersHeader + "st1,,,true,s1,student,,,Ana,\"\(long)\",,,,,,,,\n"
        #expect(
            readError(SmallExport.files(replacing: ["users.csv": users]), limits { $0.fieldBytes = 99 })
                == .overLimit(.fieldBytes, file: "users.csv", line: 2))
        #expect(readError(SmallExport.files(replacing: ["users.csv": users]), limits { $0.fieldBytes = 100 }) == nil)
    }

    @Test func moreRowsThanTheRowLimitStopTheRead() {
        let files = SmallExport.files(replacing: ["manifest.csv": SmallExport.manifest(["users": "bulk"])])
        #expect(readError(files, limits { $0.rowsPerFile = 3 }) == .overLimit(.rowsPerFile, file: "users.csv", line: 5))
        #expect(readError(files, limits { $0.rowsPerFile = 4 }) == nil)
    }

    @Test func aRowOfManyCommasStopsTheReadBeforeItBecomesStrings() {
        let users = SmallExport.usersHeader + String(repeating: ",", count: 1_000_000) + "\n"
        #expect(
            readError(SmallExport.files(replacing: ["users.csv": users]), .standard)
                == .overLimit(.fieldsPerRow, file: "users.csv", line: 2))
    }

    @Test func aListPastTheItemLimitStopsTheRead() {
        let agents = (1...101).map { "g\($0)" }.joined(separator: ",")
        let users = SmallExport.usersHeader + "st1,,,true,s1,student,,,Ana,Lopez,,,,,,\"\(agents)\",,\n"
        #expect(
            readError(SmallExport.files(replacing: ["users.csv": users]), .standard)
                == .overLimit(.itemsPerList, file: "users.csv", line: 2))
    }

    @Test func filesPastTheFileOrTotalLimitAreRefused() {
        let files = SmallExport.files()
        let total = files.values.map(\.count).reduce(0, +)
        #expect(
            readError(files, limits { $0.fileBytes = files["users.csv"]!.count - 1 })
                == .overLimit(.fileBytes, file: "users.csv", line: nil))
        #expect(
            readError(files, limits { $0.totalBytes = total - 1 })?.description.hasSuffix("past the totalBytes limit")
                == true)
        #expect(readError(files, limits { $0.totalBytes = total }) == nil)
    }

    @Test func problemsPastTheProblemLimitAreCountedNotKept() throws {
        let users = SmallExport.usersHeader + String(repeating: ",,,true,s1,student,,,A,B,,,,,,,,\n", count: 5)
        let export = try RosterExport.read(
            files: SmallExport.files(replacing: ["users.csv": users]), limits: limits { $0.problems = 2 })
        #expect(export.problems.map(\.line) == [2, 3])
        #expect(export.problemsLeftOut == 3)
    }
}
