/// A club or activity: when and where it meets, who advises it, and where to read more.
struct Club: Sendable, Equatable {
    /// The name as typed in `/club robotics`, lowercase.
    var name: String
    /// The name as shown: "Robotics".
    var title: String
    /// Its kind, for `/clubs sports`: sports, arts, academic, service, …
    var category: String?
    var meets: String?
    var room: String?
    var advisor: String?
    var link: String?

    /// The fields `/club set` takes, in the order `/club NAME` shows them.
    static let fields = ["title", "category", "meets", "room", "advisor", "link"]
}
