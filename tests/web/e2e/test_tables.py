"""Live tables in the browser (issue 20): a table opened in the lobby, two people (two
browser contexts) playing its two-player hand to the end through the table view, by
clicking the legal actions the WebSocket offers them, while a third context watches: it
sees the moves as they are made and no concealed tile.  One seat's socket is dropped
mid-hand (it reconnects with ``from=`` its event count: nothing lost, nothing twice) and
the other seat's page is reloaded (it opens straight into its seat again); the hand
goes on to its end."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

MAX_DECISIONS = 300
#: How long the pages may take to show a move (ms; conftest's TIMEOUT_MS).
TIMEOUT_MS = 10_000
BOARD = '[data-testid="table-board"]'
LIVE = '[data-testid="table-live"]'
#: A person's move is waiting on this page: the board is not busy and offers an action.
ASKED = f'{BOARD}[data-busy="false"] button[data-action]:not([disabled])'


def _tid(page: Any, name: str) -> Any:
    return page.locator(f'[data-testid="{name}"]')


def _open_table(page: Any) -> tuple[list[str], str]:
    """Open a one-hand two-player table of two people in the lobby; its join links (by
    seat) and its watch link, as the lobby shows them."""
    _tid(page, "tab-tables").click()
    page.wait_for_selector('body[data-tab="tables"]')
    _tid(page, "table-rules").select_option("two-player")
    assert _tid(page, "table-seat-0").input_value() == "human"
    _tid(page, "table-seat-1").select_option("human")
    _tid(page, "table-hands").fill("1")
    _tid(page, "table-timer").fill("600")
    _tid(page, "table-seed").fill("7")
    _tid(page, "table-create").click()
    created = page.locator('[data-testid="table-created"]')
    created.locator('[data-testid="table-watch"]').wait_for()
    joins = created.locator('[data-testid="table-join"]')
    assert [j.get_attribute("data-seat") for j in joins.all()] == ["0", "1"]
    links = [j.locator('[data-testid="table-join-url"]').input_value() for j in joins.all()]
    watch = created.locator('[data-testid="table-watch-url"]').input_value()
    return links, watch


def _join(page: Any, link: str) -> None:
    page.goto(link)
    page.wait_for_selector(f'{LIVE}[data-conn="open"][data-count]')


def _numbers(page: Any) -> tuple[int, int]:
    """(event_count as the server last sent it, events the page holds), read in one look:
    two reads apart could fall on both sides of a state arriving in between (a move of
    the other person, the bot's), and show a count that is one render old."""
    count, held = page.locator(LIVE).evaluate("el => [el.dataset.count, el.dataset.events]")
    return int(count), int(held)


#: The action to play, read in one look at the board: win when offered, else the drawn
#: tile, else the first tile allowed, else pass, else the first action offered.
CHOOSE = """() => {
  const board = document.querySelector('[data-testid="table-board"]');
  const acts = [...board.querySelectorAll("button[data-action]:not([disabled])")];
  const named = (a) => acts.find((b) => b.dataset.action === a);
  const pick =
    named("win") ||
    board.querySelector('[data-testid="my-drawn"].playable') ||
    board.querySelector('[data-testid="my-tile"].playable') ||
    named("pass") ||
    board.querySelector('[data-testid="actions"] button[data-action]');
  return pick ? pick.dataset.action : null;
}"""


def _decide(page: Any) -> None:
    """Click the legal action CHOOSE picks."""
    action = page.evaluate(CHOOSE)
    assert action, "asked, but no action offered"
    page.locator(f'{BOARD} button[data-action="{action}"]').first.click()


def _own_discards(page: Any) -> int:
    """The tiles the page's own seat has discarded (its river at the bottom)."""
    return page.locator(f"{BOARD} .seat-bottom .river .tile").count()


def _same_rivers(seat: Any, watcher: Any) -> int:
    """Wait until the watcher's board shows the rivers the seat's shows; their tiles."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while True:
        mine, seen = _river_tiles(seat), _river_tiles(watcher)
        if mine == seen:
            return seen
        if time.monotonic() > deadline:
            raise AssertionError(f"the watcher shows {seen} discards, the seat {mine}")
        watcher.wait_for_timeout(50)


def _next_asked(pages: list[Any]) -> Any | None:
    """The page whose person is asked to move (None once the table is over), waiting for
    the pages' state to say so."""
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while time.monotonic() < deadline:
        for p in pages:
            if p.locator(ASKED).count():
                return p
        if all(p.locator(f'{LIVE}[data-done="true"]').count() for p in pages):
            return None
        pages[0].wait_for_timeout(50)  # poll the two pages (wait_js's rhythm)
    raise AssertionError(f"nobody was asked to move within {TIMEOUT_MS} ms")


def _concealed_free(state: dict[str, Any]) -> None:
    """A watcher's message: no concealed tile of any seat (nor anything to decide)."""
    obs = state["observation"]
    assert obs["seat"] is None
    assert "hand" not in obs and "drawn" not in obs and obs["legal_actions"] == []
    for e in state["events_new"]:
        kind = e["type"]
        if kind == "deal":
            assert set(e) == {"type", "counts"}
        if kind in ("draw", "flower", "pick", "give", "moon"):
            assert "tile" not in e and "tiles" not in e
        if kind == "kong" and e.get("kind") == "concealed":
            assert "tile" not in e


def _river_tiles(page: Any) -> int:
    """The discarded tiles the page's board shows."""
    return page.locator(f"{BOARD} .river .tile").count()


def test_two_people_play_a_hand_to_its_end_and_one_watches(
    page: Any, other_page: Any, phone: Any
) -> None:
    links, watch = _open_table(page)
    assert all(urlsplit(x).fragment.startswith("/table/") for x in [*links, watch])
    # the first person's sockets go through a route the test can drop
    routes: list[Any] = []

    def through(ws: Any) -> None:
        ws.connect_to_server()
        routes.append(ws)

    page.route_web_socket("**/v1/tables/*/ws*", through)
    # the watcher's messages, as the server sends them
    watched: list[dict[str, Any]] = []
    phone.on(
        "websocket",
        lambda ws: ws.on("framereceived", lambda payload: watched.append(json.loads(payload))),
    )
    _join(page, links[0])
    _join(other_page, links[1])
    _join(phone, watch)
    assert phone.locator(LIVE).get_attribute("data-role") == "watch"
    assert page.locator(LIVE).get_attribute("data-role") == "seat"
    # the table keeps each link under "my tables" of its browser
    kept = page.evaluate("JSON.parse(localStorage.getItem('fanshu.tables'))")
    assert {"owner", "seat 0"} <= {x["role"] for x in kept}

    pages = [page, other_page]
    decisions = 0
    dropped = reloaded = taken_back = False
    bot_from: tuple[int, int] | None = None  # (decision, own discards) at the take-over
    bot_moves = 0  # moves the first person was asked for while the bot played
    seen_live = 0  # the most discards the watcher was seen to show
    for decisions in range(1, MAX_DECISIONS + 1):
        asked = _next_asked(pages)
        if asked is None:
            break
        if bot_from is not None and not taken_back and asked is page:
            bot_moves += 1
        before = _numbers(asked)[0]
        if decisions == 1:  # the decision timer runs for the person asked
            left = asked.wait_for_selector('[data-testid="table-timer-left"]:not([hidden])')
            assert 0 < int(left.get_attribute("data-left") or "0") <= 600
        _decide(asked)
        # the move reaches the person who made it …
        asked.wait_for_selector(f'{LIVE}:not([data-count="{before}"])')
        if decisions == 6 and not dropped:
            # the first person's connection drops: it comes back from its event count
            count, held = _numbers(page)
            assert count == held
            n = len(routes)
            routes[-1].close(code=1000)
            page.wait_for_selector(f'{LIVE}[data-conn="closed"], {LIVE}[data-conn="connecting"]')
            page.wait_for_selector(f'{LIVE}[data-conn="open"]')
            assert len(routes) == n + 1
            assert parse_qs(urlsplit(routes[-1].url).query)["from"] == [str(count)]
            dropped = True
        if decisions == 12 and not reloaded:
            # the second person reloads the page: the link opens the seat again
            other_page.reload()
            other_page.wait_for_selector(f'{LIVE}[data-conn="open"][data-count]')
            reloaded = True
        if decisions == 16:
            # the first person lets a bot play the seat …
            page.locator('[data-testid="table-bot"][data-bot="1"]').click()
            page.wait_for_selector('[data-testid="table-bot"][data-bot=""]')
            bot_from = (decisions, _own_discards(page))
        if decisions == 20 and bot_from is not None:
            # … and takes it back, once the bot has played for it
            assert _own_discards(page) > bot_from[1] and bot_moves == 0
            page.locator('[data-testid="table-bot"][data-bot=""]').click()
            page.wait_for_selector('[data-testid="table-bot"][data-bot="1"]')
            taken_back = True
        for p in pages:
            count, held = _numbers(p)
            assert count == held, "an event lost or received twice"
        # … and the watcher, live
        seen_live = max(seen_live, _same_rivers(asked, phone))
    else:
        raise AssertionError(f"the hand did not end after {MAX_DECISIONS} decisions")
    assert dropped and reloaded and taken_back and decisions > 20

    # the end: each seat and the watcher see the result and the same totals
    for p in [*pages, phone]:
        p.wait_for_selector(f'{LIVE}[data-done="true"] [data-testid="table-result"]')
    totals = [
        [t.inner_text() for t in p.locator('[data-testid="table-total"] b').all()]
        for p in (page, other_page, phone)
    ]
    assert totals[0] == totals[2] and sorted(totals[1]) == sorted(totals[0])
    assert sum(int(x) for x in totals[0]) == 0 or page.locator('[data-testid="table-win"]').count()
    # the watcher saw every move and no concealed tile: no hand of its own, backs only
    assert seen_live > 0
    assert phone.locator('[data-testid="my-hand"]').count() == 0
    assert phone.locator('[data-testid="table-bot"]').count() == 0
    assert watched and all(m.get("observation") is not None for m in watched)
    for m in watched:
        _concealed_free(m)
    assert sum(len(m["events_new"]) for m in watched) == watched[-1]["event_count"]
    width, inner = phone.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width <= inner, f"the table scrolls sideways on a phone: {width}px in {inner}px"
    # back in the lobby, "my tables" says the table is over, with its totals
    table_id = urlsplit(links[0]).fragment.split("/")[2].split("?")[0]
    _tid(page, "table-leave").click()
    mine = page.locator(f'[data-testid="table-mine"][data-id="{table_id}"][data-role="seat 0"]')
    summary = mine.locator('[data-testid="table-mine-summary"]')
    summary.filter(has_text="all hands played").wait_for()
    assert all(x in summary.inner_text() for x in totals[0])


def test_a_link_the_server_refuses_says_so(page: Any) -> None:
    """A join link of no table: the server's problem is shown, and no reconnecting."""
    page.goto(page.url.split("#")[0] + "#/table/no-such-table?key=not-a-token")
    live = page.wait_for_selector(f'{LIVE}[data-conn="refused"]')
    assert "no-such-table" in page.locator('[data-testid="table-refused"]').inner_text()
    assert live.get_attribute("data-role") == "seat"
    assert page.locator('[data-testid="table-board"]').count() == 0
