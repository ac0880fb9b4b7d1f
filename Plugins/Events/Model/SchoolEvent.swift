import Foundation

/// An event on the school's calendar: added in chat (numbered), or read from a calendar feed.
struct SchoolEvent: Sendable, Equatable {
    /// The number it was added under; nil for a feed's event.
    var id: Int64?
    /// Empty for a feed's event without one (shown as "(untitled)").
    var title: String
    var start: Date
    var end: Date
    var place: String?
    /// The circle it belongs to; nil for a public event.
    var circle: String?
    /// Who added it; nil for a feed's event.
    var addedBy: String?
}
