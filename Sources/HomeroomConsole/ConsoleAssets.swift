import Hummingbird

/// The console's and the display's style sheets and the display's script, served by Homeroom
/// itself (no CDN, no build step).
enum ConsoleAssets {
    /// `GET /console/assets/NAME`.
    static func response(for name: String) -> Response {
        switch name {
        case "console.css": ConsoleResponses.asset(consoleStyle, contentType: "text/css; charset=utf-8")
        case "display.css": ConsoleResponses.asset(displayStyle, contentType: "text/css; charset=utf-8")
        case "display.js": ConsoleResponses.asset(displayScript, contentType: "text/javascript; charset=utf-8")
        default: Response(status: .notFound)
        }
    }

    static let consoleStyle = """
        :root { color-scheme: light; --ink: #1a1a1a; --muted: #555; --line: #c8c8c8; --accent: #0b57a4;
          --danger: #a4160b; --ok: #185c2d; --paper: #fff; --shade: #f3f5f7; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 1rem/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif;
          color: var(--ink); background: var(--paper); }
        a { color: var(--accent); }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .skip { position: absolute; left: -999px; top: 0; background: var(--paper); padding: .5rem; }
        .skip:focus { left: .5rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0);
          white-space: nowrap; }
        .top { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; padding: .5rem 1rem;
          background: var(--shade); border-bottom: 1px solid var(--line); }
        .school { margin: 0; font-weight: 600; }
        nav ul { display: flex; flex-wrap: wrap; gap: .25rem .75rem; list-style: none; margin: 0; padding: 0; }
        nav a { display: inline-block; padding: .35rem .25rem; }
        nav a[aria-current] { font-weight: 700; text-decoration-thickness: 3px; }
        .signout { margin-inline-start: auto; display: flex; gap: .5rem; align-items: center; flex-wrap: wrap; }
        .signout span { color: var(--muted); overflow-wrap: anywhere; }
        main { padding: 1rem; max-width: 80rem; }
        h1 { font-size: 1.6rem; margin: .25rem 0 1rem; }
        h2 { font-size: 1.2rem; margin: 1.5rem 0 .5rem; }
        .notice { border-inline-start: 6px solid var(--ok); background: #eef7f0; padding: .5rem 1rem; margin: 0 0 1rem; }
        .notice.error { border-color: var(--danger); background: #fbeeed; }
        .notice p { margin: .25rem 0; }
        .facts div { display: flex; flex-wrap: wrap; gap: 0 1rem; }
        .facts dt { font-weight: 600; min-width: 12rem; }
        .facts dd { margin: 0; overflow-wrap: anywhere; }
        .facts .problem { color: var(--danger); }
        .table-scroll { overflow-x: auto; max-width: 100%; position: relative; }
        table { border-collapse: collapse; min-width: 100%; }
        caption { text-align: start; font-weight: 600; padding: .25rem 0; }
        th, td { border: 1px solid var(--line); padding: .4rem; vertical-align: top; text-align: start; }
        thead th { background: var(--shade); }
        .line { display: block; }
        form.form { margin: .5rem 0 1rem; }
        form.compact { margin: 0; display: flex; flex-direction: column; gap: .25rem; min-width: 9rem; }
        .field { margin: 0 0 .5rem; display: flex; flex-direction: column; gap: .2rem; }
        .field.check { flex-direction: row; align-items: center; gap: .5rem; }
        form.compact .field { margin: 0; }
        input, select, textarea, button { font: inherit; }
        input, select, textarea { border: 1px solid #767676; border-radius: 4px; padding: .35rem .5rem; max-width: 100%; }
        textarea { min-height: 4.5rem; }
        button { background: var(--accent); color: #fff; border: 0; border-radius: 4px; padding: .45rem .9rem;
          cursor: pointer; align-self: flex-start; min-height: 44px; }
        button.destructive { background: var(--danger); }
        .signout button { background: transparent; color: var(--accent); border: 1px solid var(--accent); }
        .hint { margin: 0; color: var(--muted); font-size: .9rem; }
        ul.links { padding-inline-start: 1.25rem; }
        ul.links li { margin: .35rem 0; }
        ul.codes { list-style: none; padding: 0; display: grid; gap: 1rem;
          grid-template-columns: repeat(auto-fill, minmax(12rem, 1fr)); }
        ul.codes figure { margin: 0; text-align: center; break-inside: avoid; }
        ul.codes svg { width: 100%; height: auto; max-width: 14rem; }
        ul.codes small { color: var(--muted); overflow-wrap: anywhere; }
        @media (max-width: 40rem) { main { padding: .75rem; } .facts dt { min-width: 0; } }
        @media print {
          .top, .skip, form, .notice { display: none; }
          main { padding: 0; max-width: none; }
          ul.codes { grid-template-columns: repeat(3, 1fr); }
        }
        """

    static let displayStyle = """
        :root { color-scheme: dark; }
        * { box-sizing: border-box; }
        body { margin: 0; background: #0d1b2a; color: #fff;
          font: 2.4vw/1.35 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; }
        .display { min-height: 100vh; padding: 3vh 4vw; display: grid; gap: 3vh; align-content: start; }
        header { display: flex; justify-content: space-between; align-items: baseline; gap: 2vw; }
        h1 { margin: 0; font-size: 3.2vw; }
        .clock { margin: 0; font-size: 4vw; font-weight: 700; font-variant-numeric: tabular-nums; }
        h2 { margin: 0 0 1vh; font-size: 2.2vw; color: #ffd166; text-transform: uppercase; letter-spacing: .05em; }
        section p { margin: .3vh 0; }
        #now p:first-child { font-size: 4.4vw; font-weight: 700; line-height: 1.15; }
        .offline { color: #ffb4a8; font-size: 1.6vw; }
        @media (max-aspect-ratio: 1/1) { body { font-size: 5vw; } h1 { font-size: 6vw; } .clock { font-size: 7vw; }
          h2 { font-size: 4.5vw; } #now p:first-child { font-size: 7vw; } .offline { font-size: 4vw; } }
        """

    /// Asks for the state twice a second and replaces the texts (never as HTML). A failed request
    /// leaves the last state on screen and says it is reconnecting.
    static let displayScript = """
        "use strict";
        (function () {
          var root = document.querySelector("main.display");
          if (!root) { return; }
          var address = root.getAttribute("data-state");
          function fill(id, lines) {
            var box = document.getElementById(id);
            var paragraphs = lines.map(function (line) {
              var p = document.createElement("p");
              p.textContent = line;
              return p;
            });
            box.replaceChildren.apply(box, paragraphs);
          }
          function ask() {
            fetch(address, { cache: "no-store", credentials: "omit" })
              .then(function (answer) { if (!answer.ok) { throw new Error(answer.status); } return answer.json(); })
              .then(function (state) {
                document.getElementById("clock").textContent = state.clock;
                fill("now", state.now || []);
                fill("lunch", state.lunch || []);
                document.getElementById("offline").hidden = true;
              })
              .catch(function () { document.getElementById("offline").hidden = false; })
              .finally(function () { setTimeout(ask, 500); });
          }
          setTimeout(ask, 500);
        })();
        """
}
