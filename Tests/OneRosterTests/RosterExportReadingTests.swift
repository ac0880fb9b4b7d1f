import HomeroomCore
import OneRoster
import Testing

/// Reading OneRoster 1.1 and 1.2 CSV files: columns by name, roles from `roles.csv`, delta statuses,
/// and bad rows skipped with their file and line while the rest is read.
@Suite struct RosterExportReadingTests {
    @Test func aBulkOnePointOneExportIsReadWhole() throws {
        let export = try RosterExport.read(files: SmallExport.files())
        #expect(export.version == .v1p1)
        #expect(export.mode(of: .users) == .bulk)
        #expect(export.mode(of: .academicSessions) == .absent)
        #expect(export.mode(of: .roles) == .absent)
        #expect(export.problems == [])
        #expect(
            export.orgs == [
                RosterOrg(sourcedId: "d1", name: "Lakeside District", type: "district"),
                RosterOrg(
                    sourcedId: "s1", name: "Lakeside High", type: "school", identifier: "LHS", parentSourcedId: "d1"),
            ])
        #expect(export.users.map(\.sourcedId) == ["st1", "g1", "g2", "t1"])
        #expect(export.users.map(\.role) == [.student, .parent, .guardian, .teacher])
        let student = export.users[0]
        #expect(student.agentSourcedIds == ["g1", "g2"])
        #expect(student.grades == ["09"])
        #expect(student.identifier == "1001")
        #expect(student.username == "ana")
        #expect(student.orgSourcedIds == ["s1"])
        #expect(student.status == .active)
        let mother = export.users[1]
        #expect(mother.email == "maria@example.com")
        #expect(mother.sms == PhoneNumber("(312) 555-0142"))
        #expect(mother.sms?.e164 == "+13125550142")
        #expect(export.users[2].enabled == false)
        #expect(export.users[2].phone?.e164 == "+442079460958")
        #expect(export.users[3].grades == ["09", "10"])
        #expect(
            export.classes == [
                RosterClass(
                    sourcedId: "c1", title: "Algebra I", grades: ["09"], courseSourcedId: "co1", classCode: "ALG-1",
                    classType: "scheduled", location: "Room 4", schoolSourcedId: "s1", termSourcedIds: ["term1"],
                    subjects: ["Math"], periods: ["1", "2"])
            ])
        #expect(
            export.enrollments == [
                RosterEnrollment(
                    sourcedId: "e1", classSourcedId: "c1", schoolSourcedId: "s1", userSourcedId: "st1", role: .student,
                    beginDate: "2026-08-24", endDate: "2027-06-11"),
                RosterEnrollment(
                    sourcedId: "e2", classSourcedId: "c1", schoolSourcedId: "s1", userSourcedId: "t1", role: .teacher,
                    primary: true),
            ])
    }

    @Test func aOnePointTwoExportTakesThePrimaryRoleAndTheOrgsFromRolesCSV() throws {
        let users = """
            sourcedId,status,dateLastModified,enabledUser,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password,userMasterIdentifier,preferredGivenName
            st1,,,true,ana,,Ana,Lopez,,,,,,g1,09,,M1,Annie
            t1,,,true,tk,,Tom,Kay,,,,,,,,,,
            x1,,,true,xx,,Nobody,Else,,,,,,,,,,

            """
        let roles = """
            sourcedId,status,dateLastModified,userSourcedId,roleType,role,beginDate,endDate,orgSourcedId,userProfileSourcedId
            r1,,,st1,primary,student,,,s1,
            r2,,,t1,secondary,aide,,,s2,
            r3,,,t1,primary,teacher,,,s1,

            """
        let export = try RosterExport.read(
            files: SmallExport.files(replacing: [
                "manifest.csv": SmallExport.manifest(
                    version: "1.2", ["orgs": "bulk", "users": "bulk", "roles": "bulk"]),
                "users.csv": users, "roles.csv": roles,
            ]))
        #expect(export.version == .v1p2)
        #expect(export.users.map(\.sourcedId) == ["st1", "t1"])
        #expect(export.users.map(\.role) == [.student, .teacher])
        #expect(export.users[1].orgSourcedIds == ["s1", "s2"])
        #expect(export.users[0].preferredGivenName == "Annie")
        #expect(export.problems.map(\.description) == ["users.csv line 4: no role in roles.csv"])
    }

    @Test func aDeltaExportKeepsEachRowsStatusAndNamesRowsWithoutOne() throws {
        let users =
            SmallExport.usersHeader + """
                st1,tobedeleted,2026-09-01T10:00:00Z,,,,,,,,,,,,,,,
                st2,active,2026-09-01T10:00:00Z,true,s1,student,,,Bo,Berg,,,,,,,10,
                st3,,,true,s1,student,,,Cy,Berg,,,,,,,10,
                st4,retired,,true,s1,student,,,Di,Berg,,,,,,,10,

                """
        let export = try RosterExport.read(
            files: SmallExport.files(replacing: [
                "manifest.csv": SmallExport.manifest(["users": "delta"]), "users.csv": users,
            ]))
        #expect(export.mode(of: .users) == .delta)
        #expect(export.mode(of: .orgs) == .absent)
        #expect(export.orgs.isEmpty)
        #expect(export.users.map(\.sourcedId) == ["st1", "st2"])
        #expect(export.users.map(\.status) == [.toBeDeleted, .active])
        #expect(export.users[0].role == nil)
        #expect(export.users[0].dateLastModified == "2026-09-01T10:00:00Z")
        #expect(
            export.problems.map(\.description) == [
                "users.csv line 4: no status in a delta file",
                #"users.csv line 5: status "retired" is neither active nor tobedeleted"#,
            ])
    }

    @Test func columnsAreFoundByNameInAnyOrderAndUnknownOnesAreIgnored() throws {
        let users = """
            favoriteColor,familyName,role,GivenName,sourcedId,agentSourcedIds
            teal,Lopez,student,Ana,st1,"g1,g2"

            """
        let export = try RosterExport.read(files: SmallExport.files(replacing: ["users.csv": users]))
        #expect(export.users.count == 1)
        #expect(export.users.first?.givenName == "Ana")
        #expect(export.users.first?.familyName == "Lopez")
        #expect(export.users.first?.agentSourcedIds == ["g1", "g2"])
    }

    @Test func aBadRowIsSkippedWithItsFileAndLineAndTheRestIsRead() throws {
        let users =
            SmallExport.usersHeader + """
                st1,,,true,s1,student,,,Ana,Lopez,,,,,,,09,
                ,,,true,s1,student,,,No,Id,,,,,,,09,
                st3,,,true,s1,,,,No,Role,,,,,,,09,
                "st4
                still st4",,,true,s1,student,,,Multi,Line,,,,,,,09,
                st5,,,true,s1,student,,,,Nameless,,,,,,,09,
                st6,,,true,s1,student,,,Cy,Berg,,,,,,,10,

                """
        let export = try RosterExport.read(files: SmallExport.files(replacing: ["users.csv": users]))
        #expect(export.users.map(\.sourcedId) == ["st1", "st4\nstill st4", "st6"])
        #expect(
            export.problems.map(\.description) == [
                "users.csv line 3: no sourcedId", "users.csv line 4: no role", "users.csv line 7: no givenName",
            ])
    }

    @Test func aRepeatedSourcedIdKeepsTheFirstRowAndNamesTheLaterOne() throws {
        let users =
            SmallExport.usersHeader + """
                st1,,,true,s1,student,,,Ana,Lopez,,,,,,,09,
                st2,,,true,s1,student,,,Bo,Berg,,,,,,,09,
                st1,,,true,s1,student,,,Other,Ana,,,,,,,09,

                """
        let export = try RosterExport.read(files: SmallExport.files(replacing: ["users.csv": users]))
        #expect(export.users.map(\.givenName) == ["Ana", "Bo"])
        #expect(export.problems.map(\.description) == ["users.csv line 4: sourcedId st1 is already on line 2"])
    }

    @Test func anExportWithoutAManifestIsRefused() {
        #expect(throws: RosterError.noManifest) {
            try RosterExport.read(files: SmallExport.files(replacing: ["manifest.csv": nil]))
        }
    }

    @Test func aFileTheManifestListsButTheExportLacksIsNamed() {
        #expect(throws: RosterError.missingFile(.classes)) {
            try RosterExport.read(files: SmallExport.files(replacing: ["classes.csv": nil]))
        }
    }

    @Test func aFileWithoutARequiredColumnIsRefusedNamingTheColumn() {
        let users = "sourcedId,role,givenName\nst1,student,Ana\n"
        #expect(throws: RosterError.missingColumns(.users, ["familyName"])) {
            try RosterExport.read(files: SmallExport.files(replacing: ["users.csv": users]))
        }
        #expect(
            RosterError.missingColumns(.users, ["familyName"]).description == "users.csv has no familyName column")
    }

    @Test(arguments: [
        ("oneroster.version,2.0", #"manifest.csv line 3: oneroster.version is "2.0", not 1.1 or 1.2"#),
        ("file.users,sometimes", #"manifest.csv line 3: file.users is "sometimes", not bulk, delta or absent"#),
        ("file.orgs,bulk", "manifest.csv line 3: file.orgs is given twice"),
    ])
    func aManifestRowTheReaderCannotFollowStopsTheRead(row: String, message: String) {
        let manifest = "propertyName,value\nfile.orgs,absent\n\(row)\n"
        #expect(readError(SmallExport.files(replacing: ["manifest.csv": manifest]))?.description == message)
    }

    @Test func anUnclosedQuoteNamesItsLine() {
        let users = SmallExport.usersHeader + "st1,,,true,\"s1,student\n"
        #expect(throws: RosterError.unclosedQuote(.users, line: 2)) {
            try RosterExport.read(files: SmallExport.files(replacing: ["users.csv": users]))
        }
    }

    @Test func filesInAFolderOfTheArchiveOrDictionaryAreFoundByName() throws {
        var files: [String: [UInt8]] = [:]
        for (name, bytes) in SmallExport.files() { files["export/" + name] = bytes }
        files["notes.txt"] = Array("not read".utf8)
        #expect(try RosterExport.read(files: files) == RosterExport.read(files: SmallExport.files()))
    }

    @Test func aByteOrderMarkCRLFLinesAndQuotedHeadersAreRead() throws {
        let users =
            "\u{FEFF}\"sourcedId\",\"role\",\"givenName\",\"familyName\"\r\nst1,student,\"\"\"Bo\"\"\",\"\"\r\n"
            + "st2,student,Cy,\"Berg, Jr.\"\r\n"
        let export = try RosterExport.read(files: SmallExport.files(replacing: ["users.csv": users]))
        #expect(export.users.map(\.givenName) == ["Cy"])
        #expect(export.users.map(\.familyName) == ["Berg, Jr."])
        #expect(export.problems.map(\.description) == ["users.csv line 2: no familyName"])
    }

    @Test func aMissingVersionIsOnePointOneUnlessTheManifestListsRoles() throws {
        let manifest = "propertyName,value\nfile.users,bulk\n"
        let export = try RosterExport.read(files: SmallExport.files(replacing: ["manifest.csv": manifest]))
        #expect(export.version == .v1p1)
        #expect(export.users.count == 4)
    }

    /// The error reading `files` stops with, or nil when they are read.
    func readError(_ files: [String: [UInt8]]) -> RosterError? {
        do {
            _ = try RosterExport.read(files: files)
            return nil
        } catch {
            return error
        }
    }
}
