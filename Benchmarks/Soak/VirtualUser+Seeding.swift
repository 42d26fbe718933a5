/// Before the run, one user prepares shared data the way a person would: reads the
/// list to count the items, then gives some of them a photo through the dialog's
/// camera button (Upload → the edit becomes a draft → Done).
extension VirtualUser {
    struct SeedError: Error, CustomStringConvertible {
        var description: String
    }

    /// Signs in through the sign-in form, as a person does; the session stays in the jar.
    func signIn(username: String, password: String) throws(SeedError) {
        guard let shown = request(.signIn, "GET", "/sign-in", success: [200]), shown.status == 200,
              let form = HTMLPage(bytes: shown.body).forms().first(where: { $0.action == "/sign-in" }) else {
            throw SeedError(description: "GET /sign-in did not show the sign-in form")
        }
        let submission = form.submission(changes: ["username": username, "password": password])
        guard let answer = request(.signIn, "POST", "/sign-in", form: submission, success: [303]), answer.status == 303 else {
            throw SeedError(description: "signing in as \(username) failed")
        }
    }

    /// Reads every page of the list; returns its item keys in order.
    func listAllItems() throws(SeedError) -> [String] {
        var all: [String] = []
        var seen: Set<String> = []
        for page in 1...10_000 {
            guard let html = showList(editing: false, page: page) else { throw SeedError(description: "GET /items?page=\(page) failed") }
            let keys = html.attributeValues("data-key")
            let new = keys.filter { !seen.contains($0) }
            seen.formUnion(new)
            all += new
            // The server shows the last page for a page past the end.
            if new.isEmpty || !html.contains("rel=\"next\"") { break }
        }
        return all
    }

    /// Uploads `image` as the photo of item `key` and returns the photo's URL as the
    /// dialog shows it, after fetching it once.
    func givePhoto(_ image: [UInt8], filename: String, toItem key: String) throws(SeedError) -> String {
        let itemURL = "/items/\(key)"
        guard let shown = request(.detail, "GET", itemURL, success: [200]), shown.status == 200,
              let (form, _) = dialogForm(in: HTMLPage(bytes: shown.body), route: .detail) else {
            throw SeedError(description: "could not open \(itemURL)")
        }
        guard let upload = form.buttons.first(where: { $0["name"] == "action" && $0["value"] == "upload" }) else {
            throw SeedError(description: "the dialog of \(itemURL) has no Upload button")
        }
        var submission = form.submission(clicking: upload)
        guard let fileField = submission.fileFields.first else {
            throw SeedError(description: "the dialog of \(itemURL) has no file input")
        }
        submission.file = (fileField, filename, "image/png", image)
        guard let uploaded = request(.itemDone, "POST", submission.action, form: submission, success: [303]),
              uploaded.status == 303, let draftURL = uploaded.location else {
            throw SeedError(description: "uploading a photo to \(itemURL) failed")
        }
        guard let draft = request(.draft, "GET", draftURL, success: [200]), draft.status == 200,
              let (draftForm, done) = dialogForm(in: HTMLPage(bytes: draft.body), route: .draft),
              let saved = request(.draftDone, "POST", draftForm.action, form: draftForm.submission(clicking: done), success: [303]),
              saved.status == 303 else {
            throw SeedError(description: "saving the photo of \(itemURL) via \(draftURL) failed")
        }
        guard let reopened = request(.detail, "GET", itemURL, success: [200]), reopened.status == 200 else {
            throw SeedError(description: "could not reopen \(itemURL)")
        }
        let photoPrefix = "\(itemURL)/photo"
        guard let photoURL = HTMLPage(bytes: reopened.body).tags(["img"]).compactMap({ $0["src"] }).first(where: { $0.hasPrefix(photoPrefix) }) else {
            throw SeedError(description: "the dialog of \(itemURL) shows no photo after Done")
        }
        guard let photo = request(.photo, "GET", photoURL, success: [200]), photo.status == 200, !photo.body.isEmpty else {
            throw SeedError(description: "GET \(photoURL) failed")
        }
        return photoURL
    }
}
