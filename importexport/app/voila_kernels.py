"""The kernel manager ``importexport app`` gives Voila: idle culling that spares the preheated kernels.

Voila (0.5.x) builds its kernel manager by subclassing the class named in
``--VoilaConfiguration.multi_kernel_manager_class`` (``voila_kernel_manager_factory``), so the
methods here sit *below* Voila's own and are reached through ``super()``.

jupyter_server's culler shuts down a kernel that has had no connection and no activity for
``cull_idle_timeout`` seconds.  Left as it is, it would also take two kinds of kernel a visitor is
about to need:

* a kernel still waiting in Voila's preheat pool (it ran the notebook and has been quiet since).
  Voila's ``cull_kernel_if_idle`` already passes over these; :meth:`cull_kernel_if_idle` checks
  the pool again so that the app does not depend on it;
* the kernel Voila has *just* taken out of the pool for a new page: its last activity is when it
  was preheated, maybe long ago, and the page's websocket connects only a moment later.  Culled
  in that moment, the page never comes up (measured with Voila 0.5.13).  So a kernel gets a full
  ``cull_idle_timeout`` (and at least ``handoff_seconds``) from the first time the culler sees it
  outside the pool before it can go.

A page that vanished without saying goodbye loses its connection, and its kernel goes once it
has been idle for the timeout.  A page that is still open (``cull_connected`` is left False for
jupyter_server's own check) keeps its kernel far longer: only after ``open_idle_seconds`` without
any activity (no click, nothing shown) is it taken as a tab forgotten open.  The game it held is
not lost: the page kept it in the browser, and reloading offers to continue it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets import Integer


def utcnow() -> datetime:
    """The time now, in UTC (the tests move it)."""
    return datetime.now(UTC)


def pooled_kernel_ids(pools: dict[str, list[Any]]) -> set[str]:
    """The ids of the kernels waiting in Voila's preheat pools (``VoilaKernelManager._pools``: per
    notebook a list of asyncio tasks, each done with ``{"kernel_id": ..., ...}`` once preheated)."""
    ids: set[str] = set()
    for pool in pools.values():
        for task in pool:
            if task.done() and not task.cancelled() and task.exception() is None:
                kernel_id = task.result().get("kernel_id")
                if kernel_id is not None:
                    ids.add(kernel_id)
    return ids


class PoolSparingKernelManager(AsyncMappingKernelManager):
    """An ``AsyncMappingKernelManager`` whose idle culling never takes a kernel still in Voila's
    preheat pool, nor one that left the pool less than ``cull_idle_timeout`` (or ``handoff_seconds``,
    if longer) ago."""

    handoff_seconds = Integer(
        20,
        config=True,
        help="""The least time a kernel that has just left the preheat pool is kept for its page to
        connect, however short cull_idle_timeout is (the tests make it a few seconds).""",
    )

    open_idle_seconds = Integer(
        3 * 3600,
        config=True,
        help="""A kernel whose page is still connected is shut down after this many seconds without
        any activity (a tab forgotten open); 0: never.""",
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._outside_pool_since: dict[str, datetime] = {}

    async def cull_kernels(self) -> None:
        """Forget the kernels that are gone, then cull as jupyter_server does."""
        for kernel_id in list(self._outside_pool_since):
            if kernel_id not in self._kernels:
                del self._outside_pool_since[kernel_id]
        await super().cull_kernels()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        """Cull ``kernel_id`` if it is idle, unless it is in the pool or has just left it."""
        if kernel_id in pooled_kernel_ids(getattr(self, "_pools", {})):
            return
        now = utcnow()
        since = self._outside_pool_since.setdefault(kernel_id, now)
        if now - since < timedelta(seconds=max(self.cull_idle_timeout, self.handoff_seconds)):
            return
        if self._kernel_connections.get(kernel_id, 0):
            await self._cull_open_if_idle(kernel_id, now)
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def _cull_open_if_idle(self, kernel_id: str, now: datetime) -> None:
        """A kernel with a page connected: shut down after ``open_idle_seconds`` of no activity."""
        kernel = self._kernels[kernel_id]
        last = getattr(kernel, "last_activity", None)
        if not self.open_idle_seconds or last is None or getattr(kernel, "execution_state", "") == "busy":
            return
        idle = now - last
        if idle > timedelta(seconds=self.open_idle_seconds):
            self.log.warning("Culling kernel %s of a page open but idle for %d seconds.", kernel_id,
                             int(idle.total_seconds()))
            await self.shutdown_kernel(kernel_id)
