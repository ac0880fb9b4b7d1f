extension UserID {
    /// The id as a log line may show it: a telephone number masked (`sms:+1•••••••••42`), an
    /// e-mail address with its name hidden (`email:a…@school.example`), any other id as it is.
    /// Numbers and addresses are personal data; a chat platform's opaque ids are not.
    public var logged: String {
        if let number = PhoneNumber(id, assumingNorthAmerica: false), number.e164 == id {
            return "\(adapter):\(number.masked)"
        }
        if adapter == "email", let at = id.lastIndex(of: "@") {
            return "\(adapter):\(id.prefix(1))…\(id[at...])"
        }
        return description
    }
}

extension DeliveryTarget {
    /// The target as a log line may show it: a person's number or address masked (``UserID/logged``).
    public var logged: String {
        switch self {
        case .channel: description
        case .user(let user): "user:\(user.logged)"
        }
    }
}
