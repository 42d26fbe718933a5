import Foundation
import HTTP
import Storage

/// Issue 26: a member's own star on an item, through the API. Any role may set or clear their
/// own (it changes no one else's view and nothing of the household's: no history, no version).
extension ItemAPIController {
    /// `PUT /items/{key}/favourite.json` — stars the item for the member asking; idempotent.
    /// 200 with the item (`favourite: true`).
    func putFavourite(_ request: HTTPRequest) throws -> HTTPResponse {
        try setFavourite(true, request)
    }

    /// `DELETE /items/{key}/favourite.json` — unstars it; idempotent. 200 with the item.
    func deleteFavourite(_ request: HTTPRequest) throws -> HTTPResponse {
        try setFavourite(false, request)
    }

    private func setFavourite(_ favourite: Bool, _ request: HTTPRequest) throws -> HTTPResponse {
        let key = try itemKey(request)
        guard let account = request.signedIn?.account.id else { throw ProblemDetails(status: .unauthorized) }
        do {
            try store.setFavourite(favourite, itemKey: key, accountID: account)
        } catch StoreError.itemNotFound {
            throw ProblemDetails(status: .notFound, detail: "apiErrorNoItem")
        }
        // Read after: the item as it is now (another member may have just changed it).
        return try .json(ItemJSON.object(try existingItem(request), store: store, favourites: try favourites(request)))
    }

    /// The items the member asking starred, for `favourite` in each item they are shown.
    func favourites(_ request: HTTPRequest) throws -> Set<UUID> {
        guard let account = request.signedIn?.account.id else { return [] }
        return try store.favouriteKeys(of: account)
    }
}
