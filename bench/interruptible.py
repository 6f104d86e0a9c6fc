"""What a call of ``core.parallel.interruptible`` costs: empty work handed to the main thread's
kept server thread, against a thread started for the call (``on_threads``, what
``interruptible`` did before 864f35d), the work run in place (where Ctrl-C cannot be raised)
and a plain call.

Run: ``python -m bench.interruptible [--calls N]`` (writes bench/results/interruptible.md).
Each way makes ``--calls`` calls, best of five rounds taken in turn, one process; the machine
is shared, so read the ratios. ``--quick``: 500 calls, written nowhere.
"""

from __future__ import annotations

import argparse
import signal
import time
from collections.abc import Callable

from bench.common import command_line, header, kept_unless
from sleuth.core.parallel import interruptible, on_threads

ROUNDS = 5


def _empty() -> int:
    return 42


#: Each way of calling the empty work, as the table names it, and whether SIGINT is ignored
#: meanwhile (as in a worker process: Ctrl-C cannot be raised, the work runs in place).
WAYS: dict[str, tuple[Callable[[], int], bool]] = {
    "plain call": (_empty, False),
    "interruptible, kept server thread": (lambda: interruptible(_empty), False),
    "a thread started per call (on_threads)":
        (lambda: on_threads(lambda _: _empty(), [None])[0], False),
    "interruptible, in place (SIGINT ignored)": (lambda: interruptible(_empty), True),
}


def _seconds(way: Callable[[], int], calls: int, ignore: bool) -> float:
    """Seconds of ``calls`` calls of ``way``, SIGINT ignored meanwhile if ``ignore``."""
    before = signal.signal(signal.SIGINT, signal.SIG_IGN) if ignore else None
    try:
        start = time.perf_counter()
        for _ in range(calls):
            way()
        return time.perf_counter() - start
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


def per_call(calls: int) -> dict[str, float]:
    """Microseconds a call, per way: the best of :data:`ROUNDS` rounds of ``calls`` calls,
    the ways taken in turn within each round."""
    best = dict.fromkeys(WAYS, float("inf"))
    for _ in range(ROUNDS):
        for name, (way, ignore) in WAYS.items():
            best[name] = min(best[name], _seconds(way, calls, ignore) / calls * 1e6)
    return best


def table(costs: dict[str, float]) -> str:
    """The Markdown table of :func:`per_call`'s costs, each beside the kept server's."""
    served = costs["interruptible, kept server thread"]
    lines = ["| way | us a call | / kept server |", "|---|---|---|"]
    lines += [f"| {name} | {us:.2f} | {us / served:.3f}x |" for name, us in costs.items()]
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=5000, help="calls a round, per way")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    if args.quick:
        args.calls = 500
    if args.calls < 1:
        parser.error("--calls must be at least 1")
    rows = table(per_call(args.calls))
    print(rows, end="")
    text = (header("What a call of core.parallel.interruptible costs",
                   command_line("interruptible", argv))
            + f"- calls: {args.calls} a round per way, best of {ROUNDS} rounds\n\n" + rows
            + "\nA sweep's late opener calls the search's kernel about 27 times (once per "
              "class) in 25-40 ms;\nthe whole-sweep effect of this change (892 s to 661 s on "
              "the original lists) is in\nbench/results/sweep/wordle-original-normal.runs.jsonl"
              " (864f35d).\n")
    kept_unless(args.quick, "interruptible.md", text)


if __name__ == "__main__":
    main()
