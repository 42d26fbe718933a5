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
