#!/usr/bin/env python3
"""Opens a page in headless Chromium as a phone would (360x740), through the DevTools protocol.

Usage: chromium-page-check.py URL SCREENSHOT.png [FIELD=VALUE ...]

Loads URL, saves a screenshot, then, when fields are given, fills the page's form with them,
presses its submit button as a person would, waits for the next page, and saves a second
screenshot beside the first (NAME-after.png). Prints one JSON object: for each page its address,
its visible text, the widest element's width and the viewport width. Standard library only.
"""
import base64, json, os, re, shutil, socket, struct, subprocess, sys, tempfile, time, urllib.request

WIDTH, HEIGHT = 360, 740


class DevTools:
    """A minimal WebSocket client (RFC 6455, client frames masked) speaking CDP to one page."""

    def __init__(self, ws_url):
        match = re.match(r"ws://([^:/]+):(\d+)(/.*)", ws_url)
        host, port, path = match.group(1), int(match.group(2)), match.group(3)
        self.sock = socket.create_connection((host, port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        response = b""
        while b"\r\n\r\n" not in response:
            response += self.sock.recv(1)
        if b" 101 " not in response.split(b"\r\n")[0]:
            raise RuntimeError("WebSocket upgrade refused: " + response.decode(errors="replace"))
        self.next_id = 0
        self.events = []

    def _read_exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            data += chunk
        return data

    def _receive(self):
        message = b""
        while True:
            first, second = self._read_exactly(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read_exactly(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read_exactly(8))[0]
            message += self._read_exactly(length)
            if first & 0x80:
                return json.loads(message)

    def send(self, method, **params):
        self.next_id += 1
        payload = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        while True:
            message = self._receive()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def wait_for(self, event, timeout=20):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, message in enumerate(self.events):
                if message.get("method") == event:
                    del self.events[index]
                    return message
            self.events.append(self._receive())
        raise RuntimeError(f"no {event} within {timeout} s")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")


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
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        sys.exit("chromium is not installed")
    profile = tempfile.mkdtemp(prefix="homeroom-chromium-")
    process = subprocess.Popen(
        [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--remote-debugging-port=0",
         "--remote-debugging-address=127.0.0.1", f"--user-data-dir={profile}", f"--window-size={WIDTH},{HEIGHT}",
         "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        port = None
        deadline = time.time() + 30
        while port is None and time.time() < deadline:
            line = process.stderr.readline()
            if not line and process.poll() is not None:
                sys.exit("chromium stopped before listening")
            match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = int(match.group(1))
        if port is None:
            sys.exit("chromium did not start its DevTools server")
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
        page = next(t for t in targets if t.get("type") == "page")
        tools = DevTools(page["webSocketDebuggerUrl"])
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
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
