"use strict";
// trellis serve's page: draws the app's screens as HTML controls from the nodes
// the host sends (text is always set as text, never as HTML), and sends back
// the view actions its controls make.
const screensHolder = document.getElementById("screens");
const routeText = document.getElementById("route");
const noticeText = document.getElementById("notice");
const keysText = document.getElementById("keys");
const endedBox = document.getElementById("ended");
// The token: from the address trellis serve printed, then kept in this origin's
// storage, which a browser keeps apart by port (a cookie of 127.0.0.1 would go to
// every local server). The socket and the pictures need it.
const addressed = new URLSearchParams(location.search);
const tokenFromAddress = addressed.get("token");
if (tokenFromAddress) localStorage.setItem("trellis-token", tokenFromAddress);
const token = tokenFromAddress || localStorage.getItem("trellis-token") || "";
// A deep link opens only from the address serve printed (or --open): a page of
// another server may send a tab here with ?open=, but it has no token to add.
let openLink = tokenFromAddress ? addressed.get("open") : null;
let refusedLink = !tokenFromAddress && addressed.get("open");
// Set once the server says the token is not its own: a serve started anew.
let tokenRefused = false;
let socket = null;
let screens = null;
let status = { route: [], notice: null, back: false };
// Where the page is in the browser's history, and the route's length at each entry.
let historyIndex = (history.state && history.state.index) || 0;
let historyDepths = [];
let ignoredPops = 0;
let topScreen = null;
const rememberedFocus = new Map();

// The longest message trellis takes (a text area's text): more closes the connection.
const longestMessage = 1 << 20;
// The version of the messages this page reads (Docs/WireProtocol.md), as the server's hello says it.
const protocolVersion = 1;
let otherVersion = false;

// Sends `message`; false, and said in the footer, if it is too long to send.
function send(message) {
  const text = JSON.stringify(message);
  if (text.length > longestMessage / 3 && new TextEncoder().encode(text).length > longestMessage) {
    showNotice("that text is longer than 1 MiB, more than the page may send; it was not sent");
    return false;
  }
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(text);
  return true;
}

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

// Each element made from a node keeps the node (_node) and its children's
// elements (_kids), so a change at a path finds its element.
function build(node) {
  const made = make(node);
  made._node = node;
  return made;
}

function make(node) {
  const kids = node.c || [];
  switch (node.k) {
    case "screens": {
      const holder = element("div", "screens-list");
      holder._kids = kids.map(build);
      holder.append(...holder._kids);
      return holder;
    }
    case "screen": {
      const screen = element("section", node.modal ? "screen modal" : "screen");
      screen.dataset.sid = node.sid;
      const body = node.modal ? element("div", "dialog") : screen;
      if (node.modal) {
        body.setAttribute("role", "dialog");
        body.setAttribute("aria-modal", "true");
        screen.append(body);
      }
      screen._kids = kids.map(build);
      body.append(...screen._kids);
      return screen;
    }
    case "text": return element("p", node.label ? "text form-label" : "text", node.s);
    case "styled": {
      const styled = element("div", "styled " + node.style);
      styled._kids = kids.map(build);
      styled.append(...styled._kids);
      return styled;
    }
    case "button": {
      const button = element("button", "button", node.s);
      button.type = "button";
      button.dataset.key = "button:" + node.id;
      button.addEventListener("click", () => send({ type: "tap", id: button._node.id }));
      return button;
    }
    case "field": {
      const input = element("input", "field");
      input.type = node.secure ? "password" : "text";
      input.dataset.key = "field:" + node.id;
      input.setAttribute("aria-label", node.name || node.ph || node.id);
      // As many characters wide as the terminal draws it: its width, else 20.
      input.style.width = Math.min(node.w || 20, 200) + "ch";
      watchText(input);
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") {
          event.preventDefault();
          send({ type: "submit", field: input._node.id });
        }
      });
      update(input, node);
      return input;
    }
    case "area": {
      const area = element("textarea", "area");
      area.dataset.key = "field:" + node.id;
      area.setAttribute("aria-label", node.name || node.ph || node.id);
      if (node.w) area.cols = node.w;
      area.rows = node.h || 8;
      watchText(area);
      update(area, node);
      return area;
    }
    case "stack": {
      const stack = element("div", "stack " + node.axis);
      stack.style.gap = node.axis === "v" ? (node.gap * 0.5) + "em" : node.gap + "ch";
      stack._kids = kids.map(build);
      stack.append(...stack._kids);
      return stack;
    }
    case "grid": {
      const grid = element("div", node.form ? "grid form" : "grid");
      grid.style.gridTemplateColumns = "repeat(" + node.columns + ", auto)";
      grid._kids = kids.map(build);
      grid.append(...grid._kids);
      return grid;
    }
    case "toggle": {
      const label = element("label", "toggle");
      const box = element("input");
      box.type = "checkbox";
      box.dataset.key = "toggle:" + node.id;
      box.addEventListener("change", () => {
        // The host says whether it is on: the box shows the app's state.
        const wanted = box.checked;
        box.checked = !wanted;
        send({ type: "toggle", id: label._node.id, on: wanted });
      });
      label.append(box, element("span", "", ""));
      update(label, node);
      return label;
    }
    case "progress": {
      const holder = element("div", "progress");
      holder.append(element("progress"), element("span", "progress-percent"), element("span", "progress-label"));
      update(holder, node);
      return holder;
    }
    case "divider": return element("hr", "divider");
    case "picker": {
      const label = element("label", "picker");
      const select = element("select");
      select.dataset.key = "picker:" + node.id;
      select._pending = [];
      select.addEventListener("change", () => {
        // The app says what is chosen; meanwhile the picker shows the last choice
        // sent, so that a second quick change starts from the first.
        const wanted = select.selectedIndex;
        if (!send({ type: "choose", id: label._node.id, index: wanted })) {
          select.selectedIndex = label._node.selected;
          return;
        }
        select._pending.push(wanted);
        if (select._pending.length > 50) select._pending.shift();
      });
      if (node.name) select.setAttribute("aria-label", node.name);
      label.append(element("span", "picker-label"), select);
      update(label, node);
      return label;
    }
    case "tabs": {
      const tabs = element("div", "tabs");
      const bar = element("div", "tab-bar");
      bar.setAttribute("role", "tablist");
      node.titles.forEach((title, index) => {
        const tab = element("button", "tab", title);
        tab.type = "button";
        tab.setAttribute("role", "tab");
        tab.setAttribute("aria-selected", String(index === node.selected));
        tab.tabIndex = index === node.selected ? 0 : -1;
        tab.dataset.key = "tab:" + node.id + ":" + index;
        tab.addEventListener("click", () => send({ type: "choose", id: node.id, index: index }));
        tab.addEventListener("keydown", (event) => {
          const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
          if (!step) return;
          event.preventDefault();
          const next = (index + step + node.titles.length) % node.titles.length;
          send({ type: "choose", id: node.id, index: next });
          focusAfterUpdate = "tab:" + node.id + ":" + next;
        });
        bar.append(tab);
      });
      const panel = element("div", "tab-panel");
      panel.setAttribute("role", "tabpanel");
      tabs._kids = kids.map(build);
      panel.append(...tabs._kids);
      tabs.append(bar, panel);
      return tabs;
    }
    case "label": {
      const label = element("span", "label");
      if (node.icon) label.append(element("span", "icon", node.icon + " "));
      label.append(document.createTextNode(node.s));
      return label;
    }
    case "image": {
      const figure = element("figure", "image");
      figure.setAttribute("role", "img");
      figure.setAttribute("aria-label", node.alt || node.src);
      if (node.url) {
        // A picture of the plugin's resources, from the host; alt text if it cannot load.
        const picture = element("img", "picture-image");
        picture.alt = node.alt;
        picture.src = node.url + (node.url.includes("?") ? "&" : "?") + "token=" + encodeURIComponent(token);
        figure.append(picture);
      } else {
        // A URL or a file the host does not serve: the page loads nothing from elsewhere.
        figure.append(element("div", "picture", node.alt || node.src));
      }
      figure.append(element("figcaption", "", node.alt || node.src));
      return figure;
    }
    case "spacer": return element("div", "spacer");
    case "scroll": {
      const scroll = element("div", "scroll");
      scroll.tabIndex = 0;
      scroll.dataset.key = "scroll:" + node.id;
      if (node.h) scroll.style.maxHeight = (node.h * 1.5) + "em";
      scroll._kids = kids.map(build);
      scroll.append(...scroll._kids);
      return scroll;
    }
    case "panes": {
      const panes = element("div", "panes " + node.axis);
      panes._kids = kids.map(build);
      panes._kids.forEach((kid, index) => {
        const pane = element("div", "pane");
        const size = node.sizes[index] || ["rest"];
        const unit = node.axis === "h" ? "ch" : "em";
        if (size[0] === "cells") pane.style.flex = "0 0 " + (node.axis === "h" ? size[1] : size[1] * 1.5) + unit;
        else if (size[0] === "fraction") pane.style.flex = "0 0 " + (size[1] * 100) + "%";
        else pane.style.flex = "1 1 0";
        pane.append(kid);
        panes.append(pane);
      });
      return panes;
    }
    case "list": case "rows": case "table": return makeList(node);
    default: return element("span", "empty");
  }
}

// Changes an element in place for a node of the same kind: a field keeps its
// caret and what the user is typing.
function update(made, node) {
  made._node = node;
  switch (node.k) {
    case "field": case "area": {
      made.placeholder = node.ph;
      const pending = made._pending || [];
      const echoed = pending.indexOf(node.s);
      if (echoed >= 0) {
        // The host has caught up with what was typed up to there.
        made._pending = pending.slice(echoed + 1);
      } else if (made.value !== node.s) {
        made.value = node.s;
        made._pending = [];
      }
      return true;
    }
    case "toggle": {
      made.firstChild.checked = node.on;
      made.lastChild.textContent = node.s;
      return true;
    }
    case "progress": {
      const bar = made.firstChild;
      if (node.v === null) bar.removeAttribute("value"); else bar.value = node.v;
      bar.setAttribute("aria-label", node.s || "progress");
      // The percentage the terminal shows, rounded down as it is there.
      made.children[1].textContent = node.v === null ? "" : Math.floor(node.v * 100) + "%";
      made.lastChild.textContent = node.s;
      return true;
    }
    case "picker": {
      made.firstChild.textContent = node.s;
      const select = made.lastChild;
      const same = select.options.length === node.options.length &&
        node.options.every((option, index) => select.options[index].textContent === option);
      if (!same) select.replaceChildren(...node.options.map((option) => element("option", "", option)));
      // The host has caught up with the choices sent up to this one; one it did
      // not take leaves the picker at the app's choice.
      const echoed = select._pending.indexOf(node.selected);
      select._pending = echoed >= 0 ? select._pending.slice(echoed + 1) : [];
      select.selectedIndex = select._pending.length > 0 ? select._pending[select._pending.length - 1] : node.selected;
      return true;
    }
    case "button": made.textContent = node.s; return true;
    case "text": made.textContent = node.s; return true;
    default: return false;
  }
}

function watchText(input) {
  input._pending = [];
  // Leaving a field shows the app's text: an edit the app did not take is not kept.
  input.addEventListener("blur", () => {
    if (input._node && input.value !== input._node.s) {
      input.value = input._node.s;
      input._pending = [];
    }
  });
  input.addEventListener("input", () => {
    if (!send({ type: "edit", field: input._node.id, text: input.value })) {
      // Not sent, so not the app's: the field shows the app's text again.
      input.value = input._node.s;
      return;
    }
    input._pending.push(input.value);
    if (input._pending.length > 50) input._pending.shift();
  });
}

// A list, rich rows or a table, drawn virtually: only the rows in sight are
// elements, from the window of rows the host sent.
const rowHeight = { list: 1.6, rows: 1.6, table: 1.6 };

const activeRows = new Map();

function makeList(node) {
  const holder = element("div", "list-holder " + node.k);
  const list = element("div", "list");
  list.tabIndex = 0;
  list.setAttribute("role", node.k === "table" ? "grid" : "listbox");
  list.setAttribute("aria-label", node.id);
  list.dataset.key = "list:" + node.id;
  const sizer = element("div", "sizer");
  list.append(sizer);
  // The row last chosen in a list of this id comes back with it, as the terminal's focus does.
  holder._list = { list: list, sizer: sizer, rows: new Map(), count: 0, start: 0, length: 0,
    active: activeRows.get(node.id) || 0, asked: -1 };
  if (node.k === "table") holder.append(makeHeader(node, holder));
  holder.append(list);
  list.addEventListener("scroll", () => drawRows(holder));
  list.addEventListener("keydown", (event) => listKey(holder, event));
  list.addEventListener("click", (event) => {
    const row = event.target.closest(".row");
    if (!row) return;
    holder._list.active = Number(row.dataset.index);
    activeRows.set(node.id, holder._list.active);
    drawRows(holder);
    choose(holder);
  });
  holder._node = node;
  takeRows(holder, node.n, node.o, node.r.length, Object.fromEntries(node.r.map((row, index) => [node.o + index, row])));
  // Once it is on the page and has a height: a row chosen before is brought into sight.
  if (holder._list.active > 0) requestAnimationFrame(() => scrollToActive(holder));
  return holder;
}

function makeHeader(node, holder) {
  const header = element("div", "table-header");
  header.setAttribute("role", "row");
  node.columns.forEach(([title, width, alignment], index) => {
    const sorted = node.sort && node.sort[0] === index;
    const label = title + (sorted ? (node.sort[1] ? " ▲" : " ▼") : "");
    const cell = element(node.sortable ? "button" : "div", "cell " + alignment, label);
    cell.setAttribute("role", "columnheader");
    if (sorted) cell.setAttribute("aria-sort", node.sort[1] ? "ascending" : "descending");
    sizeCell(cell, width);
    if (node.sortable) {
      cell.type = "button";
      cell.dataset.key = "header:" + node.id + ":" + index;
      cell.addEventListener("click", () => send({ type: "sort", id: node.id, column: index,
        ascending: sorted ? !node.sort[1] : true }));
    }
    header.append(cell);
  });
  return header;
}

// A column as the terminal draws it: as many characters as the host measured
// (a fixed width, or a flexible column's title or widest cell), or a share of
// the table's width; two characters apart (the rows' gap).
function sizeCell(cell, width) {
  if (typeof width === "number") cell.style.flex = "0 0 " + width + "ch";
  else if (typeof width === "string") cell.style.flex = "0 1 " + (Number(width) * 100) + "%";
  else cell.style.flex = "1 1 0";
}

function takeRows(holder, count, start, length, changed) {
  const state = holder._list;
  state.count = count;
  state.start = start;
  state.length = length;
  for (const index of [...state.rows.keys()]) {
    if (index < start || index >= start + length) state.rows.delete(index);
  }
  for (const [index, row] of Object.entries(changed)) state.rows.set(Number(index), row);
  state.active = Math.max(0, Math.min(state.active, count - 1));
  state.asked = -1;
  state.drawn = null;
  const height = rowHeight[holder._node.k];
  state.sizer.style.height = (count * height) + "em";
  state.list.style.height = (Math.min(Math.max(count, 1), 16) * height + 0.2) + "em";
  drawRows(holder);
}

function drawRows(holder) {
  const state = holder._list;
  const node = holder._node;
  // In pixels for the scrolling; a list not yet on the page has no font size.
  const unit = (parseFloat(getComputedStyle(state.list).fontSize) || 15) * rowHeight[node.k];
  const first = Math.floor(state.list.scrollTop / unit);
  const shown = Math.ceil((state.list.clientHeight || unit * 16) / unit) + 1;
  const from = Math.max(first - 3, 0);
  const to = Math.min(first + shown + 3, state.count);
  if ((from < state.start || to > state.start + state.length) && state.count > state.length) {
    const wanted = Math.max(first - 50, 0);
    if (state.asked !== wanted) {
      state.asked = wanted;
      send({ type: "window", list: node.w || node.id, from: wanted });
    }
  }
  const rows = [];
  for (let index = from; index < to; index++) rows.push(drawRow(node, state, index));
  state.sizer.replaceChildren(...rows);
  if (state.count > 0) state.list.setAttribute("aria-activedescendant", "row-" + node.id + "-" + state.active);
}

function drawRow(node, state, index) {
  const row = element("div", "row");
  const item = state.rows.get(index);
  row.dataset.index = index;
  row.id = "row-" + node.id + "-" + index;
  row.setAttribute("role", node.k === "table" ? "row" : "option");
  // In em, as the list's height is: right before the list is on the page too.
  row.style.top = (index * rowHeight[node.k]) + "em";
  row.style.height = rowHeight[node.k] + "em";
  if (index === state.active) {
    row.classList.add("active");
    row.setAttribute("aria-selected", "true");
  }
  if (item === undefined) {
    row.textContent = "…";
    return row;
  }
  if (node.k === "list") {
    // A row is its text, or its text and style.
    if (typeof item === "string") row.textContent = item;
    else {
      row.textContent = item[0];
      row.classList.add(item[1]);
    }
  } else if (node.k === "rows") {
    // As the terminal draws it: the title, its subtitle after it, the badge at the end.
    row.append(element("span", "row-title", item[0]), element("span", "row-subtitle", item[1]));
    if (item[2]) row.append(element("span", "badge", item[2]));
    if (item[3]) row.classList.add(item[3]);
  } else {
    item[0].forEach((text, column) => {
      const spec = node.columns[column] || ["", null, "left"];
      const cell = element("div", "cell " + spec[2], text);
      cell.setAttribute("role", "gridcell");
      sizeCell(cell, spec[1]);
      row.append(cell);
    });
    if (item[1]) row.classList.add(item[1]);
  }
  return row;
}

// Scrolls the list so its active row is in sight, and draws it.
function scrollToActive(holder) {
  const state = holder._list;
  const unit = state.list.scrollHeight / Math.max(state.count, 1);
  const top = state.active * unit;
  if (top < state.list.scrollTop) state.list.scrollTop = top;
  else if (top + unit > state.list.scrollTop + state.list.clientHeight) {
    state.list.scrollTop = top + unit - state.list.clientHeight;
  }
  drawRows(holder);
}

function listKey(holder, event) {
  const state = holder._list;
  const page = Math.max(Math.floor(state.list.clientHeight / (state.list.scrollHeight / Math.max(state.count, 1))), 1);
  const moves = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page, Home: -Infinity, End: Infinity };
  if (event.key in moves) {
    event.preventDefault();
    state.active = Math.max(0, Math.min(state.count - 1, state.active + moves[event.key]));
    activeRows.set(holder._node.id, state.active);
    scrollToActive(holder);
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    choose(holder);
  } else if (event.key === "y" && !event.ctrlKey && !event.altKey && !event.metaKey) {
    event.preventDefault();
    copyRow(holder);
  }
}

// y: the focused row's text to the clipboard, as the terminal's y puts it on its
// own (OSC 52); the notice says what was copied, or why nothing was.
function copyRow(holder) {
  const state = holder._list;
  const row = state.list.querySelector('.row[data-index="' + state.active + '"]');
  const text = row ? row.innerText.replace(/\s+/g, " ").trim() : "";
  if (!text) {
    showNotice("y: nothing to copy here");
    return;
  }
  if (!navigator.clipboard) {
    showNotice("y: this page has no clipboard (a browser gives one to https and localhost pages)");
    return;
  }
  const shown = text.length > 40 ? text.slice(0, 39) + "…" : text;
  navigator.clipboard.writeText(text).then(
    () => showNotice("copied “" + shown + "” (to the clipboard)"),
    () => showNotice("y: the browser did not allow the copy"));
}

function choose(holder) {
  const state = holder._list;
  if (state.count === 0) return;
  if (holder._node.read) {
    showNotice("the rows here are for reading");
    return;
  }
  send({ type: "select", list: holder._node.id, row: state.active });
}

// Changes from the host.
let focusAfterUpdate = null;

function elementAt(path) {
  let found = screens;
  for (const index of path) {
    if (!found || !found._kids) return null;
    found = found._kids[index];
  }
  return found;
}

function setNode(path, node) {
  const old = elementAt(path);
  if (!old) return;
  if (sameShape(old._node, node) && update(old, node)) return;
  const made = build(node);
  const parent = path.length === 0 ? null : elementAt(path.slice(0, -1));
  if (parent) parent._kids[path[path.length - 1]] = made; else screens = made;
  const focused = document.activeElement;
  const key = old.contains(focused) && focused.dataset ? focused.dataset.key : null;
  old.replaceWith(made);
  if (key) refocus(made, key);
}

// Whether `node` can be drawn by changing the element made for `before`: a
// control of the same kind and id, whose kind of input and size are the same.
function sameShape(before, node) {
  return before && before.k === node.k && before.id === node.id && !node.c &&
    before.secure === node.secure && before.w === node.w && before.h === node.h;
}

// Where a node's children are: the element itself, or a modal screen's dialog.
function childHolder(parent) {
  return parent.classList.contains("modal") ? parent.querySelector(".dialog") : parent;
}

function addChild(path, node) {
  const parent = elementAt(path);
  if (!parent || !parent._kids) return;
  const made = build(node);
  parent._kids.push(made);
  childHolder(parent).append(made);
}

function keepChildren(path, count) {
  const parent = elementAt(path);
  if (!parent || !parent._kids) return;
  while (parent._kids.length > count) parent._kids.pop().remove();
}

function refocus(within, key) {
  const again = [...within.querySelectorAll("[data-key]")].find((candidate) => candidate.dataset.key === key);
  if (again) again.focus();
}

function apply(message) {
  if (otherVersion) return;
  if (message.t === "hello") {
    if (message.v !== protocolVersion) {
      // A page kept open across an update of trellis: its drawing may not match.
      otherVersion = true;
      screensHolder.inert = true;
      endedBox.hidden = false;
      endedBox.textContent = "trellis serve speaks another version of this page's messages: reload the page.";
      socket.close();
      return;
    }
    sessionStorage.setItem("trellis-session", message.session);
    userKeys = message.keys || {};
    if (message.crash) {
      // The supervisor's report: the app was started again, this page's screens with it.
      document.getElementById("crash-report").textContent = message.crash;
      crashBox.hidden = false;
      document.getElementById("crash-dismiss").focus();
    }
    return;
  }
  // What had the focus before the screens change: where going back returns to.
  const active = document.activeElement;
  const focusedBefore = active && active.dataset ? active.dataset.key : undefined;
  const focusWasInScreens = active !== null && screensHolder.contains(active);
  if (message.t === "all") {
    screens = build(message.screens);
    screensHolder.replaceChildren(screens);
    // A session's screens are numbered afresh (a new session after a crash).
    topScreen = null;
    rememberedFocus.clear();
  } else if (message.t === "diff") {
    for (const change of message.ops) {
      if (change[0] === "s") setNode(change[1], change[2]);
      else if (change[0] === "r") {
        const holder = elementAt(change[1]);
        if (holder && holder._list) takeRows(holder, change[2], change[3], change[4], change[5]);
      } else if (change[0] === "a") addChild(change[1], change[2]);
      else if (change[0] === "d") keepChildren(change[1], change[2]);
    }
  }
  if (message.status) showStatus(message.status);
  settleFocus(focusedBefore, focusWasInScreens);
}

// A screen that comes on top gets the focus it had when it was last on top,
// else its first control, as in the terminal; a control drawn again keeps
// the focus; a screen still loading gets it when its controls come. The
// focus is never taken from elsewhere (the page's help, a click on nothing).
let screenNeedsFocus = false;

function settleFocus(focusedBefore, focusWasInScreens) {
  const all = [...screensHolder.querySelectorAll(".screen")];
  all.forEach((screen, index) => { screen.inert = index !== all.length - 1; });
  const top = all[all.length - 1];
  if (focusAfterUpdate) {
    refocus(screensHolder, focusAfterUpdate);
    focusAfterUpdate = null;
  }
  if (!top) return;
  const focused = document.activeElement;
  const lost = !focused || focused === document.body;
  let wanted = null;
  if (top.dataset.sid !== topScreen) {
    if (topScreen && focusedBefore) rememberedFocus.set(topScreen, focusedBefore);
    topScreen = top.dataset.sid;
    wanted = rememberedFocus.get(topScreen);
    screenNeedsFocus = true;
  } else if (lost && focusWasInScreens) {
    wanted = focusedBefore;
    screenNeedsFocus = true;
  }
  if (!screenNeedsFocus || !helpBox.hidden || !crashBox.hidden) return;
  const target = (wanted && [...top.querySelectorAll("[data-key]")].find((c) => c.dataset.key === wanted)) ||
    top.querySelector("button, input, textarea, select, [tabindex='0']");
  if (target) {
    target.focus();
    screenNeedsFocus = false;
  }
}

function showNotice(text) {
  noticeText.textContent = text;
}

// A notice of the page's own that the first status after it must not wipe.
let heldNotice = "";

function showStatus(next) {
  status = next;
  const path = status.route.join(" › ");
  routeText.textContent = path;
  noticeText.textContent = status.notice || heldNotice;
  heldNotice = "";
  if (status.notice) {
    // Kept for the help's log, as the terminal's message log keeps them.
    const line = element("li", "", status.notice);
    messagesList.append(line);
    while (messagesList.children.length > 200) messagesList.firstChild.remove();
  }
  const hasDialog = screensHolder.querySelector(".screen.modal") !== null;
  keysText.textContent = "Tab next · Enter use" + (status.back || hasDialog ? " · Esc back" : "");
  document.title = path ? "trellis: " + path : "trellis";
  followRoute(status.route);
}

// The address shows the route path; the browser's back goes back in the app.
// Each route that grows is an entry of the browser's history; each that
// shrinks goes back one entry, so the back button and the app agree.
function addressOf(route) {
  return "/app/" + route.map(encodeURIComponent).join("/");
}

function followRoute(route) {
  const address = addressOf(route);
  if (historyDepths.length === 0) {
    // The first route, or the first after a reload: the entries before are the app's.
    historyDepths = Array.from({ length: historyIndex }, (_, index) => index + 1).concat([route.length]);
    history.replaceState({ index: historyIndex }, "", address);
  } else if (route.length > historyDepths[historyIndex]) {
    historyIndex += 1;
    historyDepths.length = historyIndex;
    historyDepths.push(route.length);
    history.pushState({ index: historyIndex }, "", address);
  } else if (route.length < historyDepths[historyIndex] && historyIndex > 0) {
    // Back to the last entry no deeper than the route: several at once when
    // the app went back more than one screen.
    let target = historyIndex - 1;
    while (target > 0 && historyDepths[target] > route.length) target -= 1;
    ignoredPops += 1;
    const steps = target - historyIndex;
    historyIndex = target;
    historyDepths[historyIndex] = route.length;
    history.go(steps);
  } else {
    historyDepths[historyIndex] = route.length;
    if (location.pathname !== address || location.search) history.replaceState({ index: historyIndex }, "", address);
  }
}

window.addEventListener("popstate", (event) => {
  const index = event.state && typeof event.state.index === "number" ? event.state.index : 0;
  if (ignoredPops > 0) {
    ignoredPops -= 1;
  } else if (index < historyIndex) {
    // Back, once for each entry gone back over.
    for (let step = index; step < historyIndex; step++) send({ type: "back" });
    historyIndex = index;
  } else if (index > historyIndex) {
    // The app has no forward: the browser is taken back to where the app is.
    ignoredPops += 1;
    history.go(historyIndex - index);
    return;
  }
  history.replaceState({ index: historyIndex }, "", addressOf(status.route));
});

// The user's own keys (keys.json, sent with the hello): a key pressed acts as
// the key it names, as in the terminal. Taken first (the capture phase), then
// the named key is sent to the same element; a character typed into a field
// stays a character, since a page cannot type one for it.
let userKeys = {};
const keyNames = { ArrowDown: "down", ArrowUp: "up", ArrowLeft: "left", ArrowRight: "right", Enter: "enter",
  Escape: "esc", Tab: "tab", Backspace: "backspace", Delete: "delete", Home: "home", End: "end",
  PageUp: "pageup", PageDown: "pagedown", " ": "space", F1: "f1" };
const keyValues = Object.fromEntries(Object.entries(keyNames).map(([value, name]) => [name, value]));

function keyName(event) {
  if (event.key === "Tab" && event.shiftKey) return "backtab";
  const base = keyNames[event.key] || (event.key.length === 1 ? event.key : null);
  if (!base) return null;
  if (event.ctrlKey) return "ctrl-" + base.toLowerCase();
  if (event.altKey) return "alt-" + base.toLowerCase();
  return base;
}

function moveFocus(step) {
  const stops = [...screensHolder.querySelectorAll("button, input, textarea, select, [tabindex='0']")]
    .filter((stop) => !stop.disabled && stop.offsetParent !== null);
  if (stops.length === 0) return;
  const at = stops.indexOf(document.activeElement);
  stops[(at + step + stops.length) % stops.length].focus();
}

document.addEventListener("keydown", (event) => {
  if (!event.isTrusted) return;
  const name = keyName(event);
  const target = name && Object.hasOwn(userKeys, name) ? userKeys[name] : null;
  if (!target) return;
  const typing = event.target.closest && event.target.closest("input, textarea");
  if (typing && name.length === 1) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  if (target === "tab" || target === "backtab") {
    moveFocus(target === "tab" ? 1 : -1);
    return;
  }
  const modifier = /^(ctrl|alt)-(.+)$/.exec(target);
  const bare = modifier ? modifier[2] : target;
  event.target.dispatchEvent(new KeyboardEvent("keydown", { key: keyValues[bare] || bare, bubbles: true,
    cancelable: true, ctrlKey: modifier !== null && modifier[1] === "ctrl", altKey: modifier !== null && modifier[1] === "alt" }));
}, true);

document.addEventListener("keydown", (event) => {
  const typing = event.target.closest && event.target.closest("input, textarea, select");
  if (event.key === "?" && !typing && !event.ctrlKey && !event.altKey) {
    event.preventDefault();
    toggleHelp();
    return;
  }
  if (event.key === "Escape" && !event.defaultPrevented) {
    event.preventDefault();
    if (!crashBox.hidden) {
      crashBox.hidden = true;
      settleFocus();
    }
    else if (!helpBox.hidden) toggleHelp();
    else send({ type: "back" });
  }
});

function connect() {
  if (!token) {
    screensHolder.inert = true;
    endedBox.hidden = false;
    endedBox.textContent = "Open the address trellis serve printed: it has the token this page needs.";
    return;
  }
  if (tokenRefused) return;
  const socketAddress = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/socket";
  socket = new WebSocket(socketAddress + "?token=" + encodeURIComponent(token));
  let opened = false;
  socket.addEventListener("open", () => {
    opened = true;
    const hello = { type: "hello" };
    const kept = sessionStorage.getItem("trellis-session");
    if (kept) hello.session = kept;
    if (openLink) hello.open = openLink;
    openLink = null;
    send(hello);
  });
  socket.addEventListener("message", (event) => {
    if (otherVersion) return;
    reconnects = 0;
    endedBox.hidden = true;
    screensHolder.inert = false;
    apply(JSON.parse(event.data));
    if (refusedLink) {
      refusedLink = false;
      heldNotice = "The link in the address was not opened: it did not come with the token trellis serve printed.";
      showNotice(heldNotice);
    }
  });
  socket.addEventListener("close", () => {
    screensHolder.inert = true;
    endedBox.hidden = false;
    if (tokenRefused || otherVersion) return;
    if (!opened && reconnects >= 2) {
      // Refused, not gone? A serve started anew has a new token; a plain request
      // says which (403 for a token not this server's).
      fetch(socketAddress.replace(/^ws/, "http") + "?token=" + encodeURIComponent(token))
        .then((answer) => {
          if (answer.status === 403) {
            tokenRefused = true;
            endedBox.textContent =
              "trellis serve was started again, with a new token: open the address it printed.";
          }
        })
        .catch(() => {});
    }
    // trellis may be starting again (after a crash, its supervisor does): try for a while.
    if (reconnects < 30) {
      reconnects += 1;
      endedBox.textContent = "The connection to trellis was lost; trying again…";
      setTimeout(connect, 1000);
    } else {
      endedBox.textContent = "The connection to trellis has closed. Reload the page to try again.";
    }
  });
}

const helpBox = document.getElementById("help");
const messagesList = document.getElementById("messages");
let focusBeforeHelp = null;

function toggleHelp() {
  helpBox.hidden = !helpBox.hidden;
  if (!helpBox.hidden) {
    focusBeforeHelp = document.activeElement;
    document.getElementById("help-close").focus();
  } else if (focusBeforeHelp) {
    focusBeforeHelp.focus();
  }
}
document.getElementById("help-button").addEventListener("click", toggleHelp);
document.getElementById("help-close").addEventListener("click", toggleHelp);

let reconnects = 0;
const crashBox = document.getElementById("crash");
document.getElementById("crash-dismiss").addEventListener("click", () => {
  crashBox.hidden = true;
  settleFocus();
});

connect();
