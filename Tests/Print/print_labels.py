"""QR label sheets on paper (issue 24 point 5), after print_report.py on the same server (see
print-report.sh):

    HOMEPWNER_URL=http://127.0.0.1:PORT HOMEPWNER_PASSWORD=… python3 print_labels.py ARTIFACTS_DIR

Adds a 150-character name, a long Chinese name and HTML in a name, and a location with one inside
it; prints a sheet of 43 items and the 2 locations through CDP `Page.printToPDF` on A4 and Letter;
and checks the PDFs: the page size, three labels across and whole rows per page (7 on A4, 6 on
Letter), each label's name (wrapped over lines, read from its own cell with `pdftotext -bbox`) and
short code, nothing outside the margins, and — with zbarimg (Debian zbar-tools) — that the codes
printed on the first page scan as the labels' addresses.
"""

from __future__ import annotations

import base64
import html
import json
import math
import re
import shutil
import subprocess
import sys
import urllib.parse
from pathlib import Path

from print_report import (BASE, CHINESE_NAME, HOSTILE_NAME, LONG_NAME, MM, PAPERS, Client, make_chrome, run, squeezed)

ARTIFACTS = Path(sys.argv[1] if len(sys.argv) > 1 else "Tests/Print/artifacts")
# app.css: the report's @page margins (top 14 mm, sides 12 mm), 3 labels across, 37 mm high.
TOP, SIDE, ROW = 14 * MM, 12 * MM, 37 * MM
ROWS = {"a4": 7, "letter": 6}
WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')

failures: list[str] = []


def check(condition: bool, message: str):
    if not condition:
        failures.append(message)
        print(f"FAIL: {message}", file=sys.stderr)


def get_json(client: Client, path: str):
    status, _, body = client.request("GET", path)
    assert status == 200, f"{path} answered {status}"
    return json.loads(body)


def find_item(client: Client, search: str, name: str) -> dict:
    found = get_json(client, "/items.json?q=" + urllib.parse.quote(search))["items"]
    matches = [item for item in found if item["name"] == name]
    assert matches, f"no item named {name[:40]!r} found by {search!r}"
    return matches[-1]


def add_location(client: Client, name: str, parent: str = "") -> dict:
    """The location `name` inside `parent`, added unless it is there (a second run)."""
    for location in get_json(client, "/locations.json")["locations"]:
        if location["name"] == name and (location.get("parent") or "") == parent:
            return location
    client.get("/locations")
    status, _, body = client.post("/locations", [("name", name), ("note", ""), ("parent", parent)])
    assert status == 303, f"adding location {name} answered {status}: {body[:300]!r}"
    return next(location for location in get_json(client, "/locations.json")["locations"] if location["name"] == name)


def cells(bbox: str, page_width: float) -> list[dict[tuple[int, int], str]]:
    """Per page, the text of each label cell (row, column), squeezed, words in reading order."""
    pages = []
    column_width = (page_width - 2 * SIDE) / 3
    for page in bbox.split("<page ")[1:]:
        words: dict[tuple[int, int], list[tuple[float, float, str]]] = {}
        for x, top, _, bottom, word in WORD.findall(page):
            # A word's middle: its box is the font's whole height (Chromium 156's PDFs give a
            # 9 pt word a 23 pt box), whose top can reach above the cell it is printed in.
            x, y = float(x), (float(top) + float(bottom)) / 2
            cell = (math.floor((y - TOP) / ROW), math.floor((x - SIDE) / column_width))
            words.setdefault(cell, []).append((y, x, html.unescape(word)))
        texts = {}
        for cell, found in words.items():
            lines: list[list[tuple[float, str]]] = []
            top = None
            for y, x, word in sorted(found):
                if top is None or y - top > 2:
                    lines.append([])
                    top = y
                lines[-1].append((x, word))
            texts[cell] = squeezed("".join("".join(word for _, word in sorted(line)) for line in lines))
        pages.append(texts)
    return pages


def check_pdf(path: Path, paper: str, labels: list[tuple[str, str, str]]):
    """labels: (name, short code, address) in the sheet's order."""
    _, _, (width, height) = PAPERS[paper]
    info = run("pdfinfo", str(path))
    size = re.search(r"Page size:\s+([\d.]+) x ([\d.]+) pts", info)
    pages = int(re.search(r"Pages:\s+(\d+)", info).group(1))
    check(size is not None and abs(float(size.group(1)) - width) < 1 and abs(float(size.group(2)) - height) < 1,
          f"labels {paper}: page size {size.group(0) if size else '?'}, expected {width} x {height} pts")
    per_page = 3 * ROWS[paper]
    check(pages == math.ceil(len(labels) / per_page),
          f"labels {paper}: {pages} pages for {len(labels)} labels, expected {math.ceil(len(labels) / per_page)} ({per_page} a page)")
    bbox = run("pdftotext", "-bbox", str(path), "-")
    found = cells(bbox, float(size.group(1)) if size else width)
    for index, (name, code, _) in enumerate(labels):
        page, slot = divmod(index, per_page)
        cell = (slot // 3, slot % 3)
        text = found[page].get(cell, "") if page < len(found) else ""
        check(squeezed(name) in text and code in text,
              f"labels {paper}: label {index + 1} ({name[:30]!r}, {code}) not whole in its cell {cell} of page {page + 1}: {text[:120]!r}")
    outside = [m.group(0) for m in re.finditer(r'<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)"[^>]*>[^<]*', bbox)
               if float(m.group(1)) < SIDE - 2 or float(m.group(2)) > (float(size.group(1)) if size else width) - SIDE + 2]
    check(not outside, f"labels {paper}: {len(outside)} words outside the margins, e.g. {outside[:2]}")
    # The codes on paper: each label of page 1 rendered at 300 dpi on its own and scanned, as a
    # phone camera sees one sticker. (zbar scanning the whole page at once missed one code of 21
    # now and then, at 200, 300 or 600 dpi alike, though that code scanned on its own.)
    zbarimg, pdftoppm = shutil.which("zbarimg"), shutil.which("pdftoppm")
    if zbarimg and pdftoppm:
        dpi = 300
        pixels = dpi / 72
        column_width = ((float(size.group(1)) if size else width) - 2 * SIDE) / 3
        scanned, unscanned = [], []
        for slot, (_, code, address) in enumerate(labels[:per_page]):
            row, column = divmod(slot, 3)
            image = path.with_name(f"{path.stem}-label-{slot + 1}")
            crop = [round((SIDE + column * column_width) * pixels), round((TOP + row * ROW) * pixels),
                    round(column_width * pixels), round(ROW * pixels)]
            subprocess.run([pdftoppm, "-r", str(dpi), "-f", "1", "-l", "1", "-x", str(crop[0]), "-y", str(crop[1]),
                            "-W", str(crop[2]), "-H", str(crop[3]), "-png", "-singlefile", str(path), str(image)], check=True)
            found = subprocess.run([zbarimg, "--raw", "-q", str(image) + ".png"], capture_output=True, text=True).stdout.split()
            scanned += found
            if found != [address]:
                unscanned.append(f"label {slot + 1} ({code}) scans as {found}")
            Path(str(image) + ".png").unlink()
        check(not unscanned, f"labels {paper}: page 1's codes do not scan as their labels' addresses: {unscanned[:3]}")
    else:
        print("labels: zbarimg or pdftoppm missing; the printed codes are not scanned", file=sys.stderr)
    print(f"labels {paper}: {pages} pages, {len(labels)} labels", file=sys.stderr)


def main() -> int:
    client = Client()
    client.sign_in()
    client.add_item(LONG_NAME, "QR-LONG", 1)
    client.add_item(CHINESE_NAME, "QR-ZH", 2)
    client.add_item(HOSTILE_NAME, "QR-H", 3)
    special = [find_item(client, "Antique grandfather", LONG_NAME), find_item(client, "古董落地钟", CHINESE_NAME),
               find_item(client, "quoted lamp", HOSTILE_NAME)]
    garage = add_location(client, "Shelf for labels")
    box = add_location(client, "Box 3", garage["key"])
    # 40 more from the list (the seeded items): names of up to 150 characters print whole; a
    # longer one is clamped on its label by design, so it is not one to look for.
    chosen = {item["key"] for item in special}
    others = [item for item in get_json(client, "/items.json?page=1")["items"] if item["key"] not in chosen and len(item["name"]) <= 150]
    items = special + others[:40]

    def code(key: str) -> str:
        return key[:6].upper()

    labels = [(item["name"], code(item["key"]), f"{BASE}/items/{item['key']}") for item in items]
    labels += [("Shelf for labels", code(garage["key"]), f"{BASE}/locations/{garage['key']}"),
               ("Shelf for labels › Box 3", code(box["key"]), f"{BASE}/locations/{box['key']}")]
    query = "&".join([f"item={item['key']}" for item in items] + [f"location={garage['key']}", f"location={box['key']}"])
    path = "/qr-labels?" + query
    status, _, _ = client.request("GET", path)
    check(status == 200, f"the label sheet answered {status}")

    driver = make_chrome()
    try:
        driver.get(BASE + "/health")
        for cookie in client.cookies:
            driver.add_cookie({"name": cookie.name, "value": cookie.value, "path": "/"})
        for name, (width, height, mobile) in {"390x844": (390, 844, True), "1280x800": (1280, 800, False)}.items():
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
            driver.get(BASE + path)
            overflow = driver.execute_script("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
            check(overflow <= 0, f"the label sheet at {name} scrolls sideways by {overflow}px")
            driver.save_screenshot(str(ARTIFACTS / f"labels-{name}.png"))
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        driver.get(BASE + path)
        for paper, (width, height, _) in PAPERS.items():
            pdf = driver.execute_cdp_cmd("Page.printToPDF", {
                "paperWidth": width, "paperHeight": height, "printBackground": False, "preferCSSPageSize": False,
            })
            file = ARTIFACTS / f"labels-{paper}.pdf"
            file.write_bytes(base64.b64decode(pdf["data"]))
            check_pdf(file, paper, labels)
    finally:
        driver.quit()

    if failures:
        print(f"label print check: {len(failures)} failure(s)", file=sys.stderr)
        return 1
    print(f"label print check: A4 and Letter PDFs of {len(labels)} labels in {ARTIFACTS}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
