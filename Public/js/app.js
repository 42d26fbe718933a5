// Progressive enhancement only: every flow also works with JavaScript off
// (forms, POST → 303 → GET). Here: an item's dialog opens in place, Esc cancels it,
// the camera uploads as soon as a photo is chosen, Delete asks in place, and rows
// can be dragged.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  restoreFocus();
  enhanceDialog();
  enhanceOpenInPlace();
  enhanceDeleteAsk();
  enhanceDragAndDrop();
});

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
  const cancelForm = document.getElementById(dialog.dataset.cancelForm);
  // Escape works like Cancel, as on a modal form sheet.
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape" && cancelForm) {
      event.preventDefault();
      cancelForm.requestSubmit();
    }
  }, { signal: dialogListeners.signal });
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
  // The camera button: upload as soon as a photo is taken or chosen.
  const file = dialog.querySelector('input[type="file"]');
  const upload = dialog.querySelector(".detail__upload");
  if (file && upload && file.form) {
    file.addEventListener("change", () => {
      if (file.files.length > 0) file.form.requestSubmit(upload);
    });
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
    const link = event.target.closest("a.item-row__name");
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

function enhanceDeleteAsk() {
  for (const link of document.querySelectorAll(".button--delete-ask")) {
    link.addEventListener("click", (event) => {
      event.preventDefault();
      const row = link.closest(".item-row");
      const form = document.createElement("form");
      form.className = "delete-confirm";
      form.method = "post";
      form.action = "/items/delete";
      const page = new URLSearchParams(location.search).get("page") || "1";
      for (const [name, value] of [["_csrf", csrfToken()], ["key", row.dataset.key], ["page", page]]) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      const remove = document.createElement("button");
      remove.className = "button button--danger";
      remove.textContent = link.dataset.deleteText || "Delete";
      remove.setAttribute("aria-label", link.dataset.deleteLabel || remove.textContent);
      const keep = document.createElement("button");
      keep.type = "button";
      keep.className = "button";
      keep.textContent = link.dataset.keepText || "Keep";
      keep.addEventListener("click", () => {
        form.replaceWith(link);
        link.focus();
      });
      form.append(remove, keep);
      link.replaceWith(form);
      remove.focus();
    });
  }
}

function enhanceDragAndDrop() {
  const rows = document.querySelectorAll(".item-list--editing .item-row[data-key]");
  let dragged = null;
  for (const row of rows) {
    row.draggable = true;
    row.addEventListener("dragstart", (event) => {
      dragged = row;
      row.classList.add("is-dragging");
      event.dataTransfer.effectAllowed = "move";
      event.dataTransfer.setData("text/plain", row.dataset.key);
    });
    row.addEventListener("dragend", () => {
      row.classList.remove("is-dragging");
      for (const other of rows) other.classList.remove("is-drop-target");
      dragged = null;
    });
    row.addEventListener("dragover", (event) => {
      if (!dragged || dragged === row) return;
      event.preventDefault();
      row.classList.add("is-drop-target");
    });
    row.addEventListener("dragleave", () => row.classList.remove("is-drop-target"));
    row.addEventListener("drop", (event) => {
      if (!dragged || dragged === row) return;
      event.preventDefault();
      // The drop posts the same "move to position" form a person could fill in.
      const form = dragged.querySelector("form.move-to");
      const input = form && form.querySelector('input[name="position"]');
      if (!input) return;
      input.value = row.dataset.position;
      form.requestSubmit();
    });
  }
}
