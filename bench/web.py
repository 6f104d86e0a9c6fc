"""Load test of the web app on loopback: hint sessions from many clients at once.

Run: ``python -m bench.web`` (writes bench/results/web.md). Starts ``sleuth serve`` in a
subprocess on a free loopback port (with a fresh cache folder), waits until it answers and has
warmed its lists' openings, then lets ``--clients`` clients (a thread each, with its own
keep-alive connection) play ``--sessions`` hint sessions between them, each one a new session,
a guess and its state: latency per request (p50, p99), errors, and the server's resident memory
before and after. The sessions are played twice with the same seed: first each position is new
to the server, then each has been seen. Last, a burst of bad requests, after which the server
must still answer. ``--quick``: 5 clients, 20 sessions, written nowhere.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import psutil

from bench.common import header, kept_unless
from sleuth.words import feedback as fb
from sleuth.words import lists as shipped

SEED = 18
#: First guesses players often open with; each session opens with one of them at random.
OPENERS = ("crane", "slate", "salet", "trace", "crate", "adieu", "audio", "raise", "arise",
           "stare", "roate", "soare", "tares", "least", "steam", "house", "later", "irate",
           "arose", "tarse")
GOAL_MS = 100.0


@dataclass
class Tally:
    """Latencies (ms) and failures of one kind of request."""

    ms: list[float] = field(default_factory=list)
    errors: int = 0
    statuses: dict[int, int] = field(default_factory=dict)

    def add(self, ms: float, status: int, ok: bool) -> None:
        self.ms.append(ms)
        self.statuses[status] = self.statuses.get(status, 0) + 1
        self.errors += not ok


def percentile(values: list[float], p: float) -> float:
    """The ``p``-th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(p / 100 * len(ordered) + 0.5) - 1))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server(port: int, cache: Path) -> subprocess.Popen:
    """``sleuth serve`` on loopback, in its own process (its log to a file in ``cache``)."""
    env = {**os.environ, "SLEUTH_CACHE_DIR": str(cache)}
    log = (cache / "server.log").open("w")
    return subprocess.Popen([sys.executable, "-m", "sleuth", "serve", "--port", str(port)],
                            env=env, stdout=log, stderr=subprocess.STDOUT,
                            stdin=subprocess.DEVNULL)


def wait_until(check: Callable[[], bool], seconds: float, what: str) -> float:
    """Seconds until ``check()`` holds (polled); SystemExit past ``seconds``."""
    started = time.perf_counter()
    while not check():
        if time.perf_counter() - started > seconds:
            sys.exit(f"bench.web: {what} took over {seconds:.0f} s")
        time.sleep(0.05)
    return time.perf_counter() - started


def answers(base: str) -> bool:
    try:
        return httpx.get(base + "/api/lists", timeout=1).status_code == 200
    except httpx.HTTPError:
        return False


def warmed(base: str) -> bool:
    """Whether the server's warm-up at start is over."""
    try:
        return bool(httpx.get(base + "/api/hint/warmed", timeout=5).json()["done"])
    except (httpx.HTTPError, ValueError, KeyError):
        return False


def sessions(name: str, count: int, seed: int) -> list[tuple[str, str]]:
    """``count`` (first guess, colours) pairs: a random opener against a random answer."""
    rng = random.Random(seed)
    secrets = shipped.read(name, "answers")
    plays = []
    for _ in range(count):
        word, secret = rng.choice(OPENERS), rng.choice(secrets)
        plays.append((word, fb.to_text(fb.reference_code(word, secret), 5, "digits")))
    return plays


class Client:
    """One keep-alive connection to the server (``http.client``: light enough that 50 clients
    in threads leave the CPU to the server; it reconnects after the server closes)."""

    def __init__(self, port: int) -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)

    def call(self, tally: Tally, method: str, path: str, body: object = None,
             ok: int = 200) -> dict | None:
        """One request, its latency and status counted in ``tally``; its JSON answer (None
        when it failed). ``body``: a JSON value, or raw bytes sent as JSON."""
        data = body if isinstance(body, bytes) else (
            None if body is None else json.dumps(body).encode())
        headers = {} if data is None else {"Content-Type": "application/json"}
        started = time.perf_counter()
        try:
            self.conn.request(method, path, body=data, headers=headers)
            response = self.conn.getresponse()
            payload = response.read()
        except (OSError, http.client.HTTPException):
            self.conn.close()
            tally.add((time.perf_counter() - started) * 1000, 0, False)
            return None
        tally.add((time.perf_counter() - started) * 1000, response.status,
                  response.status == ok)
        if response.will_close:
            self.conn.close()
        try:
            return json.loads(payload)
        except ValueError:
            return None

    def play(self, name: str, word: str, colours: str, tallies: dict[str, Tally]) -> None:
        """One hint session: a new one, a guess, its state."""
        opened = self.call(tallies["new session"], "POST", "/api/hint", {"list": name}, 201)
        if opened is None or "session" not in opened:
            return
        key = opened["session"]
        self.call(tallies["guess"], "POST", f"/api/hint/{key}/guess",
                  {"word": word, "feedback": colours})
        self.call(tallies["state"], "GET", f"/api/hint/{key}")


def in_threads(port: int, clients: int, work: Callable[[Client], None]) -> float:
    """``work`` run by ``clients`` threads at once, each with its own connection; the wall
    time."""
    def run() -> None:
        client = Client(port)
        try:
            work(client)
        finally:
            client.conn.close()

    threads = [threading.Thread(target=run) for _ in range(clients)]
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return time.perf_counter() - started


def load(port: int, name: str, plays: list[tuple[str, str]], clients: int
         ) -> tuple[dict[str, Tally], float]:
    """Every session played by ``clients`` clients at once; the tallies and the wall time."""
    tallies = {kind: Tally() for kind in ("new session", "guess", "state")}
    queue = list(reversed(plays))
    lock = threading.Lock()

    def sessions(client: Client) -> None:
        while True:
            with lock:
                if not queue:
                    return
                word, colours = queue.pop()
            client.play(name, word, colours, tallies)

    return tallies, in_threads(port, clients, sessions)


#: Bad requests of the burst: (method, path, body or raw bytes, what it is).
BAD: list[tuple[str, str, object, str]] = [
    ("POST", "/api/hint", {"list": "/etc/passwd"}, "unknown list"),
    ("POST", "/api/hint", b"{nope", "broken JSON"),
    ("POST", "/api/hint", b"{" + b" " * 20_000 + b"}", "body over 16 KB"),
    ("GET", "/api/hint/no-such-session", None, "unknown session"),
    ("POST", "/api/hint/{key}/guess", {"word": "zzzzz", "feedback": "00000"}, "unknown word"),
    ("POST", "/api/hint/{key}/guess", {"word": "crane", "feedback": "0123"}, "bad colours"),
    ("POST", "/api/hint/{key}/guess", {"word": 5}, "wrong types"),
    ("GET", "/api/hint/{key}/split?word=../etc", None, "bad split word"),
    ("POST", "/api/hint/{key}/paste", {"text": "\U0001f7e9" * 1000}, "garbage grid"),
    ("POST", "/api/hint/{key}/exact", None, "exact search in hard mode"),
    ("GET", "/no/such/page", None, "unknown page"),
]


def burst(port: int, name: str, count: int, clients: int) -> tuple[Tally, bool]:
    """``count`` bad requests from ``clients`` clients (the kinds of :data:`BAD` in turn):
    any 5xx or a request left unanswered is an error. Then whether a good session works."""
    tally, lock = Tally(), threading.Lock()
    opened = Client(port).call(Tally(), "POST", "/api/hint", {"list": name, "hard": True}, 201)
    key = (opened or {}).get("session", "none")
    todo = list(range(count))

    def bad(client: Client) -> None:
        while True:
            with lock:
                if not todo:
                    return
                method, path, body, _ = BAD[todo.pop() % len(BAD)]
            client.call(tally, method, path.replace("{key}", key), body, ok=0)

    in_threads(port, clients, bad)
    tally.errors = sum(n for status, n in tally.statuses.items() if not 400 <= status < 500)
    good = Tally()
    Client(port).play(name, "crane", "00000", {"new session": good, "guess": good,
                                               "state": good})
    return tally, good.errors == 0 and len(good.ms) == 3


def rss_mb(pid: int) -> float:
    return psutil.Process(pid).memory_info().rss / 2**20


def round_rows(label: str, tallies: dict[str, Tally]) -> list[str]:
    rows = []
    every = Tally()
    for kind, t in tallies.items():
        every.ms += t.ms
        every.errors += t.errors
        rows.append(f"| {label} | {kind} | {len(t.ms)} | {t.errors} | "
                    f"{percentile(t.ms, 50):.1f} | {percentile(t.ms, 99):.1f} | "
                    f"{max(t.ms):.1f} |")
    rows.append(f"| {label} | **every request** | {len(every.ms)} | {every.errors} | "
                f"{percentile(every.ms, 50):.1f} | {percentile(every.ms, 99):.1f} | "
                f"{max(every.ms):.1f} |")
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true",
                        help="5 clients, 20 sessions, a short burst; write nothing")
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--sessions", type=int, default=1000)
    parser.add_argument("--bad", type=int, default=1000, help="bad requests in the burst")
    parser.add_argument("--list", default=shipped.WORDLE, dest="name")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    if args.quick:
        args.clients, args.sessions, args.bad = 5, 20, 40
    plays = sessions(args.name, args.sessions, args.seed)
    with tempfile.TemporaryDirectory(prefix="sleuth-bench-web-") as cache:
        port = free_port()
        server = start_server(port, Path(cache))
        try:
            text = run(args, plays, port, server.pid)
        finally:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
    command = "python -m bench.web" + (" --quick" if args.quick else "")
    text = header("Web app under load (hint sessions on loopback)", command) + text
    kept_unless(args.quick, "web.md", text)
    print(text)


def run(args: argparse.Namespace, plays: list[tuple[str, str]], port: int, pid: int) -> str:
    """The measurements, as the results file's body."""
    base = f"http://127.0.0.1:{port}"
    up = wait_until(lambda: answers(base), 60, "the server's start")
    first = time.perf_counter()
    opened = httpx.post(base + "/api/hint", json={"list": args.name}, timeout=60)
    first_ms = (time.perf_counter() - first) * 1000
    warm = up + wait_until(lambda: warmed(base), 300, "warming the lists")
    rss = [("warmed, before the load", rss_mb(pid))]
    rounds = []
    for label in ("new positions", "positions seen"):
        tallies, wall = load(port, args.name, plays, args.clients)
        rounds.append((label, tallies, wall))
        rss.append((f"after the sessions ({label})", rss_mb(pid)))
    bad, alive = burst(port, args.name, args.bad, args.clients)
    rss.append(("after the burst of bad requests", rss_mb(pid)))
    return body(args, up, warm, first_ms, opened.status_code, rounds, rss, bad, alive)


def body(args: argparse.Namespace, up: float, warm: float, first_ms: float, first_status: int,
         rounds: list[tuple[str, dict[str, Tally], float]], rss: list[tuple[str, float]],
         bad: Tally, alive: bool) -> str:
    requests = sum(len(t.ms) for _, tallies, _ in rounds for t in tallies.values())
    lines = [
        f"- seed: {args.seed}; list: {args.name}; {args.clients} clients at once, "
        f"{args.sessions} sessions a round (a new session, a guess, its state: "
        f"{3 * args.sessions} requests), two rounds; {args.bad} bad requests",
        "- server: `sleuth serve` (uvicorn, one process, 4 worker threads) in a subprocess on "
        "127.0.0.1, a fresh cache folder; clients: threads of this process, each with its own "
        "keep-alive connection (`http.client`), each sending its next request as soon as the "
        "last is answered, on the same 2 cores as the server. The machine is shared with "
        "other work running at the same time (other helpers' tests and benchmarks), so the "
        "latencies are upper bounds of a quiet machine's.",
        f"- the server answered after {up:.1f} s; it warmed its lists' openings in the "
        f"background, done {warm:.1f} s after start; a new session asked at once (while it "
        f"warmed) took {first_ms:.0f} ms (status {first_status})",
        "",
        "Each session opens with one of 20 common first guesses (crane, slate, salet, ...) "
        "against a random answer. Round 1: each position is new to the server (its "
        "suggestions, and the exact search where 30 answers or fewer are left, are worked "
        "out then); round 2 plays the same sessions again, every position now in the "
        f"list's shared cache. Goal: p99 under {GOAL_MS:.0f} ms once the list's tables are "
        "cached, no errors, memory flat.",
        "",
        "| round | kind | requests | errors | p50 (ms) | p99 (ms) | max (ms) |",
        "|---|---|---|---|---|---|---|",
    ]
    for label, tallies, _ in rounds:
        lines += round_rows(label, tallies)
    lines += ["", "| round | wall (s) | requests a second |", "|---|---|---|"]
    for label, tallies, wall in rounds:
        count = sum(len(t.ms) for t in tallies.values())
        lines.append(f"| {label} | {wall:.1f} | {count / wall:.0f} |")
    lines += ["", "| when | server RSS (MB) |", "|---|---|"]
    lines += [f"| {when} | {mb:.0f} |" for when, mb in rss]
    kinds = ", ".join(f"{what}" for *_, what in BAD)
    statuses = ", ".join(f"{code}: {n}" for code, n in sorted(bad.statuses.items()))
    lines += ["", f"Burst: {len(bad.ms)} bad requests from {args.clients} clients, the kinds in "
              f"turn ({kinds}); statuses {statuses}; errors (5xx or no answer): {bad.errors}; "
              f"p99 {percentile(bad.ms, 99):.1f} ms. After it the server "
              f"{'still answers a whole hint session' if alive else 'FAILED a hint session'}.",
              "", f"{requests} hint requests in all."]
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main()
