import Testing

@testable import HomeroomTexts

/// Twilio's `X-Twilio-Signature`, checked against the worked example on its "Webhooks security"
/// page and against vectors made with an independent HMAC-SHA1 implementation (Python's `hmac`).
@Suite struct TwilioSignatureTests {
    /// The worked example from https://www.twilio.com/docs/usage/security#validating-requests
    /// (now https://www.twilio.com/docs/usage/webhooks/webhooks-security).
    static let exampleURL = "https://mycompany.com/myapp.php?foo=1&bar=2"
    static let exampleParameters: [(name: String, value: String)] = [
        ("CallSid", "CA1234567890ABCDE"), ("Caller", "+12349013030"), ("Digits", "1234"),
        ("From", "+12349013030"), ("To", "+18005551212"),
    ]
    static let exampleSignature = "0/KCTR6DLpKmkAf8muzZqo1nDgQ="

    @Test func twilioWorkedExampleGivesThePublishedSignature() {
        let signature = TwilioSignature.signature(
            for: Self.exampleURL, parameters: Self.exampleParameters, authToken: "12345")
        #expect(signature == Self.exampleSignature)
        #expect(
            TwilioSignature.isValid(
                Self.exampleSignature, for: Self.exampleURL, parameters: Self.exampleParameters, authToken: "12345"))
    }

    @Test func parameterOrderDoesNotMatter() {
        let shuffled = Array(Self.exampleParameters.reversed())
        #expect(
            TwilioSignature.signature(for: Self.exampleURL, parameters: shuffled, authToken: "12345")
                == Self.exampleSignature)
    }

    @Test func anyChangeToURLParametersOrTokenIsRejected() {
        var tampered = Self.exampleParameters
        tampered[2].value = "9999"
        let checks: [(url: String, parameters: [(name: String, value: String)], token: String)] = [
            (Self.exampleURL, tampered, "12345"),
            ("https://mycompany.com/myapp.php?foo=1&bar=3", Self.exampleParameters, "12345"),
            ("http://mycompany.com/myapp.php?foo=1&bar=2", Self.exampleParameters, "12345"),
            (Self.exampleURL, Self.exampleParameters, "12346"),
            (Self.exampleURL, Array(Self.exampleParameters.dropLast()), "12345"),
        ]
        for check in checks {
            #expect(
                !TwilioSignature.isValid(
                    Self.exampleSignature, for: check.url, parameters: check.parameters, authToken: check.token))
        }
    }

    @Test func truncatedEmptyOrAlteredSignaturesAreRejected() {
        for signature in [
            "", "0/KCTR6DLpKmkAf8muzZqo1nDgQ", "0/KCTR6DLpKmkAf8muzZqo1nDgQ==", "0/kCTR6DLpKmkAf8muzZqo1nDgQ=",
        ] {
            #expect(
                !TwilioSignature.isValid(
                    signature, for: Self.exampleURL, parameters: Self.exampleParameters, authToken: "12345"))
        }
    }

    @Test func repeatedNamesAreSortedByValueAndEmptyValuesStillCount() {
        let url = "https://example.com/sms"
        let parameters: [(name: String, value: String)] = [("MediaUrl", "b"), ("MediaUrl", "a"), ("Body", "")]
        #expect(
            TwilioSignature.signature(for: url, parameters: parameters, authToken: "12345")
                == "9yqh54sFhiukGxobdxJIm6XSBqU=")
        #expect(
            TwilioSignature.signature(for: url, parameters: Array(parameters.reversed()), authToken: "12345")
                == "9yqh54sFhiukGxobdxJIm6XSBqU=")
        let withoutEmpty = Array(parameters.prefix(2))
        #expect(
            TwilioSignature.signature(for: url, parameters: withoutEmpty, authToken: "12345")
                != "9yqh54sFhiukGxobdxJIm6XSBqU=")
    }

    @Test func nonASCIIValuesAreSignedAsUTF8() {
        let parameters: [(name: String, value: String)] = [
            ("Body", "Xin ch\u{E0}o \u{4F60}\u{597D} \u{1F44B}"), ("From", "+84901234567"),
        ]
        #expect(
            TwilioSignature.signature(for: "https://example.com/sms", parameters: parameters, authToken: "12345")
                == "gwqsDGZQcFy3+WEQEsepPFnaiqQ=")
    }

    @Test func namesSortByCodePointSoUpperCaseComesBeforeLowerAndAccentsLast() {
        let parameters: [(name: String, value: String)] = [("body", "x"), ("\u{C9}a", "1"), ("Body", "y"), ("Z", "2")]
        #expect(
            TwilioSignature.signature(for: "https://example.com/sms", parameters: parameters, authToken: "12345")
                == "rNG4ggHMmvHs3FYv+WrcHXPKWvU=")
    }
}
