"""A small client for menud, the file readiness and context menu daemon.

Standard library only (Python 3.8 or newer). It speaks menud's wire protocol: JSON-RPC 2.0,
one JSON message per line, over a Unix stream socket (see docs/protocol.md).

    from menud_client import Client

    with Client() as menud:
        for f in menud.call("files.list", state="ready")["files"]:
            print(f["path"], f["sizeText"])

        outcome = menud.run_menu_action("videos/intro.mp4", "Inspect")
        print(outcome.get("output", ""))

        for note in menud.subscribe(["files"], timeout=5):
            print(note.method, note.params)

Responses are matched to requests by id, so they may arrive in any order; notifications that
arrive while a response is awaited are kept and handed out later by `notifications()`.
A `Client` is not thread-safe: use one per thread.
"""

import collections
import json
import os
import socket
import time

__all__ = [
    "Client",
    "MenudError",
    "MenuInvalidated",
    "NoMenu",
    "ItemNotFound",
    "Notification",
    "default_socket_path",
]

PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
NOT_FOUND = -32010
OUTSIDE_ROOT = -32011
MENU_NOT_FOUND = -32020
MENU_STATE = -32021
ITEM_DISABLED = -32022
MENU_INVALIDATED = -32023
ACTION_FAILED = -32030
ACTION_TIMED_OUT = -32031
BUSY = -32040
PERMISSION_DENIED = -32050


class MenudError(Exception):
    """An error answer from the daemon: `code`, `message` and `data` as it sent them."""

    def __init__(self, code, message, data=None):
        super().__init__("%s (%d)" % (message, code))
        self.code = code
        self.message = message
        self.data = data

    @classmethod
    def from_error(cls, error):
        if not isinstance(error, dict):
            return cls(INTERNAL_ERROR, "the daemon sent a malformed error: %r" % (error,))
        code = error.get("code")
        message = error.get("message", "")
        data = error.get("data")
        if code == MENU_INVALIDATED:
            return MenuInvalidated(message, data=data)
        return cls(code if isinstance(code, int) else INTERNAL_ERROR, message, data)


class MenuInvalidated(MenudError):
    """The menu's file changed state or vanished after the menu opened; nothing ran."""

    def __init__(self, message, data=None, menu=None, reason=None):
        super().__init__(MENU_INVALIDATED, message, data)
        self.menu = menu
        self.reason = reason


class NoMenu(LookupError):
    """`menu.open` answered `{"menu": null}`: there is no menu for that target."""


class ItemNotFound(LookupError):
    """No item of the menu has the id or title that was asked for."""


class Notification(collections.namedtuple("Notification", "method params")):
    """A message from the daemon without an id, such as `files.changed`."""


def default_socket_path(environ=None):
    """The socket menud listens on by default, found the way menud and menuctl find it:
    `$MENUD_SOCKET`, else `$XDG_RUNTIME_DIR/menud/menud.sock`, else `/tmp/menud-$UID/menud.sock`.
    """
    environ = os.environ if environ is None else environ
    explicit = environ.get("MENUD_SOCKET")
    if explicit:
        return explicit
    runtime = environ.get("XDG_RUNTIME_DIR")
    if runtime:
        return os.path.join(runtime, "menud", "menud.sock")
    return "/tmp/menud-%d/menud.sock" % os.getuid()


class Client:
    """One connection to menud.

    `path` defaults to `default_socket_path()`. `timeout` (seconds) bounds how long `call`,
    `pipeline` and the steps of `run_menu_action` wait for an answer (None waits forever);
    a running action is waited for without limit, since the daemon enforces its own.
    """

    def __init__(self, path=None, timeout=30.0):
        self.path = path or default_socket_path()
        self.timeout = timeout
        self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._socket.connect(self.path)
        except OSError as error:
            self._socket.close()
            raise ConnectionError(
                "cannot connect to menud at %s: %s. Is it running? Start it with `menud` or "
                "`systemctl --user start menud.socket`, or set MENUD_SOCKET."
                % (self.path, error.strerror or error)
            ) from error
        self._buffer = bytearray()
        self._next_id = 1
        self._responses = {}
        self._abandoned = set()
        self._notifications = collections.deque()
        self._closed = False

    @classmethod
    def connect(cls, path=None, timeout=30.0):
        """Same as `Client(path, timeout)`."""
        return cls(path, timeout)

    def close(self):
        if not self._closed:
            self._closed = True
            self._socket.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # Requests

    def call(self, method, **params):
        """Sends one request and returns its `result`; raises `MenudError` for an error."""
        request_id = self.send(method, params)
        return self._result(self.wait(request_id))

    def send(self, method, params=None):
        """Sends a request without waiting; returns its id for `wait`."""
        request_id = self._next_id
        self._next_id += 1
        message = {"jsonrpc": "2.0", "id": request_id, "method": method}
        if params:
            message["params"] = params
        self._write([message])
        return request_id

    def wait(self, request_id, timeout=None):
        """Waits for the response to `request_id` and returns the whole response object."""
        limit = self.timeout if timeout is None else timeout
        deadline = None if limit is None else time.monotonic() + limit
        while request_id not in self._responses:
            self._read_message(deadline, "the answer to request %d" % request_id)
        return self._responses.pop(request_id)

    def pipeline(self, calls, return_errors=False):
        """Sends every `(method, params)` at once, then collects the answers by id, in any
        order. Returns the results in the order of `calls`. An error answer is raised as
        `MenudError` (the first one, by position, once all answers are in), or, with
        `return_errors=True`, put in the list in place of its result."""
        messages = []
        ids = []
        for method, params in calls:
            request_id = self._next_id
            self._next_id += 1
            message = {"jsonrpc": "2.0", "id": request_id, "method": method}
            if params:
                message["params"] = params
            messages.append(message)
            ids.append(request_id)
        self._write(messages)
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        while any(request_id not in self._responses for request_id in ids):
            self._read_message(deadline, "the answers to a pipeline of %d requests" % len(ids))
        outcomes = []
        for request_id in ids:
            response = self._responses.pop(request_id)
            try:
                outcomes.append(self._result(response))
            except MenudError as error:
                if not return_errors:
                    raise
                outcomes.append(error)
        return outcomes

    # Notifications

    def subscribe(self, events, timeout=None):
        """Subscribes to `events` (`"files"`, `"menus"`) and returns `notifications(timeout)`."""
        self.call("subscribe", events=list(events))
        return self.notifications(timeout)

    def unsubscribe(self, events):
        return self.call("unsubscribe", events=list(events))["subscribed"]

    def notifications(self, timeout=None):
        """Yields notifications as they arrive, those already received first. With `timeout`
        (seconds), the iteration ends once that long passes without a notification."""
        while True:
            note = self.next_notification(timeout)
            if note is None:
                return
            yield note

    def next_notification(self, timeout=None):
        """The next notification, or None when none arrives within `timeout` seconds."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._notifications:
            try:
                self._read_message(deadline, "a notification")
            except TimeoutError:
                return None
        return self._notifications.popleft()

    def pending_notifications(self):
        """Takes the notifications received so far without waiting for more."""
        self._drain()
        notes = list(self._notifications)
        self._notifications.clear()
        return notes

    # Menus

    def open_menu(self, target, layout=None):
        """`menu.open`; returns the menu (a dict) or raises `NoMenu`."""
        params = {"target": _target(target)}
        if layout is not None:
            params["layout"] = layout
        menu = self.call("menu.open", **params).get("menu")
        if menu is None:
            raise NoMenu("there is no menu for %s" % json.dumps(params["target"]))
        return menu

    def run_menu_action(self, target, pick, input=None, on_progress=None, on_dismiss=None):
        """Runs one menu item the way a person would: opens the menu for `target` (a path, or
        a target object such as `{"paths": [...]}` or `{"background": True}`), finds the item
        whose id or else title is `pick` (submenus and inline groups included), selects it,
        calls `on_dismiss(menu, item)` (where a UI takes its menu off the screen), then sends
        `menu.dismissed` with `input` and waits for the action. Returns the outcome
        (`{"message": ..., "output": ...}`, keys present when the action gave them).

        `on_progress(fraction, message)` is called for each `action.progress` notification of
        this menu. Raises `NoMenu`, `ItemNotFound`, `ValueError` (the item asks for input and
        none was given), `MenuInvalidated` (the file changed before the action could run) or
        `MenudError` (`-32030` when the action failed, `-32031` when it timed out). The menu is
        cancelled whenever the action is not going to run."""
        menu = self.open_menu(target)
        menu_id = menu["id"]
        dismissed = False
        try:
            self._raise_if_invalidated(menu_id)
            item = find_item(menu["items"], pick)
            if item is None:
                raise ItemNotFound(
                    "the menu %r has no item with the id or title %r; it has: %s"
                    % (menu.get("title", menu_id), pick, ", ".join(_titles(menu["items"])) or "no items")
                )
            if item.get("input") is not None and input is None:
                raise ValueError(
                    "the item %r asks for input (%s); pass input=" % (item["title"], item["input"].get("prompt", "a line of text"))
                )
            self.call("menu.select", menu=menu_id, item=item["id"])
            if on_dismiss is not None:
                on_dismiss(menu, item)
            self._drain()
            self._raise_if_invalidated(menu_id)
            params = {"menu": menu_id}
            if input is not None:
                params["input"] = input
            dismissed = True
            request_id = self.send("menu.dismissed", params)
            response = self._await_action(request_id, menu_id, on_progress)
        except BaseException:
            if not dismissed:
                self._cancel_quietly(menu_id)
            raise
        try:
            result = self._result(response)
        except MenuInvalidated as error:
            error.menu = menu_id
            error.reason = error.reason or self._invalidation_reason(menu_id)
            raise
        if not result.get("ran", False):
            raise MenudError(MENU_STATE, "the daemon ran nothing for menu %s" % menu_id, result)
        return result.get("outcome") or {}

    # Internals

    def _await_action(self, request_id, menu_id, on_progress):
        while request_id not in self._responses:
            self._read_message(None, "the end of the action of menu %s" % menu_id)
            self._hand_out_progress(menu_id, on_progress)
        self._hand_out_progress(menu_id, on_progress)
        return self._responses.pop(request_id)

    def _hand_out_progress(self, menu_id, on_progress):
        kept = collections.deque()
        while self._notifications:
            note = self._notifications.popleft()
            if note.method == "action.progress" and note.params.get("menu") == menu_id:
                if on_progress is not None:
                    on_progress(note.params.get("fraction"), note.params.get("message"))
            else:
                kept.append(note)
        self._notifications = kept

    def _raise_if_invalidated(self, menu_id):
        reason = self._invalidation_reason(menu_id, remove=True)
        if reason is not None:
            raise MenuInvalidated("the menu was invalidated: %s" % reason, menu=menu_id, reason=reason)

    def _invalidation_reason(self, menu_id, remove=False):
        for note in list(self._notifications):
            if note.method == "menu.invalidated" and note.params.get("menu") == menu_id:
                if remove:
                    self._notifications.remove(note)
                return note.params.get("reason", "its file changed")
        return None

    def _cancel_quietly(self, menu_id):
        if self._closed:
            return
        try:
            request_id = self.send("menu.cancel", {"menu": menu_id})
            self._abandoned.add(request_id)
            self._drain()
        except OSError:
            pass

    @staticmethod
    def _result(response):
        if "error" in response:
            raise MenudError.from_error(response["error"])
        return response.get("result")

    def _write(self, messages):
        data = b"".join(
            json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8") + b"\n" for message in messages
        )
        self._socket.settimeout(self.timeout)
        self._socket.sendall(data)

    def _drain(self):
        """Reads whatever has already arrived, without waiting."""
        while True:
            try:
                self._read_message(time.monotonic(), "")
            except TimeoutError:
                return

    def _read_message(self, deadline, waiting_for):
        """Reads one message, filing it as a response or a notification. Raises TimeoutError
        when `deadline` (a monotonic time, None for never) passes first."""
        while True:
            newline = self._buffer.find(b"\n")
            if newline >= 0:
                line = bytes(self._buffer[:newline])
                del self._buffer[: newline + 1]
                if line.strip():
                    self._file(json.loads(line.decode("utf-8")))
                    return
                continue
            # A deadline that has passed still gets one look at what has already arrived.
            self._socket.settimeout(None if deadline is None else max(0.0, deadline - time.monotonic()))
            try:
                chunk = self._socket.recv(65536)
            except (socket.timeout, BlockingIOError):
                raise TimeoutError("timed out waiting for %s from menud" % waiting_for) from None
            if not chunk:
                raise ConnectionError("menud closed the connection while we waited for %s" % (waiting_for or "data"))
            self._buffer += chunk

    def _file(self, message):
        if isinstance(message, list):
            for element in message:
                self._file(element)
            return
        if not isinstance(message, dict):
            raise MenudError(INTERNAL_ERROR, "menud sent something that is not a JSON-RPC message: %r" % (message,))
        request_id = message.get("id")
        if request_id is None and "method" in message:
            self._notifications.append(Notification(message["method"], message.get("params") or {}))
        elif request_id is None:
            error = message.get("error") or {}
            raise MenudError(error.get("code", INTERNAL_ERROR), error.get("message", "menud answered an unreadable request"), error.get("data"))
        elif request_id in self._abandoned:
            self._abandoned.discard(request_id)
        else:
            self._responses[request_id] = message


def find_item(items, pick):
    """The item whose `id` is `pick`, else the first whose `title` is `pick`, searching
    children (submenus and inline groups) depth first. None when there is none."""
    for key in ("id", "title"):
        found = _find(items, key, pick)
        if found is not None:
            return found
    return None


def _find(items, key, value):
    for item in items:
        if item.get(key) == value:
            return item
        found = _find(item.get("children") or [], key, value)
        if found is not None:
            return found
    return None


def _titles(items):
    titles = []
    for item in items:
        children = item.get("children") or []
        if not children:
            titles.append(item.get("title", "?"))
        titles.extend(_titles(children))
    return titles


def _target(target):
    if isinstance(target, (str, os.PathLike)):
        return {"path": os.fspath(target)}
    if isinstance(target, int) and not isinstance(target, bool):
        return {"row": target}
    if isinstance(target, dict):
        return target
    raise TypeError("a menu target is a path, a row number or a target object such as {'paths': [...]}; got %r" % (target,))
