import Foundation
import PostgreSQL
import Testing
@testable import Storage

/// The PostgreSQL triggers do what SQLite's do (issue 25): the same statements, run on a fresh
/// store of each, leave the same running totals and label rows after every one; and the search
/// triggers record exactly the items whose folded text must be made again.
@Suite("PostgreSQL triggers against SQLite's", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.missing))
struct PostgresTriggerParityTests {
    /// What the triggers keep, read the same way from both engines.
    static let snapshot = [
        "SELECT count, units, total_value FROM item_stats",
        "SELECT filter, count, units, total FROM item_filter_stats ORDER BY filter",
        "SELECT location_id, count, units, total FROM location_stats ORDER BY location_id",
        "SELECT label_id, item_id, item_value, item_quantity, CASE WHEN listed THEN 1 ELSE 0 END FROM item_labels ORDER BY label_id, item_id",
    ]

    static let home = "(SELECT id FROM locations WHERE key = {key 1})"
    static let box = "(SELECT id FROM locations WHERE key = {key 2})"
    static let item = "INSERT INTO items (key, position, name, serial_number, value_in_dollars, date_created"

    /// Items come, change in every column a trigger watches, are staged and listed, and go;
    /// locations and labels too.
    static let steps = [
        "INSERT INTO photos (etag, media_type, bytes) VALUES ('e1', 'image/jpeg', {blob 3}), ('e2', 'image/png', {blob 3})",
        "INSERT INTO locations (key, parent_id, name, name_key, position, created_at) VALUES ({key 1}, NULL, 'Home', 'home', 0, 0)",
        "INSERT INTO locations (key, parent_id, name, name_key, position, created_at) VALUES ({key 2}, \(home), 'Box', 'box', 0, 0)",
        "INSERT INTO labels (key, name, name_key, color, created_at) VALUES ({key 3}, 'Red', 'red', 'red', 0), ({key 4}, 'Blue', 'blue', 'blue', 0)",
        "\(item)) VALUES ({key 10}, 10, 'Rusty Bear', '1A2B3', 10, 0)",
        "\(item), photo_etag, location_id) VALUES ({key 11}, 20, 'Shiny Mac', '', 75, 0, 'e1', \(home))",
        "\(item), quantity, location_id) VALUES ({key 12}, 30, 'Fluffy Spark', '', 40, 0, 3, \(box))",
        // Staged by an import: outside every total until listed.
        "\(item), import_id, photo_etag, location_id) VALUES ({key 13}, -100, 'Staged', '', 500, 0, 7, 'e2', \(box)), ({key 14}, -99, 'Staged too', '', 5, 0, 7, NULL, NULL)",
        "INSERT INTO item_labels (label_id, item_id) SELECT labels.id, items.id FROM labels, items WHERE labels.key = {key 3}",
        "INSERT INTO item_labels (label_id, item_id) SELECT (SELECT id FROM labels WHERE key = {key 4}), id FROM items WHERE key IN ({key 11}, {key 12})",
        "INSERT INTO item_labels (label_id, item_id) VALUES ((SELECT id FROM labels WHERE key = {key 4}), 9999)",  // no such item
        "UPDATE items SET value_in_dollars = 60 WHERE key = {key 10}",  // becomes high value
        "UPDATE items SET value_in_dollars = 60 WHERE key = {key 10}",  // the same value: UPDATE OF fires all the same
        "UPDATE items SET quantity = 5 WHERE key = {key 12}",
        "UPDATE items SET photo_etag = 'e2' WHERE key = {key 10}",
        "UPDATE items SET photo_etag = NULL WHERE key = {key 11}",
        "UPDATE items SET location_id = \(box) WHERE key = {key 10}",
        "UPDATE items SET location_id = NULL WHERE key = {key 11}",
        "UPDATE items SET value_in_dollars = 1000, quantity = 2 WHERE key = {key 13}",  // staged
        "UPDATE items SET import_id = NULL WHERE import_id = 7",  // listed
        "UPDATE household_settings SET valuable_threshold = 100 WHERE id = 1",
        "UPDATE items SET value_in_dollars = value_in_dollars + 1",  // every row, under the new threshold
        "UPDATE items SET name = 'Rusty Bear 2', serial_number = 'X', position = position + 1 WHERE key = {key 10}",
        "DELETE FROM items WHERE key = {key 11}",
        "UPDATE items SET import_id = 8, quantity = 4 WHERE key = {key 14}",  // staged again
        "DELETE FROM items WHERE key = {key 14}",
        "UPDATE items SET location_id = NULL WHERE location_id = \(box)",
        "DELETE FROM locations WHERE key = {key 2}",
        "DELETE FROM labels WHERE key = {key 3}",
        "\(item), location_id, quantity) VALUES ({key 15}, 40, 'Late', '', 300, 0, \(home), 2)",
        "DELETE FROM items WHERE key <> {key 15}",
    ]

    @Test("The same statements leave the same running totals and label rows on both engines, step by step")
    func runningTotals() throws {
        try EnginePair.with { engines in
            var snapshots: [[[String?]]] = []
            for step in Self.steps {
                let errors = engines.run(step)
                #expect(errors.sqlite == nil && errors.postgres == nil, "\(step): \(String(describing: errors))")
                var snapshot: [[String?]] = []
                for query in Self.snapshot {
                    let rows = try engines.rows(query)
                    #expect(rows.postgres == rows.sqlite, "after \(step)\n\(query)")
                    snapshot += rows.sqlite
                }
                snapshots.append(snapshot)
            }
            // The totals did move (a comparison of two unchanging tables would prove nothing):
            // after the third item, 3 items, 5 units, 10 + 75 + 40 × 3 dollars.
            #expect(snapshots[6][0] == ["3", "5", "205"])
            #expect(Set(snapshots.map { "\($0)" }).count > 20)
        }
    }

    @Test("Constraints refuse the same hostile rows on both engines, and accept the same good ones")
    func constraints() throws {
        try EnginePair.with { engines in
            let setup = [
                "INSERT INTO photos (etag, media_type, bytes) VALUES ('e1', 'image/jpeg', {blob 3})",
                "INSERT INTO accounts (username, username_key, password_hash, role, created_at) VALUES ('Ann', 'ann', 'x', 'owner', 0)",
                "INSERT INTO documents (digest, media_type, size) VALUES ('\(String(repeating: "ab", count: 32))', 'application/pdf', 10)",
                "INSERT INTO locations (key, name, name_key, position, created_at) VALUES ({key 1}, 'Home', 'home', 0, 0)",
                "INSERT INTO labels (key, name, name_key, color, created_at) VALUES ({key 2}, 'Red', 'red', 'red', 0)",
                "\(Self.item), photo_etag, location_id) VALUES ({key 3}, 0, 'Bear', '', 1, 0, 'e1', (SELECT id FROM locations))",
            ]
            for step in setup { #expect(engines.succeeded(step)) }
            let hostile = [
                "\(Self.item)) VALUES ({blob 15}, 0, 'Short key', '', 1, 0)",
                "\(Self.item)) VALUES ({key 3}, 0, 'Same key', '', 1, 0)",
                "\(Self.item)) VALUES ({key 4}, 0, NULL, '', 1, 0)",
                "\(Self.item), quantity) VALUES ({key 4}, 0, 'None', '', 1, 0, 0)",
                "\(Self.item), quantity) VALUES ({key 4}, 0, 'Too many', '', 1, 0, 1000001)",
                "\(Self.item), photo_etag) VALUES ({key 4}, 0, 'No photo', '', 1, 0, 'missing')",
                "\(Self.item), location_id) VALUES ({key 4}, 0, 'Nowhere', '', 1, 0, 999)",
                "INSERT INTO locations (key, name, name_key, position, created_at) VALUES ({key 5}, 'HOME', 'home', 1, 0)",
                "INSERT INTO labels (key, name, name_key, color, created_at) VALUES ({key 6}, 'RED', 'red', 'red', 0)",
                "INSERT INTO documents (digest, media_type, size) VALUES ('\(String(repeating: "AB", count: 32))', 'application/pdf', 10)",
                "INSERT INTO documents (digest, media_type, size) VALUES ('\(String(repeating: "a", count: 63))', 'application/pdf', 10)",
                "INSERT INTO documents (digest, media_type, size) VALUES ('\(String(repeating: "cd", count: 32))', 'text/html', 10)",
                "INSERT INTO documents (digest, media_type, size) VALUES ('\(String(repeating: "ef", count: 32))', 'application/pdf', 0)",
                "INSERT INTO document_uses (holder, holder_key, position, document_id, kind, title, file_name, added_at) VALUES ('item', {key 3}, 0, (SELECT id FROM documents), 'receipt', '', 'a.pdf', 0)",
                "INSERT INTO document_uses (holder, holder_key, position, document_id, kind, title, file_name, added_at) VALUES ('thing', {key 3}, 0, (SELECT id FROM documents), 'receipt', 'A', 'a.pdf', 0)",
                "INSERT INTO document_uses (holder, holder_key, position, document_id, kind, title, file_name, added_at) VALUES ('item', {key 3}, 0, (SELECT id FROM documents), 'poem', 'A', 'a.pdf', 0)",
                "INSERT INTO document_uses (holder, holder_key, position, document_id, kind, title, file_name, added_at) VALUES ('item', {key 3}, -1, (SELECT id FROM documents), 'receipt', 'A', 'a.pdf', 0)",
                "INSERT INTO document_uses (holder, holder_key, position, document_id, kind, title, file_name, added_at) VALUES ('item', {blob 17}, 0, (SELECT id FROM documents), 'receipt', 'A', 'a.pdf', 0)",
                "INSERT INTO document_chunks (document_id, seq, bytes) VALUES (999, 0, {blob 1})",
                "INSERT INTO document_chunks (document_id, seq, bytes) VALUES ((SELECT id FROM documents), -1, {blob 1})",
                "INSERT INTO photo_uses (holder, holder_key, position, photo_etag) VALUES ('shelf', {key 3}, 0, 'e1')",
                "INSERT INTO accounts (username, username_key, password_hash, role, created_at) VALUES ('Bob', 'bob', 'x', 'admin', 0)",
                "INSERT INTO accounts (username, username_key, password_hash, role, created_at) VALUES ('ANN', 'ann', 'x', 'viewer', 0)",
                "INSERT INTO sessions (id_hash, account_id, created_at, last_seen_at, user_agent) VALUES ({blob 31}, 1, 0, 0, '')",
                "INSERT INTO invitations (token_hash, role, created_by, created_at, expires_at) VALUES ({blob 32}, 'king', 1, 0, 0)",
                "INSERT INTO api_tokens (account_id, token_hash, name, created_at) VALUES (999, {blob 32}, 'script', 0)",
                "INSERT INTO drafts (id, item_key, is_new, name, serial_number, value_in_dollars, date_created, updated_at) VALUES ({blob 8}, {key 3}, {true}, 'D', '', 0, 0, 0)",
                "UPDATE household_settings SET valuable_threshold = -1",
                "UPDATE household_settings SET valuable_threshold = 1000000001",
                "INSERT INTO household_settings (id, valuable_threshold) VALUES (2, 50)",
                "INSERT INTO item_stats (id, count, total_value) VALUES (2, 0, 0)",
                "INSERT INTO item_filter_stats (filter, count, total) VALUES ('cheap', 0, 0)",
                "INSERT INTO deleted_items (key, name, serial_number, value_in_dollars, date_created, version, list_index, batch, deleted_at, deleted_by) VALUES ({blob 20}, 'x', '', 0, 0, 1, 0, {blob 16}, 0, 'Ann')",
                "INSERT INTO pending_imports (key, created_at, file_name, bytes) VALUES ({blob 0}, 0, 'a.csv', {blob 1})",
                "DELETE FROM photos",  // an item shows it
                "DELETE FROM locations",  // an item is in it
            ]
            for statement in hostile {
                let errors = engines.run(statement)
                #expect(errors.sqlite != nil, "SQLite accepted \(statement)")
                #expect(errors.postgres != nil, "PostgreSQL accepted \(statement)")
            }
            let good = [
                "INSERT INTO drafts (id, item_key, is_new, name, serial_number, value_in_dollars, date_created, updated_at) VALUES ({key 8}, {key 3}, {true}, 'D', '', 0, 0, 0)",
                "INSERT INTO api_tokens (account_id, token_hash, name, created_at) VALUES ((SELECT id FROM accounts), {blob 32}, 'script', 0)",
                "INSERT INTO document_uses (holder, holder_key, position, document_id, kind, title, file_name, added_at) VALUES ('item', {key 3}, 0, (SELECT id FROM documents), 'receipt', '收据', 'a.pdf', 0)",
                "DELETE FROM accounts",  // its tokens go with it
                "DELETE FROM labels",
            ]
            for statement in good { #expect(engines.succeeded(statement)) }
            let counts = try engines.rows("SELECT (SELECT count(*) FROM api_tokens), (SELECT count(*) FROM items), (SELECT count(*) FROM documents)")
            #expect(counts.sqlite == [["0", "1", "1"]] && counts.postgres == counts.sqlite)
        }
    }
}

extension EnginePair {
    /// Runs `template` on both engines, recording an issue for each that refuses it.
    func succeeded(_ template: String) -> Bool {
        let errors = run(template)
        #expect(errors.sqlite == nil, "SQLite refused \(template): \(String(describing: errors.sqlite))")
        #expect(errors.postgres == nil, "PostgreSQL refused \(template): \(String(describing: errors.postgres))")
        return errors.sqlite == nil && errors.postgres == nil
    }
}
