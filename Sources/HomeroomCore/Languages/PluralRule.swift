/// How a language picks the plural form of a sentence for a number: the index into a catalog
/// entry's `msgstr[N]`, as gettext's `Plural-Forms` header states it.
public enum PluralRule: Sendable, Equatable {
    /// One form (Chinese, Vietnamese): `nplurals=1; plural=0;`.
    case single
    /// One and other (English, Spanish): `nplurals=2; plural=(n != 1);`.
    case oneOther
    /// Arabic's six: zero, one, two, few (3–10), many (11–99) and other, by the last two digits:
    /// `nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;`.
    case arabic

    /// How many forms an entry holds.
    public var count: Int {
        switch self {
        case .single: 1
        case .oneOther: 2
        case .arabic: 6
        }
    }

    /// The `Plural-Forms` header a catalog of this rule states.
    public var header: String {
        switch self {
        case .single: "nplurals=1; plural=0;"
        case .oneOther: "nplurals=2; plural=(n != 1);"
        case .arabic:
            "nplurals=6; plural=n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5;"
        }
    }

    /// The form for `number` (its magnitude: a negative count reads as its size).
    public func form(for number: Int) -> Int {
        let n = number.magnitude
        switch self {
        case .single: return 0
        case .oneOther: return n == 1 ? 0 : 1
        case .arabic:
            if n == 0 { return 0 }
            if n == 1 { return 1 }
            if n == 2 { return 2 }
            let lastTwo = n % 100
            if (3...10).contains(lastTwo) { return 3 }
            if lastTwo >= 11 { return 4 }
            return 5
        }
    }
}
