"""Fixtures for the browser suite: a fresh Homepwner server, headless Chromium drivers.

Nothing is built here: the server binary comes from $HOMEPWNER_BIN (default
``.build/debug/homepwner`` under the repository root) and is started from the
repository root, where it finds ./Templates and ./Public.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import signal
import struct
import subprocess
import tempfile
import threading
import time
import urllib.parse
import urllib.request
import uuid
import zlib
from contextlib import contextmanager
from http.cookiejar import Cookie, CookieJar
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import NoAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait as SeleniumWait

REPO_ROOT = Path(__file__).resolve().parents[2]
# Where the server is started (it reads ./Templates and ./Public there); the repo root.
SERVER_ROOT = Path(os.environ.get("HOMEPWNER_ROOT", REPO_ROOT))
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM = os.environ.get("CHROMIUM")  # optional; chromedriver finds Debian's chromium itself

# name → (width, height, mobile). Phones are emulated as mobile (overlay scrollbars,
# the viewport meta tag honoured); the wider sizes as desktop windows.
SIZES = {
    "390x844": (390, 844, True),
    "844x390": (844, 390, True),
    "1024x768": (1024, 768, False),
    "1280x800": (1280, 800, False),
}

class WebDriverWait(SeleniumWait):
    """Selenium's wait, looking every 50 ms instead of every 500: most of what the suite waits
    for (a page after a click, a dialog opening) is there within a few tens of milliseconds, and
    a half-second poll made each such wait cost half a second on average."""

    def __init__(self, driver, timeout: float, poll_frequency: float = 0.05, ignored_exceptions=None):
        super().__init__(driver, timeout, poll_frequency, ignored_exceptions)


TEST_TIMEOUT = int(os.environ.get("HOMEPWNER_BROWSER_TEST_TIMEOUT", "90"))
START_TIMEOUT = 20.0
SCRIPT_TIMEOUT = 10  # seconds for an asynchronous script (axe-core has its own: test_standards.py)
OWNER = "owner"
OWNER_PASSWORD = "browser suite owner passphrase"


# ---------------------------------------------------------------------------
# Per-test timeout (pytest-timeout is not available): SIGALRM around each phase.


class TestTimeout(Exception):
    pass


def _alarm(signum, frame):  # pragma: no cover - only when something hangs
    raise TestTimeout(f"browser test exceeded {TEST_TIMEOUT} s")


@contextlib.contextmanager
def _alarm_during_phase():
    """Fails a test phase (setup, call, teardown) that hangs past TEST_TIMEOUT."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(TEST_TIMEOUT)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_setup(item):
    with _alarm_during_phase():
        yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    with _alarm_during_phase():
        result = yield
    # Soft checks (overflow, console, focus) let a flow go on; a test with any fails here.
    for value in item.funcargs.values():
        if isinstance(value, Browser):
            value.verify()
    return result


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item):
    with _alarm_during_phase():
        yield


# ---------------------------------------------------------------------------
# The server


def server_binary() -> Path:
    configured = os.environ.get("HOMEPWNER_BIN")
    path = Path(configured) if configured else Path(".build/debug/homepwner")
    if not path.is_absolute():
        path = SERVER_ROOT / path
    return path


class Server:
    """One `homepwner` process on a free port with its own temporary data directory."""

    LISTENING = re.compile(r"Homepwner listening on (http://\S+)")
    FIRST_RUN = re.compile(r"First run: open (http://\S+)")

    def __init__(self, seed: int = 0, owner: bool = True, from_template: bool = True):
        binary = server_binary()
        if not binary.exists():
            pytest.fail(f"no server binary at {binary}: run `swift build` first (or set HOMEPWNER_BIN)")
        self.data_dir = tempfile.mkdtemp(prefix="homepwner-browser-")
        # With owner=False: a first run, no account at all; the server prints its setup link
        # (self.setup_url) and nobody is signed in (self.cookies is empty).
        self.setup_url = ""
        self._setup_seen = threading.Event()
        # Accounts exist from the start, as on any real install: an owner made by the CLI,
        # signed in once; every client of this server (HTTP and Chromium) carries that session.
        # That much is the same for every server, so it is done once (OwnerTemplate) and each
        # server starts on a copy of its data.
        template = OwnerTemplate.get() if owner and from_template else None
        if template:
            shutil.copytree(template.data_dir, self.data_dir, dirs_exist_ok=True)
        elif owner:
            self.add_member(OWNER, "owner", OWNER_PASSWORD)
        args = [str(binary), "--host", "127.0.0.1", "--port", "0", "--data-dir", self.data_dir, "--quiet"]
        if seed:
            args += ["--seed", str(seed)]
        self.output: list[str] = []
        self.process = subprocess.Popen(
            args, cwd=SERVER_ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
        )
        self._ready = threading.Event()
        self.url = ""
        threading.Thread(target=self._drain, daemon=True).start()
        if not self._ready.wait(START_TIMEOUT) or not self.url:
            self.stop()
            pytest.fail("the server did not announce its URL:\n" + "".join(self.output[-40:]))
        if not owner:
            if not self._setup_seen.wait(START_TIMEOUT) or not self.setup_url:
                self.stop()
                pytest.fail("the server printed no first-run link:\n" + "".join(self.output[-40:]))
            self.cookies: dict[str, str] = {}
            return
        self.cookies = dict(template.cookies) if template else self._sign_in()

    def add_member(self, username: str, role: str, password: str):
        """`homepwner users add NAME --role ROLE --password-stdin` on this server's data."""
        created = subprocess.run(
            [str(server_binary()), "users", "add", username, "--role", role, "--password-stdin",
             "--data-dir", self.data_dir],
            input=password + "\n", capture_output=True, text=True, timeout=60,
        )
        if created.returncode != 0:
            pytest.fail(f"could not create {role} {username}: {created.stdout}{created.stderr}")

    def sign_in(self, username: str, password: str) -> dict[str, str]:
        """A new session for a member, through the real form (a second browser, say)."""
        return self._sign_in(username, password)

    def _sign_in(self, username: str = OWNER, password: str = OWNER_PASSWORD) -> dict[str, str]:
        """Signs a member (the owner by default) in through the real form; returns the cookies
        a browser would keep."""
        jar = CookieJar()
        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), _NoRedirect)
        with opener.open(self("/sign-in"), timeout=10) as response:
            page = response.read()
        token = re.search(rb'name="_csrf" value="([^"]+)"', page).group(1).decode()
        body = urllib.parse.urlencode(
            {"_csrf": token, "username": username, "password": password, "next": "/items"}
        ).encode()
        request = urllib.request.Request(
            self("/sign-in"), data=body, method="POST",
            headers={"Content-Type": "application/x-www-form-urlencoded", "Origin": self.url},
        )
        try:
            opener.open(request, timeout=30)
            status = 200
        except urllib.error.HTTPError as error:
            status = error.code
        cookies = {cookie.name: cookie.value for cookie in jar}
        if status != 303 or "hp_session" not in cookies:
            pytest.fail(f"sign-in answered {status}; cookies {sorted(cookies)}")
        return cookies

    def _drain(self):
        for line in self.process.stdout:
            self.output.append(line)
            if not self.url:
                match = self.LISTENING.search(line)
                if match:
                    self.url = match.group(1).rstrip("/")
                    self._ready.set()
            first_run = self.FIRST_RUN.search(line)
            if first_run:
                self.setup_url = first_run.group(1)
                self._setup_seen.set()
        self._ready.set()
        self._setup_seen.set()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=8)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)
        shutil.rmtree(self.data_dir, ignore_errors=True)

    def __call__(self, path: str) -> str:
        return self.url + path


class OwnerTemplate:
    """The data every server with an owner starts from, made once a session: the owner created
    by `homepwner users add`, signed in through the real form (a password hash, then its
    check: the slow part of starting a server) and past the introduction. Sessions are kept in
    the data directory, so the cookies hold for each copy."""

    _made: OwnerTemplate | None = None

    def __init__(self):
        first = Server(from_template=False)
        try:
            self.cookies = first.cookies
            # The household's owner has been around: past the introduction (issue 26 part 4),
            # which test_intro.py shows to members of its own.
            status, _, _ = HTTPClient(first).post("/intro", [])
            if status != 303:
                pytest.fail(f"skipping the owner's introduction answered {status}")
            first.process.terminate()
            first.process.wait(timeout=10)
            self.data_dir = tempfile.mkdtemp(prefix="homepwner-browser-template-")
            shutil.copytree(first.data_dir, self.data_dir, dirs_exist_ok=True)
        finally:
            first.stop()

    @classmethod
    def get(cls) -> OwnerTemplate:
        if cls._made is None:
            cls._made = cls()
        return cls._made

    @classmethod
    def remove(cls):
        if cls._made is not None:
            shutil.rmtree(cls._made.data_dir, ignore_errors=True)
            cls._made = None


@pytest.fixture
def server():
    """A fresh, empty server for one test."""
    s = Server()
    yield s
    s.stop()


@pytest.fixture
def seeded_server(request):
    """A fresh server with `@pytest.mark.seed(N)` random items (default 4)."""
    marker = request.node.get_closest_marker("seed")
    s = Server(seed=marker.args[0] if marker else 4)
    yield s
    s.stop()


def pytest_configure(config):
    config.addinivalue_line("markers", "seed(n): items the seeded_server fixture starts with")


def pytest_collection_finish(session):
    """The Nu Html Checker's service (nu_checker.py) takes a while to load its schemas: it starts
    now, in the background, when a test that checks pages with it is to run."""
    if any(hasattr(getattr(item, "module", None), "nu_checker_errors") for item in session.items):
        from nu_checker import CHECKER

        CHECKER.start()


def pytest_sessionfinish(session):
    from nu_checker import CHECKER

    CHECKER.stop()
    OwnerTemplate.remove()


# ---------------------------------------------------------------------------
# Plain HTTP client, for setting up data and for comparing photo bytes


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class HTTPClient:
    """A cookie-keeping client that speaks the app's forms, as a browser without JS would."""

    def __init__(self, server: Server, cookies: dict[str, str] | None = None):
        """Signed in as the owner; or with `cookies` (another member's, or {} for nobody)."""
        self.server = server
        self.cookies = CookieJar()
        host = urllib.parse.urlsplit(server.url).hostname
        for name, value in (server.cookies if cookies is None else cookies).items():
            self.cookies.set_cookie(Cookie(
                0, name, value, None, False, host, False, False, "/", True, False, None, False, None, None, {}
            ))
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect)
        self.csrf = ""

    def request(self, method: str, path: str, data: bytes | None = None, headers: dict | None = None):
        req = urllib.request.Request(self.server(path), data=data, method=method, headers=headers or {})
        try:
            with self.opener.open(req, timeout=10) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def get(self, path: str):
        status, headers, body = self.request("GET", path)
        match = re.search(rb'name="_csrf" value="([^"]+)"', body)
        if match:
            self.csrf = match.group(1).decode()
        return status, headers, body

    def post(self, path: str, fields: list[tuple[str, str]], file: tuple[str, str, bytes] | None = None):
        if not self.csrf:
            self.get("/items")
        fields = [("_csrf", self.csrf)] + list(fields)
        boundary = "----homepwner-browser-test"
        parts = []
        for name, value in fields:
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
            )
        if file:
            field, filename, content = file
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{field}"; filename="{filename}"\r\n'
                f"Content-Type: image/png\r\n\r\n".encode()
                + content
                + b"\r\n"
            )
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        # As a browser does: the server refuses writes that do not name its own origin.
        origin = self.server("/").rstrip("/")
        headers = {"Content-Type": f"multipart/form-data; boundary={boundary}", "Origin": origin}
        return self.request("POST", path, body, headers)

    def add_item(self, name: str, serial: str = "", value: int = 0, photo: bytes | None = None) -> str:
        """Add → fields (and photo) → Done; returns the new item's key."""
        status, headers, _ = self.post("/items", [("page", "1")])
        assert status == 303, f"Add answered {status}"
        draft = headers["Location"].split("?")[0]
        fields = [("name", name), ("serialNumber", serial), ("value", str(value))]
        if photo is not None:
            status, headers, _ = self.post(draft, fields + [("action", "upload")], ("photo", "photo.png", photo))
            assert status == 303, f"upload answered {status}"
        status, headers, body = self.post(draft, fields + [("action", "done")])
        assert status == 303, f"Done answered {status}: {body[:300]!r}"
        _, _, page = self.get(headers["Location"])
        keys = re.findall(rb'data-key="([0-9a-f-]{36})"', page)
        assert keys, "the list shows no item after Done"
        return keys[-1].decode()

    def photo(self, key: str) -> tuple[int, bytes]:
        status, _, body = self.request("GET", f"/items/{key}/photo")
        return status, body


@pytest.fixture
def http(server):
    return HTTPClient(server)


# ---------------------------------------------------------------------------
# Test images


def make_png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A small valid PNG of one colour with a diagonal stripe, made with zlib and struct."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = []
    for y in range(height):
        row = bytearray([0])
        for x in range(width):
            row += bytes((255 - c for c in rgb)) if abs(x - y) < 3 else bytes(rgb)
        rows.append(bytes(row))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


@pytest.fixture
def png_file(tmp_path):
    """Writes a PNG to a temp file and returns (path, bytes)."""

    def write(name: str, rgb: tuple[int, int, int], size=(64, 48)):
        data = make_png(size[0], size[1], rgb)
        path = tmp_path / name
        path.write_bytes(data)
        return str(path), data

    return write


# ---------------------------------------------------------------------------
# Browsers


def _make_chrome(javascript: bool = True, big_text: bool = False) -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    if CHROMIUM:
        options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--window-size=1400,1000",
        "--hide-scrollbars",
        "--disable-extensions",
        "--no-first-run",
        "--lang=en-US",
    ):
        options.add_argument(arg)
    prefs: dict = {"intl.accept_languages": "en-US,en"}
    if not javascript:
        prefs["profile.managed_default_content_settings.javascript"] = 2
    if big_text:
        prefs["webkit.webprefs.default_font_size"] = 32
        prefs["webkit.webprefs.default_fixed_font_size"] = 26
    options.add_experimental_option("prefs", prefs)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(20)
    driver.set_script_timeout(SCRIPT_TIMEOUT)
    return driver


class Drivers:
    """Chromium instances shared by the session, one per configuration, started lazily."""

    def __init__(self):
        self.drivers: dict[tuple[bool, bool], webdriver.Chrome] = {}

    def get(self, javascript: bool = True, big_text: bool = False) -> webdriver.Chrome:
        key = (javascript, big_text)
        if key not in self.drivers:
            self.drivers[key] = _make_chrome(javascript, big_text)
        return self.drivers[key]

    def quit(self):
        for driver in self.drivers.values():
            try:
                driver.quit()
            except Exception:
                pass


@pytest.fixture(scope="session")
def drivers():
    d = Drivers()
    yield d
    d.quit()


# Console messages that are not errors of the page: none by default. A test that
# expects an error status (404, 409, 422) allows exactly that status line.
def _is_allowed(message: str, allowed: list[re.Pattern]) -> bool:
    return any(pattern.search(message) for pattern in allowed)


OVERFLOW_JS = r"""
const root = document.documentElement;
const vw = root.clientWidth;
const problems = [];
if (root.scrollWidth > vw) problems.push(`documentElement.scrollWidth ${root.scrollWidth} > clientWidth ${vw}`);
if (document.body && document.body.scrollWidth > vw) problems.push(`body.scrollWidth ${document.body.scrollWidth} > ${vw}`);
function describe(el) {
  let s = el.tagName.toLowerCase();
  if (el.id) s += '#' + el.id;
  if (typeof el.className === 'string' && el.className.trim()) s += '.' + el.className.trim().split(/\s+/).join('.');
  const row = el.closest('.item-row[data-key]');
  if (row && row !== el) {
    const name = row.querySelector('.item-cell__name');
    if (name) s += ` (row "${name.textContent.trim().slice(0, 24)}")`;
  }
  return s;
}
// The nearest ancestor that clips or scrolls horizontally (a dialog with overflow: auto):
// content sticking out of it is cut off or needs sideways scrolling — overflow too.
function clippingAncestor(el) {
  for (let a = el.parentElement; a && a !== root && a !== document.body; a = a.parentElement) {
    const style = getComputedStyle(a);
    if (style.overflowX !== 'visible' || style.contain.includes('paint')) return a;
  }
  return null;
}
for (const el of document.querySelectorAll('body *')) {
  const style = getComputedStyle(el);
  if (style.display === 'none' || style.visibility === 'hidden') continue;
  const r = el.getBoundingClientRect();
  if (r.width < 2 || r.height < 2) continue;  // visually-hidden helpers, squeezed-away slots
  if (r.right > vw + 1) {
    problems.push(`${describe(el)} right edge ${Math.round(r.right)} > viewport ${vw}`);
  } else {
    const clip = clippingAncestor(el);
    if (clip) {
      const c = clip.getBoundingClientRect();
      const inner = c.left + clip.clientLeft + clip.clientWidth;  // without a vertical scrollbar
      if (r.right > inner + 1 && r.left < inner) {
        problems.push(`${describe(el)} right edge ${Math.round(r.right)} sticks out of ${describe(clip)} (${Math.round(inner)})`);
      }
    }
  }
  if (problems.length > 12) break;
}
return problems;
"""


class Browser:
    """A Chromium tab set to one viewport, talking to one server."""

    def __init__(self, driver: webdriver.Chrome, server: Server | None, size: str, test_name: str, javascript: bool):
        self.driver = driver
        self.server = server
        self.size = size
        self.width, self.height, mobile = SIZES[size]
        self.test_name = re.sub(r"[^A-Za-z0-9_.-]+", "-", test_name).strip("-")
        self.javascript = javascript
        self.allowed: list[re.Pattern] = []
        self.failures: list[str] = []
        self.console_checked = 0  # entries of self.console already judged by check_page
        self.console: list[dict] = []
        # A clean tab: one window, no cookies from an earlier server, the exact viewport.
        handles = driver.window_handles
        for handle in handles[1:]:
            driver.switch_to.window(handle)
            driver.close()
        driver.switch_to.window(handles[0])
        driver.execute_cdp_cmd("Network.clearBrowserCookies", {})
        driver.get("about:blank")
        if server is not None:
            for name, value in server.cookies.items():
                driver.execute_cdp_cmd(
                    "Network.setCookie",
                    {"name": name, "value": value, "url": server.url + "/", "httpOnly": True, "sameSite": "Lax"},
                )
        self.set_viewport(size)
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})  # as an earlier test may have left it
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})  # an earlier test's dark scheme, too
        driver.get_log("browser")  # drop what earlier tests left

    # -- who is signed in ---------------------------------------------------

    def clear_cookies(self):
        """Signed out, as a fresh browser: no cookies at all."""
        self.driver.execute_cdp_cmd("Network.clearBrowserCookies", {})

    def use_cookies(self, cookies: dict[str, str]):
        """Replaces the browser's cookies by these (another member's session, an old one)."""
        self.clear_cookies()
        for name, value in cookies.items():
            self.driver.execute_cdp_cmd(
                "Network.setCookie",
                {"name": name, "value": value, "url": self.server.url + "/", "httpOnly": True, "sameSite": "Lax"},
            )

    def cookies(self) -> dict[str, str]:
        """The server's cookies as the browser keeps them (HttpOnly ones too)."""
        found = self.driver.execute_cdp_cmd("Network.getCookies", {"urls": [self.server.url + "/"]})["cookies"]
        return {cookie["name"]: cookie["value"] for cookie in found}

    def sign_in(self, username: str, password: str):
        """Fills in the sign-in form on the current page (open one first) and submits it."""
        self.set_field("#sign-in-username", username)
        self.set_field("#sign-in-password", password)
        self.submit_by(self.find(".account__form button.button--primary"))

    @property
    def status(self) -> int:
        """The HTTP status of the page on screen (its navigation's response)."""
        return self.js("return performance.getEntriesByType('navigation')[0].responseStatus")

    def set_viewport(self, size: str):
        self.size = size
        self.width, self.height, mobile = SIZES[size]
        self.driver.execute_cdp_cmd(
            "Emulation.setDeviceMetricsOverride",
            {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": mobile},
        )

    # -- navigation ---------------------------------------------------------

    def url(self, path: str) -> str:
        return self.server(path)

    def open(self, path: str):
        self.driver.get(self.url(path))
        self.wait_ready()

    def wait_ready(self):
        WebDriverWait(self.driver, 10).until(
            lambda d: d.execute_script("return document.readyState") == "complete"
        )

    @property
    def path(self) -> str:
        parts = urllib.parse.urlsplit(self.driver.current_url)
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def find(self, css: str, within=None):
        return (within or self.driver).find_element(By.CSS_SELECTOR, css)

    def find_all(self, css: str, within=None):
        return (within or self.driver).find_elements(By.CSS_SELECTOR, css)

    def wait_for(self, css: str, timeout: float = 10):
        return WebDriverWait(self.driver, timeout).until(EC.presence_of_element_located((By.CSS_SELECTOR, css)))

    def mark_page(self) -> str:
        """Tags the current document, so that a new page can be told from it."""
        token = uuid.uuid4().hex
        self.js("window.__homepwnerMark = arguments[0]", token)
        return token

    def page_is_marked(self, token: str) -> bool:
        return self.js("return window.__homepwnerMark") == token

    def wait_new_page(self, token: str, timeout: float = 10):
        def loaded(driver):
            try:
                return driver.execute_script(
                    "return document.readyState === 'complete' && window.__homepwnerMark !== arguments[0]", token
                )
            except WebDriverException:  # between documents
                return False

        WebDriverWait(self.driver, timeout).until(loaded)

    @contextmanager
    def navigates(self, timeout: float = 10):
        """`with b.navigates(): …` — what happens inside loads a new page; wait for it."""
        token = self.mark_page()
        yield
        self.wait_new_page(token, timeout)

    def submit_by(self, element, timeout: float = 10):
        """Clicks something that loads a new page and waits for that page."""
        self.scroll_into_view(element)
        with self.navigates(timeout):
            element.click()

    def scroll_into_view(self, element):
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", element)

    def js(self, script: str, *args):
        return self.driver.execute_script(script, *args)

    # -- the list -----------------------------------------------------------

    def rows(self):
        return self.find_all(".item-list .item-row[data-key]")

    def names(self) -> list[str]:
        return [self.find(".item-cell__name", row).get_attribute("textContent").strip() for row in self.rows()]

    def keys(self) -> list[str]:
        return [row.get_attribute("data-key") for row in self.rows()]

    def row(self, key: str):
        return self.find(f'.item-row[data-key="{key}"]')

    def flash(self) -> str:
        flashes = self.find_all(".flash")
        return flashes[0].text if flashes else ""

    def dialog(self):
        return self.find("dialog.detail-sheet")

    def has_dialog(self) -> bool:
        return bool(self.find_all("dialog.detail-sheet"))

    def active_element_info(self) -> dict:
        return self.js(
            """
            const a = document.activeElement;
            const row = a && a.closest('.item-row');
            return {
              tag: a ? a.tagName.toLowerCase() : null,
              cls: a ? String(a.className) : null,
              id: a ? a.id : null,
              inDialog: !!(a && a.closest('dialog.detail-sheet')),
              rowKey: row ? row.dataset.key || null : null,
            };
            """
        )

    def set_field(self, css: str, value: str):
        field = self.find(css)
        self.scroll_into_view(field)
        field.clear()
        if value:
            field.send_keys(value)

    # -- checks -------------------------------------------------------------

    def overflow_problems(self) -> list[str]:
        return self.js(OVERFLOW_JS)

    def assert_no_overflow(self, what: str):
        problems = self.overflow_problems()
        assert not problems, f"horizontal overflow on {what} at {self.size}: " + "; ".join(problems)

    def expect(self, condition, message: str):
        """A check that lets the flow go on; b.verify() (or teardown) fails the test with all of them."""
        if not condition:
            self.failures.append(message)

    def verify(self):
        failures, self.failures = self.failures, []
        assert not failures, "\n".join(failures)

    def allow_status(self, status: int):
        """A page of this test answers `status` on purpose; Chrome logs that as an error."""
        self.allowed.append(re.compile(rf"Failed to load resource: the server responded with a status of {status}\b"))

    def collect_console(self) -> list[dict]:
        entries = self.driver.get_log("browser")
        self.console.extend(entries)
        return entries

    def console_errors(self, entries=None) -> list[str]:
        entries = self.console if entries is None else entries
        return [
            e["message"] for e in entries if e.get("level") == "SEVERE" and not _is_allowed(e["message"], self.allowed)
        ]

    def assert_no_alert(self):
        try:
            alert = self.driver.switch_to.alert
            text = alert.text
            alert.dismiss()
        except NoAlertPresentException:
            return
        pytest.fail(f"an alert opened: {text!r}")

    def emulate_touch(self, enabled: bool | None = None):
        """A touch screen (coarse pointer, touch events), as on a phone; by default on for the phone
        held upright (390×844 "with touch") and off at the other sizes. Each test starts without."""
        on = self.size == "390x844" if enabled is None else enabled
        self.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": on, "maxTouchPoints": 5})

    def shot(self, point: int, what: str):
        """A screenshot of an issue point's state (issue 22), kept with the suite's artifacts as
        first-hour/p<point>-<what>-<size>.png for the closing note."""
        folder = ARTIFACTS / "first-hour"
        folder.mkdir(parents=True, exist_ok=True)
        self.driver.save_screenshot(str(folder / re.sub(r"[^A-Za-z0-9_.-]+", "-", f"p{point}-{what}-{self.size}.png")))

    def screenshot(self, what: str):
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        name = f"{self.test_name}__{what}__{self.size}.png"
        self.driver.save_screenshot(str(ARTIFACTS / re.sub(r"[^A-Za-z0-9_.-]+", "-", name)))

    def check_page(self, what: str, overflow: bool = True):
        """Every page a flow reaches: a screenshot, no console errors, no horizontal overflow.

        Soft checks: the flow goes on and the test fails at its end with every problem found."""
        self.screenshot(what)
        self.collect_console()
        errors = self.console_errors(self.console[self.console_checked:])
        self.console_checked = len(self.console)
        self.expect(not errors, f"console errors on {what} at {self.size}: {errors}")
        self.assert_no_alert()
        if overflow:
            problems = self.overflow_problems()
            self.expect(not problems, f"horizontal overflow on {what} at {self.size}: " + "; ".join(problems))


def _browser_fixture(request, drivers, server, size, javascript=True, big_text=False):
    driver = drivers.get(javascript=javascript, big_text=big_text)
    browser = Browser(driver, server, size, request.node.originalname, javascript)
    yield browser
    # Teardown: the console must have stayed clean for the whole test.
    try:
        browser.collect_console()
    except Exception:
        pass
    errors = browser.console_errors(browser.console[browser.console_checked:])
    if errors:
        pytest.fail(f"console errors during {request.node.name}: {errors}")



@contextmanager
def server_with_items(items):
    """A fresh server holding these (name, serial, value) items, added through Add → Done;
    stopped afterwards. For a module's fixture that many read-only tests share."""
    server = Server()
    try:
        http = HTTPClient(server)
        for name, serial, value in items:
            http.add_item(name, serial, value)
        yield server
    finally:
        server.stop()


@pytest.fixture
def first_run_server():
    """A server on its first run: no account at all, the setup link printed on its console."""
    server = Server(owner=False)
    yield server
    server.stop()


@pytest.fixture
def size(request):
    return getattr(request, "param", "1280x800")


@pytest.fixture
def browser(request, drivers, server, size):
    """Chromium with JavaScript on, a fresh empty server."""
    yield from _browser_fixture(request, drivers, server, size)


@pytest.fixture
def seeded_browser(request, drivers, seeded_server, size):
    """Chromium with JavaScript on, a fresh server seeded with @pytest.mark.seed(N) items."""
    yield from _browser_fixture(request, drivers, seeded_server, size)


@pytest.fixture
def nojs_browser(request, drivers, server, size):
    """Chromium with JavaScript switched off by content settings."""
    yield from _browser_fixture(request, drivers, server, size, javascript=False)


# ---------------------------------------------------------------------------
# Issue 23 (places) — helpers for test_places.py. Locations and labels are made and assigned
# the way a signed-in owner does it on the web: Done in the item's dialog with "New location…"
# (a path such as "Home > Kitchen", created on Done) and "New labels" (names separated by
# commas); many items at once go through Select mode's "Move to a location". The dialog also
# says what the server holds now: its Location select and its ticked labels.

import html as _html


def _tag_attribute(page: str, element_id: str, attribute: str) -> str:
    """An attribute of the element with this id in a page as the server sent it ("" if none)."""
    tag = re.search(rf'<[a-z]+\b[^>]*\bid="{re.escape(element_id)}"[^>]*>', page)
    value = tag and re.search(rf'\b{attribute}="([^"]*)"', tag.group(0))
    return _html.unescape(value.group(1)) if value else ""


def item_places(http: HTTPClient, key: str) -> dict:
    """What the item's dialog shows of its places, as the server has them now:
    {"location": "Home › Kitchen" ("" for none), "location_key": key or "",
     "labels": [names ticked], "locations": {path: key} (every location),
     "label_keys": {name: key} (every label), "page": the dialog's HTML}."""
    status, _, body = http.get(f"/items/{key}")
    assert status == 200, f"the dialog of {key} answered {status}"
    page = body.decode()
    select = re.search(r'<select[^>]*\bid="field-location"[^>]*>(.*?)</select>', page, re.S)
    assert select, "the dialog has no Location select"
    locations, location, location_key = {}, "", ""
    for value, selected, label in re.findall(r'<option value="([^"]*)"( selected)?>([^<]*)</option>', select.group(1)):
        label = _html.unescape(label)
        if value and value != "new":
            locations[label] = value
            if selected:
                location, location_key = label, value
    label_keys, labels = {}, []
    for tag, name in re.findall(r'(<input type="checkbox" name="placeLabel"[^>]*>)\s*<span[^>]*>([^<]*)</span>', page):
        name = _html.unescape(name)
        label_keys[name] = re.search(r'value="([^"]+)"', tag).group(1)
        if re.search(r"\schecked\b", tag):
            labels.append(name)
    return {"location": location, "location_key": location_key, "labels": labels,
            "locations": locations, "label_keys": label_keys, "page": page}


def place_item(http: HTTPClient, key: str, *, location: str | None = None, new_location: str = "",
               labels: list[str] | None = None, new_labels: str = "") -> dict:
    """Sets an item's location and labels with Done in its dialog, keeping its other fields.

    location: a location's key ("" for no location; None keeps the item's); new_location: a
    path like "Home > Kitchen", created on Done (it wins over location); labels: keys of the
    labels to tick (None keeps the ticked ones); new_labels: "Fragile, Gift", created on Done.
    Returns item_places afterwards."""
    before = item_places(http, key)
    page = before["page"]
    fields = [
        ("name", _tag_attribute(page, "field-name", "value")),
        ("serialNumber", _tag_attribute(page, "field-serial", "value")),
        ("value", _tag_attribute(page, "field-value", "value")),
        ("version", re.search(r'name="version" value="(\d+)"', page).group(1)),
        ("placeFields", "1"),
    ]
    if new_location:
        fields += [("placeLocation", "new"), ("placeNewLocation", new_location)]
    else:
        fields.append(("placeLocation", before["location_key"] if location is None else location))
    ticked = [before["label_keys"][name] for name in before["labels"]] if labels is None else labels
    fields += [("placeLabel", label) for label in ticked]
    if new_labels:
        fields.append(("placeNewLabels", new_labels))
    status, _, body = http.post(f"/items/{key}", fields + [("action", "done")])
    assert status == 303, f"Done with places answered {status}: {body[:400]!r}"
    return item_places(http, key)


def move_to_location(http: HTTPClient, keys: list[str], location_key: str):
    """Select mode's "Move to a location" for these items ("" for no location), 40 at a time
    (the server refuses a larger form, as it should)."""
    for start in range(0, len(keys), 40):
        chosen = [("key", key) for key in keys[start:start + 40]]
        status, _, body = http.post("/items/move-to-location", chosen + [("destination", location_key)])
        assert status == 303, f"Move to a location answered {status}: {body[:400]!r}"


def list_keys(http: HTTPClient, path: str = "/items?group=none") -> list[str]:
    """Every item's key in the list's order, page after page (100 rows a page)."""
    keys: list[str] = []
    for page in range(1, 1000):
        separator = "&" if "?" in path else "?"
        status, _, body = http.get(f"{path}{separator}page={page}")
        assert status == 200, f"{path} page {page} answered {status}"
        found = [k.decode() for k in re.findall(rb'class="item-row[^"]*" id="item-[^"]+" data-key="([0-9a-f-]{36})"', body)]
        keys += found
        if b'rel="next"' not in body:
            return keys
    return keys
