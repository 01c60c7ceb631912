"""The CJK font: the app's font stack has the usual CJK fonts, it names the one the browser
has (body[data-cjk-font]) and, with none, shows a notice in both languages that says what
to install.

The browser's answer is checked against fontconfig (``fc-list :lang=zh``), which is where
Chromium on Linux finds its fonts.  "No CJK font" cannot be staged on a machine that has
one, so each branch of the detection is driven by a stub: ``document.fonts.check`` answering
false (a font the browser knows is missing), and a width test that sees no difference
(``check`` says true for any name it has not loaded, even a made-up one).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

STATIC = Path(__file__).resolve().parents[3] / "src/fanshu/web/static"

NO_FONTS = "document.fonts.check = () => false;"
NO_WIDTHS = "CanvasRenderingContext2D.prototype.measureText = () => ({ width: 100 });"


def _cjk_fonts() -> list[str]:
    """CJK_FONTS of app.js, in its order."""
    js = (STATIC / "app.js").read_text(encoding="utf-8")
    block = re.search(r"const CJK_FONTS = \[(.*?)\];", js, re.S)
    assert block is not None
    return re.findall(r'"([^"]+)"', block.group(1))


def _open(page: Any, url: str, init: str = "") -> Any:
    if init:
        page.add_init_script(init)
    page.goto(url)
    page.wait_for_selector('body[data-ready="true"]')
    return page


def test_the_font_stack_names_the_cjk_fonts() -> None:
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    stack = re.search(r"--cjk-fonts:([^;]*);", css)
    assert stack is not None
    assert re.findall(r'"([^"]+)"', stack.group(1)) == _cjk_fonts()
    for family in ("Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei"):
        assert family in _cjk_fonts()


def test_the_font_found_is_fontconfigs(blank_page: Any, server_url: str) -> None:
    if shutil.which("fc-list") is None:
        pytest.skip("fc-list (fontconfig) is not installed: nothing to compare with")
    listed = subprocess.run(
        ["fc-list", ":lang=zh", "family"], capture_output=True, text=True, check=True
    ).stdout
    families = {f.strip() for line in listed.splitlines() for f in line.split(",")}
    expected = next((f for f in _cjk_fonts() if f in families), "")
    page = _open(blank_page, server_url)
    assert page.evaluate("document.body.dataset.cjkFont") == expected
    notice = page.locator('[data-testid="font-notice"]')
    assert notice.is_visible() == (expected == "")
    if expected:
        family = page.evaluate("getComputedStyle(document.body).fontFamily")
        assert expected in family


@pytest.mark.parametrize("stub", [NO_FONTS, NO_WIDTHS], ids=["fonts.check", "width test"])
def test_no_cjk_font_shows_what_to_install(blank_page: Any, server_url: str, stub: str) -> None:
    page = _open(blank_page, server_url, stub)
    assert page.evaluate("document.body.dataset.cjkFont") == ""
    notice = page.locator('[data-testid="font-notice"]')
    assert notice.is_visible()
    text = notice.inner_text()
    assert "fonts-noto-cjk" in text and "Noto Sans CJK" in text
    assert "install" in text and "请安装" in text  # both languages, whatever the interface's
    # closed, it stays closed
    page.locator('[data-testid="font-notice-close"]').click()
    assert not notice.is_visible()
    page.reload()
    page.wait_for_selector('body[data-ready="true"]')
    assert page.evaluate("document.body.dataset.cjkFont") == ""
    assert not notice.is_visible()
