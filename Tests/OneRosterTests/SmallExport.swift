/// A small hand-written OneRoster 1.1 bulk export: a district and a school, a student with two
/// guardians, a teacher, one class and its two enrollments.
enum SmallExport {
    static let manifest = """
        propertyName,value
        manifest.version,1.0
        oneroster.version,1.1
        file.orgs,bulk
        file.users,bulk
        file.classes,bulk
        file.enrollments,bulk
        file.academicSessions,absent

        """
    static let orgs = """
        sourcedId,status,dateLastModified,name,type,identifier,parentSourcedId
        d1,,,Lakeside District,district,,
        s1,,,Lakeside High,school,LHS,d1

        """
    static let usersHeader =
        "sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,"
        + "middleName,identifier,email,sms,phone,agentSourcedIds,grades,password\n"
    static let users =
        usersHeader + """
            st1,,,true,s1,student,ana,,Ana,Lopez,,1001,,,,"g1, g2",09,secret
            g1,,,true,s1,parent,,,Maria,Lopez,,,maria@example.com,(312) 555-0142,,st1,,
            g2,,,false,s1,guardian,,,Jon,Lopez,,,,,+44 20 7946 0958,st1,,
            t1,,,true,s1,teacher,tk,,Tom,Kay,,,tk@example.com,,,,"09,10",

            """
    static let classes = """
        sourcedId,status,dateLastModified,title,grades,courseSourcedId,classCode,classType,location,schoolSourcedId,termSourcedIds,subjects,subjectCodes,periods
        c1,,,Algebra I,09,co1,ALG-1,scheduled,Room 4,s1,term1,Math,,"1,2"

        """
    static let enrollments = """
        sourcedId,status,dateLastModified,classSourcedId,schoolSourcedId,userSourcedId,role,primary,beginDate,endDate
        e1,,,c1,s1,st1,student,false,2026-08-24,2027-06-11
        e2,,,c1,s1,t1,teacher,true,,

        """

    /// The export's files, with some replaced or left out (a nil value).
    static func files(replacing replaced: [String: String?] = [:]) -> [String: [UInt8]] {
        var texts: [String: String] = [
            "manifest.csv": manifest, "orgs.csv": orgs, "users.csv": users, "classes.csv": classes,
            "enrollments.csv": enrollments,
        ]
        for (name, text) in replaced { texts[name] = text }
        return texts.mapValues { Array($0.utf8) }
    }

    /// A manifest for OneRoster `version` with the given file modes.
    static func manifest(version: String = "1.1", _ modes: [String: String]) -> String {
        "propertyName,value\noneroster.version,\(version)\n"
            + modes.sorted(by: { $0.key < $1.key }).map { "file.\($0.key),\($0.value)\n" }.joined()
    }
}
