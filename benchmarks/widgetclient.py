"""A visitor that speaks a Voilà page's own protocol, for the classroom benchmarks.

Thirty Chromium pages on the server's own two cores measure mostly Chromium. A
:class:`WidgetPage` does what the page's script does, with a few kilobytes and no
rendering: it fetches the page (the server renders it), opens the kernel's websocket,
asks for every widget's state (ipywidgets' control comm), then keeps those states up to
date from the kernel's messages. It can press what a student could press: the enabled
cards of a card table and the enabled buttons that are on screen (reachable from the
page's outputs, not hidden by their layout, in the selected tab), sending exactly the
message the page sends for a press, and time the kernel's answer. It speaks the
websocket protocol a browser speaks (``v1=True``, binary frames) or the first one (JSON
text; the server then unpacks every message it relays).

Everything it sees go wrong is collected in :attr:`WidgetPage.errors`: an error or a
traceback from the kernel, a kernel that dies, a socket that closes under it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import time
import uuid
from dataclasses import dataclass
from datetime import UTC, datetime

import httpx
import websockets

CONTROL = "jupyter.widget.control"
REFERENCE = "IPY_MODEL_"


def message_dict(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> dict:
    """A Jupyter message on the shell channel, as the page's kernel connection sends it."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "visitor",
        "session": session,
        "date": datetime.now(UTC).isoformat(),
        "version": "5.3",
    }
    return {
        "header": header,
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
        "channel": "shell",
        "buffers": [],
    }


def message(session: str, msg_type: str, content: dict, metadata: dict | None = None) -> str:
    """:func:`message_dict` as the JSON text of Jupyter's first websocket protocol."""
    return json.dumps(message_dict(session, msg_type, content, metadata))


V1 = "v1.kernel.websocket.jupyter.org"
"""The websocket protocol a browser's page speaks (binary frames: the server relays the
kernel's messages without unpacking them)."""


def _pack(part: object) -> bytes:
    return json.dumps(part).encode()


def v1_frame(msg: dict) -> bytes:
    """``msg`` (:func:`message_dict`) as a frame of :data:`V1`."""
    from jupyter_server.services.kernels.connection.base import serialize_msg_to_ws_v1

    return serialize_msg_to_ws_v1(msg, msg["channel"], pack=_pack)


def v1_message(frame: bytes) -> dict:
    """A frame of :data:`V1` as a message (header, parent header, metadata, content)."""
    from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

    channel, parts = deserialize_msg_from_ws_v1(frame)
    header, parent, metadata, content = (json.loads(bytes(part)) for part in parts[:4])
    return {
        "channel": channel,
        "header": header,
        "msg_type": header.get("msg_type"),
        "parent_header": parent,
        "metadata": metadata,
        "content": content,
    }


@dataclass(frozen=True)
class Press:
    """Something on screen a student can press: a widget and the message it sends."""

    model_id: str
    content: dict
    what: str


class WidgetPage:
    """One visitor's page, spoken as protocol. ``await open()``, then :meth:`pressable`
    and :meth:`press`; :meth:`leave` says goodbye as the page does (or just vanishes)."""

    def __init__(
        self, server_url: str, page_url: str, timeout: float = 120.0, v1: bool = False
    ) -> None:
        self.server_url = server_url
        self.v1 = v1
        self.received = 0
        """Messages received from the kernel."""
        self.page_url = page_url
        self.timeout = timeout
        self.kernel_id: str | None = None
        self.render_s: float | None = None
        self.interactive_s: float | None = None
        self.states: dict[str, dict] = {}
        self.roots: list[str] = []
        self.errors: list[str] = []
        self._socket = None
        self._session = uuid.uuid4().hex
        self._cookies = ""
        self._xsrf = ""
        self._reader: asyncio.Task | None = None
        self._updated = asyncio.Event()
        self._done: dict[str, asyncio.Event] = {}
        self._closing = False

    # --- arriving -------------------------------------------------------------------

    async def open(self) -> None:
        """Fetch the page, connect to its kernel and load every widget's state."""
        started = time.perf_counter()
        async with httpx.AsyncClient(timeout=self.timeout) as client:
            response = await client.get(self.page_url)
            self.render_s = time.perf_counter() - started
            if response.status_code != 200:
                raise RuntimeError(f"page answered {response.status_code}")
            found = re.search(r'"kernelId": *"([0-9a-f-]+)"', response.text)
            if not found:
                raise RuntimeError("no kernel in the page")
            self.kernel_id = found.group(1)
            self.roots = re.findall(r'"model_id": *"([0-9a-f]+)"', response.text)
            self._cookies = "; ".join(f"{k}={v}" for k, v in client.cookies.items())
            self._xsrf = client.cookies.get("_xsrf", "")
        ws_url = self.server_url.replace("http", "ws", 1)
        self._socket = await websockets.connect(
            f"{ws_url}/api/kernels/{self.kernel_id}/channels?session_id={self._session}",
            additional_headers={"Cookie": self._cookies},
            max_size=None,
            open_timeout=self.timeout,
            subprotocols=[V1] if self.v1 else None,
        )
        control = uuid.uuid4().hex
        loaded = asyncio.get_running_loop().create_future()
        self._reader = asyncio.create_task(self._read(control, loaded))
        await self._send("kernel_info_request", {})
        await self._send(
            "comm_open",
            {"comm_id": control, "target_name": CONTROL, "data": {}},
            {"version": "1.0.0"},
        )
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await asyncio.wait_for(loaded, self.timeout)
        self.interactive_s = time.perf_counter() - started

    async def _send(self, msg_type: str, content: dict, metadata: dict | None = None) -> None:
        msg = message_dict(self._session, msg_type, content, metadata)
        await self._socket.send(v1_frame(msg) if self.v1 else json.dumps(msg))

    async def _read(self, control: str, loaded: asyncio.Future) -> None:
        try:
            async for raw in self._socket:
                if isinstance(raw, bytes) and not self.v1:
                    continue  # binary frames carry buffers: not needed here
                self.received += 1
                msg = v1_message(raw) if self.v1 else json.loads(raw)
                self._receive(msg, control, loaded)
        except websockets.ConnectionClosed as closed:
            if not self._closing:
                self.errors.append(f"the kernel's socket closed: {closed}")
        finally:
            if not loaded.done():
                loaded.set_exception(RuntimeError("the socket closed before the widgets loaded"))

    def _receive(self, msg: dict, control: str, loaded: asyncio.Future) -> None:
        kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
        content = msg.get("content", {})
        if kind == "error":
            self.errors.append(f"kernel error: {content.get('ename')}: {content.get('evalue')}")
        elif kind == "stream" and "Traceback" in content.get("text", ""):
            self.errors.append(f"traceback printed: {content['text'][-200:]}")
        elif kind == "status" and content.get("execution_state") in ("dead", "restarting"):
            self.errors.append(f"kernel {content['execution_state']}")
        elif kind == "comm_open":
            data = content.get("data", {})
            self.states[content["comm_id"]] = dict(data.get("state", {}))
            self._updated.set()
        elif kind == "comm_close":
            self.states.pop(content.get("comm_id"), None)
        elif kind == "comm_msg":
            comm_id, data = content.get("comm_id"), content.get("data", {})
            method = data.get("method")
            if comm_id == control and method == "update_states":
                for model_id, entry in data.get("states", {}).items():
                    self.states[model_id] = dict(entry.get("state", entry))
                if not loaded.done():
                    loaded.set_result(None)
            elif method in ("update", "echo_update"):
                self.states.setdefault(comm_id, {}).update(data.get("state", {}))
                self._updated.set()
            elif (
                method == "custom"
                and data.get("content", {}).get("event") == "done"
                and comm_id in self._done
            ):
                self._done[comm_id].set()

    # --- what is on screen ----------------------------------------------------------

    def _visible(self, model_id: str) -> bool:
        state = self.states.get(model_id, {})
        layout = self.states.get(str(state.get("layout", "")).removeprefix(REFERENCE), {})
        return layout.get("display") != "none" and layout.get("visibility") != "hidden"

    def _children(self, state: dict) -> list[str]:
        if state.get("_model_name") in ("TabModel", "AccordionModel", "StackModel"):
            index = state.get("selected_index")
            children = state.get("children", [])
            chosen = children[index] if isinstance(index, int) and index < len(children) else None
            return [chosen.removeprefix(REFERENCE)] if isinstance(chosen, str) else []
        found: list[str] = []

        def scan(value) -> None:
            if isinstance(value, str) and value.startswith(REFERENCE):
                found.append(value.removeprefix(REFERENCE))
            elif isinstance(value, dict):
                if isinstance(value.get("model_id"), str):
                    found.append(value["model_id"])
                for item in value.values():
                    scan(item)
            elif isinstance(value, list):
                for item in value:
                    scan(item)

        for key, value in state.items():
            if key != "layout" and key != "style":
                scan(value)
        return found

    def on_screen(self) -> list[str]:
        """The widgets a student sees: reachable from the page's outputs, not hidden."""
        seen: set[str] = set()
        order: list[str] = []
        todo = [root for root in self.roots if root in self.states]
        while todo:
            model_id = todo.pop()
            if model_id in seen or model_id not in self.states or not self._visible(model_id):
                continue
            seen.add(model_id)
            order.append(model_id)
            todo.extend(self._children(self.states[model_id]))
        return order

    def pressable(self) -> list[Press]:
        """The enabled cards and buttons on screen, with the message a press sends."""
        presses = []
        for model_id in self.on_screen():
            state = self.states[model_id]
            if {"rows", "selected", "card_width"} <= state.keys():  # a card table
                for row in state["rows"]:
                    for card in row.get("cards", []):
                        if not card.get("disabled"):
                            presses.append(
                                Press(model_id, {"event": "click", "id": card["id"]}, card["id"])
                            )
            elif {"description", "disabled", "css", "aria_label"} <= state.keys():
                if not state["disabled"]:  # an ActionButton
                    presses.append(Press(model_id, {"event": "press"}, state["description"]))
            elif state.get("_model_name") == "ButtonModel" and not state.get("disabled"):
                presses.append(Press(model_id, {"event": "click"}, state.get("description", "")))
        return presses

    # --- pressing -------------------------------------------------------------------

    async def press(self, target: Press, wait: float) -> float | None:
        """Press ``target``; milliseconds until the kernel's first change to any widget,
        or None when nothing changed within ``wait`` seconds (the press is still
        waited for, as the page waits for "done" before the next press)."""
        self._updated.clear()
        done = self._done.setdefault(target.model_id, asyncio.Event())
        done.clear()
        started = time.perf_counter()
        await self._send(
            "comm_msg",
            {"comm_id": target.model_id, "data": {"method": "custom", "content": target.content}},
        )
        try:
            await asyncio.wait_for(self._updated.wait(), wait)
            changed_ms = (time.perf_counter() - started) * 1000
        except TimeoutError:
            changed_ms = None
        if self.states.get(target.model_id, {}).get("_model_name") != "ButtonModel":
            # cards and ActionButtons say "done" when the kernel has handled the press
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(done.wait(), wait)
        return changed_ms

    # --- leaving --------------------------------------------------------------------

    async def leave(self, vanish: bool = False) -> None:
        """Ask for the kernel's shutdown as the page does when it closes (unless the
        visitor just vanishes, a laptop lid closed), then close the socket."""
        self._closing = True
        if not vanish and self.kernel_id:
            async with httpx.AsyncClient(timeout=30) as client:
                await client.post(
                    f"{self.server_url}/voila/api/shutdown/{self.kernel_id}",
                    data={"_xsrf": self._xsrf},
                    headers={"Cookie": self._cookies, "Origin": self.server_url},
                )
        if self._socket is not None:
            await self._socket.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)
