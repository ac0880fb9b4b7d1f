/// A calendar feed's body as fetched, checked and ready to become the last good copy, with the
/// validators to send with the next conditional GET.
package struct CalendarFeedCopy: Sendable, Equatable {
    /// What a held copy sends with the next request, so the server may answer 304 Not Modified.
    package struct Validators: Sendable, Equatable {
        /// The copy's ETag.
        package var etag: String?
        /// The copy's Last-Modified.
        package var lastModified: String?

        /// Validators as stored with a copy.
        package init(etag: String?, lastModified: String?) {
            self.etag = etag
            self.lastModified = lastModified
        }
    }

    /// The iCalendar text.
    package var body: String
    /// The validators the server sent with it.
    package var validators: Validators
    /// How many events it holds.
    package var events: Int

    /// A copy of `body` with its validators and its number of events.
    package init(body: String, validators: Validators, events: Int) {
        self.body = body
        self.validators = validators
        self.events = events
    }
}
