"""``sleuth serve``: the help never loads the web stack; the command says its address and
serves the page there."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from helpers import sleuth_loading

pytestmark = pytest.mark.processes


@pytest.mark.parametrize("args", [["--help"], ["serve", "--help"]])
def test_help_does_not_load_the_web_stack(args: list[str]) -> None:
    shown, loaded = sleuth_loading(args, ("fastapi", "uvicorn", "sleuth.web"))
    assert "serve" in shown and loaded == "LOADED"


def test_serve_says_its_address_and_serves_the_page() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([sys.executable, "-m", "sleuth", "serve", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        assert f"http://127.0.0.1:{port}/" in line
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as page:
                    assert b"Wordle hints" in page.read()
                    break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=20)


def test_a_busy_port_is_one_error_line() -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "sleuth", "serve", "--port", str(port)],
                              capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and "cannot listen" in done.stderr
    assert "Traceback" not in done.stderr
