extension LayoutSpec {
    /// The spec's CSS rules: unconditional ones and one group per size-class condition.
    func cssRules() -> CSSRuleSet {
        var set = CSSRuleSet()
        if let main {
            compileMain(main, into: &set)
        } else if let stack {
            compileStack(stack, into: &set)
        }
        compileRowHeight(into: &set)
        compilePresentationBase(into: &set)
        for rule in variants {
            compileContainerVariant(rule, into: &set)
        }
        for (index, view) in (main?.views ?? []).enumerated() {
            for rule in slot(view.name).variants {
                compileSlotVariant(rule, view: view, index: index, into: &set)
            }
        }
        return set
    }

    var containerSelector: String { "." + container }

    /// The selector that turns the container into a flex container. A presented `<dialog>`
    /// only while open: author `display` would otherwise override the UA's
    /// `dialog:not([open]) { display: none }`.
    private var displaySelector: String {
        backdrop == nil ? containerSelector : containerSelector + ":where([open], :not(dialog))"
    }

    private func selector(of name: String) -> String { "." + className(of: name) }

    // MARK: - Main axis

    private func compileMain(_ format: VisualFormat, into set: inout CSSRuleSet) {
        let names = format.axis.css
        let horizontal = format.axis == .horizontal
        set.add(CSSRule(displaySelector, [("display", "flex")]), when: .any)
        var container: [(String, String)] = [
            ("flex-direction", names.direction),
            ("flex-wrap", "nowrap"),
            ("align-items", horizontal ? "center" : "stretch"),
            ("box-sizing", "border-box"),
            ("margin", "0"),
            ("padding", "0"),
        ]
        if let lead = format.leadingEdge?.minimum, lead > 0 { container.append((names.paddingStart, CSSLength.rem(points: lead))) }
        if let trail = format.trailingEdge?.minimum, trail > 0 { container.append((names.paddingEnd, CSSLength.rem(points: trail))) }
        if horizontal { container.append(("min-width", "0")) }
        if let gap = uniformGap(format) { container += wrapping + [("column-gap", CSSLength.rem(points: gap))] }
        set.add(CSSRule(containerSelector, container), when: .any)
        // The spacing before a view is its start margin; whichever view is first in the DOM
        // (an optional one may be absent) sits on the container's padding instead.
        set.add(CSSRule("\(containerSelector) > :first-child", [(names.marginStart, "0")]), when: .any)

        let plan = GrowthPlan(spec: self, format: format)
        for (index, view) in format.views.enumerated() {
            set.add(CSSRule(selector(of: view.name), slotDeclarations(view, index: index, format: format, plan: plan)), when: .any)
            if slot(view.name).hidesWhenEmpty {
                set.add(CSSRule(selector(of: view.name) + ":empty", [("display", "none")]), when: .any)
            }
        }
    }

    private func slotDeclarations(_ view: VisualFormat.View, index: Int, format: VisualFormat, plan: GrowthPlan) -> [(String, String)] {
        let names = format.axis.css
        let crossNames = format.axis.cross.css
        let slot = slot(view.name)
        let sizes = SlotSizes(view: view, slot: slot)
        var d: [(String, String)] = [("box-sizing", "border-box"), ("margin", "0")]
        if index > 0, uniformGap(format) == nil, let gap = format.spacing(before: index)?.minimum, gap > 0 {
            d.append((names.marginStart, CSSLength.rem(points: gap)))
        }
        if plan.absorber == view.name { d.append((names.marginEnd, "auto")) }
        if let cross = cross.first(where: { $0.views[0].name == view.name }) {
            let lead = cross.leadingEdge?.minimum
            let trail = cross.trailingEdge?.minimum
            d.append(("align-self", lead != nil && trail != nil ? "stretch" : lead != nil ? "flex-start" : trail != nil ? "flex-end" : "center"))
            if let lead, lead > 0 { d.append((crossNames.marginStart, CSSLength.rem(points: lead))) }
            if let trail, trail > 0 { d.append((crossNames.marginEnd, CSSLength.rem(points: trail))) }
        }
        if let fixed = sizes.fixed {
            let length = CSSLength.rem(points: fixed)
            d += [("flex", "0 0 \(length)"), (names.size, length), (names.minSize, length), (names.maxSize, length)]
        } else if format.axis == .vertical {
            d += [("flex", "\(plan.growers.contains(view.name) ? 1 : 0) 0 auto")]
            if let min = sizes.minimum { d.append((names.minSize, CSSLength.rem(points: min))) }
            if let max = sizes.maximum { d.append((names.maxSize, CSSLength.rem(points: max))) }
        } else if slot.compressionResistance == .required {
            d += [
                ("flex-grow", plan.fills(view.name) ? "1" : "0"),
                ("flex-shrink", "0"),
                ("flex-basis", sizes.minimum.map { CSSLength.rem(points: $0) } ?? "auto"),
                (names.minSize, "max-content"),
            ]
            if let max = sizes.maximum { d.append((names.maxSize, CSSLength.rem(points: max))) }
            d.append(("white-space", "nowrap"))
        } else {
            d += [
                ("flex-grow", PriorityLevels.weight(rank: plan.levels.rank(of: slot.compressionResistance))),
                ("flex-shrink", "0"),
                ("flex-basis", "0"),
                (names.minSize, sizes.minimum.map { CSSLength.rem(points: $0) } ?? "0"),
                (names.maxSize, sizes.maximum.map { CSSLength.rem(points: $0) } ?? (plan.fills(view.name) ? "none" : "max-content")),
                ("overflow", "hidden"),
                ("text-overflow", "ellipsis"),
                ("white-space", "nowrap"),
            ]
        }
        if let crossMax = slot.maximumCrossSize { d.append((crossNames.maxSize, CSSLength.rem(points: crossMax))) }
        if let alignment = slot.textAlignment { d.append(("text-align", alignment.rawValue)) }
        if let mode = slot.contentMode { d += [("object-fit", mode.rawValue), (crossNames.size, "auto")] }
        return d
    }

    // MARK: - Stacks, rows, presentation

    private func compileStack(_ stack: LayoutStack, into set: inout CSSRuleSet) {
        let horizontal = stack.axis == .horizontal
        set.add(CSSRule(displaySelector, [("display", "flex")]), when: .any)
        set.add(CSSRule(containerSelector, [
            ("flex-direction", stack.axis.css.direction),
            ("flex-wrap", horizontal && stack.wraps ? "wrap" : "nowrap"),
            ("align-items", horizontal ? "center" : "stretch"),
            ("gap", CSSLength.rem(points: stack.spacing)),
            ("box-sizing", "border-box"),
            ("margin", "0"),
            ("padding", "0"),
            ("min-width", "0"),
        ]), when: .any)
    }

    private func compileRowHeight(into set: inout CSSRuleSet) {
        guard let height = estimatedRowHeight else { return }
        let length = CSSLength.rem(points: height)
        set.add(CSSRule(containerSelector, [
            ("min-height", length),
            // Rows off screen are skipped, sized by the estimate until first rendered; `auto`
            // then remembers the real height (the web's estimatedRowHeight).
            ("content-visibility", "auto"),
            ("contain-intrinsic-size", "auto \(length)"),
        ]), when: .any)
    }

    private func compilePresentationBase(into set: inout CSSRuleSet) {
        guard let backdrop else { return }
        set.add(CSSRule("." + backdrop, [
            ("position", "fixed"),
            ("inset", "0"),
            ("z-index", "100"),
            ("display", "flex"),
            ("align-items", "center"),
            ("justify-content", "center"),
            ("box-sizing", "border-box"),
            ("padding", "0"),
            ("overflow", "hidden"),
            ("background", "rgb(0 0 0 / 0.4)"),
        ]), when: .any)
        set.add(CSSRule(containerSelector, [
            ("position", "relative"),
            ("inset", "auto"),
            ("width", "100%"),
            ("max-width", "100%"),
            ("max-height", "100%"),
            ("margin", "auto"),
            ("overflow", "auto"),
            ("overscroll-behavior", "contain"),
        ]), when: .any)
    }

    // MARK: - Variants

    private func compileContainerVariant(_ rule: LayoutVariantRule, into set: inout CSSRuleSet) {
        let when = rule.condition
        switch rule.variant {
        case .hide:
            set.add(CSSRule(containerSelector, [("display", "none")]), when: when)
        case .disable:
            addDisabled(containerSelector, into: &set, when: when)
        case .wrap:
            set.add(CSSRule(containerSelector, wrapping), when: when)
        case .stack:
            guard let main, main.axis == .horizontal else { return }
            set.add(CSSRule(containerSelector, [("flex-direction", "column"), ("align-items", "stretch")]), when: when)
            set.add(CSSRule("\(containerSelector) > :first-child", [("margin-block-start", "0")]), when: when)
            for (index, view) in main.views.enumerated() {
                var d: [(String, String)] = [("flex", "0 0 auto"), ("min-width", "0"), ("max-width", "none"), ("margin-inline", "0")]
                if index > 0, let gap = main.spacing(before: index)?.minimum, gap > 0 {
                    d.append(("margin-block-start", CSSLength.rem(points: gap)))
                }
                set.add(CSSRule(selector(of: view.name), d), when: when)
            }
        case let .present(presentation):
            guard let backdrop else { return }
            switch presentation {
            case let .formSheet(maxWidth):
                set.add(CSSRule("." + backdrop, [("padding", "1rem")]), when: when)
                set.add(CSSRule(containerSelector, [
                    ("margin", "auto"), ("width", "100%"), ("max-width", CSSLength.rem(points: maxWidth)),
                    ("height", "auto"), ("max-height", "100%"), ("border-radius", "0.75rem"),
                ]), when: when)
            case .fullScreen:
                set.add(CSSRule("." + backdrop, [("padding", "0")]), when: when)
                set.add(CSSRule(containerSelector, [
                    ("margin", "0"), ("width", "100%"), ("max-width", "none"),
                    ("height", "100%"), ("max-height", "none"), ("border-radius", "0"), ("border-width", "0"),
                ]), when: when)
            }
        }
    }

    private func compileSlotVariant(_ rule: LayoutVariantRule, view: VisualFormat.View, index: Int, into set: inout CSSRuleSet) {
        guard let main else { return }
        let when = rule.condition
        let slotSelector = selector(of: view.name)
        let horizontal = main.axis == .horizontal
        switch rule.variant {
        case .hide:
            set.add(CSSRule(slotSelector, [("display", "none")]), when: when)
        case .disable:
            addDisabled(slotSelector, into: &set, when: when)
        case .wrap:
            let slot = slot(view.name)
            let sizes = SlotSizes(view: view, slot: slot)
            guard horizontal, sizes.fixed == nil else { return }
            var d: [(String, String)] = []
            // A slot stacked on its own line in the same size classes keeps that line's basis.
            let stacked = slot.variants.contains(LayoutVariantRule(when, .stack))
            if slot.compressionResistance == .required, !stacked {
                let plan = GrowthPlan(spec: self, format: main)
                d += [
                    ("flex-grow", PriorityLevels.weight(rank: plan.levels.topRank)),
                    ("flex-basis", "0"),
                    ("max-width", sizes.maximum.map { CSSLength.rem(points: $0) } ?? "max-content"),
                ]
            }
            d += [("min-width", "min-content"), ("white-space", "normal"), ("overflow-wrap", "break-word"), ("text-overflow", "clip")]
            set.add(CSSRule(slotSelector, d), when: when)
            // Lines break between the slot's child elements (an amount and its badge), not inside them.
            set.add(CSSRule("\(slotSelector) > *", [("white-space", "nowrap")]), when: when)
        case .stack:
            guard horizontal else { return }
            set.add(CSSRule(containerSelector, wrapping + [("padding-block", CSSLength.rem(points: LayoutSpacing.standardPoints))]), when: when)
            set.add(CSSRule(slotSelector, [
                ("flex", "1 0 100%"), ("max-width", "none"), ("margin-inline-start", "0"),
            ]), when: when)
        case .present:
            return  // only containers are presented
        }
    }

    /// The gap of a row that always wraps and spaces its views evenly: rendered as
    /// `column-gap` rather than start margins, so a wrapped line starts flush with the first.
    private func uniformGap(_ format: VisualFormat) -> Double? {
        guard format.axis == .horizontal, variants.contains(.always(.wrap)),
              let first = format.spacings.first,
              format.spacings.allSatisfy({ $0.minimum == first.minimum && !$0.isFlexible })
        else { return nil }
        return first.minimum
    }

    /// Lines of a wrapping container are the standard spacing apart.
    private var wrapping: [(String, String)] {
        [("flex-wrap", "wrap"), ("align-content", "center"), ("row-gap", CSSLength.rem(points: LayoutSpacing.standardPoints))]
    }

    /// Disabled: visible but dimmed and inert. CSS cannot set `disabled`, so pointer events are
    /// off and the form controls inside are `visibility: hidden`, which makes them neither
    /// clickable nor focusable (hidden elements leave the tab order and the accessibility
    /// tree) while the wrapper keeps its place and its label.
    private func addDisabled(_ selector: String, into set: inout CSSRuleSet, when: SizeClassCondition) {
        set.add(CSSRule(selector, [("pointer-events", "none"), ("user-select", "none"), ("opacity", "0.4")]), when: when)
        set.add(CSSRule("\(selector) :is(input, select, textarea, button)", [("visibility", "hidden")]), when: when)
    }
}
