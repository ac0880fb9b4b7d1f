"""Headless Chromium and a minimal DevTools protocol (CDP) client for it. Standard library only.

Shared by Scripts/chromium-page-check.py and Scripts/chromium-scenario.py:

    with chromium(width, height) as tools:      # a fresh profile, DevTools on loopback only
        tools.send("Page.enable")
        tools.send("Page.navigate", url=url)
        tools.wait_for("Page.loadEventFired")
        tools.evaluate("document.title")

chromium() starts /usr/bin/chromium --headless=new with a temporary profile and
--remote-debugging-port=0, reads the port it chose from its standard error, connects to its page
and, whatever happens, stops it (its whole process group) and deletes the profile. It raises
StartFailure when Chromium is missing or does not start. Every read from the browser has a bound:
a command's answer is awaited `tools.timeout` seconds (30), an event `timeout` seconds, and neither
past `tools.deadline` when one is set (a time.time() value).
"""
import base64, collections, contextlib, json, os, queue, re, shutil, signal, socket, struct, subprocess
import tempfile, threading, time, urllib.request

# How long a message already begun may take to arrive whole.
MID_MESSAGE_LIMIT = 30


class StartFailure(RuntimeError):
    """Chromium is not installed, or did not start its DevTools server."""


class DevTools:
    """A minimal WebSocket client (RFC 6455, client frames masked) speaking CDP to one page.

    Answers are matched to commands by id; events are handed to `on_event` (when set), which
    returns True for those it consumed, and the rest are kept in `events` for wait_for. A command
    may be sent from on_event (to answer a dialog, say): answers are filed by id, so the command
    that was waiting still finds its own.
    """

    def __init__(self, ws_url, timeout=30):
        match = re.match(r"ws://([^:/]+):(\d+)(/.*)", ws_url)
        host, port, path = match.group(1), int(match.group(2)), match.group(3)
        self.sock = socket.create_connection((host, port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET {path} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        response = b""
        while b"\r\n\r\n" not in response:
            byte = self.sock.recv(1)
            if not byte:
                raise RuntimeError("DevTools closed the connection during the WebSocket upgrade")
            response += byte
        if b" 101 " not in response.split(b"\r\n")[0]:
            raise RuntimeError("WebSocket upgrade refused: " + response.decode(errors="replace"))
        self.timeout = timeout
        self.deadline = None
        self.on_event = None
        self.next_id = 0
        self.events = []
        self.answers = {}

    def _bound(self, deadline):
        return deadline if self.deadline is None else min(deadline, self.deadline)

    def _read_exactly(self, count, deadline=None):
        """count bytes; None when deadline is given and passes before the first byte comes."""
        data = b""
        while len(data) < count:
            if deadline is not None and not data:
                self.sock.settimeout(max(0.01, deadline - time.time()))
            else:
                self.sock.settimeout(MID_MESSAGE_LIMIT)
            try:
                chunk = self.sock.recv(count - len(data))
            except socket.timeout:
                if deadline is not None and not data:
                    return None
                raise RuntimeError("DevTools stopped in the middle of a message")
            if not chunk:
                raise RuntimeError("DevTools closed the connection")
            data += chunk
        return data

    def _receive(self, deadline):
        """The next whole message, or None when deadline passes before one begins."""
        message = b""
        while True:
            header = self._read_exactly(2, deadline if not message else None)
            if header is None:
                return None
            first, second = header
            length = second & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read_exactly(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read_exactly(8))[0]
            payload = self._read_exactly(length)
            opcode = first & 0x0F
            if opcode == 0x8:
                raise RuntimeError("DevTools closed the connection")
            if opcode in (0x9, 0xA):
                continue
            message += payload
            if first & 0x80:
                return json.loads(message)

    def _pump(self, deadline):
        """Reads one message and files it; False when deadline passed first."""
        message = self._receive(deadline)
        if message is None:
            return False
        if "id" in message:
            self.answers[message["id"]] = message
        elif not (self.on_event and self.on_event(message)):
            self.events.append(message)
        return True

    def command(self, method, params=None, timeout=None):
        """Sends a command and returns its result, waiting timeout seconds (self.timeout) at most."""
        self.next_id += 1
        command_id = self.next_id
        payload = json.dumps({"id": command_id, "method": method, "params": params or {}}).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        self.sock.settimeout(MID_MESSAGE_LIMIT)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        start = time.time()
        deadline = self._bound(start + (self.timeout if timeout is None else timeout))
        while command_id not in self.answers:
            if not self._pump(deadline):
                raise RuntimeError(f"{method}: no answer within {max(0, round(deadline - start))} s")
        message = self.answers.pop(command_id)
        if "error" in message:
            raise RuntimeError(f"{method}: {message['error']}")
        return message.get("result", {})

    def send(self, method, **params):
        return self.command(method, params)

    def discard(self, event):
        """Forgets the events of that name received so far (before waiting for the next one)."""
        self.events = [message for message in self.events if message.get("method") != event]

    def wait_for(self, event, timeout=20):
        start = time.time()
        deadline = self._bound(start + timeout)
        while True:
            for index, message in enumerate(self.events):
                if message.get("method") == event:
                    del self.events[index]
                    return message
            if not self._pump(deadline):
                raise RuntimeError(f"no {event} within {max(0, round(deadline - start))} s")

    def evaluate(self, expression):
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"script failed: {result['exceptionDetails']}")
        return result["result"].get("value")


def _stop(process):
    """Stops Chromium and every process it started (its process group)."""
    for sig, wait in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
        try:
            os.killpg(process.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass
        try:
            process.wait(timeout=wait)
            break
        except subprocess.TimeoutExpired:
            continue
    # Helpers that outlived the browser itself (renderers, zygote) go with it.
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _exit_on_sigterm(signum, frame):
    raise SystemExit(128 + signum)


@contextlib.contextmanager
def chromium(width, height):
    """Starts headless Chromium at width x height and yields a DevTools client for its page."""
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if not browser:
        raise StartFailure("chromium is not installed")
    profile = tempfile.mkdtemp(prefix="homeroom-chromium-")
    process = None
    # A terminated script still stops its browser (the finally below runs).
    previous = signal.signal(signal.SIGTERM, _exit_on_sigterm)
    try:
        process = subprocess.Popen(
            [browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
             "--disable-background-networking", "--disable-component-update", "--disable-sync", "--remote-debugging-port=0",
             "--remote-debugging-address=127.0.0.1", f"--user-data-dir={profile}", f"--window-size={width},{height}",
             "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace", start_new_session=True)
        # Standard error is read to its end by a thread of its own, so that a chatty browser never
        # blocks on a full pipe; its lines are passed on until the DevTools line is found.
        lines, listening = queue.Queue(), threading.Event()

        def drain():
            for line in process.stderr:
                if not listening.is_set():
                    lines.put(line)
            lines.put(None)

        threading.Thread(target=drain, daemon=True).start()
        port = None
        deadline = time.time() + 30
        while port is None:
            remaining = deadline - time.time()
            if remaining <= 0:
                raise StartFailure("chromium did not start its DevTools server")
            try:
                line = lines.get(timeout=remaining)
            except queue.Empty:
                continue
            if line is None:
                raise StartFailure("chromium stopped before listening")
            match = re.search(r"DevTools listening on ws://127\.0\.0\.1:(\d+)/", line)
            if match:
                port = int(match.group(1))
        listening.set()
        targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10))
        page = next(t for t in targets if t.get("type") == "page")
        yield DevTools(page["webSocketDebuggerUrl"])
    finally:
        if process is not None:
            _stop(process)
        shutil.rmtree(profile, ignore_errors=True)
        signal.signal(signal.SIGTERM, previous)
