/// What one import changes in the roster: each part replaced whole (a bulk file), changed row by
/// row (a delta file), or left as it is (no file).
package struct RosterUpdate: Sendable {
    /// How one part of the roster changes.
    package enum Part<Row: Sendable>: Sendable {
        /// Left as it is.
        case unchanged
        /// Replaced by these rows.
        case replaced([Row])
        /// These rows added or changed, and the rows with these ids deleted.
        case changed([Row], deleting: [String])
    }

    package var people: Part<RosterPerson>
    package var classes: Part<RosterBook.Class>
    package var enrollments: Part<RosterBook.Enrollment>

    /// An update of `people`, `classes` and `enrollments`.
    package init(
        people: Part<RosterPerson> = .unchanged, classes: Part<RosterBook.Class> = .unchanged,
        enrollments: Part<RosterBook.Enrollment> = .unchanged
    ) {
        self.people = people
        self.classes = classes
        self.enrollments = enrollments
    }
}
