/// The static preview pages: Homepwner's DOM contract with sample rows and a minimal neutral
/// look, plus a measuring page. Written out by ``PreviewTests`` next to the generated layout
/// stylesheet; kept as Swift strings so the test target holds no unhandled resource files.
enum PreviewPages {
    /// File name → contents.
    static let files: [String: String] = [
        "list.html": #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Homepwner list preview</title>
<link rel="stylesheet" href="look.css"><link rel="stylesheet" href="layout.css"></head>
<body class="page">
  <header class="nav-bar">
    <a class="nav-bar__edit button" href="#">Edit</a>
    <h1 class="nav-bar__title">Homepwner</h1>
    <form class="nav-bar__add" method="post" action="#"><button class="button">+ Add</button></form>
  </header>
  <main class="content">
    <ol class="item-list">
      <li class="item-row" id="short">
        <a class="item-row__name" href="#">Fluffy Bear</a>
        <span class="item-row__serial">0A1B2</span>
        <span class="item-row__value">$42</span>
        <time class="item-row__date" datetime="2026-11-22">Nov 22, 2026</time>
      </li>
      <li class="item-row item-row--valuable" id="valuable">
        <a class="item-row__name" href="#">Shiny Mac</a>
        <span class="item-row__serial">7Z3Q9</span>
        <span class="item-row__value">$99 <span class="item-row__badge">High value</span></span>
        <time class="item-row__date" datetime="2026-11-21">Nov 21, 2026</time>
      </li>
      <li class="item-row item-row--valuable" id="long">
        <a class="item-row__name" href="#">Rusty Spark with an extraordinarily long descriptive name that goes on</a>
        <span class="item-row__serial">SN-2026-ABCDEFGHIJKLMNOP</span>
        <span class="item-row__value">$1,000,000,000 <span class="item-row__badge">High value</span></span>
        <time class="item-row__date" datetime="2026-11-20">November 20, 2026</time>
      </li>
      <li class="item-row" id="longserial">
        <a class="item-row__name" href="#">Fluffy Spark</a>
        <span class="item-row__serial">SERIAL-0123456789-0123456789-0123456789</span>
        <span class="item-row__value">$7</span>
        <time class="item-row__date" datetime="2026-11-19">Nov 19, 2026</time>
      </li>
      <li class="item-row item-row--fixed">No more items!</li>
    </ol>
    <nav class="pager"><a href="#">‹ Previous</a><span>Page 2 of 3</span><a href="#">Next ›</a></nav>
  </main>
  <script src="measure.js"></script>
</body></html>
"""#,
        "edit.html": #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Homepwner edit preview</title>
<link rel="stylesheet" href="look.css"><link rel="stylesheet" href="layout.css"></head>
<body class="page">
  <header class="nav-bar">
    <a class="nav-bar__edit button" href="#">Done</a>
    <h1 class="nav-bar__title">Homepwner</h1>
    <form class="nav-bar__add" method="post" action="#"><button class="button">+ Add</button></form>
  </header>
  <main class="content">
    <ol class="item-list">
      <li class="item-row item-row--editing" id="short">
        <input type="checkbox" class="item-row__select" aria-label="Select">
        <a class="item-row__name" href="#">Fluffy Bear</a>
        <span class="item-row__serial">0A1B2</span>
        <span class="item-row__value">$42</span>
        <time class="item-row__date" datetime="2026-11-22">Nov 22, 2026</time>
        <div class="item-row__controls"><button>↑</button><button>↓</button><form><input type="number" value="1" aria-label="Move to"><button>Move</button></form><a href="#">Delete</a></div>
      </li>
      <li class="item-row item-row--editing item-row--valuable" id="valuable">
        <input type="checkbox" class="item-row__select" aria-label="Select">
        <a class="item-row__name" href="#">Shiny Mac</a>
        <span class="item-row__serial">7Z3Q9</span>
        <span class="item-row__value">$99 <span class="item-row__badge">High value</span></span>
        <time class="item-row__date" datetime="2026-11-21">Nov 21, 2026</time>
        <div class="item-row__controls"><button>↑</button><button>↓</button><form><input type="number" value="1" aria-label="Move to"><button>Move</button></form><a href="#">Delete</a></div>
      </li>
      <li class="item-row item-row--editing item-row--valuable" id="long">
        <input type="checkbox" class="item-row__select" aria-label="Select">
        <a class="item-row__name" href="#">Rusty Spark with an extraordinarily long descriptive name that goes on</a>
        <span class="item-row__serial">SN-2026-ABCDEFGHIJKLMNOP</span>
        <span class="item-row__value">$1,000,000,000 <span class="item-row__badge">High value</span></span>
        <time class="item-row__date" datetime="2026-11-20">November 20, 2026</time>
        <div class="item-row__controls"><button>↑</button><button>↓</button><form><input type="number" value="1" aria-label="Move to"><button>Move</button></form><a href="#">Delete</a></div>
      </li>
      <li class="item-row item-row--editing" id="longserial">
        <input type="checkbox" class="item-row__select" aria-label="Select">
        <a class="item-row__name" href="#">Fluffy Spark</a>
        <span class="item-row__serial">SERIAL-0123456789-0123456789-0123456789</span>
        <span class="item-row__value">$7</span>
        <time class="item-row__date" datetime="2026-11-19">Nov 19, 2026</time>
        <div class="item-row__controls"><button>↑</button><button>↓</button><form><input type="number" value="1" aria-label="Move to"><button>Move</button></form><a href="#">Delete</a></div>
      </li>
      <li class="item-row item-row--fixed">No more items!</li>
    </ol>
    <nav class="pager"><a href="#">‹ Previous</a><span>Page 2 of 3</span><a href="#">Next ›</a></nav>
  </main>
  <script src="measure.js"></script>
</body></html>
"""#,
        "detail.html": #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Homepwner detail preview</title>
<link rel="stylesheet" href="look.css"><link rel="stylesheet" href="layout.css"></head>
<body class="page">
  <header class="nav-bar">
    <a class="nav-bar__edit button" href="#">Edit</a>
    <h1 class="nav-bar__title">Homepwner</h1>
    <form class="nav-bar__add" method="post" action="#"><button class="button">+ Add</button></form>
  </header>
  <main class="content">
    <ol class="item-list">
      <li class="item-row" id="short">
        <a class="item-row__name" href="#">Fluffy Bear</a>
        <span class="item-row__serial">0A1B2</span>
        <span class="item-row__value">$42</span>
        <time class="item-row__date" datetime="2026-11-22">Nov 22, 2026</time>
      </li>
      <li class="item-row item-row--valuable" id="valuable">
        <a class="item-row__name" href="#">Shiny Mac</a>
        <span class="item-row__serial">7Z3Q9</span>
        <span class="item-row__value">$99 <span class="item-row__badge">High value</span></span>
        <time class="item-row__date" datetime="2026-11-21">Nov 21, 2026</time>
      </li>
      <li class="item-row item-row--valuable" id="long">
        <a class="item-row__name" href="#">Rusty Spark with an extraordinarily long descriptive name that goes on</a>
        <span class="item-row__serial">SN-2026-ABCDEFGHIJKLMNOP</span>
        <span class="item-row__value">$1,000,000,000 <span class="item-row__badge">High value</span></span>
        <time class="item-row__date" datetime="2026-11-20">November 20, 2026</time>
      </li>
      <li class="item-row" id="longserial">
        <a class="item-row__name" href="#">Fluffy Spark</a>
        <span class="item-row__serial">SERIAL-0123456789-0123456789-0123456789</span>
        <span class="item-row__value">$7</span>
        <time class="item-row__date" datetime="2026-11-19">Nov 19, 2026</time>
      </li>
      <li class="item-row item-row--fixed">No more items!</li>
    </ol>
    <nav class="pager"><a href="#">‹ Previous</a><span>Page 2 of 3</span><a href="#">Next ›</a></nav>
  </main>
  <div class="modal">
    <dialog class="detail-sheet" open aria-labelledby="detail-title">
      <header class="detail__bar"><button class="detail__cancel">Cancel</button><h2 class="detail__title" id="detail-title">Fluffy Bear</h2><button class="detail__done">Done</button></header>
      <div class="detail__fields">
        <div class="field"><label class="field__label" for="n">Name</label><input class="field__input" id="n" value="Fluffy Bear"><p class="field__error"></p></div>
        <div class="field"><label class="field__label" for="s">Serial</label><input class="field__input" id="s" value="0A1B2"><p class="field__error">Serial must be at most 64 characters.</p></div>
        <div class="field"><label class="field__label" for="v">Value</label><input class="field__input" id="v" inputmode="numeric" value="42"><p class="field__error"></p></div>
      </div>
      <p class="detail__date">Date recorded: Nov 22, 2026</p>
      <div class="detail__photo"><img class="detail__image" alt="Photo of Fluffy Bear" src="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='800' height='600'%3E%3Crect width='800' height='600' fill='%23c8a27a'/%3E%3Ccircle cx='400' cy='300' r='200' fill='%238b5a2b'/%3E%3C/svg%3E"></div>
      <div class="detail__toolbar"><label class="detail__camera">📷 Take photo <input type="file" accept="image/*" capture="environment"></label><button class="detail__upload">Upload</button><button class="detail__remove-photo">Remove photo</button></div>
    </dialog>
  </div>
  <script src="measure.js"></script>
</body></html>
"""#,
        "measure.html": #"""
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Measure</title></head>
<body style="margin:0">
<script>
// Preview only: loads ?page= in an iframe of exactly ?w= × ?h= CSS pixels (headless windows
// are at least 500 px wide) and copies its measurements out, for `chromium --dump-dom`.
const q = new URLSearchParams(location.search);
const frame = document.createElement("iframe");
frame.width = q.get("w"); frame.height = q.get("h"); frame.style.border = "0";
frame.src = q.get("page") + ".html";
frame.onload = () => {
  const pre = document.createElement("pre");
  pre.id = "result";
  pre.textContent = frame.contentDocument.getElementById("measure").textContent;
  document.body.append(pre);
};
document.body.append(frame);
</script>
</body></html>
"""#,
        "look.css": #"""
/* Minimal neutral look for the preview only: colours and type, no layout. */
:root { font-family: system-ui, sans-serif; color: #111; background: #f2f2f7; }
.nav-bar { background: #f9f9f9; border-bottom: 1px solid #ccc; }
.nav-bar__title { font-size: 1.0625rem; font-weight: 600; }
.button, .detail__bar button, .detail__toolbar button, .item-row__controls button {
  font: inherit; color: #0a66d8; background: none; border: 0; padding: 0.25rem 0.5rem; cursor: pointer; }
.nav-bar__edit { text-decoration: none; }
.item-row { background: #fff; border-bottom: 1px solid #ddd; }
.item-row--valuable .item-row__value { color: #0a7d2c; font-weight: 600; }
.item-row__badge { font-size: 0.75rem; background: #e3f6e8; border-radius: 0.25rem; padding: 0 0.25rem; }
.item-row__serial, .item-row__date { color: #666; }
.item-row__controls input[type=number] { width: 3.5rem; font: inherit; }
.item-row--fixed { color: #888; padding-inline: 1rem; }
.detail-sheet { background: #fff; border: 0; color: inherit; padding: 0; }
.detail__bar { border-bottom: 1px solid #ddd; background: #f9f9f9; }
.detail__title { font-size: 1.0625rem; }
.field__input { font: inherit; padding: 0.25rem; }
.field__error { color: #c00; font-size: 0.875rem; }
.detail__photo { background: #eee; min-height: 4rem; }
.detail__camera { color: #0a66d8; }
.detail__camera input { width: 7rem; }
.pager { padding: 1rem; }
"""#,
        "measure.js": #"""
// Preview only: records what the browser tests will check, into <pre id="measure">
// (read with `chromium --headless --dump-dom`).
addEventListener("load", () => {
  const out = [];
  const doc = document.documentElement;
  out.push(`viewport ${innerWidth}x${innerHeight} overflowX ${doc.scrollWidth > innerWidth}`);
  for (const row of document.querySelectorAll(".item-row[id]")) {
    const parts = ["name", "serial", "value", "date"].map((n) => {
      const e = row.querySelector(".item-row__" + n);
      const cut = e.scrollWidth > e.clientWidth + 0.5;
      return `${n}=${Math.round(e.getBoundingClientRect().width)}${cut ? "(cut)" : ""}`;
    });
    out.push(`${row.id}: ${parts.join(" ")} h=${Math.round(row.getBoundingClientRect().height)}`);
  }
  const sheet = document.querySelector(".detail-sheet");
  if (sheet) {
    const r = sheet.getBoundingClientRect();
    const photo = document.querySelector(".detail__photo");
    const input = document.querySelector(".detail__camera input");
    out.push(`sheet ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}x${Math.round(r.height)} radius ${getComputedStyle(sheet).borderTopLeftRadius}`);
    out.push(`photo ${getComputedStyle(photo).display} camera-input ${getComputedStyle(input).visibility} camera-pointer ${getComputedStyle(input.parentElement).pointerEvents}`);
  }
  const pre = document.createElement("pre");
  pre.id = "measure";
  pre.textContent = out.join("\n");
  pre.hidden = true;
  document.body.append(pre);
});
"""#,
    ]
}
