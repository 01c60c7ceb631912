"""End-to-end tests of the browser app: the real server (``fanshu serve`` on a free port,
with a scratch database) and Debian's Chromium, driven by Playwright for Python.

The browser is ``/usr/bin/chromium`` (``apt-get install chromium``; ``make test`` installs
it), never a browser downloaded by ``playwright install``.  Set ``FANSHU_CHROMIUM`` to use
another binary, or ``FANSHU_WEB_URL`` (``FANSHU_CLUB_URL``: the club-mode tests) to test a
server that is already running.

Every page runs in a fresh browser context (its own local storage) and fails its test
on a JavaScript error, on an error in the console (a Content Security Policy violation
above all; a refused API request, which Chromium also logs, is not one) or on any request
that leaves the local server: the app must work with nothing fetched from the network.

The app's page is held to the server's CSP; when the server sends none (an older server),
to ``STRICT_CSP``, the policy the server sends (no 'unsafe-inline', no 'unsafe-eval').
"""

from __future__ import annotations

import os
import queue
import re
import subprocess
import sys
import threading
import time
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
    # the page is fulfilled through a route (its CSP checked), which Chromium files under
    # the public address space: its Local Network Access checks would then refuse the
    # app's WebSocket to the loopback server (the live tables), which a served page opens
    "--disable-features=LocalNetworkAccessChecks",
]
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
#: Playwright's wait for anything the page should show (ms).
TIMEOUT_MS = 10_000
SERVER_START_S = 60.0
#: The policy the page is held to when the server sends none (the server's own policy).
STRICT_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
#: Chromium logs every answer of status 4xx/5xx to fetch() as a console error; the app
#: shows those refusals itself (toasts), so they are no fault of the page.
REFUSED_REQUEST = re.compile(
    r"^Failed to load resource: the server responded with a status of 4\d\d"
)
#: Reports each CSP violation to the console, whatever the browser itself prints.
CSP_LISTENER = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} `
    + `(${e.sourceFile || ""}:${e.lineNumber || ""})`);
});
"""


def _fanshu_command() -> list[str]:
    script = Path(sys.executable).with_name("fanshu")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from fanshu.cli import run; run()"]


def _serve(cmd: list[str]) -> Iterator[str]:
    """Run ``fanshu serve …`` until the test session ends; its base URL."""
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
def server_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a fanshu server with an empty database of its own."""
    given = os.environ.get("FANSHU_WEB_URL")
    if given:
        yield given.rstrip("/") + "/"
        return
    db = tmp_path_factory.mktemp("web-e2e") / "fanshu.db"
    yield from _serve(
        [*_fanshu_command(), "serve", "--host", "127.0.0.1", "--port", "0", "--db", str(db)]
    )


#: The accounts of the club server: name -> (role, password).
CLUB_ACCOUNTS = {"olga": ("organiser", "olga-secret-1"), "pat": ("player", "pat-secret-1")}


@pytest.fixture(scope="session")
def club_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The base URL of a club server (``fanshu serve --accounts``) with the accounts of
    CLUB_ACCOUNTS, made by ``fanshu accounts add``; ``FANSHU_CLUB_URL`` names a club server
    already running with those accounts instead."""
    given = os.environ.get("FANSHU_CLUB_URL")
    if given:
        yield given.rstrip("/") + "/"
        return
    db = tmp_path_factory.mktemp("web-e2e-club") / "club.db"
    for name, (role, password) in CLUB_ACCOUNTS.items():
        done = subprocess.run(
            [
                *_fanshu_command(),
                "accounts",
                "add",
                name,
                "--role",
                role,
                "--password-stdin",
                "--db",
                str(db),
            ],
            input=password + "\n",
            capture_output=True,
            text=True,
            check=False,
        )
        if done.returncode != 0:
            pytest.fail(f"fanshu accounts add {name}: {done.stdout}{done.stderr}", pytrace=False)
    yield from _serve(
        [
            *_fanshu_command(),
            "serve",
            "--accounts",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--db",
            str(db),
        ]
    )


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


def wait_js(page: Any, expression: str, arg: Any = None, *, polling_ms: int = 50) -> Any:
    """Wait until ``expression`` (a JavaScript function of ``arg``, or an expression) is
    truthy in the page, and return its value.

    Playwright's own ``wait_for_function`` evaluates its predicate with ``eval`` inside the
    page, which the app's CSP (no 'unsafe-eval') refuses; ``page.evaluate`` goes through the
    DevTools protocol, which the CSP does not govern."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while True:
        value = page.evaluate(expression, arg)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {TIMEOUT_MS} ms: {expression}")
        page.wait_for_timeout(polling_ms)


class PageProblems:
    """JavaScript errors, console errors (CSP violations) and requests to anywhere but the
    server, seen by one page."""

    def __init__(self, server_url: str) -> None:
        self.origin = urlsplit(server_url).netloc
        self.errors: list[str] = []
        self.console: list[str] = []
        self.foreign: list[str] = []

    def route(self, route: Any) -> None:
        url = route.request.url
        parts = urlsplit(url)
        if parts.scheme in ("data", "blob", "about"):
            route.continue_()
        elif parts.netloc != self.origin:
            self.foreign.append(url)
            route.abort()
        elif route.request.resource_type == "document":
            self._with_csp(route)
        else:
            route.continue_()

    @staticmethod
    def _with_csp(route: Any) -> None:
        """The page as the server answers it, held to STRICT_CSP if it has no policy."""
        response = route.fetch()
        headers = dict(response.headers)
        if not any(k.lower() == "content-security-policy" for k in headers):
            headers["content-security-policy"] = STRICT_CSP
        route.fulfill(response=response, headers=headers)

    def on_console(self, message: Any) -> None:
        if message.type == "error" and not REFUSED_REQUEST.match(message.text):
            self.console.append(message.text)


#: The problems seen by each open page (by id(page)), for the tests of the checks.
_PROBLEMS: dict[int, PageProblems] = {}


def _page(
    browser: Any, server_url: str, viewport: dict[str, int], *, app: bool = True
) -> Iterator[Any]:
    context = browser.new_context(viewport=viewport, locale="en-US")
    context.set_default_timeout(TIMEOUT_MS)
    problems = PageProblems(server_url)
    context.route("**/*", problems.route)
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    page.on("pageerror", lambda e: problems.errors.append(str(e)))
    page.on("console", problems.on_console)
    _PROBLEMS[id(page)] = problems
    if app:
        page.goto(server_url)
        page.wait_for_selector('body[data-ready="true"]')
    try:
        yield page
    finally:
        context.close()
        _PROBLEMS.pop(id(page), None)
    assert not problems.errors, f"JavaScript errors: {problems.errors}"
    assert not problems.console, f"console errors (CSP violations?): {problems.console}"
    assert not problems.foreign, f"requests that left the server: {problems.foreign}"


@pytest.fixture
def page(browser: Any, server_url: str) -> Iterator[Any]:
    """A desktop-sized page of the app (English labels: the browser's locale is en-US)."""
    yield from _page(browser, server_url, DESKTOP)


@pytest.fixture
def club_ui(browser: Any, club_url: str) -> Iterator[UI]:
    """A desktop page of the app on the club server."""
    for page in _page(browser, club_url, DESKTOP):
        yield UI(page)


@pytest.fixture
def page_problems(page: Any) -> PageProblems:
    """What the checks of ``page`` have seen so far (a test may look, or clear a list)."""
    return _PROBLEMS[id(page)]


@pytest.fixture
def other_page(browser: Any, server_url: str) -> Iterator[Any]:
    """A second desktop page in a browser context of its own (another person's browser:
    no local storage shared with ``page``)."""
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

    def wait_js(self, expression: str, arg: Any = None, *, polling_ms: int = 50) -> Any:
        """``wait_js`` on this page (Playwright's wait_for_function needs 'unsafe-eval')."""
        return wait_js(self.page, expression, arg, polling_ms=polling_ms)

    def kept_token(self, kind: str, object_id: str) -> str | None:
        """The token the app keeps in this browser for a match or tournament."""
        token = self.page.evaluate(
            "key => (JSON.parse(localStorage.getItem('fanshu.access') || '{}')[key] || {}).token"
            " || null",
            f"{kind}:{object_id}",
        )
        return None if token is None else str(token)

    def share_link(self, role: str, prefix: str = "") -> str:
        """Press "copy view link" / "copy edit link" and read the link it shows."""
        self.tid(f"{prefix}copy-{role}-link").click()
        field = self.tid(f"{prefix}share-link")
        wait_js(
            self.page,
            "([sel, role]) => { const f = document.querySelector(sel);"
            " return f && f.value && f.dataset.role === role; }",
            [f'[data-testid="{prefix}share-link"]', role],
        )
        return str(field.input_value())

    def no_horizontal_scroll(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        inner = self.page.evaluate("window.innerWidth")
        assert width <= inner, f"the page scrolls sideways: {width}px wide in {inner}px"


@pytest.fixture
def ui(page: Any) -> UI:
    return UI(page)


@pytest.fixture
def other_ui(other_page: Any) -> UI:
    """The helpers on ``other_page`` (a second person's browser)."""
    return UI(other_page)


@pytest.fixture
def phone_ui(phone: Any) -> UI:
    return UI(phone)
