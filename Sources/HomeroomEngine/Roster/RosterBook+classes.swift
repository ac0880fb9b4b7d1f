extension RosterBook {
    /// A class as the roster lists it.
    package struct Class: Sendable, Equatable {
        package var sourcedID: String
        package var school: String?
        package var title: String
        /// The class's code (`ENG9-2`), when the roster gives one.
        package var code: String?
        /// The periods it meets in (`1`, `2A`), as the roster writes them.
        package var periods: [String]

        /// A class of the roster.
        package init(sourcedID: String, school: String?, title: String, code: String? = nil, periods: [String] = []) {
            self.sourcedID = sourcedID
            self.school = school
            self.title = title
            self.code = code
            self.periods = periods
        }
    }

    /// One person's place in one class.
    package struct Enrollment: Sendable, Equatable {
        package var sourcedID: String
        package var classID: String
        package var personID: String
        /// `student`, `teacher`, …, as the roster writes it.
        package var role: String

        /// An enrollment of the roster.
        package init(sourcedID: String, classID: String, personID: String, role: String) {
            self.sourcedID = sourcedID
            self.classID = classID
            self.personID = personID
            self.role = role
        }
    }
}
