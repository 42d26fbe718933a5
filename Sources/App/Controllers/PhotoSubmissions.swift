import HTTP

/// Where a dialog's submission runs. Most are a quick Done: the writes pool, at the event
/// loops' priority. One that carries a photo goes to the photo pool instead: two decodes at a
/// time, below the loops, so that a flood of uploads never delays anyone's Done or a page.
enum PhotoSubmissions {
    /// The admission check of `POST /items/:key` and `POST /drafts/:id`, on the event loop.
    static func admit(_ request: HTTPRequest) throws -> HTTPAdmission {
        .queue(on: carriesPhoto(request) ? .photos : nil)
    }

    /// Whether the body holds a chosen photo. A body too large to be kept in memory (over
    /// 64 KiB) is taken to; a small one is read, as its handler will read it anyway.
    static func carriesPhoto(_ request: HTTPRequest) -> Bool {
        if request.body.isSpooled { return true }
        do {
            return try SubmittedForm(request: request).file("photo") != nil
        } catch {
            // Malformed: its handler says so, wherever it runs; the slower pool costs no one.
            return true
        }
    }
}
