// Progressive enhancement only: every flow also works with JavaScript off
// (forms, POST → 303 → GET). Here: an item's dialog opens in place, Esc cancels it (both
// ask "Discard changes?" first when there are changes), the camera uploads as soon as a
// photo is chosen, Delete slides in beside the row, Select mode's bar waits for a selection,
// in edit mode rows can be dragged by their handle (pointer or touch, scrolling at the
// edges) or moved with Alt+↑/↓, sort and
// filters apply when changed, the last action's message is announced, and the insurance
// report gets a Print button; results follow the search box as one types; a star toggles
// a favourite in place.
"use strict";

document.documentElement.classList.add("js");

document.addEventListener("DOMContentLoaded", () => {
  restoreFocus();
  enhanceDialog();
  enhanceOpenInPlace();
  enhanceDeleteAsk();
  enhanceSelect();
  enhanceReorder();
  enhanceSearch();
  enhanceLiveSearch();
  enhanceReport();
  enhanceSectionIndex();
  enhancePhotoViewer();
  announceFlash();
  enhanceLiveUpdates();
  enhanceSwipeActions();
  enhanceFavourites();
  enhanceNavMenu();
});

// The header's menu is a <details> that opens and closes by itself; with scripts, Escape
// closes it back onto its button and a tap elsewhere closes it, as any menu does.
function enhanceNavMenu() {
  const menu = document.querySelector("details.nav-menu");
  if (!menu) return;
  const button = menu.querySelector("summary");
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape" || !menu.open) return;
    menu.open = false;
    button.focus();
  });
  document.addEventListener("click", (event) => {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
}

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
  const file = dialog.querySelector('input[type="file"]');
  const cancel = askBeforeDiscarding(dialog, cancelForm, file, signal);
  // Escape works like Cancel, as on a modal form sheet (and asks as Cancel does).
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && cancelForm && !document.querySelector(".discard[open]")) {
      event.preventDefault();
      cancel();
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
  const upload = dialog.querySelector(".detail__upload");
  if (file && upload && file.form) {
    file.addEventListener("change", () => {
      if (file.files.length > 0) file.form.requestSubmit(upload);
    });
  }
  enhancePhotoStrip(dialog, signal);
  enhanceLiveDialog(dialog, signal);
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

// Cancel and Escape ask "Discard changes?" when the dialog holds changes: fields typed here,
// a file chosen, or unsaved work the server keeps in the dialog's draft (`data-changed`: a photo
// just taken, a new item already filled in). Without scripts Cancel stays immediate: it is the
// seed's rollback. Returns what Cancel does.
function askBeforeDiscarding(dialog, cancelForm, file, signal) {
  if (!cancelForm) return () => {};
  // Issue 23: a select has no defaultValue (its options say what was chosen), and a ticked
  // label is a checkbox: compared by value alone, an untouched Location always looked changed
  // and a ticked label never did.
  const changed = (field) => {
    if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
    if (field.type === "checkbox" || field.type === "radio") return field.checked !== field.defaultChecked;
    return field.value !== field.defaultValue;
  };
  // Issue 24: the warranty's answers are radio buttons.
  const hasChanges = () => dialog.hasAttribute("data-changed")
    || [...dialog.querySelectorAll(".field__input, .label-choice input, .ownership__choice input")].some(changed)
    || Boolean(file && file.files.length > 0);
  const cancel = () => {
    if (!hasChanges()) {
      cancelForm.requestSubmit();
      return;
    }
    const returnFocus = document.activeElement;
    const sheet = discardSheet(cancelForm);
    sheet.addEventListener("close", () => {
      sheet.remove();
      if (returnFocus && returnFocus.isConnected) returnFocus.focus();
    }, { once: true });
    sheet.showModal();
  };
  const button = dialog.querySelector("button.detail__cancel");
  if (button) {
    button.addEventListener("click", (event) => {
      event.preventDefault();
      cancel();
    }, { signal });
  }
  return cancel;
}

// The question as a small modal of its own: Keep editing (first, and focused: the safe answer)
// closes it; Discard is a real submit of the Cancel form.
function discardSheet(cancelForm) {
  const texts = document.querySelector("dialog.detail-sheet").dataset;
  const sheet = document.createElement("dialog");
  sheet.className = "discard";
  sheet.setAttribute("aria-labelledby", "discard-title");
  sheet.setAttribute("aria-describedby", "discard-hint");
  const title = document.createElement("h2");
  title.className = "discard__title";
  title.id = "discard-title";
  title.textContent = texts.discardTitle;
  const hint = document.createElement("p");
  hint.className = "discard__hint";
  hint.id = "discard-hint";
  hint.textContent = texts.discardHint;
  const keep = document.createElement("button");
  keep.type = "button";
  keep.className = "discard__keep button";
  keep.textContent = texts.discardKeep;
  keep.autofocus = true;
  keep.addEventListener("click", () => sheet.close());
  const discard = document.createElement("button");
  discard.className = "discard__confirm button button--danger";
  discard.setAttribute("form", cancelForm.id);
  discard.textContent = texts.discardConfirm;
  const actions = document.createElement("div");
  actions.className = "discard__actions";
  actions.append(keep, discard);
  sheet.append(title, hint, actions);
  document.body.append(sheet);
  return sheet;
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

// Issue 22 point 6 — edit mode as on iOS. The red minus turns and slides a Delete button in
// from the row's right edge (the row keeps its height); the minus again, Escape, or a tap
// anywhere else hides it (that tap does nothing else). Without JavaScript the minus leads to
// the same row asking, rendered by the server.
function enhanceDeleteAsk() {
  const list = document.querySelector(".item-list--editing");
  if (!list) return;
  let open = null;
  const close = (focusMinus) => {
    if (!open) return;
    const { row, form, link } = open;
    open = null;
    form.remove();
    row.classList.remove("is-confirming");
    link.setAttribute("aria-expanded", "false");
    if (focusMinus) link.focus();
  };
  // Capturing, so a tap that only hides Delete never reaches the row's link (its dialog).
  document.addEventListener("click", (event) => {
    const link = event.target.closest("a.item-row__delete");
    if (open && !event.target.closest(".item-row__confirm") && link !== open.link) {
      const inList = !!event.target.closest(".item-list");
      close(false);
      if (!link) {
        if (inList) {
          event.preventDefault();
          event.stopPropagation();
        }
        return;
      }
    }
    if (!link) return;
    if (!open && link.getAttribute("aria-expanded") === "true") return;  // the server's asking row: its minus goes back
    event.preventDefault();
    if (open) {
      close(true);
      return;
    }
    const row = link.closest(".item-row");
    const form = document.createElement("form");
    form.className = "item-row__confirm";
    form.method = "post";
    form.action = "/items/delete";
    form.append(hiddenInput("_csrf", csrfToken()), hiddenInput("key", row.dataset.key), hiddenInput("mode", "edit"));
    // The list's search, sort, filters and page, so the list comes back as it was.
    for (const field of document.querySelectorAll("#row-actions input[type=hidden]:not([name=_csrf])")) {
      form.append(hiddenInput(field.name, field.value));
    }
    const remove = document.createElement("button");
    remove.className = "button button--danger item-row__confirm-delete";
    remove.textContent = list.dataset.deleteText || "Delete";
    remove.setAttribute("aria-label", link.dataset.deleteLabel || remove.textContent);
    form.append(remove);
    row.querySelector(".item-cell").after(form);
    row.classList.add("is-confirming");
    link.setAttribute("aria-expanded", "true");
    open = { row, form, link };
    remove.focus();
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      close(true);
    }
  });
}

// Issue 22 point 6 — Select mode's bar: Move to… and Delete selected stay disabled until
// something is selected, and the bar says how many are (without JavaScript the server says
// so by the bar when nothing was).
function enhanceSelect() {
  const bar = document.querySelector(".select-bar");
  const list = document.querySelector(".item-list--selecting");
  if (!bar || !list) return;
  const status = bar.querySelector(".select-bar__status");
  const buttons = bar.querySelectorAll("[data-needs-selection]");
  const template = bar.dataset.selectedText || "{0} selected";
  const hint = status.innerHTML;
  let shown = -1;
  const sync = () => {
    const count = list.querySelectorAll('input[name="key"]:checked').length;
    for (const button of buttons) button.disabled = count === 0;
    if (count === shown) return;
    if (count === 0) status.innerHTML = hint; else status.textContent = template.replace("{0}", String(count));
    shown = count;
  };
  list.addEventListener("change", sync);
  // Back and Forward may restore the boxes' state after load.
  window.addEventListener("pageshow", sync);
  sync();
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
  // Issue 23: in sections by location, a row dropped under another header moves there.
  const sectioned = list.classList.contains("item-list--sectioned");
  const number = () => rows().forEach((each, index) => { each.dataset.position = String(firstPosition + index); });
  number();

  // Posts the move; true when the server took it (its 303 is opaque here). Anything else —
  // a 422, another tab's change — is shown as the plain Move page would show it.
  async function move(row, fields) {
    // The list's state (its sections, search, page) tells the server what a position means.
    const state = [...document.querySelectorAll("#row-actions input[type=hidden]:not([name=_csrf])")].map((input) => [input.name, input.value]);
    const body = new URLSearchParams([["_csrf", csrfToken()], ...state, ...fields]);
    lastOwnWrite = Date.now();  // its echo on /events is not news to this page
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
    if (sectioned && (!neighbour || !neighbour.matches(".item-row[data-key]"))) return;  // ↑/↓ stay in a section
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

  // A sectioned drop: into the section the pointer is over (the last whose top it is below),
  // before the first of its rows whose middle is below the pointer, else at its end.
  function dropInSection(row, pointerY) {
    const sections = [...list.querySelectorAll(".item-section")];
    if (!sections.length) return;
    let section = sections[0];
    for (const each of sections) if (each.getBoundingClientRect().top <= pointerY) section = each;
    const body = section.querySelector(".item-section__rows");
    const next = [...body.querySelectorAll(".item-row[data-key]")].find((each) => {
      if (each === row) return false;
      const box = each.getBoundingClientRect();
      return box.top + box.height / 2 > pointerY;
    });
    const more = body.querySelector(".item-section-more");
    if (next) next.before(row); else if (more) more.before(row); else body.append(row);
  }
  // The location of the section a row is in, and its index among that section's rows (those of
  // a section continued from an earlier page come first).
  function sectionPlace(row) {
    const section = row.closest(".item-section");
    const rowsIn = section ? [...section.querySelectorAll(".item-row[data-key]")] : [];
    const before = section ? Number(section.dataset.before || 0) : 0;
    return { location: section ? section.dataset.location || "" : "", index: before + rowsIn.indexOf(row) };
  }

  // Issue 22 point 7 — drag by the handle with pointer events (one code path for mouse, pen
  // and touch): a lifted copy of the row follows the pointer, the other rows make room, and
  // held near the top or bottom edge the page scrolls, faster the nearer the edge.
  list.addEventListener("pointerdown", (event) => {
    const handle = event.target.closest(".item-row__handle");
    if (!handle || event.button !== 0) return;
    const row = handle.closest(".item-row[data-key]");
    if (!row) return;
    const startY = event.clientY;
    let pointerY = startY;
    let drag = null;
    handle.setPointerCapture(event.pointerId);

    // Where the lifted row would land: among the other rows, by their places in the layout
    // (offsetTop ignores the transforms that make room), against the copy's middle.
    const landing = () => {
      const parent = row.offsetParent || document.body;
      const middle = pointerY - drag.grab + drag.height / 2 - parent.getBoundingClientRect().top - parent.clientTop;
      // A row's middle is where the lifted one takes its place (a few px early, so a drop
      // right on a row's middle takes that row's place, as a drop on it did before).
      let to = 0;
      drag.others.forEach((other, index) => {
        const bias = index < drag.from ? 4 : -4;
        if (other.offsetTop + other.offsetHeight / 2 + bias < middle) to += 1;
      });
      return to;
    };
    const makeRoom = (to) => {
      if (to === drag.to) return;
      drag.to = to;
      drag.others.forEach((other, index) => {
        const shift = index >= drag.from && index < to ? -drag.height : index >= to && index < drag.from ? drag.height : 0;
        other.style.transform = shift ? `translateY(${shift}px)` : "";
      });
    };
    // Each frame: scroll when held near an edge (the pinned header's bottom counts as the
    // top), keep the copy under the pointer, update the gap.
    const frame = (now) => {
      const elapsed = Math.min(48, now - drag.time);
      drag.time = now;
      const header = document.querySelector(".app > .nav-bar");
      const top = header && getComputedStyle(header).position === "sticky" ? header.getBoundingClientRect().bottom : 0;
      const bottom = window.innerHeight;
      const zone = Math.max(32, Math.min(96, (bottom - top) / 4));
      let speed = 0;  // px per ms
      if (pointerY < top + zone) speed = -Math.min(1.5, (top + zone - pointerY) / zone);
      else if (pointerY > bottom - zone) speed = Math.min(1.5, (pointerY - (bottom - zone)) / zone);
      if (speed) window.scrollBy(0, Math.sign(speed) * speed * speed * 1.2 * elapsed);
      const y = Math.max(top - drag.height / 2, Math.min(bottom - drag.height / 2, pointerY - drag.grab));
      drag.ghost.style.transform = `translateY(${y - drag.top}px)`;
      makeRoom(landing());
      drag.request = requestAnimationFrame(frame);
    };
    const begin = () => {
      const all = rows();
      const box = row.getBoundingClientRect();
      const next = row.nextElementSibling;
      const ghost = row.cloneNode(true);
      ghost.removeAttribute("id");
      ghost.classList.add("item-row--ghost");
      ghost.setAttribute("aria-hidden", "true");
      ghost.inert = true;
      Object.assign(ghost.style, { left: `${box.left}px`, top: `${box.top}px`, width: `${box.width}px`, height: `${box.height}px` });
      document.body.append(ghost);
      drag = {
        ghost, top: box.top, grab: startY - box.top, from: all.indexOf(row), to: all.indexOf(row),
        height: next ? next.offsetTop - row.offsetTop : row.offsetHeight,
        others: all.filter((each) => each !== row), time: performance.now(), request: 0,
      };
      row.classList.add("is-drag-source");
      for (const other of drag.others) other.classList.add("is-making-room");
      document.documentElement.classList.add("is-dragging-row");
      drag.request = requestAnimationFrame(frame);
    };
    const onMove = (moveEvent) => {
      pointerY = moveEvent.clientY;
      if (!drag && Math.abs(pointerY - startY) >= 6) begin();
    };
    const onEnd = async (endEvent) => {
      handle.removeEventListener("pointermove", onMove);
      handle.removeEventListener("pointerup", onEnd);
      handle.removeEventListener("pointercancel", onEnd);
      if (!drag) return;
      cancelAnimationFrame(drag.request);
      const { from, others, ghost } = drag;
      const to = endEvent.type === "pointerup" ? landing() : from;
      ghost.remove();
      for (const other of others) {
        other.classList.remove("is-making-room");
        other.style.transform = "";
      }
      row.classList.remove("is-drag-source");
      document.documentElement.classList.remove("is-dragging-row");
      if (to === from) {
        handle.focus();
        return;
      }
      // In place at once; the server's answer confirms it (or the Move page explains why not).
      if (sectioned) {
        const from = sectionPlace(row);
        dropInSection(row, pointerY);
        const place = sectionPlace(row);
        handle.focus({ preventScroll: true });
        if (place.location === from.location && place.index === from.index) return;
        if (!(await move(row, [["destination", place.location], ["position", String(place.index + 1)]]))) return;
        // Both sections' counts and totals changed: the page as the server has it now.
        location.reload();
        return;
      }
      if (to >= others.length) others[others.length - 1].after(row); else others[to].before(row);
      handle.focus({ preventScroll: true });
      if (!(await move(row, [["position", String(firstPosition + to)]]))) return;
      settle(row);
    };
    handle.addEventListener("pointermove", onMove);
    handle.addEventListener("pointerup", onEnd);
    handle.addEventListener("pointercancel", onEnd);
    // A drag is not a click on the handle's "Move to…" link (the click, if any, follows the
    // pointerup at once; the listener goes before the next tap).
    const suppress = (click) => { if (drag) click.preventDefault(); };
    handle.addEventListener("click", suppress, { capture: true });
    handle.addEventListener("pointerup", () => setTimeout(() => handle.removeEventListener("click", suppress, true), 0), { once: true });
    handle.addEventListener("pointercancel", () => handle.removeEventListener("click", suppress, true), { once: true });
  });
}

// ---- Issue 22, point 8 (members): the invitation link just made ----
// Copy puts the link on the clipboard (Clipboard API; where it is refused, the link is
// selected for the person to copy) and says so; Share hands it to the system's share sheet
// where the browser has one (navigator.share). Without JavaScript both stay hidden and the
// link is a read-only field to select and copy by hand.
document.addEventListener("DOMContentLoaded", enhanceInvitationLink);

function enhanceInvitationLink() {
  const field = document.getElementById("invitation-link");
  if (!field) return;
  const actions = field.closest(".invitation").querySelector(".invitation__actions");
  const status = actions.querySelector(".invitation__status");
  const say = (text) => { status.textContent = ""; setTimeout(() => { status.textContent = text; }, 50); };
  const selectAll = () => { field.focus(); field.select(); field.setSelectionRange(0, field.value.length); };
  field.addEventListener("focus", () => field.select());
  field.addEventListener("click", () => field.select());

  const copy = actions.querySelector(".invitation__copy");
  copy.hidden = false;
  copy.addEventListener("click", async () => {
    try {
      if (!navigator.clipboard || !navigator.clipboard.writeText) throw new Error("no clipboard");
      await navigator.clipboard.writeText(field.value);
      say(actions.dataset.copiedText);
    } catch {
      selectAll();
      say(actions.dataset.copyFailedText);
    }
  });

  const share = actions.querySelector(".invitation__share");
  if (typeof navigator.share === "function") {
    share.hidden = false;
    share.addEventListener("click", async () => {
      const data = { title: share.dataset.shareTitle, text: share.dataset.shareText, url: share.dataset.shareUrl };
      try {
        await navigator.share(data);
      } catch {
        // Closing the share sheet is not an error worth a word; the link is still here.
      }
    });
  }
}
// ---- end of point 8 ----

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
      enhanceSectionIndex();  // Issue 23: the new page's section index, fitted and followed again
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
    // Select follows the rows: offered only where there is something to select.
    const select = document.querySelector(".nav-bar__select");
    const nextSelect = page.querySelector(".nav-bar__select");
    if (select) {
      select.hidden = !nextSelect;
      if (nextSelect) select.setAttribute("href", nextSelect.getAttribute("href"));
    }
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

// ---- Issue 23: the section index ----
// On a phone held upright the index is a strip at the right edge. Here it fits the strip's
// height whatever the number of sections (too many to read: every few show a dot, as on iOS),
// and a finger drawn along it jumps from section to section; lifting it on a section of
// another page goes there. Without JavaScript each entry is a 44 px link that scrolls the strip.
let sectionIndexListeners = null;
function enhanceSectionIndex() {
  // A live search brings a new index: the window's listeners for the one it replaced go.
  if (sectionIndexListeners) sectionIndexListeners.abort();
  sectionIndexListeners = new AbortController();
  const { signal } = sectionIndexListeners;
  const index = document.querySelector(".section-index");
  if (!index) return;
  // The stylesheet's own breakpoint, scaled as the member's text size scales it (Settings).
  const scale = Number(document.documentElement.dataset.textScale) || 1;
  const strip = window.matchMedia(`(max-width: ${39.99 * scale}rem) and (orientation: portrait) and (min-width: ${22.5 * scale}em)`);
  const list = index.querySelector(".section-index__list");
  const links = [...index.querySelectorAll(".section-index__link")];
  const fit = () => {
    index.classList.toggle("section-index--fitted", strip.matches);
    index.classList.remove("section-index--dense");
    for (const link of links) link.classList.remove("section-index__link--dot");
    if (!strip.matches) return;
    const each = list.clientHeight / links.length;
    if (each >= 16) return;
    index.classList.add("section-index--dense");
    const step = Math.ceil(16 / Math.max(each, 1));
    links.forEach((link, number) => { if (number % step !== 0 && number !== links.length - 1) link.classList.add("section-index__link--dot"); });
  };
  fit();
  strip.addEventListener("change", fit, { signal });
  window.addEventListener("resize", fit, { signal });

  let touching = null;
  const jump = (link) => {
    if (!link || link === touching) return;
    touching = link;
    const href = link.getAttribute("href");
    if (href.startsWith("#")) {
      const target = document.getElementById(href.slice(1));
      if (target) target.scrollIntoView({ block: "start" });
      history.replaceState(history.state, "", href);
    }
  };
  const linkAt = (event) => {
    const element = document.elementFromPoint(list.getBoundingClientRect().left + list.clientWidth / 2, event.clientY);
    return element && element.closest(".section-index__link");
  };
  list.addEventListener("pointerdown", (event) => {
    if (!strip.matches || event.pointerType !== "touch") return;
    list.setPointerCapture(event.pointerId);
    touching = null;
    jump(linkAt(event));
  });
  list.addEventListener("pointermove", (event) => { if (strip.matches && list.hasPointerCapture(event.pointerId)) jump(linkAt(event)); });
  list.addEventListener("pointerup", (event) => {
    if (!strip.matches || event.pointerType !== "touch") return;
    const link = linkAt(event);
    // A section on another page is reached by lifting the finger on it.
    if (link && !link.getAttribute("href").startsWith("#")) location.assign(link.href);
    touching = null;
  });
  // The tap itself was handled by pointerdown (a link's click would scroll again).
  list.addEventListener("click", (event) => { if (strip.matches && event.pointerType === "touch") event.preventDefault(); });
}

// The dialog's photo strip: drag a thumbnail up or down to reorder (pointer, touch or pen);
// letting go sends the new order with the dialog's form, as the ↑ and ↓ buttons would. A tap
// without moving still opens the viewer (the thumbnail is its link).
function enhancePhotoStrip(dialog, signal) {
  const strip = dialog.querySelector(".photo-strip[data-reorder]");
  const form = document.getElementById("detail-form");
  if (!strip || !form) return;
  let drag = null;
  strip.addEventListener("pointerdown", (event) => {
    const thumb = event.target.closest(".photo-strip__thumb");
    if (!thumb || event.button !== 0) return;
    const item = thumb.closest(".photo-strip__item");
    drag = { item, thumb, startY: event.clientY, moved: false, order: digests(strip) };
    // Moves keep coming here when the finger leaves the thumbnail (where capture is possible).
    try { thumb.setPointerCapture(event.pointerId); } catch { /* not capturable: the strip still hears it */ }
  }, { signal });
  // The browser's own drag of a link or an image would take the pointer away.
  strip.addEventListener("dragstart", (event) => event.preventDefault(), { signal });
  strip.addEventListener("pointermove", (event) => {
    if (!drag) return;
    if (!drag.moved && Math.abs(event.clientY - drag.startY) < 8) return;
    drag.moved = true;
    drag.item.setAttribute("data-dragging", "");
    const over = [...strip.children].find((other) => {
      const box = other.getBoundingClientRect();
      return other !== drag.item && event.clientY >= box.top && event.clientY <= box.bottom;
    });
    if (!over) return;
    const box = over.getBoundingClientRect();
    over.parentNode.insertBefore(drag.item, event.clientY < box.top + box.height / 2 ? over : over.nextSibling);
  }, { signal });
  const finish = (event) => {
    if (!drag) return;
    const { item, moved, order } = drag;
    drag = null;
    item.removeAttribute("data-dragging");
    if (!moved) return;
    event.preventDefault();
    // The click that follows a drag must not open the viewer.
    item.querySelector(".photo-strip__thumb").addEventListener("click", (click) => click.preventDefault(), { once: true });
    const now = digests(strip);
    if (now.join(" ") === order.join(" ")) return;
    // A submitter that skips validation, as the ↑ and ↓ buttons do (a new item may have no name yet).
    const send = document.createElement("button");
    Object.assign(send, { name: "action", value: "photo-order", formNoValidate: true, hidden: true });
    form.append(hiddenInput("photoOrder", now.join(" ")), send);
    form.requestSubmit(send);
  };
  strip.addEventListener("pointerup", finish, { signal });
  strip.addEventListener("pointercancel", (event) => {
    if (!drag) return;
    drag.moved = false;
    finish(event);
  }, { signal });
}

function digests(strip) {
  return [...strip.querySelectorAll(".photo-strip__item")].map((item) => item.dataset.digest);
}

// The photo viewer: the arrow keys go to the previous and next photo, as a swipe does.
function enhancePhotoViewer() {
  const slides = document.querySelector(".viewer__slides");
  if (!slides) return;
  document.addEventListener("keydown", (event) => {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    const width = slides.clientWidth;
    const index = Math.round(slides.scrollLeft / width) + (event.key === "ArrowRight" ? 1 : -1);
    if (index < 0 || index >= slides.children.length) return;
    event.preventDefault();
    slides.children[index].scrollIntoView({ block: "nearest", inline: "center" });
  });
}

// ---- Issue 25: live updates ----
// The list listens to /events: a change someone made on another phone or in another tab
// updates the rows, counts and totals in place — rows that did not change are left as they
// are, so the scroll position, edit mode's selection and focus stay — and says what happened
// ("Ann added Digital camera"). Without JavaScript nothing listens: Done's 409 stays the
// safety net. Not while a dialog is open over the list (it has its own notice to give).
// When this page last wrote by itself (a drag's move): the change comes back on /events as
// the member's own, and the page already shows it.
let lastOwnWrite = 0;
// The page's one stream of /events, shared by the list and a dialog open over it (a browser
// keeps only a few connections per host: one stream a page, not one per listener).
let liveSource = null;
function liveEvents() {
  if (!liveSource) {
    liveSource = new EventSource("/events");
    window.addEventListener("pagehide", () => liveSource.close(), { once: true });
  }
  return liveSource;
}
function enhanceLiveUpdates() {
  const main = document.getElementById("items");
  if (!main || !window.EventSource || !window.fetch || !window.DOMParser) return;
  if (document.querySelector(".detail-sheet")) return;
  const notice = document.createElement("p");
  notice.className = "live-notice";
  notice.setAttribute("role", "status");
  notice.hidden = true;
  document.body.append(notice);
  let hideTimer = 0;
  const say = (text) => {
    notice.textContent = text;
    notice.hidden = false;
    clearTimeout(hideTimer);
    hideTimer = setTimeout(() => { notice.hidden = true; }, 6000);
  };

  let timer = 0;
  let running = null;
  // Never under a finger: while a row is being dragged, or a delete asks in place, later.
  const busy = () => document.documentElement.classList.contains("is-dragging-row") || document.querySelector(".item-row.is-confirming");
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (busy()) { schedule(); return; }
      running = (running || Promise.resolve()).then(refresh);
    }, busy() ? 500 : 120);
  };
  const source = liveEvents();
  source.addEventListener("change", (event) => {
    let change = null;
    try { change = JSON.parse(event.data); } catch { return; }
    // A dialog open in place over the list says it itself, in the dialog, of its own item.
    const region = document.querySelector(".modal .live-dialog[data-item-key]");
    const dialogSaysIt = region && (change.items || []).includes(region.dataset.itemKey);
    if (change.message && !dialogSaysIt) say(change.message);
    if (change.mine && Date.now() - lastOwnWrite < 5000) return;
    schedule();
  });
  source.addEventListener("reload", schedule);

  async function refresh() {
    try {
      const response = await fetch(location.pathname + location.search, {
        credentials: "same-origin", headers: { Accept: "text/html" },
      });
      if (!response.ok) return;
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const list = main.querySelector("ol.item-list");
      const next = page.querySelector("#items ol.item-list");
      if (!list || !next) return;
      const checked = new Set([...list.querySelectorAll("input[type=checkbox]:checked")].map((input) => input.value));
      updateChildren(list, next);
      for (const input of list.querySelectorAll("input[type=checkbox]")) {
        if (checked.has(input.value)) input.checked = true;
      }
      for (const selector of ["footer.summary", ".section-index"]) {
        const old = main.querySelector(selector);
        const fresh = page.querySelector(`#items ${selector}`);
        if (old && fresh && old.outerHTML !== fresh.outerHTML) old.replaceWith(document.importNode(fresh, true));
      }
      if (page.querySelector("#items .section-index")) enhanceSectionIndex();
    } catch (error) {
      // The next change tries again; the page as it is stays usable.
    }
  }

  // Makes `element`'s children those of `next`, keyed by id: an unchanged child stays where
  // it is (not even moved, so focus inside it stays), a section's header and rows are updated
  // on their own, anything else changed is replaced, new ones inserted, gone ones removed.
  function updateChildren(element, next) {
    const existing = new Map([...element.children].filter((child) => child.id).map((child) => [child.id, child]));
    let cursor = element.firstElementChild;
    for (const fresh of [...next.children]) {
      const old = fresh.id ? existing.get(fresh.id) : null;
      if (old) {
        existing.delete(fresh.id);
        if (old !== cursor) element.insertBefore(old, cursor);
        else cursor = cursor.nextElementSibling;
        if (served(old) !== fresh.outerHTML) update(old, fresh);
        continue;
      }
      const imported = document.importNode(fresh, true);
      element.insertBefore(imported, cursor);
      if (cursor && !cursor.id && cursor.outerHTML === fresh.outerHTML) {
        cursor.remove();  // an unkeyed child ("No more items!") replaced by its equal
      }
    }
    for (const gone of existing.values()) gone.remove();
    // Unkeyed children left after the last new one are stale.
    while (element.children.length > next.children.length) {
      const last = element.lastElementChild;
      if (last.id && next.querySelector(`#${CSS.escape(last.id)}`)) break;
      last.remove();
    }
  }

  // An element as the server sent it: without what this page's scripts added to its rows
  // (marked data-enhancement: a row's menu button and swipe actions) or a swipe's passing
  // state. An unchanged row must compare equal and stay: replacing every row would take away
  // the browser's scroll anchor, and the list would jump when rows above it change.
  function served(element) {
    if (!element.matches(".item-row[style]") && !element.querySelector("[data-enhancement], .item-row[style]")) return element.outerHTML;
    const copy = element.cloneNode(true);
    for (const added of copy.querySelectorAll("[data-enhancement]")) added.remove();
    for (const row of [copy, ...copy.querySelectorAll(".item-row")]) {
      if (!row.classList.contains("item-row")) continue;
      row.removeAttribute("style");
      row.classList.remove(...SWIPE_STATES);
    }
    return copy.outerHTML;
  }

  function update(old, fresh) {
    const rows = old.querySelector(":scope > .item-section__rows");
    const freshRows = fresh.querySelector(":scope > .item-section__rows");
    if (rows && freshRows) {
      for (const attribute of [...fresh.attributes]) old.setAttribute(attribute.name, attribute.value);
      const header = old.querySelector(":scope > .item-section__header");
      const freshHeader = fresh.querySelector(":scope > .item-section__header");
      if (header && freshHeader && header.outerHTML !== freshHeader.outerHTML) header.replaceWith(document.importNode(freshHeader, true));
      updateChildren(rows, freshRows);
      return;
    }
    const focused = old.contains(document.activeElement) ? document.activeElement : null;
    const replacement = document.importNode(fresh, true);
    old.replaceWith(replacement);
    if (focused) {
      const same = focused.className && replacement.querySelector(`.${CSS.escape(focused.className.split(" ")[0])}`);
      (same || replacement.querySelector("a, button, input") || replacement).focus?.();
    }
  }
}

// ---- Issue 25: another member's change to the item of an open dialog ----
// When someone else commits a change to this dialog's item, a notice in the dialog (a polite
// status: focus stays where it is) says who, and lists their values of the fields they changed
// that differ from what the form holds. "Use their values" puts those in the form and takes
// their version, so Done saves the member's other edits over theirs without a 409; "Keep mine"
// puts the notice away, and Done then gives the 409 page as without JavaScript. Their values
// are read from the item's own dialog page (GET, nothing changed), so they are in the form's
// own terms — the same number and date formats, the same location and label choices.
const LIVE_FIELDS = ["name", "serialNumber", "value", "placeLocation", "placeLabel", "manufacturer", "modelNumber", "quantity",
  "purchaseDate", "purchasePrice", "placeBought", "warranty", "warrantyUntil", "notes", "dateRecorded"];

function enhanceLiveDialog(dialog, signal) {
  const region = dialog.querySelector(".live-dialog[data-item-key]");
  const version = document.querySelector('#detail-form input[name="version"]');
  if (!region || !version || !window.EventSource || !window.fetch || !window.DOMParser) return;
  const key = region.dataset.itemKey;
  const texts = region.dataset;
  let running = Promise.resolve();
  let dismissed = "";  // the version "Keep mine" was given for: not shown again
  const look = (actor) => { running = running.then(() => compare(actor || texts.someone)); };
  const source = liveEvents();
  source.addEventListener("change", (event) => {
    let change = null;
    try { change = JSON.parse(event.data); } catch { return; }
    if (change.mine || !(change.truncated || (change.items || []).includes(key))) return;
    look(change.actor);
  }, { signal });
  source.addEventListener("reload", () => look(""), { signal });

  async function compare(actor) {
    if (signal.aborted) return;
    let response = null;
    try {
      response = await fetch(`/items/${encodeURIComponent(key)}`, { credentials: "same-origin", cache: "no-store", headers: { Accept: "text/html" } });
    } catch (error) {
      return;  // the next change looks again; Done's 409 stays the safety net
    }
    if (signal.aborted) return;
    if (response.status === 404) {
      show(texts.deleted, actor, [], [[texts.dismiss, () => close(".detail__cancel")]]);
      return;
    }
    if (!response.ok) return;
    const page = new DOMParser().parseFromString(await response.text(), "text/html");
    const theirs = page.querySelector("dialog.detail-sheet");
    const theirVersion = page.querySelector('#detail-form input[name="version"]');
    if (signal.aborted || !theirs || !theirVersion) return;
    if (theirVersion.value === version.value) {
      region.replaceChildren();  // as the form expects (an item deleted, then put back)
      return;
    }
    if (theirVersion.value === dismissed) return;
    const changed = [];
    for (const name of LIVE_FIELDS) {
      const mine = liveControls(dialog, name);
      const their = liveControls(theirs, name);
      if (their.length === 0 || (mine.length === 0 && name !== "placeLabel")) continue;
      const base = liveValue(mine, true);
      const value = liveValue(their, true);
      // Theirs where they changed it; a field only this member changed stays as typed.
      if (value !== base) changed.push({ name, mine, their, shown: value !== liveValue(mine, false) });
    }
    const listed = changed.filter((field) => field.shown).map((field) => [liveLabel(theirs, field.their), liveText(field.their, texts)]);
    show(listed.length ? texts.changed : texts.same, actor, listed, [
      [texts.use, () => {
        for (const field of changed) liveTake(dialog, field.name, field.mine, field.their);
        version.value = theirVersion.value;
        const title = theirs.querySelector(".detail__title");
        if (title) dialog.querySelector(".detail__title").textContent = title.textContent;
        show(texts.taken, actor, [], []);
        const first = changed.find((field) => field.shown);
        const target = first && liveControls(dialog, first.name)[0];
        (target && !target.disabled ? target : dialog.querySelector(".detail__done"))?.focus();
      }],
      [texts.keep, () => { dismissed = theirVersion.value; close(".detail__done"); }],
    ]);
  }

  // The notice: its sentence, the values listed, its buttons (none gets focus by itself; when
  // the notice is redrawn under the member's focus, focus goes to the same button again).
  function show(sentence, actor, values, actions) {
    const focused = region.contains(document.activeElement) ? [...region.querySelectorAll("button")].indexOf(document.activeElement) : -1;
    const notice = document.createElement("div");
    notice.className = "notice live-dialog__notice";
    const text = document.createElement("p");
    text.className = "live-dialog__text";
    text.textContent = sentence.replace("{0}", () => actor);  // a function: a name with "$&" stays as it is
    notice.append(text);
    if (values.length) {
      const list = document.createElement("dl");
      list.className = "live-dialog__values";
      for (const [label, value] of values) {
        const term = document.createElement("dt");
        term.textContent = label;
        const detail = document.createElement("dd");
        detail.textContent = value;
        list.append(term, detail);
      }
      notice.append(list);
    }
    if (actions.length) {
      const bar = document.createElement("div");
      bar.className = "live-dialog__actions";
      for (const [label, action] of actions) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "button";
        button.textContent = label;
        button.addEventListener("click", action);
        bar.append(button);
      }
      notice.append(bar);
    }
    region.replaceChildren(notice);
    if (focused >= 0) region.querySelectorAll("button")[focused]?.focus();
  }

  function close(focusSelector) {
    region.replaceChildren();
    dialog.querySelector(focusSelector)?.focus();
  }
}

// A field's controls in a dialog (a radio group and the labels' checkboxes are several).
function liveControls(root, name) {
  return [...root.querySelectorAll(`[name="${name}"][form="detail-form"]`)];
}

// A field's value as one string: as the page was sent (`stored`: its attributes, which are also
// all a parsed page has) or as the form holds it now.
function liveValue(controls, stored) {
  const first = controls[0];
  if (!first) return "";
  if (first.tagName === "SELECT") {
    const options = [...first.options];
    const chosen = stored ? options.find((option) => option.defaultSelected) || options[0] : options[first.selectedIndex];
    return chosen ? chosen.value : "";
  }
  const checked = (control) => (stored ? control.defaultChecked : control.checked);
  if (first.type === "checkbox") return controls.filter(checked).map((control) => control.value).sort().join("\n");
  if (first.type === "radio") return controls.find(checked)?.value || "";
  return stored ? first.defaultValue : first.value;
}

// What a field is called: its label, or its group's legend.
function liveLabel(root, controls) {
  const first = controls[0];
  const label = first.id && root.querySelector(`label[for="${CSS.escape(first.id)}"]`);
  const legend = first.closest("fieldset")?.querySelector("legend");
  return ((label || legend)?.textContent || first.name).trim();
}

// A field's value as the member reads it: an option's or a choice's words, a day in the page's
// language, "(empty)" for nothing, long notes cut short.
function liveText(controls, texts) {
  const first = controls[0];
  const words = (control) => (control.closest("label")?.textContent || control.value).trim();
  let text = "";
  if (first.tagName === "SELECT") {
    text = ([...first.options].find((option) => option.defaultSelected) || first.options[0])?.textContent.trim() || "";
  } else if (first.type === "checkbox") {
    text = controls.filter((control) => control.defaultChecked).map(words).join(", ");
  } else if (first.type === "radio") {
    const chosen = controls.find((control) => control.defaultChecked);
    text = chosen ? words(chosen) : "";
  } else if (first.type === "date" && /^\d{4}-\d{2}-\d{2}$/.test(first.defaultValue)) {
    text = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "medium", timeZone: "UTC" })
      .format(new Date(`${first.defaultValue}T00:00:00Z`));
  } else {
    text = first.defaultValue.trim();
  }
  return text.length > 200 ? `${text.slice(0, 200)}…` : text || texts.empty;
}

// Puts their value of a field in the form, as both what it holds and what it was sent with
// (so it no longer counts as this member's change, and the next change compares with it).
function liveTake(dialog, name, mine, their) {
  const first = their[0];
  let changed = mine;
  if (first.tagName === "SELECT") {
    // Their choices: a location made with the change is among them.
    mine[0].replaceChildren(...[...first.options].map((option) => document.importNode(option, true)));
    if (name === "placeLocation") {
      const typed = dialog.querySelector("#field-new-location");
      if (typed) typed.value = "";
    }
  } else if (first.type === "checkbox" || first.type === "radio") {
    for (const control of their) {
      if (mine.some((own) => own.value === control.value)) continue;
      // A label made with the change: its choice, as their page has it.
      const choice = control.closest(".label-choice");
      let choices = dialog.querySelector(".field--labels .label-choices");
      if (!choice || name !== "placeLabel") continue;
      if (!choices) {
        choices = document.createElement("div");
        choices.className = "label-choices";
        dialog.querySelector(".field--labels > legend").after(choices);
      }
      choices.append(document.importNode(choice, true));
    }
    changed = liveControls(dialog, name);
    const wanted = new Set(their.filter((control) => control.defaultChecked).map((control) => control.value));
    for (const control of changed) {
      control.defaultChecked = wanted.has(control.value);
      control.checked = control.defaultChecked;
    }
  } else {
    mine[0].defaultValue = first.defaultValue;
    mine[0].value = first.defaultValue;
  }
  for (const control of changed) {
    control.dispatchEvent(new Event("input", { bubbles: true }));
    control.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

// Issue 26 point 3 — swipe actions, as a table view's trailing actions. A row dragged left
// (touch, pen or mouse) brings Favourite and Delete in from its right edge: let go past half
// of them and they stay; less and the row springs back; a long swipe (past 60 % of the row)
// does the first action, Delete, at once — the next page offers Undo, as any deletion does.
// A revealed Delete asks first, in place, as edit mode's red minus does. Only a drag that is
// clearly sideways counts (`touch-action: pan-y` leaves vertical scrolling to the browser),
// never on the "No more items!" row. Keyboard and screen-reader users get the same actions
// from each row's menu button (`aria-haspopup`); without JavaScript the item's dialog and
// edit mode offer them.
// A row's passing states while swiped or its menu is open (never in the server's markup).
const SWIPE_STATES = ["is-swiped", "is-asking", "is-dragging", "has-menu"];
function enhanceSwipeActions() {
  const list = document.querySelector(".item-list:not(.item-list--editing):not(.item-list--selecting)");
  if (!list || !list.dataset.swipeFavourite) return;
  const texts = list.dataset;
  const canDelete = !!texts.swipeDelete;  // a viewer stars, and deletes nothing
  list.classList.add("item-list--swipe");
  const state = { open: null, drag: null, suppressClick: false };

  const nameOf = (row) => (row.querySelector(".item-cell__name") || {}).textContent || "";
  const favouriteButton = (row) => row.querySelector("button.item-row__star");
  const isFavourite = (row) => { const star = favouriteButton(row); return !!star && star.getAttribute("aria-pressed") === "true"; };
  const label = (template, row) => template.replace("{0}", nameOf(row));

  const deleteForm = (row) => {
    const form = document.createElement("form");
    form.method = "post";
    form.action = "/items/delete";
    form.hidden = true;
    form.append(hiddenInput("_csrf", csrfToken()), hiddenInput("key", row.dataset.key), hiddenInput("mode", "list"));
    // The list as it was (search, sort, filters, page), so it comes back so after the delete.
    for (const [name, value] of new URLSearchParams(location.search)) {
      if (!["mode", "confirm", "focus", "none"].includes(name)) form.append(hiddenInput(name, value));
    }
    document.body.append(form);
    return form;
  };
  const remove = (row) => deleteForm(row).submit();
  const toggleFavourite = (row) => {
    const star = favouriteButton(row);
    if (star) star.click();
  };

  // The actions of a row, made when it is first swiped or its menu opened.
  const actionsOf = (row) => {
    let actions = row.querySelector(".item-row__swipe");
    if (actions) return actions;
    actions = document.createElement("div");
    actions.className = "item-row__swipe";
    actions.dataset.enhancement = "";
    actions.inert = true;
    const favourite = document.createElement("button");
    favourite.type = "button";
    favourite.className = "item-row__swipe-action item-row__swipe-favourite";
    const erase = document.createElement("button");
    erase.type = "button";
    erase.className = "item-row__swipe-action item-row__swipe-delete";
    actions.append(favourite, erase);
    row.append(actions);
    favourite.addEventListener("click", () => { close(row); toggleFavourite(row); });
    erase.addEventListener("click", () => {
      if (row.classList.contains("is-asking")) { remove(row); return; }
      ask(row);
    });
    return actions;
  };
  const refreshTexts = (row) => {
    const actions = actionsOf(row);
    const favourite = actions.querySelector(".item-row__swipe-favourite");
    const on = isFavourite(row);
    favourite.textContent = on ? texts.swipeUnfavourite : texts.swipeFavourite;
    favourite.setAttribute("aria-label", label(on ? texts.swipeUnfavouriteLabel : texts.swipeFavouriteLabel, row));
    favourite.hidden = !favouriteButton(row);
    const erase = actions.querySelector(".item-row__swipe-delete");
    erase.hidden = !canDelete;
    if (!canDelete) return;
    const asking = row.classList.contains("is-asking");
    erase.textContent = asking ? texts.swipeDeleteConfirm : texts.swipeDelete;
    erase.setAttribute("aria-label", label(asking ? texts.swipeDeleteConfirmLabel : texts.swipeDeleteLabel, row));
  };

  const widthOf = (row) => actionsOf(row).getBoundingClientRect().width || 160;
  const place = (row, x) => {
    row.style.setProperty("--swipe-x", `${x}px`);
    row.style.setProperty("--swipe-reveal", `${Math.max(0, -x)}px`);
  };
  const openRow = (row) => {
    if (state.open && state.open !== row) close(state.open);
    refreshTexts(row);
    const actions = actionsOf(row);
    actions.inert = false;
    row.classList.add("is-swiped");
    place(row, -widthOf(row));
    state.open = row;
  };
  const close = (row, focusCell) => {
    if (!row) return;
    row.classList.remove("is-swiped", "is-asking", "is-dragging");
    place(row, 0);
    const actions = row.querySelector(".item-row__swipe");
    if (actions) actions.inert = true;
    if (state.open === row) state.open = null;
    if (focusCell) (row.querySelector(".item-row__menu") || row.querySelector(".item-cell")).focus();
  };
  const ask = (row) => {
    openRow(row);
    row.classList.add("is-asking");
    refreshTexts(row);
    place(row, -widthOf(row));
    actionsOf(row).querySelector(".item-row__swipe-delete").focus();
  };

  // A mouse drag on a row's link would drag the link (and cancel the pointer): rows swipe instead.
  list.addEventListener("dragstart", (event) => {
    if (event.target.closest && event.target.closest(".item-row[data-key]")) event.preventDefault();
  });
  // Dragging: a sideways drag moves the row, a vertical one is the page's scroll.
  list.addEventListener("pointerdown", (event) => {
    const row = event.target.closest(".item-row[data-key]");
    if (!row || !list.contains(row) || event.button !== 0 || event.target.closest(".item-row__swipe, .row-menu")) return;
    state.drag = { row, id: event.pointerId, x: event.clientX, y: event.clientY, from: row === state.open ? -widthOf(row) : 0, moving: false };
  });
  list.addEventListener("pointermove", (event) => {
    const drag = state.drag;
    if (!drag || event.pointerId !== drag.id) return;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    if (!drag.moving) {
      if (Math.abs(dy) > 10 && Math.abs(dy) >= Math.abs(dx)) { state.drag = null; return; }  // a scroll
      if (Math.abs(dx) < 12 || Math.abs(dx) < 2 * Math.abs(dy)) return;
      drag.moving = true;
      drag.row.setPointerCapture(drag.id);
      drag.row.classList.add("is-dragging");
      if (state.open && state.open !== drag.row) close(state.open);
      refreshTexts(drag.row);
    }
    const width = drag.row.getBoundingClientRect().width;
    place(drag.row, Math.min(0, Math.max(-width, drag.from + dx)));
  });
  const release = (event, cancelled) => {
    const drag = state.drag;
    if (!drag || event.pointerId !== drag.id) return;
    state.drag = null;
    if (!drag.moving) return;
    state.suppressClick = true;
    setTimeout(() => { state.suppressClick = false; }, 0);
    const row = drag.row;
    row.classList.remove("is-dragging");
    const shown = -(drag.from + event.clientX - drag.x);
    const width = row.getBoundingClientRect().width;
    if (cancelled || shown < widthOf(row) / 2) { close(row); return; }
    if (shown > width * 0.6) {
      // The first action: Delete, or for a viewer Favourite.
      if (canDelete) { place(row, -width); remove(row); return; }
      close(row);
      toggleFavourite(row);
      return;
    }
    openRow(row);
  };
  list.addEventListener("pointerup", (event) => release(event, false));
  list.addEventListener("pointercancel", (event) => release(event, true));
  // The click that ends a drag opens nothing; a tap elsewhere closes an open row (and only that).
  document.addEventListener("click", (event) => {
    if (state.suppressClick) { event.preventDefault(); event.stopPropagation(); state.suppressClick = false; return; }
    if (state.open && !state.open.contains(event.target)) {
      close(state.open);
      if (event.target.closest(".item-list")) { event.preventDefault(); event.stopPropagation(); }
    }
  }, true);
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && state.open) { event.preventDefault(); close(state.open, true); }
  });

  // Each row's menu button: the same actions by keyboard and screen reader.
  let menu = null;
  const closeMenu = (focusButton) => {
    if (!menu) return;
    const { element, button } = menu;
    menu = null;
    element.remove();
    button.closest(".item-row").classList.remove("has-menu");
    button.setAttribute("aria-expanded", "false");
    if (focusButton) button.focus();
  };
  const openMenu = (row, button, focusLast) => {
    closeMenu(false);
    const element = document.createElement("ul");
    element.className = "row-menu";
    element.dataset.enhancement = "";
    element.setAttribute("role", "menu");
    element.id = `row-menu-${row.dataset.key}`;
    element.setAttribute("aria-label", label(texts.rowMenuLabel, row));
    const item = (text, action) => {
      const entry = document.createElement("li");
      entry.setAttribute("role", "none");
      const choice = document.createElement("button");
      choice.type = "button";
      choice.className = "row-menu__item";
      choice.setAttribute("role", "menuitem");
      choice.tabIndex = -1;
      choice.textContent = text;
      choice.addEventListener("click", () => { closeMenu(false); action(); });
      entry.append(choice);
      element.append(entry);
      return choice;
    };
    if (favouriteButton(row)) {
      item(isFavourite(row) ? texts.swipeUnfavourite : texts.swipeFavourite, () => { toggleFavourite(row); button.focus(); });
    }
    if (canDelete) item(texts.swipeDelete, () => ask(row));
    button.after(element);
    button.setAttribute("aria-controls", element.id);
    button.setAttribute("aria-expanded", "true");
    menu = { element, button };
    row.classList.add("has-menu");
    const items = [...element.querySelectorAll("[role=menuitem]")];
    (focusLast ? items[items.length - 1] : items[0]).focus();
  };
  const addMenuButton = (row) => {
    if (row.querySelector(".item-row__menu")) return;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "item-row__menu button button--icon";
    button.dataset.enhancement = "";
    button.setAttribute("aria-haspopup", "menu");
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-label", label(texts.rowMenuLabel, row));
    button.innerHTML = '<span aria-hidden="true">⋯</span>';
    (row.querySelector(".item-row__star") || row.querySelector(".item-cell")).after(button);
  };
  for (const row of list.querySelectorAll(".item-row[data-key]")) addMenuButton(row);
  // Rows a live update or search brings get theirs too.
  new MutationObserver(() => {
    for (const row of list.querySelectorAll(".item-row[data-key]:not(:has(> .item-row__menu))")) addMenuButton(row);
  }).observe(list, { childList: true, subtree: true });

  list.addEventListener("click", (event) => {
    const button = event.target.closest(".item-row__menu");
    if (!button) return;
    event.preventDefault();
    if (menu && menu.button === button) { closeMenu(true); return; }
    openMenu(button.closest(".item-row"), button, false);
  });
  list.addEventListener("keydown", (event) => {
    const button = event.target.closest(".item-row__menu");
    if (button && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      openMenu(button.closest(".item-row"), button, event.key === "ArrowUp");
      return;
    }
    if (!menu || !event.target.closest(".row-menu")) return;
    const items = [...menu.element.querySelectorAll("[role=menuitem]")];
    const at = items.indexOf(document.activeElement);
    const go = (index) => { event.preventDefault(); items[(index + items.length) % items.length].focus(); };
    if (event.key === "ArrowDown") go(at + 1);
    else if (event.key === "ArrowUp") go(at - 1);
    else if (event.key === "Home") go(0);
    else if (event.key === "End") go(items.length - 1);
    else if (event.key === "Escape") { event.preventDefault(); event.stopPropagation(); closeMenu(true); }
    else if (event.key === "Tab") closeMenu(false);
  });
  document.addEventListener("click", (event) => {
    if (menu && !event.target.closest(".row-menu, .item-row__menu")) closeMenu(false);
  });
}

// The introduction's pages (issue 26 part 4): a swipe left or right (touch or pen), or the ←
// and → keys, follow the page's Next and Back links, which work as they are without scripts.
// Only a mostly sideways swipe turns the page: the page lets the browser scroll it vertically
// (touch-action: pan-y) and a scroll the browser takes over cancels the pointer. While the
// finger moves the page follows it; let go short of a quarter of the way and it settles back.
document.addEventListener("DOMContentLoaded", enhanceIntro);

function enhanceIntro() {
  const page = document.querySelector(".intro__page");
  if (!page) return;
  const back = document.querySelector("a.intro__back");
  const next = document.querySelector("a.intro__next");
  const follow = (link) => { window.location.assign(link.href); };

  document.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target instanceof Element && event.target.closest("input, select, textarea, [contenteditable]")) return;
    const link = event.key === "ArrowLeft" ? back : event.key === "ArrowRight" ? next : null;
    if (!link) return;
    event.preventDefault();
    follow(link);
  });

  let swipe = null;
  const settle = () => {
    page.classList.remove("intro__page--dragging");
    page.classList.add("intro__page--settling");
    page.style.transform = "";
    swipe = null;
  };
  page.addEventListener("transitionend", () => page.classList.remove("intro__page--settling"));
  // Back to this page from the browser's history, as it was left (mid-swipe): in place again.
  window.addEventListener("pageshow", (event) => { if (event.persisted) settle(); });

  page.addEventListener("pointerdown", (event) => {
    if (!event.isPrimary || event.pointerType === "mouse" || swipe) return;
    swipe = { id: event.pointerId, x: event.clientX, y: event.clientY, sideways: null };
  });
  page.addEventListener("pointermove", (event) => {
    if (!swipe || event.pointerId !== swipe.id) return;
    const dx = event.clientX - swipe.x, dy = event.clientY - swipe.y;
    if (swipe.sideways === null) {
      if (Math.hypot(dx, dy) < 10) return;
      // Decided once, by the first 10 px: a mostly vertical start is a scroll, never a swipe.
      swipe.sideways = Math.abs(dx) > 2 * Math.abs(dy);
      if (!swipe.sideways) { swipe = null; return; }
      page.setPointerCapture(event.pointerId);
      page.classList.remove("intro__page--settling");
      page.classList.add("intro__page--dragging");
    }
    // No page that way: the page gives a little, and springs back.
    const open = dx < 0 ? next : back;
    page.style.transform = `translateX(${open ? dx : dx / 4}px)`;
  });
  page.addEventListener("pointerup", (event) => {
    if (!swipe || event.pointerId !== swipe.id) return;
    const dx = event.clientX - swipe.x;
    const link = !swipe.sideways ? null : dx < 0 ? next : back;
    if (link && Math.abs(dx) >= Math.min(96, page.clientWidth / 4)) {
      swipe = null;
      follow(link);
      return;
    }
    settle();
  });
  page.addEventListener("pointercancel", (event) => {
    if (swipe && event.pointerId === swipe.id) settle();
  });
}

// ---- Issue 26: a member's own star, toggled in place ----
// A row's star and a sheet's post the same form as without JavaScript, asking for JSON: the
// answer is the new state, the toggle's new label and what happened, which a live region says.
// Every toggle of that item on the page follows (its row, its row in the Favourites section,
// the sheet and the row behind it); focus stays on the star. Anything unexpected (a network
// error, an expired form) submits the form the plain way, as without JavaScript.
function enhanceFavourites() {
  let region = null;
  const say = (text) => {
    if (!region) {
      region = document.createElement("p");
      region.className = "visually-hidden";
      region.setAttribute("role", "status");
      document.body.append(region);
    }
    region.textContent = "";
    setTimeout(() => { region.textContent = text; }, 50);
  };
  const pending = new Set();
  document.addEventListener("click", async (event) => {
    const button = event.target.closest("button.star-toggle, button.item-row__star");
    if (!button || !button.form || !window.fetch) return;
    event.preventDefault();
    const action = button.getAttribute("formaction") || button.form.getAttribute("action");
    if (pending.has(action)) return;  // a double tap asks once
    pending.add(action);
    const token = button.form.querySelector('input[name="_csrf"]');
    const body = new URLSearchParams([["_csrf", token ? token.value : csrfToken()], ["favourite", button.value]]);
    try {
      const response = await fetch(action, {
        method: "POST", body, credentials: "same-origin", headers: { Accept: "application/json" },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const answer = await response.json();
      for (const each of document.querySelectorAll("button.star-toggle, button.item-row__star")) {
        if (each.getAttribute("formaction") !== action) continue;
        each.setAttribute("aria-pressed", answer.favourite ? "true" : "false");
        each.value = answer.favourite ? "0" : "1";
        const shown = each.querySelector(".star-toggle__label");
        if (shown) shown.textContent = answer.label; else each.setAttribute("aria-label", answer.label);
      }
      say(answer.message);
    } catch (error) {
      button.form.requestSubmit(button);
    } finally {
      pending.delete(action);
    }
  });
}
