import Foundation
import HTTP
import Mustache
import Storage

/// The household's own settings on the account page (owners only: under `/members`, see
/// ``AccessGuard``): the "high value" line, the tutorial's $50 until an owner moves it.
struct HouseholdController: Sendable {
    let store: ItemStore
    let account: AccountController

    /// `POST /members/high-value` (`threshold`): a whole number of dollars, 0…1,000,000,000;
    /// "$1,000" is read as 1000. Anything else is refused with 422 by the field, keeping what
    /// was typed. The store records who changed it and when, and drops every page marked by
    /// the old line.
    func setValuableThreshold(_ request: HTTPRequest, _ form: SubmittedForm) throws -> HTTPResponse {
        let typed = form["threshold"] ?? ""
        guard let dollars = Self.parse(typed) else {
            return try account.page(request, errors: ["threshold": "errorThreshold"], status: .unprocessableContent,
                                    typed: ["threshold": String(typed.prefix(64))])
        }
        let context = account.renderer.context(for: request)
        let changed: Bool
        do {
            changed = try store.setValuableThreshold(dollars, actor: request.actor)
        } catch StoreError.invalidField {
            return try account.page(request, errors: ["threshold": "errorThreshold"], status: .unprocessableContent,
                                    typed: ["threshold": String(typed.prefix(64))])
        }
        let amount = account.renderer.formatters.money(dollars, context.language, context.currency)
        return context.redirect(to: "/account", flash: context.format(changed ? "highValueChanged" : "highValueUnchanged", amount),
                                place: "high-value")
    }

    /// Whole dollars as people type them: digits, with an optional leading `$` and grouping
    /// commas or spaces; nil for anything else (cents, signs, words) or past the largest.
    static func parse(_ text: String) -> Int? {
        var digits = Substring(text.trimmingCharacters(in: .whitespaces))
        if digits.first == "$" { digits = digits.dropFirst() }
        let kept = digits.filter { $0 != "," && $0 != " " && $0 != "\u{00A0}" && $0 != "\u{202F}" }
        guard !kept.isEmpty, kept.count <= 10, kept.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let value = Int(kept), value <= ItemStore.maxValuableThreshold
        else { return nil }
        return value
    }

    /// The account page's "High value" section: the line now, the field, who moved it last.
    static func values(
        store: ItemStore, typed: String?, error: String?, context: PageContext, formatters: Formatters
    ) throws -> MustacheValue {
        let threshold = store.valuableThreshold
        var values: [String: MustacheValue] = [
            "value": .string(typed ?? String(threshold)),
            "legend": .string(context.format("highValueLegend", formatters.money(threshold, context.language, context.currency))),
        ]
        if let error { values["error"] = .string(context.text(error)) }
        if let change = try store.valuableThresholdChange() {
            let when = formatters.moment(change.at, context.language).medium
            values["changed"] = .string(change.name.isEmpty ? context.format("highValueChangedAt", when)
                                                            : context.format("highValueChangedBy", change.name, when))
        }
        return .object(values)
    }
}
