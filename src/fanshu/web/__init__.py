"""The fanshu HTTP service (``fanshu serve``): a FastAPI application over the library.

Its libraries (fastapi, uvicorn) come with ``pip install 'fanshu[web]'``; nothing outside
``fanshu.web`` imports them.  See :func:`fanshu.web.app.create_app` and docs/http-api.md.
"""

from __future__ import annotations

__all__ = ["create_app"]


def __getattr__(name: str) -> object:
    # ``from fanshu.web import create_app`` without importing FastAPI before it is used
    if name == "create_app":
        from fanshu.web.app import create_app

        return create_app
    raise AttributeError(f"module 'fanshu.web' has no attribute {name!r}")
