// Progressive enhancement only: every flow also works with JavaScript off
// (forms, POST → 303 → GET). Here: an item's dialog opens in place, Esc cancels it,
// the camera uploads as soon as a photo is chosen, Delete asks in place, in edit mode
// rows can be dragged by their handle (pointer or touch) or moved with Alt+↑/↓, sort and
// filters apply when changed, the last action's message is announced, and the insurance
// report gets a Print button; results follow the search box as one types.
"use strict";

document.documentElement.classList.add("js");

document.addEventListener("DOMContentLoaded", () => {
  restoreFocus();
  enhanceDialog();
  enhanceOpenInPlace();
  enhanceDeleteAsk();
  enhanceReorder();
  enhanceSearch();
  enhanceLiveSearch();
  enhanceReport();
  announceFlash();
});

// The insurance report's Print button (without JavaScript the browser's own Print command
// does the same). Photos load lazily on screen; before printing, all of them load, so every
// thumbnail is on paper — also when printing from the browser's menu.
function enhanceReport() {
  const button = document.querySelector("[data-print]");
  if (!button) return;
  const loadPhotos = () => Promise.all([...document.querySelectorAll("img[loading=lazy]")].map((img) => {
    img.loading = "eager";
    return img.complete ? null : new Promise((done) => {
      img.addEventListener("load", done, { once: true });
      img.addEventListener("error", done, { once: true });
    });
  }));
  window.addEventListener("beforeprint", loadPhotos);
  button.hidden = false;
  button.addEventListener("click", () => {
    button.disabled = true;
    // Ten seconds at most: a photo that never arrives must not keep the report from printing.
    const waited = new Promise((done) => setTimeout(done, 10000));
    Promise.race([loadPhotos(), waited]).then(() => {
      button.disabled = false;
      window.print();
    });
  });
}

// Sort and filters apply as soon as they change (the Search button stays for the text,
// and for everything without JavaScript).
function enhanceSearch() {
  const form = document.querySelector("form.search");
  if (!form) return;
  form.addEventListener("change", (event) => {
    if (event.target.matches("select, input[type=checkbox]")) form.requestSubmit();
  });
}

// A message left by the last action ("Deleted …" with Undo) is in the page as it loads,
// which screen readers do not announce as a change: repeat it, once the page is up, in a
// live region of its own, so the visible message never blinks.
function announceFlash() {
  const status = document.querySelector(".flash__message[role=status]");
  if (!status) return;
  const region = document.createElement("div");
  region.className = "visually-hidden";
  region.setAttribute("role", "status");
  document.body.append(region);
  setTimeout(() => { region.textContent = status.textContent; }, 150);
}

// Focus returns to the row the dialog was about (the server marks it `autofocus`);
// some navigations (back/forward, a fragment) skip autofocus, so make sure of it.
function restoreFocus() {
  const target = document.querySelector("[autofocus]");
  if (target && document.activeElement === document.body) target.focus();
}

// Listeners of the dialog on screen, removed with it when it closes in place.
let dialogListeners = null;

function enhanceDialog() {
  const dialog = document.querySelector("dialog.detail-sheet[open]");
  if (!dialog) return;
  dialogListeners = new AbortController();
  const signal = dialogListeners.signal;
  const cancelForm = document.getElementById(dialog.dataset.cancelForm);
  // Escape works like Cancel, as on a modal form sheet.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && cancelForm) {
      event.preventDefault();
      cancelForm.requestSubmit();
    }
  }, { signal });
  // Keep Tab inside the dialog (the page behind is inert, this only wraps around).
  dialog.addEventListener("keydown", (event) => {
    if (event.key !== "Tab") return;
    const focusable = [...dialog.querySelectorAll("button, input, a[href], select, textarea")]
      .filter((element) => !element.disabled && element.offsetParent !== null);
    if (focusable.length === 0) return;
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  });
  // The camera button: upload as soon as a photo is taken or chosen (so there is no
  // Upload button to press: the stylesheet hides it when scripts run).
  const file = dialog.querySelector('input[type="file"]');
  const upload = dialog.querySelector(".detail__upload");
  if (file && upload && file.form) {
    file.addEventListener("change", () => {
      if (file.files.length > 0) file.form.requestSubmit(upload);
    });
  }
  // Where the layout disables the camera (a phone on its side), disable it for real.
  const camera = dialog.querySelector(".detail__camera");
  if (camera && file) {
    const sync = () => {
      const off = getComputedStyle(camera).pointerEvents === "none";
      file.disabled = off;
      if (upload) upload.disabled = off;
      camera.setAttribute("aria-disabled", String(off));
    };
    sync();
    window.addEventListener("resize", sync, { signal });
  }
}

// A row's link opens its dialog over the list without loading the page again: the
// dialog is the server's own markup, fetched from the same URL the link names, so
// everything inside it (Done, Cancel, the camera) works exactly as without JavaScript.
function enhanceOpenInPlace() {
  const app = document.querySelector(".app");
  if (!app || document.querySelector(".modal")) return;
  let opener = null;
  document.addEventListener("click", async (event) => {
    const link = event.target.closest("a.item-cell");
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    try {
      const response = await fetch(link.href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const modal = page.querySelector(".modal");
      if (!modal) throw new Error("no dialog in the page");
      opener = link;
      app.inert = true;
      document.body.append(document.importNode(modal, true));
      history.pushState({ dialog: true }, "", link.href);
      document.title = page.title;
      enhanceDialog();
      const first = document.querySelector(".modal [autofocus]");
      if (first) first.focus();
    } catch (error) {
      location.assign(link.href);  // the plain page, as without JavaScript
    }
  });
  // Back closes a dialog opened in place, and focus returns to its row.
  window.addEventListener("popstate", () => {
    const modal = document.querySelector(".modal");
    if (!modal) return;
    if (dialogListeners) dialogListeners.abort();
    modal.remove();
    app.inert = false;
    if (opener) opener.focus();
  });
}

function csrfToken() {
  const input = document.querySelector('input[name="_csrf"]');
  return input ? input.value : "";
}

function hiddenInput(name, value) {
  const input = document.createElement("input");
  input.type = "hidden";
  input.name = name;
  input.value = value;
  return input;
}

// The red minus asks in place: it turns into Delete and Keep, as iOS's swipe-to-delete.
function enhanceDeleteAsk() {
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.item-row__delete");
    if (!link) return;
    event.preventDefault();
    const row = link.closest(".item-row");
    const list = link.closest(".item-list");
    const form = document.createElement("form");
    form.className = "item-row__confirm";
    form.method = "post";
    form.action = "/items/delete";
    form.append(hiddenInput("_csrf", csrfToken()), hiddenInput("key", row.dataset.key));
    // The list's search, sort, filters and page, so the list comes back as it was.
    for (const field of document.querySelectorAll("#bulk input[type=hidden]")) form.append(hiddenInput(field.name, field.value));
    const remove = document.createElement("button");
    remove.className = "button button--danger";
    remove.textContent = list.dataset.deleteText || "Delete";
    remove.setAttribute("aria-label", link.dataset.deleteLabel || remove.textContent);
    const keep = document.createElement("button");
    keep.type = "button";
    keep.className = "button";
    keep.textContent = list.dataset.keepText || "Keep";
    keep.addEventListener("click", () => {
      form.replaceWith(link);
      link.focus();
    });
    form.append(remove, keep);
    link.replaceWith(form);
    remove.focus();
  });
}

// Reorder in edit mode without leaving the page: drag a row by its handle (mouse, pen or
// touch), or press Alt+↑ / Alt+↓ anywhere in a row. The move is the same POST the ↑/↓
// buttons make; the row then moves in place and a live region says where it went.
function enhanceReorder() {
  const list = document.querySelector(".item-list--editing");
  const status = document.getElementById("reorder-status");
  // Only the member's own order is reordered (a sorted or searched list has no data-count).
  if (!list || !status || !list.dataset.count) return;
  const rows = () => [...list.querySelectorAll(".item-row[data-key]")];
  // Rows are cached without their positions (a move re-renders one row): number them here.
  const firstPosition = Number(list.dataset.firstPosition || 1);
  const number = () => rows().forEach((each, index) => { each.dataset.position = String(firstPosition + index); });
  number();

  // Posts the move; true when the server took it (its 303 is opaque here). Anything else —
  // a 422, another tab's change — is shown as the plain Move page would show it.
  async function move(row, fields) {
    const body = new URLSearchParams([["_csrf", csrfToken()], ...fields]);
    const response = await fetch(`/items/${row.dataset.key}/move`, {
      method: "POST", body, credentials: "same-origin", redirect: "manual",
    });
    if (response.type === "opaqueredirect") return true;
    location.assign(`/items/${row.dataset.key}/move`);
    return false;
  }

  // After a move, positions, ↑/↓ and the announcement follow the new order.
  function settle(row) {
    number();
    const all = rows();
    const total = Number(list.dataset.count || all.length);
    for (const each of all) {
      const position = Number(each.dataset.position);
      const up = each.querySelector(".item-row__up");
      const down = each.querySelector(".item-row__down");
      if (up) up.disabled = position <= 1;
      if (down) down.disabled = position >= total;
    }
    const name = row.querySelector(".item-cell__name")?.textContent.trim() || "";
    const template = list.dataset.reorderedText || "{0} moved to position {1} of {2}.";
    status.textContent = template.replace("{0}", name).replace("{1}", row.dataset.position).replace("{2}", String(total));
  }

  // Alt+↑ / Alt+↓: one step, focus stays on the row.
  list.addEventListener("keydown", async (event) => {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    const row = event.target.closest(".item-row[data-key]");
    if (!row) return;
    event.preventDefault();
    const up = event.key === "ArrowUp";
    const position = Number(row.dataset.position);
    if ((up && position <= 1) || (!up && position >= Number(list.dataset.count || 0))) return;
    const neighbour = up ? row.previousElementSibling : row.nextElementSibling;
    if (!neighbour || !neighbour.matches(".item-row[data-key]")) {
      // It leaves this page: the ↑/↓ button's own form shows the page it lands on.
      const button = row.querySelector(up ? ".item-row__up" : ".item-row__down");
      if (button) button.form.requestSubmit(button);
      return;
    }
    if (!(await move(row, [["direction", up ? "up" : "down"]]))) return;
    const focused = document.activeElement;
    if (up) neighbour.before(row); else neighbour.after(row);
    settle(row);
    if (focused) focused.focus();
  });

  // The handle is a link, which a mouse would otherwise start dragging as a URL (and the
  // browser would cancel our pointer stream).
  list.addEventListener("dragstart", (event) => {
    if (event.target.closest && event.target.closest(".item-row__handle")) event.preventDefault();
  });

  // Drag by the handle with pointer events (one code path for mouse, pen and touch).
  list.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest(".item-row__handle");
    if (!handle || event.button !== 0) return;
    const row = handle.closest(".item-row[data-key]");
    const startY = event.clientY;
    let dragging = false;
    let target = null;
    handle.setPointerCapture(event.pointerId);
    const onMove = (moveEvent) => {
      if (!dragging && Math.abs(moveEvent.clientY - startY) < 6) return;
      dragging = true;
      row.classList.add("is-dragging");
      const under = document.elementFromPoint(moveEvent.clientX, moveEvent.clientY);
      const over = under && under.closest(".item-list--editing .item-row[data-key]");
      if (target && target !== over) target.classList.remove("is-drop-target");
      target = over && over !== row ? over : null;
      if (target) target.classList.add("is-drop-target");
    };
    const onEnd = async () => {
      handle.removeEventListener("pointermove", onMove);
      handle.removeEventListener("pointerup", onEnd);
      handle.removeEventListener("pointercancel", onEnd);
      row.classList.remove("is-dragging");
      if (target) target.classList.remove("is-drop-target");
      if (!dragging || !target) return;
      const position = target.dataset.position;
      const down = Number(position) > Number(row.dataset.position);
      if (!(await move(row, [["position", position]]))) return;
      if (down) target.after(row); else target.before(row);
      settle(row);
      handle.focus();
    };
    handle.addEventListener("pointermove", onMove);
    handle.addEventListener("pointerup", onEnd);
    handle.addEventListener("pointercancel", onEnd);
    // A drag is not a click on the handle's "Move to…" link.
    handle.addEventListener("click", (click) => { if (dragging) click.preventDefault(); }, { once: true, capture: true });
  });
}

// ---------------------------------------------------------------------------
// Live search (issue 22, point 5): the results follow the search box as one types, debounced,
// with the URL kept in step (history.replaceState, so Back does not step through keystrokes).
// Only the list's parts are swapped — rows, header, empty states, pager, summary, the Clear
// link — never the search form, so the focus and the caret stay where they are. Sort and
// filters take the same path. The page is the server's own, fetched from the URL the form
// would load (the HTTP cache and its ETag apply); if anything fails, the form loads it.
function enhanceLiveSearch() {
  const form = document.querySelector("form.search");
  const field = form && form.querySelector(".search__field");
  const main = document.getElementById("items");
  if (!form || !field || !main || !window.fetch || !window.DOMParser) return;
  const status = document.createElement("p");
  status.className = "visually-hidden";
  status.setAttribute("role", "status");
  form.after(status);
  let timer = 0;
  let pending = null;
  let shown = location.pathname + location.search;

  // The form's URL: empty fields left out, so "/items?q=lamp" rather than "…&sort=".
  const target = () => {
    const parameters = new URLSearchParams();
    for (const [name, value] of new FormData(form)) {
      if (typeof value === "string" && value.trim() !== "") parameters.append(name, value);
    }
    const query = parameters.toString();
    return form.getAttribute("action") + (query ? `?${query}` : "");
  };

  async function update() {
    clearTimeout(timer);
    const url = target();
    if (url === shown) return;
    if (pending) pending.abort();
    pending = new AbortController();
    try {
      const response = await fetch(url, {
        credentials: "same-origin", headers: { Accept: "text/html" }, signal: pending.signal,
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      if (!swapListParts(page)) throw new Error("no list in the page");
      shown = url;
      history.replaceState(history.state, "", url);
      document.title = page.title;
      const summary = main.querySelector(".summary__text, .empty__title");
      status.textContent = summary ? summary.textContent : "";
    } catch (error) {
      if (error.name !== "AbortError") location.assign(url);
    }
  }

  // Copies the fetched page's list parts into this one; false when the two do not match.
  function swapListParts(page) {
    const next = page.getElementById("items");
    const nextForm = next && next.querySelector("form.search");
    const list = main.querySelector("ol.item-list");
    if (!nextForm || !list) return false;
    const options = form.querySelector(".search__options");
    form.querySelector(".search__clear")?.remove();
    const clear = nextForm.querySelector(".search__clear");
    if (clear && options) options.append(document.importNode(clear, true));
    // Everything between the form (and its status) and the summary, in the new page's order;
    // the list element itself is kept (listeners on it stay) and only its contents change.
    const between = (start) => {
      const nodes = [];
      for (let node = start.nextSibling; node && !(node.matches && node.matches("footer.summary")); node = node.nextSibling) nodes.push(node);
      return nodes;
    };
    for (const node of between(status)) if (node !== list) node.remove();
    let anchor = status;
    for (const node of between(nextForm)) {
      if (node.matches && node.matches("ol.item-list")) {
        for (const attribute of [...list.attributes]) list.removeAttribute(attribute.name);
        for (const attribute of [...node.attributes]) list.setAttribute(attribute.name, attribute.value);
        list.replaceChildren(...[...node.childNodes].map((child) => document.importNode(child, true)));
        anchor.after(list);
        anchor = list;
      } else {
        const imported = document.importNode(node, true);
        anchor.after(imported);
        anchor = imported;
      }
    }
    const summary = main.querySelector("footer.summary");
    const nextSummary = next.querySelector("footer.summary");
    if (summary && nextSummary) summary.replaceWith(document.importNode(nextSummary, true));
    // The bar's Edit link and Add's hidden copy of the list's state follow the search too.
    const edit = document.querySelector(".nav-bar__edit");
    const nextEdit = page.querySelector(".nav-bar__edit");
    if (edit && nextEdit) edit.setAttribute("href", nextEdit.getAttribute("href"));
    const add = document.querySelector(".nav-bar__add");
    const nextAdd = page.querySelector(".nav-bar__add");
    if (add && nextAdd) {
      for (const input of add.querySelectorAll("input[type=hidden]:not([name=_csrf])")) input.remove();
      for (const input of nextAdd.querySelectorAll("input[type=hidden]:not([name=_csrf])")) add.prepend(document.importNode(input, true));
    }
    return true;
  }

  field.addEventListener("input", () => {
    clearTimeout(timer);
    timer = setTimeout(update, 250);
  });
  // Enter, the Search button, and sort and filters (enhanceSearch submits on change): at once.
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
  });
}
