"""The API's own page, /docs (Swagger UI): every script, style and icon it loads comes
from this server, so it works with no network."""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient

from fanshu.web.app import DOCS_ASSETS, DOCS_INIT, create_app


class Links(HTMLParser):
    """The URLs a page loads: ``src`` and ``href`` of its elements, and the
    ``data-openapi`` its script file gives Swagger UI; ``script`` is the text of any
    inline script (there is none: the CSP allows script files only)."""

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.script = ""
        self._in_script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.urls += [v for k, v in attrs if k in ("src", "href", "data-openapi") and v]
        self._in_script = tag == "script"

    def handle_endtag(self, tag: str) -> None:
        self._in_script = False

    def handle_data(self, data: str) -> None:
        if self._in_script:
            self.script += data


def links(html: str) -> list[str]:
    parser = Links()
    parser.feed(html)
    assert not parser.script.strip(), f"an inline script: {parser.script[:80]!r}"
    return parser.urls


@pytest.fixture
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:"), base_url="http://localhost") as c:
        yield c


#: What each page needs, with a sign that the file is the real thing.
SWAGGER = {
    f"{DOCS_ASSETS}/swagger-ui-bundle.js": ("text/javascript", "SwaggerUIBundle"),
    f"{DOCS_ASSETS}/swagger-ui.css": ("text/css", ".swagger-ui"),
    f"{DOCS_ASSETS}/favicon.png": ("image/png", ""),
    DOCS_INIT: ("text/javascript", "url:root.dataset.openapi"),
    "/openapi.json": ("application/json", '"openapi":"3.1'),
}


def test_the_page_loads_only_files_of_this_server(client: TestClient) -> None:
    r = client.get("/docs")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    assert "http://" not in r.text and "https://" not in r.text  # no CDN, no web fonts
    urls = links(r.text)
    assert sorted(set(urls)) == sorted(SWAGGER)
    for url, (media, sign) in SWAGGER.items():
        got = client.get(url)
        assert got.status_code == 200, url
        assert got.headers["content-type"].startswith(media), url
        assert len(got.content) > (200 if url == DOCS_INIT else 1000), url
        assert sign.encode() in got.content.replace(b" ", b""), url


def test_swagger_ui_is_version_5_which_reads_openapi_3_1(client: TestClient) -> None:
    # FastAPI writes OpenAPI 3.1, which Swagger UI renders from version 5 on ("Unable to
    # render this definition" before)
    bundle = client.get(f"{DOCS_ASSETS}/swagger-ui-bundle.js").text
    version = re.search(r'PACKAGE_VERSION:"(\d+)\.', bundle)
    assert version and int(version.group(1)) >= 5


def test_the_page_follows_the_root_path_of_a_proxy() -> None:
    with TestClient(create_app(":memory:"), root_path="/fanshu", base_url="http://localhost") as c:
        urls = links(c.get("/docs").text)
        assert urls and all(u.startswith("/fanshu/") for u in urls), urls


@pytest.mark.parametrize("path", [f"{DOCS_ASSETS}/nothing.js", "/redoc"])
def test_an_unknown_asset_and_redoc_are_404_problems(client: TestClient, path: str) -> None:
    # no ReDoc page: ReDoc loads its logo from Redocly's CDN
    r = client.get(path)
    assert r.status_code == 404 and r.headers["content-type"] == "application/problem+json"


def test_the_page_is_not_in_the_openapi_description(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert not [p for p in paths if p.startswith("/docs")]
