"""Pool workers that end with the process that started them."""

from __future__ import annotations

import os
import threading
import time


def watch_parent(parent: int, every: float = 0.5) -> None:
    """A pool worker's initializer: end the worker once the process that started it is gone.
    A study or tournament killed with ``kill -9`` cannot tell its workers, which would play on
    until killed by hand; each worker polls its parent's pid and exits when it changes (the
    orphan was handed to another process)."""

    def watch() -> None:
        while True:
            time.sleep(every)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="grimoire-parent-watch", daemon=True).start()
