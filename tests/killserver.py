"""The fork server of ``tests.killpoints``: one Python a pytest worker that has imported wtg
once, forking a child for each run instead of starting a fresh interpreter.

The server is ``python -m tests.killpoints`` with ``KILLPOINTS_SERVE`` set, started on a
worker's first run (``Server.start``) and stopped when the worker exits (``atexit``, or the
end of its life line when the worker dies). It imports every module of ``wtg`` it can,
then waits on a Unix socket. Each run is a connection: the caller's stdin and the write ends
of its stdout and stderr pipes (``socket.send_fds``) with the run's arguments, environment,
current folder and umask; the server forks, and the child makes itself what a fresh
``subprocess.run(..., start_new_session=True)`` child is: its own session, those three
pipes as its fds 0-2 and nothing else of the server's open, that environment (the time zone
read again), folder (first on ``sys.path``, as ``-m`` puts it) and umask. It then runs the
command through ``killpoints``' child side and leaves by its ``SystemExit``, a normal end of
the interpreter (atexit handlers, logging and stdio flushed). The server waits for it
(a pidfd a child, so runs from several threads go on side by side) and answers with its wait
status; the caller reads the pipes to their end, as ``subprocess.run`` does, so workers a
run forked that outlive it are waited for the same way.

What a fork cannot give a run is left to a fresh process by ``killpoints.run``: a prelude
(it must run before wtg is imported: a module that imported a name from the one it patches
keeps the name's old value once imported), and an environment whose interpreter settings
(``PYTHON*``, the locale's ``LANG``/``LC_*``) differ from the server's, read once at start.
Every child shares the server's string hash seed (a fresh process draws its own); the
``random`` module reseeds itself in a forked child.

Every read of the caller has a deadline (``PATIENCE`` from the run's start, ``Server.run``'s
``patience``): the run's pipes, which a process the run left behind may hold open long
after it ended, and the server's word of how it ended. One that runs out fails the test
(``Stuck``), naming it, the run and what was waited for, instead of hanging the worker
until CI's own timeout ends it unsaid. The waits are ``selectors`` and ``poll`` timeouts,
never a sleep: under libfaketime a Python sleep fails (``tests/test_calendar.py``).
"""

from __future__ import annotations

import atexit
import contextlib
import importlib
import json
import locale
import os
import pkgutil
import select
import selectors
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

SERVE = "KILLPOINTS_SERVE"
"""In the environment of ``python -m tests.killpoints``: be the server, on this fd."""
LIFE = "KILLPOINTS_LIFE"
"""The fd of the server's life line: its end is the end of the worker that started it."""
_HEADER = struct.Struct("!Q")
_STATUS = struct.Struct("!i")
PATIENCE = 240.0
"""The seconds a run may take, to the end of its output and the server's word of its end,
before its test fails (``Stuck``): well above the slowest run of a loaded machine, well
below CI's timeout."""
_REQUEST_PATIENCE = 30.0
"""The seconds the server waits for a caller's request once it connected (it sends it at
once; one killed between its connect and its send closes the connection)."""


class Stuck(AssertionError):
    """A run of the fork server that did not end, or whose output did not, by its deadline:
    the test, the run and what was waited for."""


def interpreter_settings(env: Mapping[str, str]) -> dict[str, str]:
    """What of an environment a Python reads once, when it starts."""
    return {
        key: value
        for key, value in env.items()
        if key.startswith(("PYTHON", "LC_")) or key in ("LANG", "LANGUAGE")
    }


@dataclass(frozen=True)
class Ended:
    """A run's end as ``subprocess.run`` gives it."""

    returncode: int
    stdout: str
    stderr: str


class Server:
    """The caller's side: the server of this process, started on first use."""

    _running: Server | None = None
    _started_by = 0

    def __init__(self, env: Mapping[str, str], command: Sequence[str] = ()) -> None:
        """The server started with ``env``: ``python -m tests.killpoints``, or ``command``
        (a Python whose code calls ``serve``, as a test of this module starts one)."""
        self.folder = Path(tempfile.mkdtemp(prefix="killserver-"))
        self.address = str(self.folder / "socket")
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind(self.address)
        listener.listen(64)
        life_read, self.life = os.pipe()
        self.settings = interpreter_settings(env)
        self.process = subprocess.Popen(
            list(command) or [sys.executable, "-m", "tests.killpoints"],
            env={**env, SERVE: str(listener.fileno()), LIFE: str(life_read)},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            pass_fds=(listener.fileno(), life_read),
        )
        listener.close()
        os.close(life_read)

    @classmethod
    def get(cls, env: Mapping[str, str]) -> Server:
        """This process's server (a forked pytest process starts its own)."""
        if cls._running is None or cls._started_by != os.getpid():
            cls._running = Server(env)
            cls._started_by = os.getpid()
            atexit.register(cls._running.stop)
        return cls._running

    def stop(self) -> None:
        """The server told to end (its life line closed), and waited for."""
        with contextlib.suppress(OSError):
            os.close(self.life)
        if not _ended_within(self.process.pid, 30.0):  # a poll, not Popen.wait's sleeps
            self.process.kill()
        self.process.wait()
        Path(self.address).unlink(missing_ok=True)
        with contextlib.suppress(OSError):
            self.folder.rmdir()

    def takes(self, env: Mapping[str, str], script: str | None = None) -> bool:
        """Whether a child of this server can be run with ``env`` as a fresh Python would
        (``script``: a plain ``wtg``, which the checkout's ``PYTHONPATH`` is not given)."""
        given = interpreter_settings(env)
        ours = dict(self.settings)
        if script is not None:
            paths = given.pop("PYTHONPATH", "")
            if not set(_paths(paths)) <= set(_paths(ours.pop("PYTHONPATH", ""))):
                return False
        return given == ours and self.process.poll() is None

    def run(
        self,
        args: Sequence[str],
        env: Mapping[str, str],
        input_text: str | None,
        script: str | None = None,
        patience: float = PATIENCE,
    ) -> Ended:
        """``python -m tests.killpoints ARGS`` (or the console script ``script``, ``wtg``
        itself) as ``subprocess.run`` would run it (own session, output captured as text,
        ``input_text`` its stdin), forked by the server. ``Stuck`` when its output or its
        end is not there ``patience`` seconds after it was asked for."""
        deadline = time.monotonic() + patience
        run = [script or "tests.killpoints", *args]
        what = f"the fork server's run of {run}, given {patience:g} s"
        request = json.dumps(
            {
                "args": list(args),
                "env": dict(env),
                "cwd": os.getcwd(),
                "umask": _umask(),
                "script": script,
            }
        ).encode("utf-8", "surrogatepass")
        out_read, out_write = os.pipe()
        err_read, err_write = os.pipe()
        in_read, in_write = os.pipe() if input_text is not None else (0, -1)
        connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        connection.settimeout(patience)  # the server reads a request at once
        try:
            connection.connect(self.address)
            socket.send_fds(
                connection, [_HEADER.pack(len(request))], [in_read, out_write, err_write]
            )
            connection.sendall(request)
        except OSError as refused:
            for end in (out_read, err_read, in_write):
                if end >= 0:
                    os.close(end)
            connection.close()
            if isinstance(refused, TimeoutError):
                raise _stuck(what, "the server did not take the run by the deadline") from None
            raise
        finally:
            for end in (out_write, err_write, in_read if in_write >= 0 else -1):
                if end >= 0:
                    os.close(end)
        encoding = locale.getpreferredencoding(False)
        given = b"" if input_text is None else input_text.encode(encoding)
        with connection:
            try:
                out, err = _communicate(out_read, err_read, in_write, given, deadline, what)
            except Stuck as stuck:
                raise Stuck(f"{stuck}; {_ended_yet(connection)}") from None
            status = _read_status(connection, deadline, what)
        return Ended(os.waitstatus_to_exitcode(status), _text(out, encoding), _text(err, encoding))


def _paths(value: str) -> list[str]:
    return [os.path.abspath(path) for path in value.split(os.pathsep) if path]


def _umask() -> int:
    mask = os.umask(0o077)
    os.umask(mask)
    return mask


def _text(data: bytes, encoding: str) -> str:
    """Output as ``subprocess.run(text=True)`` decodes it."""
    return data.decode(encoding).replace("\r\n", "\n").replace("\r", "\n")


def _test() -> str:
    """The test running, as pytest names it (its phase dropped)."""
    running = os.environ.get("PYTEST_CURRENT_TEST", "")
    return running.rpartition(" ")[0] or running or "no test"


def _left(deadline: float) -> float:
    return max(0.0, deadline - time.monotonic())


def _stuck(what: str, waited: str) -> Stuck:
    return Stuck(f"{_test()}: {what}: {waited}")


def _communicate(
    out: int, err: int, stdin: int, given: bytes, deadline: float, what: str
) -> tuple[bytes, bytes]:
    """Both outputs read to their end while ``given`` is written to ``stdin`` (then closed),
    by ``deadline`` (``time.monotonic``'s): ``Stuck`` then, every end closed, with what was
    read of them."""
    read: dict[int, list[bytes]] = {out: [], err: []}
    with selectors.DefaultSelector() as selector:
        for fd in read:
            selector.register(fd, selectors.EVENT_READ)
        if stdin >= 0:
            os.set_blocking(stdin, False)
            selector.register(stdin, selectors.EVENT_WRITE)
        left = memoryview(given)
        while selector.get_map():
            ready = selector.select(_left(deadline))
            if not ready:
                open_ends = {
                    key.fd: "stdin" if key.fd == stdin else "stdout" if key.fd == out else "stderr"
                    for key in selector.get_map().values()
                }
                _kill_holders(list(open_ends))  # the run's processes: none outlives its test
                for fd in open_ends:
                    selector.unregister(fd)
                    os.close(fd)
                raise _stuck(
                    what,
                    f"its {' and '.join(open_ends.values())} still open at the deadline; read "
                    "so far: "
                    f"stdout {b''.join(read[out])[-500:]!r}, stderr {b''.join(read[err])[-500:]!r}",
                )
            for key, _ in ready:
                fd = key.fd
                if fd == stdin:
                    try:
                        left = left[os.write(fd, left[: 1 << 16]) :] if left else left
                    except BrokenPipeError:
                        left = left[:0]
                    if not left:
                        selector.unregister(fd)
                        os.close(fd)
                    continue
                chunk = os.read(fd, 1 << 16)
                if chunk:
                    read[fd].append(chunk)
                else:
                    selector.unregister(fd)
                    os.close(fd)
    return b"".join(read[out]), b"".join(read[err])


def _kill_holders(fds: Sequence[int]) -> None:
    """Every other process that holds the far end of a pipe of ``fds`` (the run's, and those
    it left: a stuck run's, given up on) killed. Before, they went on after the test failed
    (a process left waiting for ever, or spinning on a core of a machine others share), past
    the worker's end. Found through ``/proc``: a pipe's two ends are one inode."""
    pipes = set()
    for fd in fds:
        with contextlib.suppress(OSError):
            pipes.add(f"pipe:[{os.fstat(fd).st_ino}]")
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            held = os.listdir(f"/proc/{entry.name}/fd")
            if any(os.readlink(f"/proc/{entry.name}/fd/{fd}") in pipes for fd in held):
                os.kill(int(entry.name), signal.SIGKILL)
        except OSError:  # gone meanwhile, or not ours to look at
            continue


def _read_status(connection: socket.socket, deadline: float, what: str) -> int:
    """The run's wait status as the server sends it, by ``deadline``: ``Stuck`` then (the
    run's output ended, the run not: a run that closed its output and hangs)."""
    data = b""
    while len(data) < _STATUS.size:
        connection.settimeout(_left(deadline))
        try:
            chunk = connection.recv(_STATUS.size - len(data))
        except (TimeoutError, BlockingIOError):  # BlockingIOError: no time left at all
            raise _stuck(
                what,
                "its output ended, but the server did not say by the deadline how the run "
                "ended (the run goes on, its output closed)",
            ) from None
        if not chunk:
            raise AssertionError(
                f"{_test()}: {what}: the kill server ended before it said how the run ended"
            )
        data += chunk
    return int(_STATUS.unpack(data)[0])


def _ended_yet(connection: socket.socket) -> str:
    """Whether the run had ended when its output was given up on, as the server said it
    (read without waiting), for the failure: a run that ended left a process holding it."""
    connection.setblocking(False)
    try:
        data = connection.recv(_STATUS.size)
    except OSError:  # BlockingIOError: nothing said yet
        data = b""
    if len(data) < _STATUS.size:
        return "the run itself had not ended"
    code = os.waitstatus_to_exitcode(int(_STATUS.unpack(data)[0]))
    return f"the run itself had ended (exit code {code}): a process it left holds its output"


def _ended_within(pid: int, seconds: float) -> bool:
    """Whether the child ``pid`` ended within ``seconds`` (not reaped): a poll of its pidfd."""
    try:
        pidfd = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        poller = select.poll()
        poller.register(pidfd, select.POLLIN)
        return bool(poller.poll(seconds * 1000))
    finally:
        os.close(pidfd)


# --- the server ----------------------------------------------------------------------------
def _import_wtg() -> None:
    """Every module of ``wtg`` that imports here, as the commands would import them."""
    import wtg

    for module in pkgutil.walk_packages(wtg.__path__, "wtg."):
        with contextlib.suppress(Exception):
            importlib.import_module(module.name)


def _receive(connection: socket.socket) -> tuple[dict[str, object], list[int]]:
    """A caller's request and the fds it sent, within ``_REQUEST_PATIENCE`` (TimeoutError, an
    OSError, then: the server goes on with its other callers)."""
    connection.settimeout(_REQUEST_PATIENCE)
    header, fds, _, _ = socket.recv_fds(connection, _HEADER.size, 3)
    try:
        request = _request(connection, header), list(fds)
    except (OSError, EOFError, ValueError):
        for fd in fds:
            os.close(fd)
        raise
    connection.settimeout(None)
    return request


def _request(connection: socket.socket, header: bytes) -> dict[str, object]:
    while len(header) < _HEADER.size:
        more = connection.recv(_HEADER.size - len(header))
        if not more:
            raise EOFError
        header += more
    (size,) = _HEADER.unpack(header)
    body = b""
    while len(body) < size:
        more = connection.recv(size - len(body))
        if not more:
            raise EOFError
        body += more
    request: dict[str, object] = json.loads(body.decode("utf-8", "surrogatepass"))
    return request


def _become_fresh(
    request: Mapping[str, object], fds: Sequence[int], own: set[int], server_paths: str
) -> None:
    """In the forked child: what a fresh child of ``subprocess.run`` is, as far as the run
    can tell."""
    if not isinstance(request["script"], str):  # start_new_session=True, as killpoints asks
        os.setsid()
    for target, fd in enumerate(fds):
        os.dup2(fd, target)
    for fd in own | {fd for fd in fds if fd > 2}:
        with contextlib.suppress(OSError):
            os.close(fd)
    cwd = str(request["cwd"])
    os.chdir(cwd)
    umask = request["umask"]
    assert isinstance(umask, int)
    os.umask(umask)
    env = request["env"]
    assert isinstance(env, dict)
    os.environ.clear()
    os.environ.update(env)
    time.tzset()
    tempfile.tempdir = None
    sys.path[0] = cwd
    args = request["args"]
    assert isinstance(args, list)
    script = request["script"]
    if isinstance(script, str):  # wtg's console script: its folder first, no checkout
        kept = set(_paths(str(env.get("PYTHONPATH", ""))))
        added = set(_paths(server_paths)) - kept
        sys.path[:] = [os.path.dirname(script), *(p for p in sys.path[1:] if p not in added)]
        sys.argv = [script, *args]
    else:
        sys.argv = [sys.argv[0], *args]


def _kill_run(pid: int, session: bool) -> None:
    """The run ``pid`` killed, with every process of its session when it has one of its own
    (a console script's run shares the server's: the run alone then)."""
    with contextlib.suppress(ProcessLookupError):
        if session:
            os.killpg(pid, signal.SIGKILL)
        else:
            os.kill(pid, signal.SIGKILL)


def _plain() -> None:
    """What wtg's console script does."""
    from wtg.cli import main

    sys.exit(main())


def serve(child: Callable[[], None]) -> None:
    """The server's life: a child forked for each run, until the life line ends."""
    listener = socket.socket(fileno=int(os.environ.pop(SERVE)))
    life = int(os.environ.pop(LIFE))
    server_paths = os.environ.get("PYTHONPATH", "")
    _import_wtg()
    waiting: dict[int, tuple[int, socket.socket]] = {}  # pidfd: the child and its caller
    callers: dict[int, tuple[int, bool]] = {}  # a caller's fd: its child, and whether a session
    selector = selectors.DefaultSelector()
    selector.register(listener, selectors.EVENT_READ)
    selector.register(life, selectors.EVENT_READ)
    while True:
        for key, _ in selector.select():
            if key.fd == life:
                for pid, session in callers.values():  # none outlives the worker
                    _kill_run(pid, session)
                return
            if key.fd in callers:  # the caller gave up on its run (stuck): it sends nothing
                selector.unregister(key.fd)
                _kill_run(*callers.pop(key.fd))  # its pidfd then says it ended, as any
                continue
            if key.fd == listener.fileno():
                connection, _ = listener.accept()
                try:
                    request, fds = _receive(connection)
                except (OSError, EOFError, ValueError):
                    connection.close()
                    continue
                own = {listener.fileno(), life, connection.fileno(), *waiting}
                own |= {caller.fileno() for _, caller in waiting.values()}
                own.add(getattr(selector, "fileno", lambda: -1)())
                sys.stdout.flush()
                sys.stderr.flush()
                pid = os.fork()
                if pid == 0:
                    _become_fresh(request, fds, own, server_paths)
                    (_plain if request["script"] else child)()  # leaves by SystemExit
                    raise SystemExit(0)
                for fd in fds:
                    if fd > 2:
                        os.close(fd)
                pidfd = os.pidfd_open(pid)
                waiting[pidfd] = (pid, connection)
                selector.register(pidfd, selectors.EVENT_READ)
                callers[connection.fileno()] = (pid, not request["script"])
                selector.register(connection, selectors.EVENT_READ)
            elif key.fd in waiting:  # not a caller's fd its child's end dropped meanwhile
                pid, connection = waiting.pop(key.fd)
                selector.unregister(key.fd)
                os.close(key.fd)
                if callers.pop(connection.fileno(), None) is not None:
                    selector.unregister(connection)
                _, status = os.waitpid(pid, 0)
                with connection, contextlib.suppress(OSError):
                    connection.sendall(_STATUS.pack(status))
