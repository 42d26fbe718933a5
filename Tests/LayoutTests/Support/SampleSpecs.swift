import Layout

/// Specs like the app's, built here because the test target does not see the App module.
enum SampleSpecs {
    static func row(serial: LayoutPriority = 500, date: LayoutPriority = .defaultLow) throws -> LayoutSpec {
        try LayoutSpec(
            block: "row",
            formats: ["H:|-16-[select]-8-[name(>=64)]-(>=8)-[serial]-8-[value]-8-[date]-16-|"],
            slots: [
                "select": LayoutSlot(hugging: .required, compressionResistance: .required),
                "name": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultHigh),
                "serial": LayoutSlot(hugging: .defaultHigh, compressionResistance: serial),
                "value": LayoutSlot(hugging: .required, compressionResistance: .required,
                                    variants: [.when(.compactWidth, .wrap)]),
                "date": LayoutSlot(hugging: .defaultHigh, compressionResistance: date),
            ],
            estimatedRowHeight: 60)
    }

    static func bar() throws -> LayoutSpec {
        try LayoutSpec(
            block: "bar",
            formats: ["H:|-16-[edit]-8-[title]-8-[add]-16-|"],
            slots: [
                "edit": LayoutSlot(hugging: .required, compressionResistance: .required),
                "title": LayoutSlot(hugging: .defaultLow, compressionResistance: .defaultLow, textAlignment: .center),
                "add": LayoutSlot(hugging: .required, compressionResistance: .required),
            ])
    }

    static func sheet() throws -> LayoutSpec {
        try LayoutSpec(
            block: "detail",
            container: "sheet",
            formats: ["V:|-0-[date]-[photo]-[toolbar]-16-|", "H:|-0-[photo]-0-|", "H:|-16-[toolbar]"],
            slots: [
                "date": LayoutSlot(hugging: .defaultHigh),
                "photo": LayoutSlot(hugging: .defaultLow, maximumSize: 320, variants: [.when(.compactHeight, .hide)]),
                "toolbar": LayoutSlot(hugging: .defaultHigh, variants: [.when(.compactHeight, .disable)]),
            ],
            backdrop: "modal",
            variants: [
                .when(.regularWidth, .present(.formSheet(maxWidth: 640))),
                .when(.compactWidth, .present(.fullScreen)),
            ])
    }
}
