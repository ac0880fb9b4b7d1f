#!/usr/bin/env python3
"""A loopback SMTP server for Homeroom's e-mail tests (aiosmtpd, in .build-venv/smtp).

    smtp-server.py FOLDER --user NAME --password SECRET [--cert PEM --key PEM] [--plain]

Listens on 127.0.0.1 and a free port, which it writes to FOLDER/port once it accepts
connections. With --cert and --key it offers STARTTLS and requires it before anything else
(AUTH included); with --plain it offers no TLS at all. Every message needs AUTH with NAME and
SECRET. Each message taken is saved as FOLDER/mail-NNNN.eml (the bytes as received) and
FOLDER/mail-NNNN.json (the envelope, and the message as Python's email package reads it:
headers decoded, parts' text, defects). Recipients nobody@… get 550 and busy@… get 451.
Runs until SIGTERM.
"""

import argparse
import asyncio
import json
import os
import signal
import socket
import ssl
import threading
from email import policy
from email.parser import BytesParser

# A child of the test process inherits its blocked signals; SIGTERM must reach this one.
signal.pthread_sigmask(signal.SIG_SETMASK, [])

from aiosmtpd.controller import Controller  # noqa: E402
from aiosmtpd.smtp import AuthResult, LoginPassword  # noqa: E402


def read(content):
    message = BytesParser(policy=policy.default).parsebytes(content)
    headers = [[name, str(value)] for name, value in message.items()]
    parts = []
    for part in message.walk():
        if part.is_multipart():
            continue
        parts.append({
            "contentType": part.get_content_type(),
            "charset": part.get_content_charset(),
            "transferEncoding": part.get("Content-Transfer-Encoding"),
            "text": part.get_content() if part.get_content_maintype() == "text" else None,
        })
    defects = [repr(defect) for part in message.walk() for defect in part.defects]
    return {"headers": headers, "contentType": message.get_content_type(), "parts": parts, "defects": defects}


class Handler:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0
        self.lock = threading.Lock()

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        if address.lower().startswith("nobody@"):
            return "550 5.1.1 <%s>: no such user here" % address
        if address.lower().startswith("busy@"):
            return "451 4.3.0 mailbox busy, try again later"
        envelope.rcpt_tos.append(address)
        return "250 OK"

    async def handle_DATA(self, server, session, envelope):
        with self.lock:
            self.count += 1
            name = os.path.join(self.folder, "mail-%04d" % self.count)
        content = envelope.original_content or envelope.content
        record = {"mailFrom": envelope.mail_from, "recipients": envelope.rcpt_tos}
        record.update(read(content))
        with open(name + ".eml.tmp", "wb") as raw:
            raw.write(content)
        os.rename(name + ".eml.tmp", name + ".eml")
        with open(name + ".json.tmp", "w") as parsed:
            json.dump(record, parsed)
        os.rename(name + ".json.tmp", name + ".json")
        return "250 2.0.0 Message accepted for delivery"


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("folder")
    arguments.add_argument("--user", required=True)
    arguments.add_argument("--password", required=True)
    arguments.add_argument("--cert")
    arguments.add_argument("--key")
    arguments.add_argument("--plain", action="store_true")
    options = arguments.parse_args()

    def authenticate(server, session, envelope, mechanism, auth_data):
        ok = (isinstance(auth_data, LoginPassword) and auth_data.login == options.user.encode()
              and auth_data.password == options.password.encode())
        return AuthResult(success=ok, handled=False)

    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = probe.getsockname()[1]
    probe.close()
    tls = {}
    if not options.plain:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(options.cert, options.key)
        tls = {"tls_context": context, "require_starttls": True, "auth_require_tls": True}
    else:
        tls = {"auth_require_tls": False}
    controller = Controller(
        Handler(options.folder), hostname="127.0.0.1", port=port, authenticator=authenticate,
        auth_required=True, **tls)
    controller.start()
    with open(os.path.join(options.folder, "port.tmp"), "w") as written:
        written.write(str(port))
    os.rename(os.path.join(options.folder, "port.tmp"), os.path.join(options.folder, "port"))
    stopping = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stopping.set())
    signal.signal(signal.SIGINT, lambda *_: stopping.set())
    while not stopping.wait(0.5):
        pass
    controller.stop()


if __name__ == "__main__":
    main()
