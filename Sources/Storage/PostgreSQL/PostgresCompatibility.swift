/// SQLite's functions that the store's shared SQL calls, defined in PostgreSQL under the same
/// names and with the same results, so that one statement serves both engines. Installed by
/// the schema's migration into the store's schema (the first of the `search_path`).
enum PostgresCompatibility {
    static let script = #"""
        -- json_each(text): the ids of a JSON array as the store passes lists of ids (`[1,2,3]`),
        -- in a column named `value` as SQLite's json_each gives them.
        CREATE FUNCTION json_each(ids text) RETURNS TABLE (value bigint)
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            AS $$ SELECT element::bigint FROM json_array_elements_text(ids::json) AS element $$;

        -- total(x): the sum as a double, 0.0 for no rows (never NULL, never an overflow).
        CREATE AGGREGATE total(double precision) (SFUNC = float8pl, STYPE = double precision, INITCOND = '0');

        -- group_concat(text, separator): the values joined, NULLs skipped, NULL for none.
        CREATE FUNCTION group_concat_step(joined text, value text, separator text) RETURNS text
            LANGUAGE sql IMMUTABLE PARALLEL SAFE
            AS $$ SELECT CASE WHEN value IS NULL THEN joined WHEN joined IS NULL THEN value ELSE joined || separator || value END $$;
        CREATE AGGREGATE group_concat(text, text) (SFUNC = group_concat_step, STYPE = text);

        -- hex(bytes): upper-case hexadecimal, as SQLite writes it.
        CREATE FUNCTION hex(bytes bytea) RETURNS text
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            AS $$ SELECT upper(encode(bytes, 'hex')) $$;

        -- instr(haystack, needle): 1-based position of the first occurrence, 0 for none.
        CREATE FUNCTION instr(haystack text, needle text) RETURNS integer
            LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
            AS $$ SELECT strpos(haystack, needle) $$;
        """#
}
