import HomeroomConsole
import NIOCore

/// libFuzzer entry: a form a browser posts to the web console. The first byte picks how it says
/// it is encoded (URL-encoded, multipart with the boundary `fuzz`, multipart with a quoted
/// boundary, or no type); the rest is the body, read as the console reads it.
@_cdecl("LLVMFuzzerTestOneInput")
func consoleFormsFuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let types = [
        "application/x-www-form-urlencoded", "multipart/form-data; boundary=fuzz",
        #"multipart/form-data; charset=utf-8; boundary="fuzz""#, nil,
    ]
    let body = ByteBuffer(bytes: UnsafeBufferPointer(start: data + 1, count: size - 1))
    if let form = try? PostedForm(body: body, contentType: types[Int(data[0]) % types.count]) {
        precondition(form.fields.count <= PostedForm.maximumFields)
        _ = form.upload?.bytes.count
    }
    return 0
}
