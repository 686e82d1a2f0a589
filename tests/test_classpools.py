"""Pools that follow the teacher (deploy.classpools), on a stand-in for Voilà's manager.

The stand-in keeps Voilà's pool bookkeeping (a list of start tasks per notebook, refilled
up to the configured size) and starts a "kernel" by sleeping briefly: what is checked is
which pools grow, which shrink, and that the dropped kernels are shut down.
"""

from __future__ import annotations

import asyncio
import logging

from traitlets import Dict, default
from traitlets.config import LoggingConfigurable

from deploy.classpools import following_pool_manager, small_pool
from tests.loops import run_to_end

NOTEBOOKS = ("navigator-dashboard.ipynb", "sum15-dashboard.ipynb")


class StandInVoilaManager(LoggingConfigurable):
    kernel_pools_config = Dict()
    default_pool_size = 2  # Voilà's --pool_size, the size of every pool by default

    @default("kernel_pools_config")
    def _kernel_pools_config(self) -> dict:  # as Voilà makes its default
        return {"default": {"pool_size": self.default_pool_size}}

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.log = logging.getLogger("test")
        self._pools: dict[str, list[asyncio.Task]] = {}
        self.running: set[str] = set()
        self.started = 0
        for notebook in NOTEBOOKS:
            self.fill_if_needed(notebook_name=notebook)

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id in self.running

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs) -> None:
        default = self.kernel_pools_config["default"]
        size = self.kernel_pools_config.get(notebook_name, default)["pool_size"]
        pool = self._pools.setdefault(notebook_name, [])
        while len(pool) < size:
            pool.append(asyncio.ensure_future(self._initialize(notebook_name)))

    def retired(self, task) -> bool:  # replaced by the following manager
        return False

    async def _initialize(self, notebook: str) -> dict:
        await asyncio.sleep(0.01)
        if self.retired(asyncio.current_task()):  # as PacedKernelManager does
            raise asyncio.CancelledError
        self.started += 1
        kernel_id = f"k{self.started}"
        self.running.add(kernel_id)
        return {"kernel_id": kernel_id}

    def _awaited_by_visitor(self, task) -> bool:
        return False

    async def shutdown_kernel(self, kernel_id: str, now: bool = False) -> None:
        self.running.discard(kernel_id)


Manager = following_pool_manager(StandInVoilaManager)


async def settled(deadline: float = 30.0) -> None:
    """Wait until every other task of the loop (kernel starts, pool changes) has ended:
    a loaded machine takes longer, never a different path."""
    loop = asyncio.get_running_loop()
    end = loop.time() + deadline
    await asyncio.sleep(0.05)
    while loop.time() < end:
        others = [t for t in asyncio.all_tasks() if t is not asyncio.current_task()]
        if all(t.done() for t in others):
            return
        await asyncio.sleep(0.02)
    raise AssertionError("the pools did not settle")


def warm(manager, notebook: str) -> int:
    return sum(t.done() and not t.cancelled() for t in manager._pools[notebook])


def test_the_dashboard_the_teacher_opens_grows_to_the_class_and_the_last_one_shrinks():
    async def lesson() -> None:
        manager = Manager(class_size=30)
        await settled()
        assert len(manager.running) == 4  # 2 per dashboard before the class
        manager.follow(NOTEBOOKS[0])
        await settled()
        assert warm(manager, NOTEBOOKS[0]) == 30 and warm(manager, NOTEBOOKS[1]) == 2
        manager.follow(NOTEBOOKS[1])  # the teacher moves on
        await settled()
        assert warm(manager, NOTEBOOKS[0]) == 2 and warm(manager, NOTEBOOKS[1]) == 30
        assert len(manager.running) == 32  # the 28 left behind were shut down
        status = manager._pool_kernel_ids()
        assert len(status[0]) == 32 and status[1] == 0

    run_to_end(lesson())


def test_a_pool_shrunk_while_starting_never_starts_the_dropped_kernels():
    async def lesson() -> None:
        manager = Manager(class_size=30)
        manager.follow(NOTEBOOKS[0])
        manager.follow(NOTEBOOKS[1])  # before any kernel of the first had started
        await asyncio.sleep(0.1)
        assert warm(manager, NOTEBOOKS[0]) == 2
        assert len(manager.running) == 32 and manager.started == 32

    run_to_end(lesson())


def test_lessons_and_a_server_for_one_game_do_not_follow():
    async def lesson() -> None:
        manager = Manager(class_size=30)
        manager.follow("01-navigator.ipynb")  # a lesson: no pool
        assert manager.followed is None
        fixed = Manager(class_size=0)  # GAME=: the chosen game is already class-sized
        fixed.follow(NOTEBOOKS[0])
        await settled()
        assert warm(fixed, NOTEBOOKS[0]) == 2

    run_to_end(lesson())


def test_a_class_smaller_than_the_small_pool_keeps_its_size():
    assert small_pool(1) == 1 and small_pool(30) == 2


ROOMS = ("room.ipynb", "room-table.ipynb")


class StandInWithRooms(StandInVoilaManager):
    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        for notebook in ROOMS:  # Voilà fills every notebook its denylist lets through
            self.fill_if_needed(notebook_name=notebook)


RoomManager = following_pool_manager(StandInWithRooms)


def room(code: str, empty: int, taken: int = 0, *, locked: bool = False) -> dict:
    seats = [{"kind": "human"}] * taken + [{"kind": "empty"}] * empty
    return {"code": code, "locked": locked, "seats": seats}


def test_the_room_page_grows_to_the_seats_the_teacher_opens_and_shrinks_as_they_fill():
    async def lesson() -> None:
        manager = RoomManager(class_size=30, room_class_size=30)
        manager.follow_rooms([])  # the server's first look: no rooms yet
        await settled()
        assert warm(manager, "room.ipynb") == 2 and warm(manager, "room-table.ipynb") == 2
        manager.follow(NOTEBOOKS[0])  # the teacher projects a dashboard first
        await settled()
        # 8 tables of 3: 24 seats, all waiting for a student
        manager.follow_rooms([room(f"R{i}", 3) for i in range(8)])
        await settled()
        assert warm(manager, "room.ipynb") == 24
        assert warm(manager, NOTEBOOKS[0]) == 2  # the class went to the rooms
        assert warm(manager, "room-table.ipynb") == 2
        # 20 students sat down, the teacher locked one table: 3 seats still waiting
        manager.follow_rooms(
            [room(f"R{i}", 0, 3) for i in range(6)]
            + [room("R6", 1, 2), room("R7", 2, 1, locked=True), room("R8", 2)]
        )
        await settled()
        assert warm(manager, "room.ipynb") == 3 and manager.room_seats == 3
        manager.follow_rooms([])  # every game ended
        await settled()
        assert warm(manager, "room.ipynb") == 2
        assert len(manager.running) == 2 * 2 + 2 * 2  # only the small pools are left

    run_to_end(lesson())


def test_more_seats_than_the_class_warm_the_class_only_and_old_rooms_warm_nothing():
    async def lesson() -> None:
        manager = RoomManager(class_size=30, room_class_size=30)
        manager.follow_rooms([room("OLD1", 4)])  # left open yesterday: not today's lesson
        await settled()
        assert warm(manager, "room.ipynb") == 2
        manager.follow_rooms([room("OLD1", 4)] + [room(f"R{i}", 4) for i in range(10)])
        await settled()
        assert warm(manager, "room.ipynb") == 30  # 40 seats, a class of 30

    run_to_end(lesson())


def test_the_teacher_opening_room_pages_never_moves_the_dashboard_pools():
    async def lesson() -> None:
        manager = RoomManager(class_size=30, room_class_size=30)
        manager.follow(NOTEBOOKS[0])
        manager.follow("room-table.ipynb")  # the projector shows a table
        manager.follow("room.ipynb")
        await settled()
        assert manager.followed == NOTEBOOKS[0]
        assert warm(manager, NOTEBOOKS[0]) == 30 and warm(manager, "room-table.ipynb") == 2

    run_to_end(lesson())


def test_a_server_for_one_game_still_keeps_small_room_pools():
    class OneGame(StandInWithRooms):
        default_pool_size = 30  # GAME=: --pool_size=30

    async def lesson() -> None:
        manager = following_pool_manager(OneGame)(class_size=0, room_class_size=30)
        await settled()
        assert warm(manager, NOTEBOOKS[0]) == 30 and warm(manager, "room.ipynb") == 2
        manager.follow_rooms([])
        manager.follow_rooms([room("K7QM", 4), room("P2RT", 4)])
        await settled()
        assert warm(manager, "room.ipynb") == 8 and warm(manager, NOTEBOOKS[0]) == 30

    run_to_end(lesson())


def test_a_server_for_the_room_page_itself_gives_it_the_class_pool():
    class RoomsOnly(StandInWithRooms):
        default_pool_size = 30  # --dashboards room.ipynb: the chosen page gets the class

    async def lesson() -> None:
        manager = following_pool_manager(RoomsOnly)(
            class_size=0, room_class_size=30, room_pages=["room-table.ipynb"]
        )
        manager.follow_rooms([])
        manager.follow_rooms([room("K7QM", 4)])
        await settled()
        assert warm(manager, "room.ipynb") == 30 and warm(manager, "room-table.ipynb") == 2

    run_to_end(lesson())
