"""Preloaded by the workers of a local Dask cluster (``DaskExecutor(workers=N)``) and by nothing else.

Ctrl-C on a terminal reaches every process of its group: the submitting
process handles it (closes the cluster, says "interrupted"); the workers
ignore it instead of each printing a traceback.
"""

from __future__ import annotations

import signal
import threading


def dask_setup(worker: object) -> None:
    """Dask's preload hook: ignore SIGINT in this worker process."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
