import Testing
@testable import PostgreSQL

/// What every connection is opened with; no server needed.
@Suite("Connection strings and what every connection sets up")
struct ConfigurationTests {
    @Test("URL and keyword forms read the same", arguments: [
        "postgresql://ann@db.example.org:6543/inventory",
        "postgres://ann@db.example.org:6543/inventory",
        "host=db.example.org port=6543 user=ann dbname=inventory",
    ])
    func forms(conninfo: String) throws {
        let configuration = try PostgresConfiguration(conninfo)
        #expect(configuration.value(of: "host") == "db.example.org")
        #expect(configuration.value(of: "port") == "6543")
        #expect(configuration.value(of: "user") == "ann")
        #expect(configuration.value(of: "dbname") == "inventory")
        #expect(configuration.summary == "ann@db.example.org:6543/inventory")
        #expect(configuration.connectTimeout == .seconds(5))
    }

    @Test("Every connection gets UTF-8, UTC, keepalives, a 5 s connect timeout and its application name")
    func defaults() throws {
        var configuration = try PostgresConfiguration("postgresql://ann@localhost/inventory?client_encoding=LATIN1")
        configuration.statementTimeout = .milliseconds(1500)
        let parameters = Dictionary(configuration.connectionParameters, uniquingKeysWith: { $1 })
        #expect(parameters["client_encoding"] == "UTF8")
        #expect(parameters["connect_timeout"] == "5")
        #expect(parameters["keepalives"] == "1")
        #expect(parameters["fallback_application_name"] == "homepwner")
        #expect(parameters["options"] == "-c TimeZone=UTC -c statement_timeout=1500")
        #expect(configuration.effectiveResponseTimeout == .milliseconds(3500))
    }

    @Test("The connection string's own options and keepalive settings are kept, ours added after")
    func keepsTheirs() throws {
        var configuration = try PostgresConfiguration("host=/tmp keepalives_idle=5 application_name=shed options='-c work_mem=8MB'")
        configuration.settings["search_path"] = "my schema"
        let parameters = configuration.connectionParameters
        #expect(parameters.filter { $0.0 == "keepalives_idle" }.map(\.1) == ["5"])
        #expect(parameters.first { $0.0 == "application_name" }?.1 == "shed")
        // A space in a setting is escaped, or the server would read two arguments.
        #expect(parameters.first { $0.0 == "options" }?.1 == #"-c work_mem=8MB -c TimeZone=UTC -c search_path=my\ schema"#)
    }

    @Test("An unreadable connection string is refused with libpq's reason, naming keywords but never quoting the rest", arguments: [
        ("postgresql://ann:s3cret@[::1/db", "matching \"…\""),
        ("host=x password=a s3cret", #"missing "=" after "…""#),
        ("host=x password='s3cret", "unterminated quoted string"),
        ("postgresql://ann:s3cret@host/db?s3cret=1", #"invalid URI query parameter: "…""#),
        ("postgresql://ann:s3cret@host/db?port=%zz", "invalid percent-encoded token"),
    ])
    func invalid(conninfo: String, reason: String) throws {
        #expect {
            _ = try PostgresConfiguration(conninfo)
        } throws: { error in
            guard let error = error as? PostgresError else { return false }
            return error.kind == .invalidConfiguration && error.message.contains(reason) && !"\(error)".contains("s3cret")
        }
    }

    @Test("A statement timeout under a millisecond is still a timeout, not 0 (which means none)")
    func tinyTimeout() throws {
        var configuration = try PostgresConfiguration("host=localhost")
        configuration.statementTimeout = .microseconds(10)
        #expect(configuration.connectionParameters.first { $0.0 == "options" }?.1.contains("statement_timeout=1") == true)
    }
}

@Suite("Quoting names, and errors that keep values out")
struct QuotingTests {
    @Test("Identifiers are double-quoted with every quote doubled, even one carrying a combining mark", arguments: [
        ("items", "\"items\""),
        ("Mixed Case", "\"Mixed Case\""),
        ("a\"b", "\"a\"\"b\""),
        ("\"; DROP TABLE items; --", "\"\"\"; DROP TABLE items; --\""),
        ("x\"\u{301}", "\"x\"\"\u{301}\""),
        ("变更", "\"变更\""),
    ])
    func quoted(name: String, expected: String) {
        #expect(PostgresIdentifier.quoted(name).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test("Names PostgreSQL would refuse or cut are refused here", arguments: ["", String(repeating: "x", count: 64),
                                                                               String(repeating: "变", count: 22), "a\u{0}b"])
    func invalidNames(name: String) {
        #expect(throws: PostgresError.self) { try PostgresIdentifier.validate(name) }
    }

    @Test("A data exception's message loses the quoted input; the description never shows DETAIL")
    func redaction() {
        let error = PostgresError(kind: .server, sqlState: "22P02", message: #"invalid input syntax for type bigint: "card 4111-1111""#,
                                  detail: "Key (x)=(secret) already exists.", sql: "SELECT $1::int8")
        #expect(error.message == #"invalid input syntax for type bigint: "…""#)
        #expect(!error.description.contains("4111"))
        #expect(!error.description.contains("secret"))
        #expect(error.description.contains("SELECT $1::int8"))
        let unique = PostgresError(kind: .server, sqlState: "23505", message: #"duplicate key value violates unique constraint "u_pkey""#)
        #expect(unique.message.contains("u_pkey"))
    }
}
