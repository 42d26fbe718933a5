"""Prints a running Homepwner's /items/report to PDF and checks the result (see print-report.sh).

    HOMEPWNER_URL=http://127.0.0.1:PORT HOMEPWNER_PASSWORD=… python3 print_report.py ARTIFACTS_DIR

The server has an account "owner" with that password and seeded items. Here: sign in with the
form, add a few items the seed cannot make (a 150-character name, a long Chinese name, HTML in
a name, photos), take screenshots, print A4 and Letter through CDP `Page.printToPDF`, and check
the PDFs with pdfinfo, pdftotext and pdfimages.
"""

from __future__ import annotations

import base64
import csv
import html
import io
import os
import re
import struct
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
import zlib
from http.cookiejar import CookieJar
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

BASE = os.environ["HOMEPWNER_URL"].rstrip("/")
PASSWORD = os.environ["HOMEPWNER_PASSWORD"]
ARTIFACTS = Path(sys.argv[1] if len(sys.argv) > 1 else "Tests/Print/artifacts")

LONG_NAME = ("Antique grandfather clock, walnut case, brass pendulum, hand-painted moon dial, Westminster "
             "chimes, inherited in 1987, appraised 2024 by Smith & Sons")[:150].ljust(150, "x")
CHINESE_NAME = "古董落地钟，胡桃木外壳，黄铜钟摆，手绘月相表盘，威斯敏斯特报时，一九八七年继承，二〇二四年由专业机构估价并附原始收据"
HOSTILE_NAME = '<b>Bold</b> & "quoted" lamp'
# name → (paper width, height in inches; pdfinfo's size in points)
PAPERS = {"a4": (8.27, 11.69, (595.0, 842.0)), "letter": (8.5, 11.0, (612.0, 792.0))}
MM = 72 / 25.4
# The report's @page margins (left/right 12 mm), with a point of slack for rounding.
SIDE_MARGIN = 12 * MM - 2

failures: list[str] = []


def check(condition: bool, message: str):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", file=sys.stderr)


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Client:
    """Speaks the app's forms as a browser without JavaScript would, keeping cookies."""

    def __init__(self):
        self.cookies = CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.cookies), _NoRedirect)
        self.csrf = ""

    def request(self, method: str, path: str, body: bytes | None = None, content_type: str | None = None):
        headers = {"Origin": BASE}
        if content_type:
            headers["Content-Type"] = content_type
        req = urllib.request.Request(BASE + path, data=body, method=method, headers=headers)
        try:
            with self.opener.open(req, timeout=30) as response:
                return response.status, dict(response.headers), response.read()
        except urllib.error.HTTPError as error:
            return error.code, dict(error.headers), error.read()

    def get(self, path: str):
        status, headers, body = self.request("GET", path)
        match = re.search(rb'name="_csrf" value="([^"]+)"', body)
        if match:
            self.csrf = match.group(1).decode()
        return status, headers, body

    def post(self, path: str, fields: list[tuple[str, str]], photo: bytes | None = None):
        boundary = "----homepwner-print-check"
        parts = [
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
            for name, value in [("_csrf", self.csrf)] + fields
        ]
        if photo is not None:
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="photo.png"\r\n'
                         f"Content-Type: image/png\r\n\r\n".encode() + photo + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        return self.request("POST", path, body, f"multipart/form-data; boundary={boundary}")

    def sign_in(self):
        self.get("/sign-in")
        status, headers, _ = self.post("/sign-in", [("username", "owner"), ("password", PASSWORD), ("next", "/items")])
        assert status == 303, f"sign-in answered {status}"
        self.get("/items")

    def add_item(self, name: str, serial: str, value: int, photo: bytes | None = None):
        """Add → fields (and photo) → Done."""
        status, headers, _ = self.post("/items", [("page", "1")])
        assert status == 303, f"Add answered {status}"
        draft = headers["Location"].split("?")[0]
        fields = [("name", name), ("serialNumber", serial), ("value", str(value))]
        if photo is not None:
            status, _, _ = self.post(draft, fields + [("action", "upload")], photo)
            assert status == 303, f"upload answered {status}"
        status, _, body = self.post(draft, fields + [("action", "done")])
        assert status == 303, f"Done answered {status}: {body[:300]!r}"


def make_png(width: int, height: int, rgb: tuple[int, int, int]) -> bytes:
    """A one-colour PNG with a diagonal stripe."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    rows = b"".join(
        bytes([0]) + b"".join(bytes(255 - c for c in rgb) if abs(x - y) < 6 else bytes(rgb) for x in range(width))
        for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def dollars(value: int) -> str:
    return f"${value:,}"


def squeezed(text: str) -> str:
    """Text without whitespace: a name wrapped over lines reads the same."""
    return re.sub(r"\s+", "", text)


WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">([^<]*)</word>')


def name_column(bbox: str) -> str:
    """The text of the table's Name column (between the "Name" and "Serial number" headers),
    in reading order, without whitespace, from `pdftotext -bbox`."""
    text = []
    for page in bbox.split("<page ")[1:]:
        words = [(float(x), float(y), html.unescape(word)) for x, y, word in WORD.findall(page)]
        header = next(((x, y) for x, y, word in words if word == "Name"), None)
        serial = next((x for x, _, word in words if word == "Serial"), None)
        if header is None or serial is None:
            continue
        cells = sorted((y, x, word) for x, y, word in words if header[0] - 1 <= x < serial - 1 and y > header[1] + 1)
        lines: list[list[tuple[float, str]]] = []
        top = None
        for y, x, word in cells:
            if top is None or y - top > 3:  # a new line (fonts of one line differ by a point or two)
                lines.append([])
                top = y
            lines[-1].append((x, word))
        text += ["".join(word for _, word in sorted(line)) for line in lines]
    return squeezed("".join(text))


def run(*args: str) -> str:
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def make_chrome() -> webdriver.Chrome:
    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--hide-scrollbars",
                "--window-size=1280,800", "--lang=en-US"):
        options.add_argument(arg)
    options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
    driver = webdriver.Chrome(service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")), options=options)
    driver.set_page_load_timeout(60)
    return driver


def screenshots(driver: webdriver.Chrome):
    for name, (width, height, mobile) in {"390x844": (390, 844, True), "1280x800": (1280, 800, False)}.items():
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
        driver.get(BASE + "/items/report")
        overflow = driver.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(overflow <= 0, f"the report at {name} scrolls sideways by {overflow}px")
        check(driver.execute_script("return !document.querySelector('[data-print]').hidden"),
              f"the Print button is not shown at {name} (JavaScript on)")
        driver.save_screenshot(str(ARTIFACTS / f"report-{name}.png"))
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                               {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        driver.save_screenshot(str(ARTIFACTS / f"report-{name}-dark.png"))
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def press_print(driver: webdriver.Chrome):
    """Presses the report's Print button, with window.print stubbed (headless has no dialog):
    the photos, lazy on screen, must all have loaded by the time it prints."""
    driver.execute_script("window.print = () => { window.printedWithPhotos ="
                          " [...document.images].every((img) => img.complete && img.naturalWidth > 0); };")
    driver.find_element("css selector", "[data-print]").click()
    WebDriverWait(driver, 15).until(lambda d: d.execute_script("return window.printedWithPhotos !== undefined"))
    check(driver.execute_script("return window.printedWithPhotos"), "Print did not wait for every photo to load")


def check_pdf(path: Path, paper: str, names: list[str], count: int, total: int, photos: int):
    _, _, (width, height) = PAPERS[paper]
    info = run("pdfinfo", str(path))
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
    page_width = float(size.group(1)) if size else width
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    check(size is not None and abs(float(size.group(1)) - width) < 1 and abs(float(size.group(2)) - height) < 1,
          f"{paper}: page size {size.group(0) if size else '?'}, expected {width} x {height} pts")
    check(pages >= 2, f"{paper}: {pages} page(s); {count} items should need more than one")

    text = run("pdftotext", "-layout", str(path), "-")
    page_texts = [page for page in text.split("\f") if page.strip()]
    check(len(page_texts) == pages, f"{paper}: text on {len(page_texts)} of {pages} pages")
    # The heading in reading order: Chromium 156 writes its space as a gap, not a glyph, so the
    # layout text can set "Homepwner" under it between its two words.
    first_page = run("pdftotext", "-raw", "-f", "1", "-l", "1", str(path), "-")
    check(squeezed("Insurance report") in squeezed(first_page), f"{paper}: no heading on page 1")
    for number, page in enumerate(page_texts, start=1):
        check("Serial number" in page and "Recorded" in page, f"{paper}: no table header on page {number}")
        check(f"{number}/{pages}" in squeezed(page), f"{paper}: no page number “{number} / {pages}” on page {number}")
    check(f"{count:,}" in page_texts[0], f"{paper}: the count {count:,} is not on page 1")
    check(dollars(total) in page_texts[0], f"{paper}: the total {dollars(total)} is not on page 1")
    check(text.count(f"Total, {count:,} items") == 1 and dollars(total) in page_texts[-1],
          f"{paper}: the table's total row is not printed once, at the end")
    # Names wrap inside their column: read the column's words line by line, page by page.
    bbox = run("pdftotext", "-bbox", str(path), "-")
    column = name_column(bbox)
    missing = [name for name in names if squeezed(name) not in column]
    check(not missing, f"{paper}: {len(missing)} names missing, e.g. {missing[:3]}")

    # Nothing sticks out of the page's printable width.
    outside = [m.group(0) for m in re.finditer(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>[^<]*', bbox)
               if float(m.group(1)) < SIDE_MARGIN or float(m.group(2)) > page_width - SIDE_MARGIN]
    check(not outside, f"{paper}: {len(outside)} words outside the margins, e.g. {outside[:2]}")

    # Every photo's thumbnail is printed (lazy on screen, loaded for print).
    images = [line for line in run("pdfimages", "-list", str(path)).splitlines()[2:] if line.strip()]
    check(len(images) >= photos, f"{paper}: {len(images)} images in the PDF, expected {photos} thumbnails")
    print(f"{paper}: {pages} pages, {len(images)} images, {len(names)} names", file=sys.stderr)


def main() -> int:
    client = Client()
    client.sign_in()
    colours = [(200, 40, 40), (40, 120, 200), (40, 160, 80), (220, 170, 30)]
    for index, rgb in enumerate(colours):
        client.add_item(f"Photographed thing {index + 1}", f"PH-{index + 1}", 100 + index, make_png(96, 72, rgb))
    client.add_item(LONG_NAME, "SERIAL-" + "9" * 57, 1_000_000_000)
    client.add_item(CHINESE_NAME, "数码-01", 899)
    client.add_item(HOSTILE_NAME, "H-1", 7)

    status, _, exported = client.get("/items.csv")
    assert status == 200, f"/items.csv answered {status}"
    rows = list(csv.reader(io.StringIO(exported.decode("utf-8"))))[1:]
    names = [row[0] for row in rows]
    count, total, photos = len(rows), sum(int(row[2]) for row in rows), sum(row[5] == "yes" for row in rows)
    check(photos == len(colours), f"{photos} items with photos, expected {len(colours)}")

    driver = make_chrome()
    try:
        driver.get(BASE + "/health")
        for cookie in client.cookies:
            driver.add_cookie({"name": cookie.name, "value": cookie.value, "path": "/"})
        screenshots(driver)
        driver.get(BASE + "/items/report")
        press_print(driver)
        for paper, (width, height, _) in PAPERS.items():
            # As the browser prints (margins from the page's @page), at the paper's size.
            pdf = driver.execute_cdp_cmd("Page.printToPDF", {
                "paperWidth": width, "paperHeight": height, "printBackground": False, "preferCSSPageSize": False,
            })
            path = ARTIFACTS / f"report-{paper}.pdf"
            path.write_bytes(base64.b64decode(pdf["data"]))
            check_pdf(path, paper, names, count, total, photos)
        # Grouped by location (issue 23 point 7): the same checks, and the section's heading
        # and subtotal printed (every item here has no location: one section).
        driver.get(BASE + "/items/report?group=location")
        press_print(driver)
        width, height, _ = PAPERS["a4"]
        pdf = driver.execute_cdp_cmd("Page.printToPDF", {
            "paperWidth": width, "paperHeight": height, "printBackground": False, "preferCSSPageSize": False,
        })
        path = ARTIFACTS / "report-by-location-A4.pdf"
        path.write_bytes(base64.b64decode(pdf["data"]))
        check_pdf(path, "a4", names, count, total, photos)
        text = run("pdftotext", "-layout", str(path), "-")
        check("No location" in text.split("\f")[0], "by location: no section heading on page 1")
        check(squeezed(f"Subtotal, No location, {count:,} items") in squeezed(text), "by location: no subtotal row")
    finally:
        driver.quit()

    if failures:
        print(f"print check: {len(failures)} failure(s)", file=sys.stderr)
        return 1
    print(f"print check: A4 and Letter PDFs of {count} items in {ARTIFACTS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
