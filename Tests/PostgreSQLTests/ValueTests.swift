import Foundation
import PostgreSQL
import Testing

@Suite("Values through PostgreSQL and back", .enabled(if: TestDatabase.isConfigured, TestDatabase.missing))
struct ValueTests {
    static let texts = ["", "Fluffy Bear", "数码相机", "數碼相機 📷", "O'Brien \"quoted\" \\ back\\slash", "'); DROP TABLE t; --",
                        "$1", String(repeating: "长", count: 100_000), "e\u{301} combining", "\u{FEFF}bom\r\n\ttabs"]

    @Test("Every kind of value round-trips as a parameter and a column, NULL included")
    func roundTrip() throws {
        try TestDatabase.withConnection { (db) throws in
            try db.executeScript("CREATE TABLE t (i int8, d float8, s text, b bytea, f bool)")
            let integers: [Int64] = [0, 1, -1, .min, .max, 50]
            let doubles: [Double] = [0, -0.0, 1.5, -2.25e-308, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity, 0.1 + 0.2]
            for integer in integers {
                let result = try db.execute("SELECT $1::int8, $1", [.integer(integer)])
                #expect(try result.int64(0, 0) == integer)
                #expect(try result.int64(0, 1) == integer)
            }
            for double in doubles {
                let value = try db.execute("SELECT $1", [.double(double)]).double(0, 0)
                #expect(value == double)
                #expect(value?.sign == double.sign)
            }
            let nan = try db.execute("SELECT $1, $1 = 'NaN'::float8", [.double(.nan)])
            #expect(try nan.double(0, 0)?.isNaN == true)
            #expect(try nan.bool(0, 1) == true)
            for text in Self.texts {
                #expect(try db.execute("SELECT $1", [.text(text)]).string(0, 0) == text)
                #expect(try db.execute("SELECT length($1)", [.text(text)]).int64(0, 0) == Int64(text.unicodeScalars.count))
            }
            for flag in [true, false] {
                #expect(try db.execute("SELECT $1", [.bool(flag)]).bool(0, 0) == flag)
            }
            let everyByte = (0..<4096).map { UInt8($0 % 256) }
            for bytes in [[], [0], everyByte] as [[UInt8]] {
                let result = try db.execute("SELECT $1, octet_length($1)", [.bytes(bytes)])
                #expect(try result.bytes(0, 0) == bytes)
                #expect(try result.int64(0, 1) == Int64(bytes.count))
                #expect(!result.isNull(0, 0))
            }
            // Through a table, and NULL in every column.
            try db.execute("INSERT INTO t VALUES ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10)",
                           [.integer(.min), .double(-.infinity), .text("数码相机"), .bytes([0, 255]), .bool(true),
                            .null, .null, .null, .null, .null])
            let rows = try db.execute("SELECT i, d, s, b, f FROM t ORDER BY i NULLS LAST")
            #expect(rows.rowCount == 2 && rows.columnCount == 5)
            #expect(try rows.int64(0, 0) == .min)
            #expect(try rows.double(0, 1) == -.infinity)
            #expect(try rows.string(0, 2) == "数码相机")
            #expect(try rows.bytes(0, 3) == [0, 255])
            #expect(try rows.bool(0, 4) == true)
            for column in 0..<5 {
                #expect(rows.isNull(1, column))
                #expect(try rows.string(1, column) == nil || rows.columnType(column) != .text)
            }
            #expect(try rows.int64(1, 0) == nil)
            #expect(try rows.bytes(1, 3) == nil)
        }
    }

    @Test("A 1 MiB and a 256 KiB bytea go in as one binary value and come back byte for byte")
    func largeBytes() throws {
        try TestDatabase.withConnection { (db) throws in
            try db.executeScript("CREATE TABLE chunks (n int4 PRIMARY KEY, data bytea NOT NULL)")
            var generator = SystemRandomNumberGenerator()
            for size in [262_144, 1_048_576] {
                let data = (0..<size).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
                try db.execute("INSERT INTO chunks VALUES ($1, $2)", [.integer(Int64(size)), .bytes(data)])
                let result = try db.execute("SELECT data, octet_length(data), md5(data) FROM chunks WHERE n = $1", [.integer(Int64(size))])
                #expect(try result.int64(0, 1) == Int64(size))
                #expect(try result.bytes(0, 0) == data)
                // Read in place, without the copy `bytes` makes.
                let same = try result.withRawValue(0, 0) { _, raw in raw.elementsEqual(data) }
                #expect(same == true)
            }
        }
    }

    @Test("Text with NUL is refused before sending, not cut short, and the error does not quote it")
    func nulInText() throws {
        try TestDatabase.withConnection { (db) throws in
            #expect {
                try db.execute("SELECT $1", [.text("secret\u{0}tail")])
            } throws: { error in
                guard let error = error as? PostgresError else { return false }
                return error.kind == .invalidArgument && error.message.contains("$1") && !"\(error)".contains("secret")
            }
            #expect(try db.execute("SELECT 1").int64(0, 0) == 1)  // the connection is fine
        }
    }

    @Test("Columns decode from binary: numeric sums, uuid, timestamptz, date, jsonb, int2/int4, float4, char(n)")
    func columnTypes() throws {
        try TestDatabase.withConnection { (db) throws in
            let result = try db.execute("""
                SELECT sum(x), avg(x), '5c4e3d2b-1a09-4f8e-9d7c-6b5a49382716'::uuid, '2001-02-03 04:05:06.789+00'::timestamptz,
                       '2000-01-02'::date, '{"a": "数"}'::jsonb, 7::int2, 8::int4, 1.5::float4, 'ab'::char(3),
                       'infinity'::timestamptz, -12.50::numeric, NULL::numeric, 'x'::varchar, 99::oid, 'x'::name
                FROM (VALUES (9223372036854775807::int8), (9223372036854775807::int8)) AS v(x)
                """)
            #expect(try result.string(0, 0) == "18446744073709551614")
            #expect(throws: PostgresError.self) { try result.int64(0, 0) }  // too big for Int64: an error, not a wrap
            #expect(try result.double(0, 1) == 9.223372036854775807e18)
            #expect(try result.uuid(0, 2) == UUID(uuidString: "5C4E3D2B-1A09-4F8E-9D7C-6B5A49382716"))
            #expect(try result.string(0, 2) == "5c4e3d2b-1a09-4f8e-9d7c-6b5a49382716")
            #expect(try result.date(0, 3) == Date(timeIntervalSince1970: 981_173_106.789))
            #expect(try result.date(0, 4) == Date(timeIntervalSince1970: 946_771_200))
            #expect(try result.string(0, 5) == #"{"a": "数"}"#)
            #expect(try result.int64(0, 6) == 7)
            #expect(try result.int64(0, 7) == 8)
            #expect(try result.double(0, 8) == 1.5)
            #expect(try result.string(0, 9) == "ab ")
            #expect(try result.date(0, 10) == .distantFuture)
            #expect(try result.string(0, 11) == "-12.50")
            #expect(try result.string(0, 12) == nil)
            #expect(try result.string(0, 13) == "x")
            #expect(try result.int64(0, 14) == 99)
            #expect(try result.string(0, 15) == "x")
            #expect(result.columnType(2) == .uuid)
        }
    }

    @Test("Reading a column as the wrong type, or outside the result, throws instead of crashing")
    func mismatches() throws {
        try TestDatabase.withConnection { (db) throws in
            let result = try db.execute("SELECT 'text'::text AS words, 1::int8 AS number, interval '1 day' AS span")
            #expect(throws: PostgresError.self) { try result.int64(0, 0) }
            #expect(throws: PostgresError.self) { try result.bool(0, 1) }
            #expect(throws: PostgresError.self) { try result.string(0, 2) }
            #expect(throws: PostgresError.self) { try result.string(1, 0) }
            #expect(throws: PostgresError.self) { try result.string(0, 3) }
            #expect(throws: PostgresError.self) { try result.string(-1, 0) }
            #expect(result.isNull(5, 5))
            let row = try #require(result.rows.first)
            #expect(try row.string("words") == "text")
            #expect(try row.int64("number") == 1)
            #expect(throws: PostgresError.self) { try row.int64("missing") }
        }
    }

    @Test("Rows iterate in order; affected rows and command tags are reported")
    func rowsAndCounts() throws {
        try TestDatabase.withConnection { (db) throws in
            try db.executeScript("CREATE TABLE n (x int8)")
            let insert = try db.execute("INSERT INTO n SELECT generate_series(1, $1)", [.integer(100)])
            #expect(insert.affectedRows == 100)
            #expect(insert.commandTag == "INSERT 0 100")
            let update = try db.execute("UPDATE n SET x = -x WHERE x > $1", [.integer(90)])
            #expect(update.affectedRows == 10)
            let select = try db.execute("SELECT x FROM n WHERE x < 0 ORDER BY x")
            #expect(try select.rows.map { try $0.int64(0) } == (91...100).reversed().map { -Int64($0) })
            #expect(try db.execute("CREATE INDEX ON n (x)").affectedRows == 0)
        }
    }

    @Test("Sessions run in UTC and UTF-8 under the name homepwner, with the statement timeout asked for")
    func sessionSettings() throws {
        try TestDatabase.withSchema { configuration in
            var configuration = configuration
            configuration.statementTimeout = .seconds(7)
            let db = try PostgresConnection(configuration: configuration)
            defer { db.close() }
            let result = try db.execute("""
                SELECT current_setting('TimeZone'), current_setting('client_encoding'),
                       current_setting('application_name'), current_setting('statement_timeout'),
                       (SELECT count(*) FROM pg_stat_activity WHERE pid = pg_backend_pid() AND application_name = 'homepwner')
                """)
            #expect(try result.string(0, 0) == "UTC")
            #expect(try result.string(0, 1) == "UTF8")
            #expect(try result.string(0, 2) == "homepwner")
            #expect(try result.string(0, 3) == "7s")
            #expect(try result.int64(0, 4) == 1)
            #expect(db.serverVersion >= 150_000)
        }
    }
}
