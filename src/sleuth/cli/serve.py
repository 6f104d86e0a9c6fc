"""``sleuth serve``: the web page (Wordle hints and reviews) on a local address."""

from __future__ import annotations

from typing import Annotated

import typer

from sleuth.cli.common import fail

APP = "sleuth.web.app:create_app"  # the web page's app factory

app = typer.Typer(help="The web page: Wordle hints and post-game reviews in a browser.",
                  invoke_without_command=True, rich_markup_mode="markdown")


@app.callback()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (the default is this "
                                      "machine only).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="Port to listen on.")] = 8000,
) -> None:
    """Serve the web page until Ctrl-C; it prints the address to open and opens nothing."""
    import socket

    import uvicorn

    try:
        with socket.create_server((host, port)):
            pass  # the address is free: say so plainly now, not in uvicorn's log
    except OSError as error:
        raise fail(f"cannot listen on {host}:{port}: {error.strerror or error}") from None
    shown = f"[{host}]" if ":" in host else host
    typer.echo(f"sleuth: serving on http://{shown}:{port}/ (Ctrl-C stops)", err=False)
    # uvicorn imports the app by name: the command line and the web page stay siblings
    uvicorn.run(APP, factory=True, host=host, port=port, log_level="warning",
                timeout_keep_alive=5, limit_concurrency=100, timeout_graceful_shutdown=2)
