/// A `<form>` as a browser submits it: its action, encoding and controls, including
/// those outside it that name it with `form="id"` (the detail dialog's fields do).
///
/// Nothing about the app's CSRF scheme is assumed: whatever hidden inputs the form
/// carries (`_csrf`, `version`, `page`, …) are sent back as they were served.
struct HTMLForm {
    var tag: HTMLPage.Tag
    var controls: [HTMLPage.Tag] = []

    var id: String? { tag["id"] }
    var action: String { tag["action"] ?? "" }
    var isPost: Bool { tag["method"]?.lowercased() == "post" }
    var isMultipart: Bool { tag["enctype"]?.lowercased() == "multipart/form-data" }

    /// The control named `name` (the first one).
    func control(named name: String) -> HTMLPage.Tag? {
        controls.first { $0["name"] == name }
    }

    /// The submit buttons (`<button>` with no type or `type=submit`), disabled ones included.
    var buttons: [HTMLPage.Tag] {
        controls.filter { $0.name == "button" && ($0["type"] ?? "submit").lowercased() == "submit" }
    }

    /// What a browser sends when `button` is clicked (HTML's form data set): named,
    /// enabled controls in tree order, the clicked button only, checkboxes only if
    /// checked, file inputs as (empty) file parts. `changes` replaces typed values.
    func submission(clicking button: HTMLPage.Tag? = nil, changes: [String: String] = [:]) -> FormSubmission {
        // A button's `formaction` overrides the form's action, as in a browser.
        var submission = FormSubmission(action: button?["formaction"] ?? action, isMultipart: isMultipart)
        for control in controls {
            guard let name = control["name"], !name.isEmpty, !control.has("disabled") else { continue }
            let type = (control["type"] ?? "").lowercased()
            if control.name == "button" { continue }
            switch type {
            case "submit", "image", "reset", "button": continue
            case "checkbox", "radio": if !control.has("checked") { continue }
            case "file":
                submission.fileFields.append(name)
                continue
            default: break
            }
            submission.fields.append((name, changes[name] ?? control["value"] ?? ""))
        }
        if let button, let name = button["name"], !name.isEmpty {
            submission.fields.append((name, button["value"] ?? ""))
        }
        return submission
    }
}

/// The body a form submission makes: fields and the names of file inputs left empty.
struct FormSubmission {
    var action: String
    var isMultipart: Bool
    var fields: [(name: String, value: String)] = []
    var fileFields: [String] = []
    /// A file chosen for a file input: (field name, filename, media type, bytes).
    var file: (name: String, filename: String, mediaType: String, bytes: [UInt8])?

    init(action: String, isMultipart: Bool) {
        self.action = action
        self.isMultipart = isMultipart
    }

    /// `Content-Type` and body, encoded as the form's `enctype` says.
    func encoded(boundary: String) -> (contentType: String, body: [UInt8]) {
        guard isMultipart else {
            let text = fields.map { Self.formEncoded($0.name) + "=" + Self.formEncoded($0.value) }.joined(separator: "&")
            return ("application/x-www-form-urlencoded", Array(text.utf8))
        }
        // RFC 7578; an empty file input is sent as a part with an empty filename, as browsers do.
        var body: [UInt8] = []
        body.reserveCapacity(512 + (file?.bytes.count ?? 0))
        for field in fields {
            body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(field.name)\"\r\n\r\n\(field.value)\r\n".utf8)
        }
        for name in fileFields {
            if let file, file.name == name {
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(file.filename)\"\r\nContent-Type: \(file.mediaType)\r\n\r\n".utf8)
                body += file.bytes
                body += Array("\r\n".utf8)
            } else {
                body += Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\"\r\nContent-Type: application/octet-stream\r\n\r\n\r\n".utf8)
            }
        }
        body += Array("--\(boundary)--\r\n".utf8)
        return ("multipart/form-data; boundary=\(boundary)", body)
    }

    /// application/x-www-form-urlencoded: unreserved bytes as they are, space as `+`.
    static func formEncoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "*"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "): result += "+"
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                result.unicodeScalars.append("%")
                result.unicodeScalars.append(hex[Int(byte >> 4)])
                result.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return result
    }
}

extension HTMLPage {
    /// Every form of the page with its controls.
    func forms() -> [HTMLForm] {
        var forms: [HTMLForm] = []
        var open: Int?
        var outside: [(formID: String, control: Tag)] = []
        for tag in tags(["form", "input", "button"]) {
            if tag.name == "form" {
                if tag.isEnd {
                    open = nil
                } else {
                    forms.append(HTMLForm(tag: tag))
                    open = forms.count - 1
                }
            } else if !tag.isEnd {
                if let owner = tag["form"] {
                    outside.append((owner, tag))
                } else if let open {
                    forms[open].controls.append(tag)
                }
            }
        }
        for (formID, control) in outside {
            if let index = forms.firstIndex(where: { $0.id == formID }) { forms[index].controls.append(control) }
        }
        return forms
    }
}
