"""The API's page in the browser with no network: /docs (Swagger UI) lists every
operation and runs one.  The page fixture fails the test on any request that leaves the
server, so a script, style or image from a CDN fails it."""

from __future__ import annotations

import json
from typing import Any
from urllib.request import urlopen


def _operations(server_url: str) -> list[tuple[str, str]]:
    with urlopen(server_url + "openapi.json") as r:
        spec = json.load(r)
    return [(m.upper(), p) for p, ops in spec["paths"].items() for m in ops]


def test_swagger_ui_lists_every_operation_and_tries_one(blank_page: Any, server_url: str) -> None:
    page = blank_page
    page.goto(server_url + "docs")
    ops = page.locator(".opblock")
    ops.first.wait_for()
    shown = [
        (
            op.locator(".opblock-summary-method").inner_text().strip(),
            op.locator(".opblock-summary-path").inner_text().strip().replace("\u200b", ""),
        )
        for op in ops.all()
    ]
    assert sorted(shown) == sorted(_operations(server_url))
    # the form of GET /v1/rules sends the request and shows the server's answer
    rules = page.locator("#operations-rules-list_rules_v1_rules_get")
    rules.locator(".opblock-summary").click()
    rules.locator("button.try-out__btn").click()
    rules.locator("button.execute").click()
    answer = rules.locator(".live-responses-table .response .response-col_status")
    answer.first.wait_for()
    assert answer.first.inner_text().strip() == "200"
    assert "Chinese Official rules (MCR)" in rules.locator(".live-responses-table").inner_text()
