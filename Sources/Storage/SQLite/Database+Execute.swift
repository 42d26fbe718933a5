import CSQLite

extension Database {
    /// The prepared statement for `sql`, compiled once per connection and reused.
    public func cachedStatement(_ sql: String) throws -> Statement {
        if let statement = statementCache[sql] { return statement }
        let statement = try Statement(database: self, sql: sql)
        statementCache[sql] = statement
        return statement
    }

    /// Runs one or more SQL statements without arguments (schema scripts, pragmas).
    ///
    /// - Throws: ``DatabaseError`` with the failing SQL.
    public func execute(sql: String) throws {
        if engine == .postgresql { return try postgresExecuteScript(sql) }
        let connection = try openHandle(sql: sql)
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(connection, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw DatabaseError(code: sqlite3_extended_errcode(connection), message: text, sql: sql)
        }
    }

    /// Runs one cached statement with `arguments`, ignoring any rows.
    public func execute(_ sql: String, _ arguments: any DatabaseValueConvertible...) throws {
        try execute(sql, arguments: arguments)
    }

    /// Runs one cached statement with `arguments`, ignoring any rows.
    public func execute(_ sql: String, arguments: [any DatabaseValueConvertible]) throws {
        if engine == .postgresql {
            _ = try postgresExecute(sql, arguments)
            return
        }
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {}
    }

    /// Calls `body` for every row of a cached statement.
    public func forEachRow(_ sql: String, arguments: [any DatabaseValueConvertible] = [],
                           _ body: (Row) throws -> Void) throws {
        if engine == .postgresql {
            let result = try postgresExecute(sql, arguments)
            for row in 0..<result.rowCount { try body(Row(result: result, row: row)) }
            return
        }
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        while try statement.step() {
            guard let handle = statement.handle else { throw DatabaseError.closed(sql: sql) }
            try body(Row(statement: handle))
        }
    }

    /// Every row of a cached statement, mapped by `map`.
    public func fetchAll<Value>(_ sql: String, _ arguments: any DatabaseValueConvertible...,
                                map: (Row) throws -> Value) throws -> [Value] {
        try fetchAll(sql, arguments: arguments, map: map)
    }

    /// Every row of a cached statement, mapped by `map`.
    public func fetchAll<Value>(_ sql: String, arguments: [any DatabaseValueConvertible],
                                map: (Row) throws -> Value) throws -> [Value] {
        var values: [Value] = []
        try forEachRow(sql, arguments: arguments) { row in values.append(try map(row)) }
        return values
    }

    /// The first row of a cached statement, mapped by `map`, or `nil` when there is none.
    public func fetchOne<Value>(_ sql: String, _ arguments: any DatabaseValueConvertible...,
                                map: (Row) throws -> Value) throws -> Value? {
        try fetchOne(sql, arguments: arguments, map: map)
    }

    /// The first row of a cached statement, mapped by `map`, or `nil` when there is none.
    public func fetchOne<Value>(_ sql: String, arguments: [any DatabaseValueConvertible],
                                map: (Row) throws -> Value) throws -> Value? {
        if engine == .postgresql {
            let result = try postgresExecute(sql, arguments)
            return result.rowCount == 0 ? nil : try map(Row(result: result, row: 0))
        }
        let statement = try cachedStatement(sql)
        defer { statement.reset() }
        try statement.bind(arguments)
        guard try statement.step(), let handle = statement.handle else { return nil }
        return try map(Row(statement: handle))
    }
}
