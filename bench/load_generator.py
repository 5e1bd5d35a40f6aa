"""The load bench's clients: phones, viewers, the organiser, the yardstick and the burst, as
asyncio tasks on one loop speaking plain HTTP/1.1 to 127.0.0.1 (a new connection a request, as
a phone that polls every 20 s gets: gunicorn's keep-alive is 2 s). No Django here.

``run(target, scenario)`` returns the tallies per kind and the submissions answered "saved".
"""

from __future__ import annotations

import asyncio
import random
import re
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from urllib.parse import urlencode

from load_scenario import Costs, Scenario, Tally

HOST = "127.0.0.1"
STATIC = "/favicon.ico"
TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="([^"]+)"')
SEQUENCE = re.compile(rb'name="sequence" value="(\d+)"')
COOKIE = re.compile(r"csrftoken=([^;]+)")
#: Seconds before a phone sends an unanswered deal again.
RETRY = 5.0
#: Requests of each kind measured one at a time for their CPU (``costs``).
ROUNDS = 30
WARM_UP = 3
#: Boards made afresh measured (each after ``board_due`` seconds).
FRESH_ROUNDS = 5


@dataclass(frozen=True)
class Target:
    """Where the server listens and what the night holds."""

    port: int
    table_tokens: tuple[str, ...]
    board_path: str
    standings_path: str
    session: str
    board_pages: int


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes


@dataclass
class Results:
    tallies: dict[str, Tally] = field(default_factory=dict)
    saved: list[str] = field(default_factory=list)
    burst_drained: float = float("nan")

    def tally(self, kind: str) -> Tally:
        return self.tallies.setdefault(kind, Tally())


async def fetch(
    port: int, method: str, path: str, headers: dict[str, str], body: bytes = b""
) -> Answer:
    """One request on a connection of its own, the whole answer read."""
    reader, writer = await asyncio.open_connection(HOST, port)
    try:
        lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}", "Connection: close"]
        lines += [f"{name}: {value}" for name, value in headers.items()]
        if body:
            lines.append(f"Content-Length: {len(body)}")
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        await writer.drain()
        raw = await reader.read()
    finally:
        writer.close()
    head, _, content = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    parsed: dict[str, str] = {}
    for line in header_lines:
        name, _, value = line.partition(":")
        parsed[name.strip().lower()] = (parsed.get(name.strip().lower(), "") + value).strip()
    return Answer(int(status_line.split()[1]), parsed, content)


async def timed(
    results: Results,
    kind: str,
    scenario: Scenario,
    port: int,
    method: str,
    path: str,
    headers: dict[str, str],
    body: bytes = b"",
) -> Answer | None:
    """A request counted under ``kind``: its seconds when it was answered 2xx/3xx, else an
    error (the status, a timeout, a refused or reset connection)."""
    start = time.perf_counter()
    tally = results.tally(kind)
    try:
        answer = await asyncio.wait_for(
            fetch(port, method, path, headers, body), timeout=scenario.timeout
        )
    except TimeoutError:
        tally.error("timeout")
        return None
    except (OSError, IndexError, ValueError) as error:
        tally.error(type(error).__name__)
        return None
    if answer.status >= 400:
        tally.error(str(answer.status))
        return None
    tally.seconds.append(time.perf_counter() - start)
    return answer


@dataclass
class Phone:
    """A table's captain's phone: the page once, then a deal every ~``save_every`` seconds."""

    token: str
    cookie: str = ""
    csrf: str = ""
    sequence: int = 0
    #: A submission sent and not answered: sent again, as the phone's queue does.
    pending: str = ""

    async def open_page(self, results: Results, scenario: Scenario, port: int) -> bool:
        answer = await timed(results, "captain page", scenario, port, "GET", self.path, {})
        if answer is None:
            return False
        cookie = COOKIE.search(answer.headers.get("set-cookie", ""))
        token, sequence = TOKEN.search(answer.body), SEQUENCE.search(answer.body)
        if not (cookie and token and sequence):
            results.tally("captain page").error("no form")
            return False
        self.cookie, self.csrf = cookie.group(1), token.group(1).decode()
        self.sequence = int(sequence.group(1))
        return True

    @property
    def path(self) -> str:
        return f"/t/{self.token}/"

    async def save(self, results: Results, scenario: Scenario, port: int, until: float) -> None:
        """A deal as the phone's queue posts it: one not answered (a timeout, a reset) is sent
        again after ``RETRY`` seconds with the same submission, until the run ends; the page is
        read again when the sheet moved on."""
        if not self.csrf and not await self.open_page(results, scenario, port):
            return
        self.pending = self.pending or str(uuid.uuid4())
        fields = {
            "csrfmiddlewaretoken": self.csrf,
            "sequence": self.sequence,
            "submission": self.pending,
            "declarer": self.sequence % 4,
            "contract": "3",
            "result": "won",
        }
        headers = {
            "Cookie": f"csrftoken={self.cookie}",
            "Content-Type": "application/x-www-form-urlencoded",
            "HX-Request": "true",
            "X-Preisfipsen-Queue": "1",
            "X-CSRFToken": self.csrf,
        }
        body = urlencode(fields).encode()
        loop = asyncio.get_running_loop()
        while (
            answer := await timed(results, "save", scenario, port, "POST", self.path, headers, body)
        ) is None and loop.time() < until:
            await asyncio.sleep(RETRY)
        if answer is None:
            return  # still kept: sent again after the run (``run``)
        outcome = answer.headers.get("x-preisfipsen-entry", "?")
        if outcome in ("saved", "duplicate"):
            results.saved.append(self.pending)
            self.sequence += 1
        else:
            results.tally("save").error(f"outcome {outcome}")
            self.csrf = ""  # read the page again before the next one
        self.pending = ""


async def every(
    period: float, until: float, rng: random.Random, step: object, *, jitter: float = 0.0
) -> None:
    """``step()`` (a coroutine function) from a random point of the first period on, then
    every ``period`` (± ``jitter`` of it), until the loop's clock passes ``until``."""
    loop = asyncio.get_running_loop()

    async def pause(seconds: float) -> None:
        await asyncio.sleep(min(seconds, max(0.0, until - loop.time())))

    await pause(rng.uniform(0, period))
    while loop.time() < until:
        await step()  # type: ignore[operator]
        await pause(period * (1 + rng.uniform(-jitter, jitter)))


def board_path(target: Target, page: int) -> str:
    return f"{target.board_path}?page={page}"


async def burst(results: Results, scenario: Scenario, target: Target, rng: random.Random) -> None:
    """``reloads`` whole board pages asked for at once; the seconds until the last answer."""
    await asyncio.sleep(scenario.burst_at)
    start = time.perf_counter()
    await asyncio.gather(
        *(
            timed(
                results,
                "reload",
                scenario,
                target.port,
                "GET",
                board_path(target, rng.randint(1, target.board_pages)),
                {},
            )
            for _ in range(scenario.reloads)
        )
    )
    results.burst_drained = time.perf_counter() - start


def viewer(results: Results, scenario: Scenario, target: Target, first: int) -> object:
    """A viewer's phone: the board's next page (htmx, as the page asks for it) at each step."""
    page = [first]

    async def step() -> None:
        path = board_path(target, page[0])
        await timed(results, "board", scenario, target.port, "GET", path, {"HX-Request": "true"})
        page[0] = page[0] % target.board_pages + 1

    return step


async def run(target: Target, scenario: Scenario, seed: int = 22) -> Results:
    """Every client of the scenario, for ``scenario.seconds``; in-flight requests finish, and
    a deal still unanswered then is sent once more (the phone's queue keeps it)."""
    rng, results = random.Random(seed), Results()  # noqa: S311 (a load, not a secret)
    until = asyncio.get_running_loop().time() + scenario.seconds
    port, standings = target.port, {"Cookie": f"sessionid={target.session}"}
    yardsticks: list[asyncio.Task[Answer | None]] = []

    async def organiser() -> None:
        await timed(results, "standings", scenario, port, "GET", target.standings_path, standings)

    async def yardstick() -> None:
        # Not waited for: one every second, however long the last one takes.
        yardsticks.append(
            asyncio.create_task(timed(results, "static", scenario, port, "GET", STATIC, {}))
        )

    phones = [Phone(token) for token in target.table_tokens]
    tasks = [
        every(
            scenario.save_every,
            until,
            rng,
            partial(p.save, results, scenario, port, until),
            jitter=0.2,
        )
        for p in phones
    ]
    tasks += [
        every(
            scenario.view_every,
            until,
            rng,
            viewer(results, scenario, target, rng.randint(1, target.board_pages)),
        )
        for _ in range(scenario.viewers)
    ]
    tasks.append(every(scenario.standings_every, until, rng, organiser))
    tasks.append(every(scenario.yardstick_every, until, rng, yardstick))
    if scenario.reloads:
        tasks.append(burst(results, scenario, target, rng))
    await asyncio.gather(*tasks)
    await asyncio.gather(*yardsticks)
    await asyncio.gather(
        *(p.save(results, scenario, port, until) for p in phones if p.pending and p.csrf)
    )
    return results


async def costs(
    target: Target, scenario: Scenario, cpu: Callable[[], float], board_due: float = 0.0
) -> Costs:
    """``ROUNDS`` requests of each kind (after ``WARM_UP``), one after another, the server's
    CPU read around each; saves at the first table, after the pages (a save makes the board
    due). Then ``FRESH_ROUNDS`` boards made afresh: a save, ``board_due`` seconds (the board is
    made at most so often: scoring/standings/board_cache.py's ``CHANGE_SECONDS``), the board."""
    results, found = Results(), Costs(boards_every=board_due)
    phone, until = Phone(target.table_tokens[0]), float("inf")
    spent: dict[str, list[float]] = {}

    async def measure(kind: str, request: Awaitable[object], kept: bool = True) -> None:
        start = cpu()
        await request
        if kept:
            spent.setdefault(kind, []).append(cpu() - start)

    port, standings = target.port, {"Cookie": f"sessionid={target.session}"}
    htmx = {"HX-Request": "true"}
    for page in range(1, WARM_UP + ROUNDS + 1):
        path = board_path(target, (page - 1) % target.board_pages + 1)
        kept = page > WARM_UP  # the first rounds load the workers' code and templates
        static = timed(results, "static", scenario, port, "GET", STATIC, {})
        await measure("static", static, kept)
        await measure("board", timed(results, "board", scenario, port, "GET", path, htmx), kept)
        await measure("reload", timed(results, "reload", scenario, port, "GET", path, {}), kept)
        if page % 3 == 0:
            await measure(
                "standings",
                timed(
                    results, "standings", scenario, port, "GET", target.standings_path, standings
                ),
                kept,
            )
    for page in range(1, WARM_UP + ROUNDS + 1):
        await measure("save", phone.save(results, scenario, port, until), page > WARM_UP)
    for page in range(FRESH_ROUNDS):
        if page:
            await phone.save(results, scenario, port, until)
        await asyncio.sleep(board_due)
        path = board_path(target, page + 1)
        await measure("board after a save", timed(results, "b", scenario, port, "GET", path, htmx))
    for kind, values in spent.items():
        found.cpu[kind] = sum(values) / len(values)
    return found
