"""The class service without a hub: its schema migrations, what each caller may do, and
the HTTP client against the service's own application, across a restart.

(``tests/browser/test_hub_rooms.py`` runs it under a real JupyterHub; here the hub's identity
check is a stand-in that knows three tokens, so these run in seconds, on SQLite and on a
real PostgreSQL.)
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from typing import Any

import pytest

from cardmath.errors import CardMathError
from cardmath.progress.record import ClassRecord
from cardmath.rooms import NotYourTurn, RoomNotFound, open_store
from cardmath.service import NotPermitted, ServiceUnavailable, error_from, error_payload
from cardmath.service.client import ServiceRecord, ServiceStore
from cardmath.service.migrate import HEAD, current, upgrade
from deploy.classservice import Caller, ClassService, make_app
from tests.ports import free_port

TEACHER = Caller("teacher", teacher=True)
ADA = Caller("ada", teacher=False)
BEN = Caller("ben", teacher=False)


def test_migrations_make_the_schema_and_adopt_a_store_made_before_them(store_url: str) -> None:
    # a store the rooms made themselves (create_all), with a room in it
    store = open_store(store_url)
    code = store.create_room("demo", players=2, seed=4).code
    store.close()
    assert current(store_url) is None
    assert upgrade(store_url) == HEAD
    assert upgrade(store_url) == HEAD  # again: nothing to do
    store = open_store(store_url)
    assert store.table(code)["code"] == code  # the room is still there
    store.close()


def test_migrations_make_a_new_store_that_rooms_and_the_record_use(store_url: str) -> None:
    assert upgrade(store_url) == HEAD
    store = open_store(store_url)
    record = ClassRecord(store)
    ana = record.register("Ana")
    record.record(ana, "01-navigator", "Exercise 1", "14", ok=True, hints=0)
    assert store.create_room("demo", players=2, seed=4).code
    assert [a.answer for a in record.attempts()] == ["14"]
    store.close()


@pytest.fixture
def service(store_url: str) -> Iterator[ClassService]:
    service = ClassService(store_url, pool_size=2)
    yield service
    service.close()


def test_each_caller_sees_only_their_own_seat_and_work(service: ClassService) -> None:
    from deploy.classservice import CALLS

    def call(caller: Caller, call_name: str, /, **arguments: Any) -> Any:
        return CALLS[call_name](service, caller, **arguments)

    room = call(TEACHER, "create_room", game="demo", players=2, seed=4)
    with pytest.raises(NotPermitted):
        call(ADA, "create_room", game="demo", players=2, seed=4)
    ada = call(ADA, "join", code=room["code"], name="Someone Else")
    ben = call(BEN, "join", code=room["code"], name="ben")
    assert ada["name"] == "ada"  # the hub name, whatever was typed
    assert call(ADA, "view", code=room["code"], token=ada["token"])["seat"] == 0
    # another seat's key: refused, for a view and for a move
    with pytest.raises(NotPermitted, match="not yours"):
        call(ADA, "view", code=room["code"], token=ben["token"])
    with pytest.raises(NotPermitted):
        call(ADA, "act", code=room["code"], token=ben["token"], text="pick 9S")
    with pytest.raises(NotYourTurn):
        call(BEN, "act", code=room["code"], token=ben["token"], text="pick 9S")
    call(ADA, "act", code=room["code"], token=ada["token"], text="pick 9S")
    with pytest.raises(NotPermitted):
        call(ADA, "table", code=room["code"], real_names=True)
    assert call(TEACHER, "table", code=room["code"], real_names=True)["moves"] == 1
    for teachers_only in ("rooms", "record_version"):
        with pytest.raises(NotPermitted):
            call(ADA, teachers_only)
    # progress: under the hub name only; a student reads their own, the teacher all
    with pytest.raises(NotPermitted):
        call(ADA, "claim", name="ben")
    call(ADA, "record", name="ada", lesson="l", exercise="e", answer="1", ok=False, hints=0)
    call(BEN, "record", lesson="l", exercise="e", answer="2", ok=True, hints=1)
    assert {a["name"] for a in call(ADA, "attempts")} == {"ada"}
    assert call(ADA, "students") == ["ada"]
    assert {a["name"] for a in call(TEACHER, "attempts")} == {"ada", "ben"}
    assert call(TEACHER, "students") == ["ada", "ben"]


def test_a_refusal_crosses_the_wire_as_the_same_error() -> None:
    for error in (
        NotYourTurn("it is Player 1's turn"),
        RoomNotFound("there is no room ZZZZ"),
        NotPermitted("seat 2 is not yours"),
        CardMathError("plain"),
    ):
        payload = error_payload(error)
        again = error_from(payload)
        assert type(again) is type(error) and str(again) == str(error)
        assert getattr(again, "rule", None) == getattr(error, "rule", None)
    assert error_payload(NotPermitted("x"))["status"] == 403
    assert error_payload(RoomNotFound("x"))["status"] == 404


class FakeHubAuth:
    """Stands in for HubAuth: three known tokens, the service's access scope."""

    api_url = "http://127.0.0.1:1/hub/api"
    api_token = "service-token"
    access_scopes = frozenset({"access:services!service=cardmath-class"})
    tokens = {"t-teacher": "teacher", "t-ada": "ada", "t-ben": "ben"}

    def get_token(self, handler: Any, in_cookie: bool = True) -> str:
        header = handler.request.headers.get("Authorization", "")
        return header.removeprefix("token ")

    async def user_for_token(self, token: str, sync: bool = False) -> dict[str, Any] | None:
        name = self.tokens.get(token)
        return None if name is None else {"name": name, "kind": "user", "scopes": []}

    def check_scopes(self, required: Any, model: dict[str, Any]) -> set[str]:
        return set(required)


class Served:
    """The service's application on a port, in a thread, to stop and start again."""

    def __init__(self, service: ClassService) -> None:
        self.port = free_port()
        self.service = service
        self.url = f"http://127.0.0.1:{self.port}/services/cardmath-class/"
        self.thread: threading.Thread | None = None
        self.running = False

    def start(self) -> None:
        from tornado.httpserver import HTTPServer

        async def teachers(model: dict[str, Any]) -> bool:
            return bool(model["name"] == "teacher")

        ready = threading.Event()

        def serve() -> None:
            loop = asyncio.new_event_loop()
            self.loop = loop
            prefix = "/services/cardmath-class/"
            app = make_app(self.service, FakeHubAuth(), prefix, teachers=teachers)
            self.server = HTTPServer(app)

            async def listen() -> None:
                self.server.listen(self.port, "127.0.0.1")
                ready.set()

            loop.run_until_complete(listen())
            loop.run_forever()
            loop.close()

        self.thread = threading.Thread(target=serve, daemon=True)
        self.thread.start()
        ready.wait(10)
        self.running = True

    def stop(self) -> None:
        if not self.running:
            return
        self.running = False

        async def close() -> None:
            self.server.stop()
            await self.server.close_all_connections()

        asyncio.run_coroutine_threadsafe(close(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        assert self.thread is not None
        self.thread.join(10)


def test_the_client_plays_through_the_service_and_waits_for_it_to_restart(
    service: ClassService,
) -> None:
    served = Served(service)
    served.start()
    teacher = ServiceStore(served.url, "t-teacher")
    ada = ServiceStore(served.url, "t-ada", retry_seconds=20)
    ben = ServiceStore(served.url, "t-ben")
    try:
        room = teacher.create_room("demo", players=2, seed=4)
        a, b = ada.join(room.code, "ada"), ben.join(room.code, "ben")
        with pytest.raises(NotPermitted):
            ada.view(room.code, b.token)
        with pytest.raises(NotPermitted):
            ada.rooms()
        with pytest.raises(NotPermitted):
            ServiceStore(served.url, "forged").whoami()
        first = ada.act(room.code, a.token, ada.view(room.code, a.token)["legal_actions"][0])
        # a page waiting for the room is woken by the move
        waited: list[int] = []
        waiter = threading.Thread(target=lambda: waited.append(ada.wait(room.code, first, 10)))
        waiter.start()
        ben.act(room.code, b.token, ben.view(room.code, b.token)["legal_actions"][0])
        waiter.join(10)
        assert waited and waited[0] > first
        # the service stops; the next call waits for it and is made once it is back
        served.stop()
        with pytest.raises(ServiceUnavailable):
            ServiceStore(served.url, "t-ben", retry_seconds=0.3).version(room.code)
        restart = threading.Timer(1.0, served.start)
        restart.start()
        view = ada.view(room.code, a.token)
        restart.join()
        assert view["moves"] == 2 and view["your_turn"]
        ada.act(room.code, a.token, view["legal_actions"][0])
        assert teacher.table(room.code)["moves"] == 3
        record = ClassRecord(ada)
        assert isinstance(record, ServiceRecord)
        record.record(record.claim("ada"), "l", "e", "14", ok=True, hints=0)
        assert [x.name for x in ClassRecord(teacher).attempts()] == ["ada"]
    finally:
        for store in (teacher, ada, ben):
            store.close()
        served.stop()
