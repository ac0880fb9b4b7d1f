import Foundation
import HomeroomTestbed
import OneRoster
import Testing

/// The sample district reads back as generated, in both versions, with every student's guardians.
@Suite struct OneRosterSampleDistrictTests {
    @Test(arguments: [RosterVersion.v1p1, .v1p2])
    func theDistrictReadsBackAsGenerated(version: RosterVersion) throws {
        let district = OneRosterSampleDistrict(version: version)
        let export = try RosterExport.read(files: district.files())
        #expect(export.problems == [])
        #expect(export == district.export())
        #expect(export.version == version)
        #expect(export.orgs.map(\.type) == ["district", "school", "school"])
        #expect(export.orgs.dropFirst().allSatisfy { $0.parentSourcedId == export.orgs[0].sourcedId })
        let students = export.users.filter { $0.role == .student }
        let guardians = export.users.filter { $0.role?.actsForStudents == true }
        #expect(students.count == 1_000)
        #expect(guardians.count == 1_500)
        let guardianById = Dictionary(uniqueKeysWithValues: guardians.map { ($0.sourcedId, $0) })
        for student in students {
            #expect(!student.agentSourcedIds.isEmpty, "\(student.sourcedId) has no guardian")
            #expect(student.grades.count == 1)
            for agent in student.agentSourcedIds {
                #expect(guardianById[agent]?.agentSourcedIds.contains(student.sourcedId) == true)
            }
        }
        #expect(guardians.contains { $0.agentSourcedIds.count >= 2 })
        #expect(guardians.contains { $0.orgSourcedIds.count >= 2 })
        #expect(guardians.allSatisfy { $0.email != nil || $0.sms != nil })
        #expect(guardians.contains { $0.email != nil && $0.sms != nil })
        for sms in guardians.compactMap(\.sms) {
            let e164 = sms.e164
            #expect(e164.count == 12 && e164.hasPrefix("+1") && e164.dropFirst(5).hasPrefix("55501"))
        }
        let enrolled = Set(export.enrollments.filter { $0.role == .student }.map(\.userSourcedId))
        #expect(enrolled.count == 1_000)
        #expect(export.classes.count == 48)
    }

    @Test func theSameParametersMakeTheSameFiles() {
        #expect(OneRosterSampleDistrict(seed: 7).files() == OneRosterSampleDistrict(seed: 7).files())
        #expect(OneRosterSampleDistrict(seed: 7).files() != OneRosterSampleDistrict(seed: 8).files())
    }

    @Test func theDistrictWrittenToAFolderReadsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oneroster-district-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let district = OneRosterSampleDistrict(schools: 3, students: 120, guardians: 90, version: .v1p2)
        try district.write(to: folder)
        let export = try RosterExport.read(atPath: folder.path)
        #expect(export == district.export())
        #expect(export.orgs.count == 4)
        #expect(export.users.filter { $0.role == .student }.allSatisfy { !$0.agentSourcedIds.isEmpty })
    }
}
