"""Analysis in the browser: shanten, waits with the copies left and their scores, and the
advice for the hand in the picker (shared with the calculator): every discard, or every
claim of a tile on offer, with its value (P(win), expected points, P(≥ minimum), target
fans, danger) and a "why" line, best first and highlighted, as ``fanshu.analyze`` ranks
them (computed here, in the test, for the request the page sends)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from fanshu import analyze
from fanshu.analysis.advice import Analysis

#: 3m and 6m keep the same tiles; only after 6m is the wait (7s) worth 8 fan or more.
SANSHOKU = "3456m345p34568sEE"


def _wait_analysed(ui: Any) -> None:
    hand = ui.tid("hand-string").input_value()
    ui.page.wait_for_selector(
        f'[data-testid="analysis-body"][data-hand="{hand}"][data-state="done"]'
    )


def _seq(ui: Any) -> int:
    return int(ui.tid("analysis-body").get_attribute("data-seq") or 0)


def _wait_reanalysed(ui: Any, before: int, state: str = "done") -> None:
    """Until the view shows the answer (``state``: done, or error) to a request made
    after ``before``."""
    ui.wait_js(
        "([n, state]) => { const b = document.querySelector('[data-testid=\"analysis-body\"]');"
        " return b && b.dataset.state === state && Number(b.dataset.seq) > n; }",
        [before, state],
    )


def pct(p: float) -> str:
    """A probability as the page writes it (app.js ``pct``): JavaScript's ``toFixed``
    rounds the exact value of the double half up, where Python's format rounds half to
    even (the JSON's four decimals make such ties common: 0.3425)."""
    if p <= 0:
        return "0%"
    if p >= 1:
        return "100%"
    return f"{Decimal(100 * p).quantize(Decimal('0.1'), rounding=ROUND_HALF_UP)}%"


def _value_cells(row: Any) -> tuple[str, str]:
    return (
        row.locator('[data-testid="c-p-win"]').inner_text().strip(),
        row.locator('[data-testid="c-p-min"]').inner_text().strip(),
    )


def _check_value_rows(ui: Any, expected: Analysis) -> None:
    rows = ui.tid("discard-row")
    assert [r.get_attribute("data-tile") for r in rows.all()] == [
        d.tile.code for d in expected.discards
    ]
    for row, d in zip(rows.all(), expected.discards, strict=True):
        assert d.value is not None
        v = d.value.to_dict()  # the page shows the JSON's rounded figures
        assert _value_cells(row) == (pct(v["p_win"]), pct(v["p_minimum"]))
        assert row.locator('[data-testid="c-shanten"]').inner_text() == str(d.shanten)
        assert row.locator('[data-testid="c-useful"]').inner_text() == str(d.useful_count)


def test_waits_of_a_ready_hand_with_counts_and_scores(ui: Any) -> None:
    ui.paste_hand("1112345678999m")  # picked in the calculator, analysed in the other view
    ui.tab("analysis")
    _wait_analysed(ui)
    assert ui.tid("shanten").get_attribute("data-value") == "0"
    waits = ui.tid("wait-row")
    assert [w.get_attribute("data-tile") for w in waits.all()] == [f"{r}m" for r in range(1, 10)]
    two = ui.page.locator('[data-testid="wait-row"][data-tile="2m"]')
    assert two.locator('[data-testid="wait-left"]').inner_text() == "3"
    assert "92" in two.locator('[data-testid="wait-fan"]').inner_text()  # on a discard
    assert "93" in two.locator('[data-testid="wait-fan"]').inner_text()  # self-drawn
    # the value of the hand as it stands
    value = analyze("1112345678999m").value
    assert value is not None
    assert ui.tid("v-p-win").inner_text() == pct(value.to_dict()["p_win"])
    # tiles seen on the table lower the counts: 9m is dead with one more seen
    ui.tid("visible").fill("9m")
    ui.page.wait_for_selector(
        '[data-testid="wait-row"][data-tile="9m"] [data-testid="wait-left"]:text-is("0")'
    )
    nine = ui.page.locator('[data-testid="wait-row"][data-tile="9m"]')
    assert "none left" in nine.inner_text()


def test_an_opponents_discards_count_as_seen(ui: Any) -> None:
    ui.tab("analysis")
    ui.paste_hand("1112345678999m")
    _wait_analysed(ui)
    ui.page.locator(".an-opponents summary").click()
    ui.tid("an-opponent-2").fill("9m")
    ui.page.wait_for_selector(
        '[data-testid="wait-row"][data-tile="9m"] [data-testid="wait-left"]:text-is("0")'
    )


def test_value_table_the_known_case(ui: Any) -> None:
    """After 3m the only wait, 7s, is worth 5 fan (no MCR win); after 6m, 12: the table
    puts 6m first and highlights it alone, a why line under every row."""
    ui.tab("analysis")
    ui.paste_hand(SANSHOKU)
    _wait_analysed(ui)
    expected = analyze(SANSHOKU)
    assert expected.best == "discard 6m"
    _check_value_rows(ui, expected)
    rows = ui.tid("discard-row")
    assert rows.first.get_attribute("data-tile") == "6m"
    best = ["best" in (r.get_attribute("class") or "") for r in rows.all()]
    assert best == [True] + [False] * (len(best) - 1)
    assert ui.tid("best").get_attribute("data-best") == "discard 6m"
    whys = [w.inner_text().strip() for w in ui.tid("why-row").all()]
    assert whys == [d.value.why for d in expected.discards if d.value is not None]
    head = ui.tid("discards-table").locator("thead").inner_text()
    for label in ("P(win)", "Exp. points", "P(≥8 fan)", "Target fans", "Danger"):
        assert label in head
    # 中文: the headers and the why lines in Chinese
    ui.tid("lang-toggle").click()
    ui.page.wait_for_selector('[data-testid="discards-table"] th:text-is("和牌率")')
    whys = [w.inner_text().strip() for w in ui.tid("why-row").all()]
    assert whys == [d.value.why_zh for d in expected.discards if d.value is not None]
    ui.tid("lang-toggle").click()
    # by efficiency: today's ranking, 3m and 6m tied and both highlighted, no value columns
    before = _seq(ui)
    ui.tid("an-by").select_option("efficiency")
    _wait_reanalysed(ui, before)
    assert ui.tid("discards-table").get_attribute("data-by") == "efficiency"
    efficiency = analyze(SANSHOKU, by="efficiency")
    tiles = [r.get_attribute("data-tile") for r in ui.tid("discard-row").all()]
    assert tiles == [d.tile.code for d in efficiency.discards] and tiles[:2] == ["3m", "6m"]
    assert ui.tid("why-row").count() == 0
    assert ui.page.locator('[data-testid="discard-row"].best').count() == 2


def test_wall_and_dealer_reach_the_advice(ui: Any) -> None:
    ui.tab("analysis")
    ui.paste_hand(SANSHOKU)
    _wait_analysed(ui)
    before = _seq(ui)
    ui.tid("an-wall").fill("12")
    _wait_reanalysed(ui, before)
    before = _seq(ui)
    ui.tid("an-dealer").check()
    _wait_reanalysed(ui, before)
    _check_value_rows(ui, analyze(SANSHOKU, wall=12, dealer=True))
    # a wall the server refuses says why
    before = _seq(ui)
    ui.tid("an-wall").fill("500")
    _wait_reanalysed(ui, before, "error")
    assert "wall must be 0 to 136" in ui.tid("analysis-body").inner_text()


def test_claim_advice_for_a_tile_on_offer(ui: Any) -> None:
    hand = "3456m345p3456sEE"  # 13 tiles; E on offer from the previous seat (上家)
    ui.tab("analysis")
    ui.paste_hand(hand)
    _wait_analysed(ui)
    assert ui.tid("claims-table").count() == 0
    before = _seq(ui)
    ui.tid("an-offered").fill("E")
    _wait_reanalysed(ui, before)
    expected = analyze(hand, offered="E", offered_by=3)
    assert expected.claims
    # an answer to a request sent before the field held the whole tile may come first
    ui.page.wait_for_selector('[data-testid="claim-row"]')
    rows = ui.tid("claim-row")
    assert [(r.get_attribute("data-action"), r.get_attribute("data-then")) for r in rows.all()] == [
        (c.action, "" if c.then_discard is None else c.then_discard.code) for c in expected.claims
    ]
    assert "best" in (rows.first.get_attribute("class") or "")
    for row, c in zip(rows.all(), expected.claims, strict=True):
        assert c.value is not None
        v = c.value.to_dict()
        assert _value_cells(row) == (pct(v["p_win"]), pct(v["p_minimum"]))
    assert ui.tid("best").get_attribute("data-best") == expected.best
    # thrown by the opposite seat: no chow, the advice follows
    before = _seq(ui)
    ui.tid("an-offered-by").select_option("2")
    _wait_reanalysed(ui, before)
    other = analyze(hand, offered="E", offered_by=2)
    actions = [r.get_attribute("data-action") for r in ui.tid("claim-row").all()]
    assert actions == [c.action for c in other.claims]


def test_discard_advice_for_fourteen_tiles_and_playing_it(ui: Any) -> None:
    ui.tab("analysis")
    ui.paste_hand("123m456p789s135sEN")
    _wait_analysed(ui)
    assert ui.tid("shanten").get_attribute("data-value") == "1"
    rows = ui.tid("discard-row")
    first = rows.first
    assert first.get_attribute("data-tile") == analyze("123m456p789s135sEN").discards[0].tile.code
    assert "best" in (first.get_attribute("class") or "")
    # playing the advice takes the tile out of the hand
    tile = first.get_attribute("data-tile")
    first.locator("button").click()
    assert ui.tid("tile-count").inner_text() == "13/14"
    assert tile not in ui.tid("hand-string").input_value()
    _wait_analysed(ui)
    assert ui.tid("useful").locator(".tile").count() > 0


def test_analysis_asks_for_13_or_14_tiles(ui: Any) -> None:
    ui.tab("analysis")
    ui.click_tiles("1m 2m 3m")
    body = ui.tid("analysis-body")
    assert "Pick 13 tiles" in body.inner_text()


def test_the_analysis_fits_a_phone(phone_ui: Any) -> None:
    phone_ui.tab("analysis")
    phone_ui.paste_hand(SANSHOKU)
    _wait_analysed(phone_ui)
    phone_ui.no_horizontal_scroll()
