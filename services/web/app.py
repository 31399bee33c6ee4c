"""The web process's one HTTP application: the browser API (cardroom.services.web.gateway)
under each service's path, /healthz, and the built web table at / (Starlette's StaticFiles),
with CORS for the origins of WEB_CORS_ORIGINS (Starlette's CORSMiddleware)."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.middleware.cors import CORSMiddleware
from starlette.staticfiles import StaticFiles

from .gateway import ServiceApp

log = logging.getLogger(__name__)

#: Request headers a page of another origin may send (Connect's and gRPC-Web's own).
CORS_REQUEST_HEADERS = ("authorization", "content-type", "connect-protocol-version",
                        "connect-timeout-ms", "grpc-timeout", "x-grpc-web", "x-user-agent")
#: Response headers such a page may read (gRPC-Web's status and details).
CORS_EXPOSED_HEADERS = ("grpc-status", "grpc-message", "grpc-status-details-bin")

Scope = dict[str, Any]


class WebApp:
    """Routes a request to a service's application by its path's first segment, answers
    /healthz, and serves the table's files for everything else."""

    def __init__(self, services: Mapping[str, ServiceApp], static_dir: str) -> None:
        self.services = dict(services)
        folder = Path(static_dir) if static_dir else None
        self.static = StaticFiles(directory=folder, html=True) \
            if folder is not None and (folder / "index.html").is_file() else None
        if self.static is None:
            log.warning("no built web table at %s (make web builds it): serving the API only",
                        static_dir)

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] == "lifespan":
            await _lifespan(receive, send)
            return
        path = scope.get("path", "")
        prefix = "/" + path.lstrip("/").split("/", 1)[0]
        service = self.services.get(prefix)
        if service is not None:
            await service(scope, receive, send)
        elif path == "/healthz":
            await _text(send, 200, json.dumps({"services": sorted(self.services)}),
                        "application/json")
        elif self.static is not None:
            try:
                await self.static(scope, receive, send)
            except HTTPException as error:  # StaticFiles' 404 and 405, outside a Starlette app
                await _text(send, error.status_code, f"{error.detail}\n")
        else:
            await _text(send, 404, "the web table is not built here (make web)\n")


def build(services: Mapping[str, ServiceApp], static_dir: str,
          origins: tuple[str, ...]) -> Any:
    """The application, behind CORS when other origins are allowed."""
    app: Any = WebApp(services, static_dir)
    if origins:
        app = CORSMiddleware(app, allow_origins=list(origins), allow_methods=["GET", "POST"],
                             allow_headers=list(CORS_REQUEST_HEADERS),
                             expose_headers=list(CORS_EXPOSED_HEADERS), max_age=3600)
    return app


async def _lifespan(receive: Any, send: Any) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


async def _text(send: Any, status: int, body: str, kind: str = "text/plain") -> None:
    data = body.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", f"{kind}; charset=utf-8".encode()),
                            (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})
