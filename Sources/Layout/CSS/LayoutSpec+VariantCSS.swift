/// Size-class variants: each becomes rules in the `@media` block of its condition.
extension LayoutSpec {
    func compileContainerVariant(_ rule: LayoutVariantRule, into set: inout CSSRuleSet) {
        let when = rule.condition
        switch rule.variant {
        case .hide:
            set.add(CSSRule(containerSelector, Self.hidden), when: when)
        case .disable:
            addDisabled(containerSelector, into: &set, when: when)
        case .wrap:
            set.add(CSSRule(containerSelector, wrapping), when: when)
        case .stack:
            guard let main, main.axis == .horizontal else { return }
            // One column of full-width views; no wrapping (a wrapped column would shrink to its content).
            set.add(CSSRule(containerSelector, [("flex-direction", "column"), ("flex-wrap", "nowrap"), ("align-items", "stretch")]), when: when)
            set.add(CSSRule("\(containerSelector) > :first-child", [("margin-block-start", "0")]), when: when)
            for (index, view) in main.views.enumerated() {
                var d: [(String, String)] = [("flex", "0 0 auto"), ("min-width", "0"), ("max-width", "none"), ("margin-inline", "0")]
                if index > 0, let gap = main.spacing(before: index)?.minimum, gap > 0 {
                    d.append(("margin-block-start", CSSLength.rem(points: gap)))
                }
                set.add(CSSRule(selector(of: view.name), d), when: when)
            }
        case let .maximumWidth(points):
            set.add(CSSRule(containerSelector, [
                ("max-width", CSSLength.rem(points: points)), ("margin-inline", "auto"),
            ]), when: when)
        case .fixedSize:
            return  // only slots have a fixed size
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

    func compileSlotVariant(_ rule: LayoutVariantRule, view: VisualFormat.View, index: Int, into set: inout CSSRuleSet) {
        guard let main else { return }
        let when = rule.condition
        let slotSelector = selector(of: view.name)
        let horizontal = main.axis == .horizontal
        switch rule.variant {
        case .hide:
            set.add(CSSRule(slotSelector, Self.hidden), when: when)
        case .disable:
            addDisabled(slotSelector, into: &set, when: when)
        case .wrap:
            let slot = slot(view.name)
            let sizes = SlotSizes(view: view, slot: slot)
            guard horizontal, sizes.fixed == nil else { return }
            var d: [(String, String)] = []
            // A slot stacked on its own line in the same size classes keeps that line's basis.
            let stacked = slot.variants.contains(LayoutVariantRule(when, .stack))
            // In a container whose lines wrap there (a toolbar), a required slot keeps its one-line
            // width and the next views move to a new line first; it wraps its text only when a
            // line of its own is still too narrow.
            let containerWraps = variants.contains { $0.variant == .wrap && ($0.condition == .any || $0.condition == when) }
            if slot.compressionResistance == .required, !stacked, containerWraps {
                d += [("flex-grow", "0"), ("flex-shrink", "1"), ("flex-basis", "auto"),
                      ("max-width", sizes.maximum.map { CSSLength.rem(points: $0) } ?? "100%")]
            } else if slot.compressionResistance == .required, !stacked {
                let plan = GrowthPlan(spec: self, format: main)
                d += [
                    ("flex-grow", PriorityLevels.weight(rank: plan.levels.topRank)),
                    ("flex-basis", "0"),
                    ("max-width", sizes.maximum.map { CSSLength.rem(points: $0) } ?? "max-content"),
                ]
            }
            // `anywhere`, unlike `break-word`, lets an unbroken serial shrink its min-content width;
            // a required slot (a button's label) is never narrower than its longest word.
            let breaks = slot.compressionResistance == .required ? "break-word" : "anywhere"
            d += [("min-width", "min-content"), ("white-space", "normal"), ("overflow-wrap", breaks), ("text-overflow", "clip")]
            set.add(CSSRule(slotSelector, d), when: when)
            // Lines break between the slot's child elements (an amount and its badge), not inside them.
            set.add(CSSRule("\(slotSelector) > *", [("white-space", "nowrap")]), when: when)
        case .stack:
            guard horizontal else { return }
            set.add(CSSRule(containerSelector, wrapping), when: when)
            // Two lines need room above and below; a row without the stacked slot keeps its height.
            set.add(CSSRule("\(containerSelector):has(> \(slotSelector))", [
                ("padding-block", CSSLength.rem(points: LayoutSpacing.standardPoints)),
            ]), when: when)
            // Under every other view, wherever it is in the markup (a title between two buttons).
            set.add(CSSRule(slotSelector, [
                ("flex", "1 0 100%"), ("max-width", "none"), ("margin-inline-start", "0"), ("order", "100"),
            ]), when: when)
        case let .fixedSize(points):
            let length = CSSLength.rem(points: points)
            // The text ellipsises on one line, or wraps up to the slot's line limit.
            set.add(CSSRule(slotSelector, [
                ("flex", "0 0 \(length)"), (horizontal ? "width" : "height", length),
                (horizontal ? "min-width" : "min-height", length), (horizontal ? "max-width" : "max-height", length),
                ("overflow", "hidden"), ("text-overflow", "ellipsis"),
            ] + lines(slot(view.name))), when: when)
        case .present, .maximumWidth:
            return  // only containers are presented or limited in width
        }
    }

    /// Hidden whatever display the look gives the element (a `.button` is `inline-flex`):
    /// in these size classes it simply is not there.
    static let hidden = [("display", "none !important")]

    /// The gap of a row that always wraps and spaces its views evenly: rendered as
    /// `column-gap` rather than start margins, so a wrapped line starts flush with the first.
    func uniformGap(_ format: VisualFormat) -> Double? {
        guard format.axis == .horizontal, variants.contains(.always(.wrap)),
              let first = format.spacings.first,
              format.spacings.allSatisfy({ $0.minimum == first.minimum && !$0.isFlexible })
        else { return nil }
        return first.minimum
    }

    /// Lines of a wrapping container are the standard spacing apart.
    var wrapping: [(String, String)] {
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
