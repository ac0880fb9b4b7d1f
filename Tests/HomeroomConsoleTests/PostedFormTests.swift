import Foundation
import HomeroomConsole
import NIOCore
import Testing

/// How the console reads what a browser posts: URL-encoded forms, multipart forms with a file,
/// and bodies that are neither.
@Suite struct PostedFormTests {
    private func read(_ body: String, _ type: String?) throws -> PostedForm {
        try PostedForm(body: ByteBuffer(string: body), contentType: type)
    }

    @Test func aURLEncodedFormKeepsEachFieldsFirstValue() throws {
        let form = try read(
            "csrf=abc&dish=Mac+%26+cheese&dish=second&empty=&bare", "application/x-www-form-urlencoded")
        #expect(form.fields == ["csrf": "abc", "dish": "Mac & cheese", "empty": "", "bare": ""])
        #expect(form.upload == nil)
    }

    @Test func aMultipartFormCarriesItsFileAndItsFields() throws {
        let body = [
            "--XyZ", #"Content-Disposition: form-data; name="csrf""#, "", "abc",
            "--XyZ", #"Content-Disposition: form-data; name="file"; filename="week.csv""#, "Content-Type: text/csv", "",
            "date,specials\n2026-12-01,Tacos", "--XyZ--", "",
        ].joined(separator: "\r\n")
        let form = try read(body, #"multipart/form-data; boundary="XyZ""#)
        #expect(form.fields == ["csrf": "abc"])
        #expect(form.upload?.fileName == "week.csv")
        #expect(form.upload.map { String(decoding: $0.bytes, as: UTF8.self) } == "date,specials\n2026-12-01,Tacos")
    }

    @Test func aFileFieldLeftEmptyIsNoUpload() throws {
        let body = [
            "--b", #"Content-Disposition: form-data; name="file"; filename="""#,
            "Content-Type: application/octet-stream",
            "", "", "--b--", "",
        ].joined(separator: "\r\n")
        #expect(try read(body, "multipart/form-data; boundary=b").upload == nil)
    }

    @Test func bodiesThatAreNotFormsAreRefused() {
        #expect(throws: PostedForm.Malformed.self) { try read("{}", "application/json") }
        #expect(throws: PostedForm.Malformed.self) { try read("a=%ZZ", "application/x-www-form-urlencoded") }
        #expect(throws: PostedForm.Malformed.self) { try read("--b\r\nbroken", "multipart/form-data") }
        #expect(throws: PostedForm.Malformed.self) { try read("no end", "multipart/form-data; boundary=b") }
        let many = (0...PostedForm.maximumFields).map { "f\($0)=1" }.joined(separator: "&")
        #expect(throws: PostedForm.Malformed.self) { try read(many, nil) }
    }

    /// Found by the ConsoleForms fuzz target: a header name with a byte above 127 trapped in the
    /// multipart parser the console first used, which would have stopped the server.
    @Test func aHeaderNameOutsideASCIIIsRefusedNotATrap() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/hostile/fuzz/ConsoleForms/crash-multipart-header-byte-over-127")
        // The fuzz input's first byte chose the multipart type with the boundary `fuzz`.
        let body = try Data(contentsOf: fixture).dropFirst()
        #expect(throws: PostedForm.Malformed.self) {
            try PostedForm(body: ByteBuffer(bytes: body), contentType: "multipart/form-data; boundary=fuzz")
        }
    }

    @Test func aFileNameInUTF8AndAPreambleAreRead() throws {
        let body = [
            "a preamble browsers never send", "--b",
            #"Content-Disposition: form-data; name="file"; filename="menú.csv""#,
            "", "date", "--b--", "",
        ].joined(separator: "\r\n")
        let form = try read(body, "multipart/form-data; boundary=b")
        #expect(form.upload?.fileName == "menú.csv")
        #expect(form.upload?.bytes == Array("date".utf8))
    }
}
