"""End-to-end tests of the browser app: the real server (``fanshu serve`` on a free port,
with a scratch database) and Debian's Chromium, driven by Playwright for Python.

The browser is ``/usr/bin/chromium`` (``apt-get install chromium``; ``make test`` installs
it), never a browser downloaded by ``playwright install``.  Set ``FANSHU_CHROMIUM`` to use
another binary, or ``FANSHU_WEB_URL`` to test a server that is already running.

Every page runs in a fresh browser context (its own local storage) and fails its test
on a JavaScript error or on any request that leaves the local server: the app must
work with nothing fetched from the network.
"""

from __future__ import annotations

import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

CHROMIUM = os.environ.get("FANSHU_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
#: Playwright's wait for anything the page should show (ms).
TIMEOUT_MS = 10_000
SERVER_START_S = 60.0


def _fanshu_command() -> list[str]:
    script = Path(sys.executable).with_name("fanshu")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from fanshu.cli import run; run()"]


@pytest.fixture(scope="session")
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fanshu server with an empty database of its own."""
    given = os.environ.get("FANSHU_WEB_URL")
    if given:
        yield given.rstrip("/") + "/"
        return
    db = tmp_path_factory.mktemp("web-e2e") / "fanshu.db"
    cmd = [*_fanshu_command(), "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)]
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1
    )
    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:  # keep reading, so the server never blocks on a full pipe
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.put(line)
        lines.put(None)

    threading.Thread(target=pump, daemon=True).start()
    url = None
    seen: list[str] = []
    try:
        while url is None:
            try:
                line = lines.get(timeout=SERVER_START_S)
            except queue.Empty:
                break
            if line is None:
                break
            seen.append(line)
            if line.startswith("fanshu serving on "):
                url = line.split("fanshu serving on ", 1)[1].strip()
        if url is None:
            pytest.fail(f"`{' '.join(cmd)}` did not start serving:\n{''.join(seen)}", pytrace=False)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium (Debian's), launched once per test session."""
    if not Path(CHROMIUM).exists():
        pytest.fail(
            f"{CHROMIUM} is missing: the browser tests drive Debian's Chromium. `make test` "
            "installs it (apt-get install -y chromium); `playwright install` is not used.",
            pytrace=False,
        )
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail(
            "Playwright for Python is missing: `make test` installs it with the dev extra "
            "(pip install -e '.[dev]').",
            pytrace=False,
        )
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


class PageProblems:
    """JavaScript errors and requests to anywhere but the server, seen by one page."""

    def __init__(self, server_url: str) -> None:
        self.origin = urlsplit(server_url).netloc
        self.errors: list[str] = []
        self.foreign: list[str] = []

    def route(self, route: Any) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about") or parts.netloc == self.origin:
            route.continue_()
        else:
            self.foreign.append(url)
            route.abort()


def _page(
    browser: Any, server_url: str, viewport: dict[str, int], *, app: bool = True
) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    problems = PageProblems(server_url)
    context.route("**/*", problems.route)
    page = context.new_page()
    page.on("pageerror", lambda e: problems.errors.append(str(e)))
    if app:
        page.goto(server_url)
        page.wait_for_selector('body[data-ready="true"]')
    try:
        yield page
    finally:
        context.close()
    assert not problems.errors, f"JavaScript errors: {problems.errors}"
    assert not problems.foreign, f"requests that left the server: {problems.foreign}"


@pytest.fixture
def page(browser: Any, server_url: str) -> Iterator[Any]:
    """A desktop-sized page of the app (English labels: the browser's locale is en-US)."""
    yield from _page(browser, server_url, DESKTOP)


@pytest.fixture
def blank_page(browser: Any, server_url: str) -> Iterator[Any]:
    """A desktop-sized page that has not loaded anything yet, with the same checks (no
    JavaScript error, no request leaving the server): for the server's other pages."""
    yield from _page(browser, server_url, DESKTOP, app=False)


@pytest.fixture
def phone(browser: Any, server_url: str) -> Iterator[Any]:
    """A phone-sized page of the app (390×844)."""
    yield from _page(browser, server_url, PHONE)


class UI:
    """What the tests do on a page of the app, by its data-testid hooks."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def tid(self, name: str) -> Any:
        return self.page.locator(f'[data-testid="{name}"]')

    def tab(self, name: str) -> None:
        self.tid(f"tab-{name}").click()
        self.page.wait_for_selector(f'body[data-tab="{name}"]')

    def click_tiles(self, codes: str) -> None:
        """Click palette tiles, e.g. ``"1m 1m 2m E"``."""
        for code in codes.split():
            self.tid(f"palette-{code}").click()

    def paste_hand(self, text: str) -> None:
        box = self.tid("hand-string")
        box.fill(text)
        box.press("Enter")

    def wait_scored(self, hand: str | None = None, state: str = "win") -> Any:
        """The result card once the calculator shows the score of ``hand`` (default: the
        hand string as the picker writes it now)."""
        if hand is None:
            hand = self.tid("hand-string").input_value()
        return self.page.wait_for_selector(
            f'[data-testid="score-result"][data-hand="{hand}"][data-state="{state}"]'
        )

    def fan_rows(self, table: str = "fan-table") -> list[tuple[str, str, str]]:
        """(Chinese name, value cell, points cell) of each row of a fan table."""
        rows = self.page.locator(f'[data-testid="{table}"] [data-testid="fan-row"]')
        return [
            (
                r.get_attribute("data-fan") or "",
                r.locator('[data-testid="fan-value"]').inner_text().strip(),
                r.locator('[data-testid="fan-points"]').inner_text().strip(),
            )
            for r in rows.all()
        ]

    def no_horizontal_scroll(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        inner = self.page.evaluate("window.innerWidth")
        assert width <= inner, f"the page scrolls sideways: {width}px wide in {inner}px"


@pytest.fixture
def ui(page: Any) -> UI:
    return UI(page)


@pytest.fixture
def phone_ui(phone: Any) -> UI:
    return UI(phone)
