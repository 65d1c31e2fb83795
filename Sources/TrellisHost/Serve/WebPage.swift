/// The page `trellis serve` serves, written for it and embedded in the host: no
/// resource from anywhere else, so the Content-Security-Policy allows only these.
///
/// It draws the session's frames as rows of text runs (each set as text, never as
/// HTML, so nothing a plugin or a config says can become markup or script), and
/// sends back keys, typed text, pastes, clicks, the wheel and its size.
enum WebPage {
    /// The page's files by path, for ``WebConnection``.
    static let files: [String: WebConnection.File] = [
        "/": ("text/html; charset=utf-8", Array(html.utf8)),
        "/app.js": ("text/javascript; charset=utf-8", Array(script.utf8)),
        "/app.css": ("text/css; charset=utf-8", Array(style.utf8)),
    ]

    static let html = """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>trellis</title>
        <link rel="stylesheet" href="/app.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <main id="screen" tabindex="0" aria-label="The app"></main>
        <div id="cursor" hidden></div>
        <p id="ended" hidden>This page's session has ended. Reload the page to start again.</p>
        </body>
        </html>

        """

    static let style = """
        html, body { margin: 0; height: 100%; overflow: hidden; background: #1d1f21; color: #e0e0e0; }
        #screen { font: 15px/1.25 ui-monospace, "DejaVu Sans Mono", monospace; white-space: pre; outline: none;
          position: relative; padding: 0; }
        .row { height: 1.25em; }
        .focused { background: #e0e0e0; color: #1d1f21; }
        .placeholder { color: #8a8a8a; font-style: italic; }
        .focused.placeholder { color: #555; }
        .match { color: #f0c674; text-decoration: underline; }
        .chrome { color: #8a8a8a; }
        .status { background: #373b41; color: #e0e0e0; }
        .title { font-weight: bold; }
        .first { color: #81a2be; font-weight: bold; }
        .second { color: #de935f; font-weight: bold; }
        .highlight { color: #b5bd68; font-weight: bold; }
        #cursor { position: absolute; width: 1px; background: #e0e0e0; }
        #ended { font: 15px sans-serif; padding: 1em; color: #cc6666; }

        """

    static let script = """
        "use strict";
        const screen = document.getElementById("screen");
        const cursor = document.getElementById("cursor");
        let rows = [];
        let socket = null;
        let cell = { width: 9, height: 19 };

        function measure() {
          const probe = document.createElement("div");
          const text = document.createElement("span");
          probe.className = "row";
          text.textContent = "MMMMMMMMMM";
          probe.appendChild(text);
          screen.appendChild(probe);
          const width = text.getBoundingClientRect().width / 10;
          const height = probe.getBoundingClientRect().height;
          probe.remove();
          if (width > 0 && height > 0) cell = { width: width, height: height };
        }

        function send(message) {
          if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
        }

        function sendSize() {
          const page = document.documentElement;
          send({ type: "resize", columns: Math.max(20, Math.floor(page.clientWidth / cell.width)),
                 rows: Math.max(5, Math.floor(page.clientHeight / cell.height)) });
        }

        function apply(update) {
          while (rows.length < update.height) {
            const row = document.createElement("div");
            row.className = "row";
            screen.appendChild(row);
            rows.push(row);
          }
          while (rows.length > update.height) rows.pop().remove();
          for (const [index, runs] of Object.entries(update.rows)) {
            const row = rows[Number(index)];
            if (!row) continue;
            row.replaceChildren(...runs.map(([text, style]) => {
              const span = document.createElement("span");
              span.textContent = text;
              span.className = style;
              return span;
            }));
          }
          if (update.cursor) {
            const box = screen.getBoundingClientRect();
            cursor.hidden = false;
            cursor.style.left = (box.left + window.scrollX + update.cursor[0] * cell.width) + "px";
            cursor.style.top = (box.top + window.scrollY + update.cursor[1] * cell.height) + "px";
            cursor.style.height = cell.height + "px";
          } else {
            cursor.hidden = true;
          }
          document.title = update.title ? "trellis: " + update.title : "trellis";
        }

        const named = { Enter: "enter", Escape: "esc", ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left",
          ArrowRight: "right", Home: "home", End: "end", PageUp: "pageup", PageDown: "pagedown",
          Backspace: "backspace", Delete: "delete", F1: "f1" };

        document.addEventListener("keydown", (event) => {
          if (event.metaKey) return;
          let message = null;
          if (event.key === "Tab") message = { type: "key", key: event.shiftKey ? "backtab" : "tab" };
          else if (event.ctrlKey && event.key === "ArrowLeft") message = { type: "key", key: "ctrl-left" };
          else if (event.ctrlKey && event.key === "ArrowRight") message = { type: "key", key: "ctrl-right" };
          else if (named[event.key]) message = { type: "key", key: named[event.key] };
          else if (event.ctrlKey && /^[a-z]$/.test(event.key)) {
            // Ctrl-C copies a selection, else quits as in a terminal; Ctrl-V pastes.
            if (event.key === "v" || (event.key === "c" && String(window.getSelection()) !== "")) return;
            message = { type: "key", key: "ctrl-" + event.key };
          } else if (event.altKey && /^[bfdx]$/.test(event.key)) message = { type: "key", key: "alt-" + event.key };
          else if (event.key.length === 1 && !event.ctrlKey && !event.altKey) message = { type: "text", text: event.key };
          if (!message) return;
          event.preventDefault();
          send(message);
        });

        document.addEventListener("paste", (event) => {
          event.preventDefault();
          send({ type: "paste", text: event.clipboardData.getData("text") });
        });

        function place(event) {
          const box = screen.getBoundingClientRect();
          return { column: Math.floor((event.clientX - box.left) / cell.width),
                   row: Math.floor((event.clientY - box.top) / cell.height) };
        }

        screen.addEventListener("mousedown", (event) => {
          if (event.button !== 0) return;
          const at = place(event);
          if (at.column >= 0 && at.row >= 0) send({ type: "click", column: at.column, row: at.row });
        });

        screen.addEventListener("wheel", (event) => {
          event.preventDefault();
          const at = place(event);
          if (at.column >= 0 && at.row >= 0) {
            send({ type: event.deltaY < 0 ? "wheelUp" : "wheelDown", column: at.column, row: at.row });
          }
        }, { passive: false });

        window.addEventListener("resize", sendSize);

        function connect() {
          socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/socket");
          socket.addEventListener("open", sendSize);
          socket.addEventListener("message", (event) => apply(JSON.parse(event.data)));
          socket.addEventListener("close", () => {
            document.getElementById("ended").hidden = false;
            cursor.hidden = true;
          });
        }

        measure();
        screen.focus();
        connect();

        """
}
