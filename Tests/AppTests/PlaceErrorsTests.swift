import Foundation
import HTTP
@testable import Storage
import Testing
@testable import App

/// The store's refusals about places, as error pages and as problem details: each has its
/// status and a sentence people can act on, in their language.
@Suite("Places: errors")
struct PlaceErrorsTests {
    @Test("Every place problem has a status and a clear message on the error pages", arguments: [
        (StoreError.invalidPlace(.tooDeep(limit: 4)), 422, "Locations nest at most 4 levels deep."),
        (.invalidPlace(.intoItself), 422, "A location cannot go inside itself or a location inside it."),
        (.invalidPlace(.duplicateName("Kitchen")), 422, "The name “Kitchen” is taken there."),
        (.invalidPlace(.nameRequired), 422, "Enter a name."),
        (.invalidPlace(.nameTooLong(limit: 100)), 422, "Use at most 100 characters, on one line."),
        (.invalidPlace(.noteTooLong(limit: 1_000)), 422, "Use at most 1000 characters for the note."),
        (.invalidPlace(.tooMany(limit: 5_000)), 422, "The household has 5000 locations, the most it can have."),
        (.invalidPlace(.tooManyLabels(limit: 50)), 422, "An item can have at most 50 labels."),
        (.invalidPlace(.targetInsideDeleted), 422, "Its contents cannot go into the location being deleted or a location inside it."),
        (.locationNotFound, 404, "placesErrorNoLocation"),
        (.labelNotFound, 404, "placesErrorNoLabel"),
    ])
    func described(_ error: StoreError, status: Int, detail: String) {
        let (described, text) = ErrorPages.describe(error)
        #expect(described.rawValue == status)
        #expect(text == detail)
        #expect(Strings.lookup(text, .english) != nil || !text.hasPrefix("places"), "a key names a string")
    }

    @Test("Each message names the field it belongs beside, and says the same thing in all three languages")
    func messages() {
        let problems: [PlaceProblem] = [.nameRequired, .nameTooLong(limit: 40), .duplicateName("X"), .noteTooLong(limit: 1_000),
                                        .tooDeep(limit: 4), .intoItself, .tooMany(limit: 9), .tooManyLabels(limit: 50), .targetInsideDeleted]
        for problem in problems {
            for subject in [PlaceMessage.Subject.location, .label, .either] {
                let message = PlaceMessage(problem, subject: subject)
                #expect(["name", "note", "parent", "labels", "moveTo"].contains(message.field))
                for language in Language.allCases {
                    #expect(Strings.table(language)[message.key] != nil, "\(message.key) in \(language)")
                    #expect(!message.text(language).contains("{"), "\(message.key) in \(language) is filled in")
                }
            }
        }
        #expect(PlaceMessage(.duplicateName("Gift"), subject: .label).text(.english) == "A label named “Gift” already exists.")
        #expect(PlaceMessage(.duplicateName("厨房"), subject: .location).text(.simplifiedChinese) == "那里已经有名为“厨房”的位置。")
        #expect(PlaceMessage(.tooMany(limit: 1_000), subject: .label).key == "placesErrorLabelsTooMany")
    }

    /// The JSON of a problem's response.
    static func json(_ problem: ProblemDetails?, _ language: Language = .english) throws -> [String: Any] {
        guard case .bytes(let bytes) = try #require(problem).response(language: language).body else { return [:] }
        return try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
    }

    @Test("As problem details: 422 naming the field, 409 with the location or label as it is now")
    func problems() throws {
        let invalid = try #require(ProblemDetails(StoreError.invalidPlace(.tooDeep(limit: 4))))
        #expect(invalid.status == .unprocessableContent && invalid.errors.map(\.field) == ["parent"])
        let body = try Self.json(invalid, .traditionalChinese)
        #expect((body["errors"] as? [[String: Any]])?.first?["message"] as? String == "位置最多只能巢狀 4 層。")

        let location = Location(key: UUID(), name: "Attic", note: "", parentKey: nil, path: ["Attic"], version: 3)
        let conflict = try #require(ProblemDetails(StoreError.locationConflict(current: location)))
        let json = try Self.json(conflict)
        #expect(conflict.status == .conflict)
        #expect((json["current"] as? [String: Any])?["name"] as? String == "Attic")
        #expect((json["current"] as? [String: Any])?["version"] as? Int == 3)
        let label = Label(key: UUID(), name: "Gift", color: .pink, version: 2)
        let labelJSON = try Self.json(ProblemDetails(StoreError.labelConflict(current: label)))
        #expect((labelJSON["current"] as? [String: Any])?["color"] as? String == "pink")
    }
}
