// Live-server helpers for tests; see HTTPTests and AppTests.
import HTTP
