"""The transcript of docs/tables.md: a real session of ``/v1/tables``, made by the app
itself (Starlette's TestClient, no network) and written between the markers of the
page; ``tests/web/test_tables_doc.py`` checks that the page holds what this makes.

    python tools/tables_transcript.py          # rewrite the transcript in docs/tables.md
    python tools/tables_transcript.py --check  # exit 1 if the page is stale

A two-player table, one person against the greedy bot, seed 20261204, one hand, no
timer: the 201, the summary, the seat's first state, one action, an illegal one and its
problem, the watcher's first state, a refused token.  Ids and tokens are random on each
run, so they are shown as ``TABLE_ID``, ``SEAT0_TOKEN``, ``WATCH_ID`` and ``MATCH_ID`` (the
table's score sheet).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from fanshu.web.app import create_app
from fanshu.web.ratelimit import RateLimits

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "tables.md"
BEGIN = "<!-- transcript: made by tools/tables_transcript.py, do not edit -->"
END = "<!-- end of transcript -->"
SEED = 20261204


def _show(value: Any, indent: int = 0) -> str:
    """JSON a reader can follow: a value on one line when it fits, else one member a line."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + 2 * indent <= 92 or not isinstance(value, dict | list) or not value:
        return flat
    pad, inner = "  " * indent, "  " * (indent + 1)
    if isinstance(value, dict):
        rows = [f"{inner}{json.dumps(k)}: {_show(v, indent + 1)}" for k, v in value.items()]
        return "{\n" + ",\n".join(rows) + f"\n{pad}}}"
    if all(not isinstance(v, dict | list) for v in value):  # scalars: fill the lines
        lines, line = [], ""
        for v in value:
            item = json.dumps(v, ensure_ascii=False)
            if line and len(inner) + len(line) + len(item) + 2 > 92:
                lines.append(line + ",")
                line = ""
            line = f"{line}, {item}" if line else item
        lines.append(line)
        return "[\n" + "\n".join(inner + x for x in lines) + f"\n{pad}]"
    rows = [f"{inner}{_show(v, indent + 1)}" for v in value]
    return "[\n" + ",\n".join(rows) + f"\n{pad}]"


def transcript() -> str:
    """The session, as Markdown (the ids and tokens masked)."""
    out: list[str] = []
    secrets: dict[str, str] = {}

    def mask(text: str) -> str:
        for raw, name in secrets.items():
            text = text.replace(raw, name)
        return text

    def block(title: str, value: Any) -> None:
        out.append(f"{title}\n\n```json\n{mask(_show(value))}\n```\n")

    app = create_app(":memory:", rate_limits=RateLimits.off())
    with TestClient(app, base_url="http://localhost") as client:
        body = {
            "rules": "two-player",
            "seats": ["human", "greedy"],
            "names": ["Ann", "greedy bot"],
            "seed": SEED,
            "hands": 1,
            "timer": 0,
        }
        block("`POST /v1/tables`:", body)
        made = client.post("/v1/tables", json=body)
        table = made.json()
        secrets[table["id"]] = "TABLE_ID"
        secrets[table["seats"][0]["token"]] = "SEAT0_TOKEN"
        secrets[table["watch_id"]] = "WATCH_ID"
        block(f"← `{made.status_code}`:", table)
        summary = client.get(f"/v1/tables/{table['id']}").json()
        if isinstance(summary.get("match"), str):
            secrets[summary["match"]] = "MATCH_ID"
        block("`GET /v1/tables/TABLE_ID` ← `200`:", summary)
        seat = "ws://localhost" + table["seats"][0]["socket"]
        with client.websocket_connect(seat) as ws:
            first = ws.receive_json()
            block(
                "WebSocket `/v1/tables/TABLE_ID/ws?token=SEAT0_TOKEN`; the server sends the "
                "seat's state at once:",
                first,
            )
            action = first["observation"]["legal_actions"][-1]
            block("→ the client plays the last legal action by its text:", {"action": action})
            ws.send_json({"action": action})
            after = ws.receive_json()
            block(
                "← the state after it (the bot played its turn meanwhile; `events_new` from "
                "the last `event_count` sent):",
                after,
            )
            wrong = {"action": "chow 1m"}
            block("→ an action that is not legal now:", wrong)
            ws.send_json(wrong)
            block("← a problem document; the table is as it was:", ws.receive_json())
        with client.websocket_connect("ws://localhost" + table["watch_socket"]) as ws:
            block(
                "WebSocket `?watch=WATCH_ID`: the public view, no concealed tile (no dealt "
                "hand, no drawn tile, no decision):",
                ws.receive_json(),
            )
        bad = f"ws://localhost/v1/tables/{table['id']}/ws?token=not-a-token"
        with client.websocket_connect(bad) as ws:
            problem = ws.receive_json()
            try:
                ws.receive_json()
                code = None
            except WebSocketDisconnect as closed:
                code = closed.code
            block(
                f"WebSocket `?token=not-a-token`: a problem, then the close code `{code}`:", problem
            )
    return "\n".join(out)


def page_with(text: str, page: str) -> str:
    """``page`` with ``text`` between the markers."""
    head, _, rest = page.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n\n{text}\n{END}{tail}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    page = PAGE.read_text(encoding="utf-8")
    new = page_with(transcript(), page)
    if args.check:
        if new != page:
            print(f"{PAGE} is stale: run python tools/tables_transcript.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(new, encoding="utf-8")
    print(f"wrote {PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
