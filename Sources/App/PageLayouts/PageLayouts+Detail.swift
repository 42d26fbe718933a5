import Layout

extension PageLayouts {
    /// The detail modal: `V:[photo]-[photos]-[toolbar]-[fields]-[random]-[date]-[history]` under
    /// the bar (the cover photo, the strip of all of them and the camera first, as a new
    /// contact's "Add Photo"), presented as a centred
    /// form sheet in regular width and full screen in compact width. On a phone on its side
    /// (compact height) the photos are hidden and the camera button disabled, and the toolbar says why.
    static let detailSheet = spec {
        try LayoutSpec(
            block: "detail",
            container: "detail-sheet",
            formats: [
                "V:|-0-[bar]-16-[photo]-[photos]-[toolbar]-16-[fields]-[random-row]-16-[date]-16-[history]-16-|",
                "H:|-0-[bar]-0-|",
                "H:|-0-[photo]-0-|",
                "H:|-16-[photos]-16-|",
                "H:|-16-[toolbar]-16-|",
                "H:|-16-[fields]-16-|",
                "H:|-16-[random-row]-16-|",
                "H:|-16-[date]-16-|",
                "H:|-16-[history]-16-|",
            ],
            slots: [
                "bar": fixedHeight,
                "photo": LayoutSlot(hugging: .required, variants: [.when(.compactHeight, .hide)]),
                "photos": LayoutSlot(hugging: .required, variants: [.when(.compactHeight, .hide)]),
                "toolbar": fixedHeight,
                "fields": fixedHeight,
                "random-row": fixedHeight,
                "date": fixedHeight,
                "history": fixedHeight,
            ],
            backdrop: "modal",
            variants: [
                .when(.regularWidth, .present(.formSheet(maxWidth: 640))),
                .when(.compactWidth, .present(.fullScreen)),
            ])
    }

    /// Cancel, the title, Done — a navigation bar inside the sheet. The title keeps a word;
    /// with very large text it moves under the buttons rather than shrink to a letter.
    static let detailBar = spec {
        try LayoutSpec(
            block: "detail",
            container: "detail__bar",
            formats: ["H:|-8-[cancel]-8-[title]-8-[done]-8-|", "V:|-6-[cancel]-6-|", "V:|-6-[done]-6-|"],
            slots: [
                "cancel": button,
                "title": LayoutSlot(
                    hugging: .defaultLow, compressionResistance: .defaultLow, textAlignment: .center,
                    minimumCharacters: 6, variants: [.when(.accessibilityContentSize, .stack)]),
                "done": button,
            ],
            variants: [.when(.accessibilityContentSize, .wrap)])
    }

    static let detailFields = spec {
        try LayoutSpec(block: "detail", container: "detail__fields", stack: LayoutStack(axis: .vertical, spacing: 8, wraps: false))
    }

    /// A form field: the labels in one column of equal width and the inputs aligned after it
    /// (regular width), or each label above its input (compact width, or very large text);
    /// the error message and, after a conflict, the item's current value on lines of their own.
    static let field = spec {
        try LayoutSpec(
            block: "field",
            formats: ["H:|-0-[label(>=56)]-8-[input(>=96)]-0-[error]-0-[current]-0-|"],
            slots: [
                // One column of labels: a fixed width, a long label wrapping onto a second line.
                "label": LayoutSlot(
                    hugging: .defaultHigh, compressionResistance: .required, lineLimit: 3,
                    variants: [.when(.regularWidth, .fixedSize(136))]),
                "input": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultLow),
                "error": LayoutSlot(hugging: .defaultHigh, hidesWhenEmpty: true, variants: [.always(.stack), .always(.wrap)]),
                "current": LayoutSlot(hugging: .defaultHigh, hidesWhenEmpty: true, variants: [.always(.stack), .always(.wrap)]),
            ],
            variants: [.when(.compactWidth, .stack), .when(.accessibilityContentSize, .stack)])
    }

    /// `H:|-0-[image]-0-|`: the photo full width, at most 20 rem tall, letterboxed.
    static let detailPhoto = spec {
        try LayoutSpec(
            block: "detail",
            container: "detail__photo",
            formats: ["H:|-0-[image]-0-|"],
            slots: [
                "image": LayoutSlot(
                    hugging: .defaultLow, compressionResistance: .defaultLow,
                    maximumCrossSize: 320, contentMode: .scaleAspectFit),
            ])
    }

    /// The toolbar: camera, Upload, Remove photo; wraps rather than overflow, and the camera's
    /// label is never narrower than its words. The camera is a `<label>` around the file input,
    /// so disabling it dims the label and hides the input. In compact height Remove photo goes
    /// with the photo it would remove, and a line says how to get both back.
    static let detailToolbar = spec {
        try LayoutSpec(
            block: "detail",
            container: "detail__toolbar",
            formats: ["H:|-0-[camera]-8-[upload]-8-[remove-photo]-8-[upright]-0-|"],
            slots: [
                "camera": LayoutSlot(
                    hugging: .required, compressionResistance: .required,
                    variants: [.when(.compactHeight, .disable), .always(.wrap)]),
                // Upload goes with the camera: nothing to upload where no photo can be chosen.
                "upload": LayoutSlot(hugging: .required, compressionResistance: .required, variants: [.when(.compactHeight, .disable)]),
                "remove-photo": LayoutSlot(hugging: .required, compressionResistance: .required, variants: [.when(.compactHeight, .hide)]),
                "upright": LayoutSlot(
                    hugging: .defaultLow, compressionResistance: .defaultLow,
                    variants: [.when(.regularHeight, .hide), .always(.stack)]),
            ],
            variants: [.always(.wrap)])
    }

    /// A section of the sheet that keeps its content height: nothing grows, so a short sheet's
    /// room is left below its last section, as on a form sheet.
    static let fixedHeight = LayoutSlot(hugging: .required)
}
