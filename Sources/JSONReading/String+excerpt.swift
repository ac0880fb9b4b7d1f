extension String {
    /// The text as an error quotes it: whole up to 60 characters, else its first 59 and "…", so
    /// that a key or name of megabytes is not written out in full.
    package var excerpt: String {
        utf8.count <= 60 || count <= 60 ? self : prefix(59) + "…"
    }
}
