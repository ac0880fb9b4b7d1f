#!/usr/bin/env python3
"""Plays a browser test scenario in headless Chromium, through the DevTools protocol.

Usage: chromium-scenario.py SCENARIO.json

The scenario: {"width": 1280, "height": 800, "axe": "/path/to/axe.min.js" (optional), "steps": [...]}.
Chromium starts with a fresh temporary profile at width x height, DevTools on loopback only, and
is stopped at the end whatever happens. Each step is an object whose "do" says what it does:

  goto         {"url", "timeout"}: opens the address and waits for the page's load event (30 s
               unless told); records url and status.
  fill         {"selector", "value"}: sets an input's, textarea's or select's value and sends input
               and change events, as typing would; a checkbox or radio takes "on" or "off".
  upload       {"selector", "path"}: gives a file input that file (DOM.setFileInputFiles).
  click        {"selector", "navigates", "timeout"}: clicks as a person would (element.click());
               when navigates is true, waits for the next page's load event, as goto does.
  press        {"key", "navigates"}: a key on the keyboard, to whatever has the focus: Enter, Tab,
               Shift+Tab, Escape, Space, Backspace, the arrows, Home, End, PageUp, PageDown or one
               character; records the element that has the focus after it (tag, id, name, text).
  waitText     {"text", "timeout"}: waits (5 s unless told) until the page's visible text holds
               text; records elapsedMs, or fails with what the page shows.
  snapshot     {"name", "screenshot"}: records url, title, text (innerText), scrollWidth,
               viewportWidth, screenshot (a PNG is written at that path when one is given) and
               status, the HTTP status of the main document's last response.
  axe          {"name"}: runs axe-core (the scenario's "axe" file, loaded into the page) and records
               its violations: [{id, impact, help, nodes: [{target, html (200 characters at most)}]}].
  eval         {"expression", "name"}: records the expression's value (a promise is awaited).
  setViewport  {"width", "height", "mobile"}: resizes the page; mobile also emulates touch.
  cookies      records the browser's cookies: name, domain, path, httpOnly, sameSite, secure,
               expires, session (never their values).

Prints one JSON object: {"results": [{"step": INDEX, "do": ..., "name": ..., "at": ..., ...}],
"consoleErrors": [...], "dialogs": [...], "error": null}. Steps count from 0. Every result's "at" is
when its step ended, in milliseconds since 1970 (time.time() * 1000), so that a test can compare it
with the time of something another process did (a change answered by a server). The first step that
fails ends the scenario: "error" says "step N (do): what went wrong", the JSON is still printed,
and the exit status is 1 (0 when every step passed, 2 when the scenario cannot be read).
consoleErrors lists, each with the step during which it came, uncaught exceptions, console.error
calls and the browser's own error entries (Content-Security-Policy violations, failed loads).
A JavaScript dialog (alert, confirm, prompt) is accepted and listed in dialogs.
No step takes more than 60 s. Standard library only (Scripts/lib/devtools.py is the client).
"""
import base64, json, os, sys, time

sys.dont_write_bytecode = True  # no __pycache__ beside the shared client
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from devtools import StartFailure, chromium  # noqa: E402  (Scripts/lib/devtools.py)

STEP_LIMIT = 60  # seconds, for any one step
LOAD_LIMIT = 30  # seconds a page may take to load, unless the step says "timeout"
TEXT_LIMIT = 600  # characters of the page's text quoted in a failure

# key: (key, code, Windows virtual key code, text it types)
KEYS = {
    "Enter": ("Enter", "Enter", 13, "\r"),
    "Tab": ("Tab", "Tab", 9, None),
    "Escape": ("Escape", "Escape", 27, None),
    "Space": (" ", "Space", 32, " "),
    "Backspace": ("Backspace", "Backspace", 8, None),
    "ArrowLeft": ("ArrowLeft", "ArrowLeft", 37, None),
    "ArrowUp": ("ArrowUp", "ArrowUp", 38, None),
    "ArrowRight": ("ArrowRight", "ArrowRight", 39, None),
    "ArrowDown": ("ArrowDown", "ArrowDown", 40, None),
    "Home": ("Home", "Home", 36, None),
    "End": ("End", "End", 35, None),
    "PageUp": ("PageUp", "PageUp", 33, None),
    "PageDown": ("PageDown", "PageDown", 34, None),
}
MODIFIERS = {"Alt": 1, "Control": 2, "Ctrl": 2, "Meta": 4, "Shift": 8}

FILL = """(function (selector, value) {
  var field = document.querySelector(selector);
  if (!field) return "no element matches " + selector;
  if (field.disabled) return selector + " is disabled";
  var tag = field.tagName.toLowerCase();
  field.focus();
  if (tag === "input" && (field.type === "checkbox" || field.type === "radio")) {
    if (value !== "on" && value !== "off") return "a " + field.type + " takes \\"on\\" or \\"off\\", not " + JSON.stringify(value);
    field.checked = value === "on";
  } else if (tag === "input" && field.type === "file") {
    return selector + " is a file input: upload gives it a file";
  } else if (tag === "input" || tag === "textarea" || tag === "select") {
    var prototype = {input: HTMLInputElement, textarea: HTMLTextAreaElement, select: HTMLSelectElement}[tag].prototype;
    Object.getOwnPropertyDescriptor(prototype, "value").set.call(field, value);
    if (tag === "select" && field.value !== value)
      return selector + " has no option " + JSON.stringify(value) + " (its options: " +
        Array.from(field.options).map(function (o) { return JSON.stringify(o.value); }).join(", ") + ")";
    if (value !== "" && field.value === "") return selector + " refused the value " + JSON.stringify(value);
  } else {
    return selector + " is a " + tag + ", not a field";
  }
  field.dispatchEvent(new Event("input", {bubbles: true}));
  field.dispatchEvent(new Event("change", {bubbles: true}));
  return null;
})"""

CLICK = """(function (selector) {
  var element = document.querySelector(selector);
  if (!element) return "no element matches " + selector;
  if (element.disabled) return selector + " is disabled";
  element.click();
  return null;
})"""

FOCUSED = """(function () {
  var element = document.activeElement;
  if (!element || element === document.body) return null;
  var text = (element.innerText || element.value || element.getAttribute("aria-label") || "").trim();
  return {tag: element.tagName.toLowerCase(), id: element.id || null,
          name: element.getAttribute("name"), text: text.slice(0, 80)};
})()"""

AXE_RUN = """axe.run(document, {resultTypes: ["violations"]}).then(function (results) {
  return results.violations.map(function (violation) {
    return {id: violation.id, impact: violation.impact, help: violation.help,
            nodes: violation.nodes.map(function (node) {
              return {target: node.target, html: (node.html || "").slice(0, 200)};
            })};
  });
})"""

PAGE_TEXT = "document.body ? document.body.innerText : ''"


class StepFailure(Exception):
    """A step that could not do what it says; the message tells what the page had instead."""


class Scenario:
    def __init__(self, tools, scenario):
        self.tools, self.scenario = tools, scenario
        self.step = None
        self.status = None
        self.console_errors, self.dialogs = [], []
        self.axe_source = None
        tools.on_event = self.observe
        tools.send("Page.enable")
        tools.send("Network.enable")
        tools.send("Runtime.enable")
        tools.send("Log.enable")
        self.main_frame = tools.send("Page.getFrameTree")["frameTree"]["frame"]["id"]
        # The page behaves as the focused window (focus events, :focus-visible) for keyboard checks.
        tools.send("Emulation.setFocusEmulationEnabled", enabled=True)
        self.set_viewport(int(scenario.get("width", 1280)), int(scenario.get("height", 800)), False)

    # Events: statuses, console errors and dialogs, kept as they come.

    def observe(self, message):
        method, params = message.get("method", ""), message.get("params", {})
        if method == "Network.responseReceived":
            if params.get("type") == "Document" and params.get("frameId") == self.main_frame:
                self.status = params["response"].get("status")
        elif method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            text = details.get("exception", {}).get("description") or details.get("text", "")
            self.console_error("exception", text, details.get("url"), details.get("lineNumber"))
        elif method == "Runtime.consoleAPICalled":
            if params.get("type") in ("error", "assert"):
                text = " ".join(str(arg.get("value", arg.get("description", ""))) for arg in params.get("args", []))
                frames = (params.get("stackTrace") or {}).get("callFrames") or [{}]
                self.console_error("console", text, frames[0].get("url"), frames[0].get("lineNumber"))
        elif method == "Log.entryAdded":
            entry = params.get("entry", {})
            if entry.get("level") == "error":
                self.console_error(entry.get("source", "other"), entry.get("text", ""), entry.get("url"),
                                   entry.get("lineNumber"))
        elif method == "Page.javascriptDialogOpening":
            self.dialogs.append({"step": self.step, "type": params.get("type"), "message": params.get("message")})
            self.tools.send("Page.handleJavaScriptDialog", accept=True)
        else:
            # Only the load event is waited for (wait_for_load); the rest need not be kept.
            return method != "Page.loadEventFired"
        return True

    def console_error(self, source, text, url, line):
        self.console_errors.append({"step": self.step, "source": source, "text": text, "url": url or None,
                                    "line": line})

    # Helpers.

    def call(self, function, *arguments, await_promise=False, timeout=None):
        """The value of a page function called with JSON arguments (an exception fails the step)."""
        expression = f"{function}({', '.join(json.dumps(a) for a in arguments)})" if arguments else function
        return self.evaluate(expression, await_promise=await_promise, timeout=timeout)

    def evaluate(self, expression, await_promise=False, timeout=None):
        result = self.tools.command(
            "Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": await_promise,
                                 "userGesture": True}, timeout=timeout)
        if "exceptionDetails" in result:
            details = result["exceptionDetails"]
            raise StepFailure("the script failed: " + (details.get("exception", {}).get("description")
                                                       or details.get("text", "")))
        return result["result"].get("value")

    def page_text(self):
        try:
            return self.evaluate(PAGE_TEXT) or ""
        except (StepFailure, RuntimeError):
            return ""  # between two pages

    def wait_for_load(self, step):
        self.tools.wait_for("Page.loadEventFired", timeout=min(float(step.get("timeout", LOAD_LIMIT)), STEP_LIMIT))
        return {"url": self.evaluate("location.href"), "status": self.status}

    def set_viewport(self, width, height, mobile):
        self.tools.send("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=1,
                        mobile=mobile)
        if mobile:
            self.tools.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        else:
            self.tools.send("Emulation.setTouchEmulationEnabled", enabled=False)

    # Steps: each returns the fields it records.

    def do_goto(self, step):
        self.tools.discard("Page.loadEventFired")
        answer = self.tools.send("Page.navigate", url=required(step, "url"))
        if answer.get("errorText"):
            raise StepFailure(f"cannot open {step['url']}: {answer['errorText']}")
        return self.wait_for_load(step)

    def do_fill(self, step):
        problem = self.call(FILL, required(step, "selector"), str(required(step, "value")))
        if problem:
            raise StepFailure(problem)
        return {}

    def do_upload(self, step):
        selector, path = required(step, "selector"), required(step, "path")
        if not os.path.isfile(path):
            raise StepFailure(f"no file {path}")
        found = self.tools.send("Runtime.evaluate", expression=f"document.querySelector({json.dumps(selector)})")
        element = found.get("result", {})
        if element.get("subtype") != "node":
            raise StepFailure(f"no element matches {selector}")
        self.tools.send("DOM.setFileInputFiles", files=[os.path.abspath(path)], objectId=element["objectId"])
        self.tools.send("Runtime.releaseObject", objectId=element["objectId"])
        return {}

    def do_click(self, step):
        self.tools.discard("Page.loadEventFired")
        problem = self.call(CLICK, required(step, "selector"))
        if problem:
            raise StepFailure(problem)
        return self.wait_for_load(step) if step.get("navigates") else {}

    def do_press(self, step):
        combination = str(required(step, "key"))
        *held, name = combination.rsplit("+", 1) if len(combination) > 1 else [combination]
        held = held[0].split("+") if held else []
        if name in KEYS:
            key, code, virtual, text = KEYS[name]
        elif len(name) == 1:
            key, code, virtual, text = name, "", ord(name.upper()), name
        else:
            raise StepFailure(f"unknown key {name!r} (known: {', '.join(KEYS)} or one character)")
        if any(h not in MODIFIERS for h in held):
            raise StepFailure(f"unknown modifier in {combination!r} (known: {', '.join(MODIFIERS)})")
        modifiers = sum({MODIFIERS[h] for h in held})
        event = {"key": key, "code": code, "windowsVirtualKeyCode": virtual, "nativeVirtualKeyCode": virtual,
                 "modifiers": modifiers}
        self.tools.discard("Page.loadEventFired")
        if text is not None and not modifiers & (MODIFIERS["Control"] | MODIFIERS["Meta"] | MODIFIERS["Alt"]):
            self.tools.command("Input.dispatchKeyEvent", dict(event, type="keyDown", text=text, unmodifiedText=text))
        else:
            self.tools.command("Input.dispatchKeyEvent", dict(event, type="rawKeyDown"))
        self.tools.command("Input.dispatchKeyEvent", dict(event, type="keyUp"))
        recorded = self.wait_for_load(step) if step.get("navigates") else {}
        recorded["focused"] = self.evaluate(FOCUSED)
        return recorded

    def do_waitText(self, step):
        text = str(required(step, "text"))
        timeout = min(float(step.get("timeout", 5)), STEP_LIMIT - 5)
        start = time.time()
        while True:
            shown = self.page_text()
            if text in shown:
                return {"elapsedMs": round((time.time() - start) * 1000)}
            if time.time() - start >= timeout:
                url = self.page_url()
                raise StepFailure(f"{text!r} did not appear within {timeout:g} s; the page ({url}) shows: "
                                  f"{shown[:TEXT_LIMIT]!r}")
            time.sleep(0.1)

    def page_url(self):
        try:
            return self.evaluate("location.href")
        except (StepFailure, RuntimeError):
            return "?"

    def do_snapshot(self, step):
        screenshot = step.get("screenshot")
        if screenshot:
            shot = self.tools.send("Page.captureScreenshot", format="png")
            os.makedirs(os.path.dirname(os.path.abspath(screenshot)), exist_ok=True)
            with open(screenshot, "wb") as file:
                file.write(base64.b64decode(shot["data"]))
        return {
            "url": self.evaluate("location.href"),
            "title": self.evaluate("document.title"),
            "text": self.evaluate(PAGE_TEXT),
            "scrollWidth": self.evaluate("document.documentElement.scrollWidth"),
            "viewportWidth": self.evaluate("window.innerWidth"),
            "screenshot": screenshot,
            "status": self.status,
        }

    def do_axe(self, step):
        if self.axe_source is None:
            path = self.scenario.get("axe")
            if not path:
                raise StepFailure('the scenario names no "axe" file (axe.min.js)')
            try:
                with open(path, encoding="utf-8") as file:
                    self.axe_source = file.read()
            except OSError as error:
                raise StepFailure(f"cannot read the axe file: {error}")
        if self.evaluate("typeof axe === 'undefined'"):
            loaded = self.tools.command("Runtime.evaluate", {"expression": self.axe_source}, timeout=STEP_LIMIT)
            if "exceptionDetails" in loaded:
                raise StepFailure(f"axe did not load: {loaded['exceptionDetails'].get('text')}")
        violations = self.evaluate(AXE_RUN, await_promise=True, timeout=STEP_LIMIT)
        return {"url": self.evaluate("location.href"), "violations": violations}

    def do_eval(self, step):
        return {"value": self.evaluate(required(step, "expression"), await_promise=True)}

    def do_setViewport(self, step):
        width, height = int(required(step, "width")), int(required(step, "height"))
        self.set_viewport(width, height, bool(step.get("mobile", False)))
        return {"width": width, "height": height, "mobile": bool(step.get("mobile", False))}

    def do_cookies(self, step):
        cookies = self.tools.send("Network.getAllCookies").get("cookies", [])
        return {"cookies": [{"name": c.get("name"), "domain": c.get("domain"), "path": c.get("path"),
                             "httpOnly": c.get("httpOnly"), "sameSite": c.get("sameSite"),
                             "secure": c.get("secure"), "expires": c.get("expires"), "session": c.get("session")}
                            for c in cookies]}

    # The scenario.

    def run(self, steps):
        results, error = [], None
        for index, step in enumerate(steps):
            self.step = index
            kind = step.get("do") if isinstance(step, dict) else None
            self.tools.deadline = time.time() + STEP_LIMIT
            try:
                action = getattr(self, f"do_{kind}", None) if isinstance(kind, str) else None
                if action is None:
                    raise StepFailure(f"unknown step {kind!r}")
                recorded = action(step)
            except Exception as failure:  # noqa: BLE001  (any failure ends the scenario with its message)
                error = f"step {index} ({kind}): {failure}"
                break
            finally:
                self.tools.deadline = None
            results.append({"step": index, "do": kind, "name": step.get("name"), "at": round(time.time() * 1000),
                            **recorded})
        return results, error


def required(step, field):
    if field not in step:
        raise StepFailure(f"the step needs {field!r}")
    return step[field]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: chromium-scenario.py SCENARIO.json")
    try:
        with open(sys.argv[1], encoding="utf-8") as file:
            scenario = json.load(file)
        steps = scenario["steps"]
        width, height = int(scenario.get("width", 1280)), int(scenario.get("height", 800))
    except (OSError, ValueError, KeyError, TypeError) as error:
        print(f"cannot read the scenario {sys.argv[1]}: {error!r}", file=sys.stderr)
        sys.exit(2)
    output = {"results": [], "consoleErrors": [], "dialogs": [], "error": None}
    try:
        with chromium(width, height) as tools:
            player = None
            try:
                player = Scenario(tools, scenario)
                output["results"], output["error"] = player.run(steps)
            except Exception as failure:  # noqa: BLE001
                output["error"] = f"chromium: {failure}"
            if player is not None:
                output["consoleErrors"], output["dialogs"] = player.console_errors, player.dialogs
    except (StartFailure, OSError) as failure:
        output["error"] = f"chromium: {failure}"
    print(json.dumps(output))
    sys.exit(1 if output["error"] else 0)


if __name__ == "__main__":
    main()
