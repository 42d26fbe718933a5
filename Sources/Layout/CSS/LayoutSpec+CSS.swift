extension LayoutSpec {
    /// The spec's CSS rules: unconditional ones and one group per size-class condition, all
    /// within the spec's own ``condition``.
    func cssRules() -> CSSRuleSet {
        let set = compiledRules()
        guard condition != .any else { return set }
        var limited = CSSRuleSet()
        for rule in set.base { limited.add(rule, when: condition) }
        for (when, rules) in set.conditional {
            // A variant for size classes the spec never lays out can never apply.
            guard let both = when.intersection(condition) else { continue }
            for rule in rules { limited.add(rule, when: both) }
        }
        return limited
    }

    private func compiledRules() -> CSSRuleSet {
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

    /// `display: flex` for the container rule, or — for a presented container — a rule of its own.
    private func displayDeclarations(into set: inout CSSRuleSet) -> [(String, String)] {
        guard backdrop != nil else { return [("display", "flex")] }
        set.add(CSSRule(displaySelector, [("display", "flex")]), when: .any)
        return []
    }

    func selector(of name: String) -> String { "." + className(of: name) }

    // MARK: - Main axis

    private func compileMain(_ format: VisualFormat, into set: inout CSSRuleSet) {
        let names = format.axis.css
        let horizontal = format.axis == .horizontal
        var container: [(String, String)] = displayDeclarations(into: &set) + [
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
        for wrapper in passThrough {
            set.add(CSSRule("\(containerSelector) .\(wrapper)", [("display", "contents")]), when: .any)
        }
        // The spacing before a view is its start margin; whichever view is first in the DOM
        // (an optional one may be absent) sits on the container's padding instead.
        set.add(CSSRule("\(containerSelector) > :first-child", [(names.marginStart, "0")]), when: .any)

        let plan = GrowthPlan(spec: self, format: format)
        for (index, view) in format.views.enumerated() {
            set.add(CSSRule(selector(of: view.name), slotDeclarations(view, index: index, format: format, plan: plan)), when: .any)
            if slot(view.name).hidesWhenEmpty {
                set.add(CSSRule(selector(of: view.name) + ":empty", [("display", "none")]), when: .any)
                // An empty first view takes no room, so the next one starts at the edge instead.
                if index == 0 {
                    set.add(CSSRule("\(containerSelector) > :first-child:empty + *", [(names.marginStart, "0")]), when: .any)
                }
            }
        }
    }

    private func slotDeclarations(_ view: VisualFormat.View, index: Int, format: VisualFormat, plan: GrowthPlan) -> [(String, String)] {
        let names = format.axis.css
        let crossNames = format.axis.cross.css
        let slot = slot(view.name)
        let sizes = SlotSizes(view: view, slot: slot)
        var d: [(String, String)] = [("box-sizing", "border-box"), ("margin", "0")]
        // Seen through wrappers, the slots are placed in the format's order, not the markup's.
        if !passThrough.isEmpty { d.append(("order", String(index))) }
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
            ]
            d += minimumWidth(sizes: sizes, slot: slot, property: names.minSize)
            d += [
                (names.maxSize, sizes.maximum.map { CSSLength.rem(points: $0) } ?? (plan.fills(view.name) ? "none" : "max-content")),
                ("overflow", "hidden"),
                ("text-overflow", "ellipsis"),
            ]
            d += lines(slot)
        }
        if let crossMax = slot.maximumCrossSize { d.append((crossNames.maxSize, CSSLength.rem(points: crossMax))) }
        if let alignment = slot.textAlignment { d.append(("text-align", alignment.rawValue)) }
        if let mode = slot.contentMode { d += [("object-fit", mode.rawValue), (crossNames.size, "auto")] }
        return d
    }

    /// A squeezable slot's minimum: its size in points, else a few characters and an
    /// ellipsis — but never more than its own text (`calc-size`, where the engine has it).
    private func minimumWidth(sizes: SlotSizes, slot: LayoutSlot, property: String) -> [(String, String)] {
        if let minimum = sizes.minimum { return [(property, CSSLength.rem(points: minimum))] }
        guard let characters = slot.minimumCharacters else { return [(property, "0")] }
        let length = CSSLength.characters(characters)
        return [(property, length), (property, "calc-size(max-content, min(size, \(length)))")]
    }

    /// One line (`nowrap`), or up to ``LayoutSlot/lineLimit`` lines and then an ellipsis.
    func lines(_ slot: LayoutSlot) -> [(String, String)] {
        guard let limit = slot.lineLimit, limit > 1 else { return [("white-space", "nowrap")] }
        return [
            ("white-space", "normal"),
            ("overflow-wrap", "anywhere"),
            ("display", "-webkit-box"),
            ("-webkit-box-orient", "vertical"),
            ("-webkit-line-clamp", String(limit)),
        ]
    }

    // MARK: - Stacks, rows, presentation

    private func compileStack(_ stack: LayoutStack, into set: inout CSSRuleSet) {
        let horizontal = stack.axis == .horizontal
        set.add(CSSRule(containerSelector, displayDeclarations(into: &set) + [
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
}
