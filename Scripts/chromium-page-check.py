#!/usr/bin/env python3
"""Opens a page in headless Chromium as a phone would (360x740), through the DevTools protocol.

Usage: chromium-page-check.py URL SCREENSHOT.png [FIELD=VALUE ...]

Loads URL, saves a screenshot, then, when fields are given, fills the page's form with them,
presses its submit button as a person would, waits for the next page, and saves a second
screenshot beside the first (NAME-after.png). Prints one JSON object: for each page its address,
its visible text, the widest element's width and the viewport width. Standard library only.
"""
import base64, json, os, re, sys

sys.dont_write_bytecode = True  # no __pycache__ beside the shared client
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from devtools import StartFailure, chromium  # noqa: E402  (Scripts/lib/devtools.py)

WIDTH, HEIGHT = 360, 740


def describe(tools, screenshot):
    shot = tools.send("Page.captureScreenshot", format="png")
    with open(screenshot, "wb") as file:
        file.write(base64.b64decode(shot["data"]))
    return {
        "url": tools.evaluate("location.href"),
        "text": tools.evaluate("document.body.innerText"),
        "scrollWidth": tools.evaluate("document.documentElement.scrollWidth"),
        "viewportWidth": tools.evaluate("window.innerWidth"),
        "screenshot": screenshot,
    }


def main():
    url, screenshot, fields = sys.argv[1], sys.argv[2], [a.split("=", 1) for a in sys.argv[3:]]
    try:
        with chromium(WIDTH, HEIGHT) as tools:
            tools.send("Page.enable")
            tools.send("Emulation.setDeviceMetricsOverride", width=WIDTH, height=HEIGHT, deviceScaleFactor=1, mobile=True)
            tools.send("Page.navigate", url=url)
            tools.wait_for("Page.loadEventFired")
            pages = [describe(tools, screenshot)]
            if fields:
                for name, value in fields:
                    tools.evaluate(
                        f"(function(){{var f=document.querySelector('form [name={json.dumps(name)}]');"
                        f"if(!f)throw new Error('no field {name}');"
                        f"if(f.type==='checkbox'){{f.checked={json.dumps(value)}==='on';}}else{{f.value={json.dumps(value)};}}}})()")
                tools.evaluate("document.querySelector('form button[type=submit]').click()")
                tools.wait_for("Page.loadEventFired")
                pages.append(describe(tools, re.sub(r"(\.png)?$", "-after.png", screenshot, count=1)))
            print(json.dumps({"pages": pages}))
    except StartFailure as failure:
        sys.exit(str(failure))


if __name__ == "__main__":
    main()
