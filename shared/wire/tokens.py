"""Credentials on a call: `authorization: Bearer <token>`, written by clients, read by servers."""

from __future__ import annotations

from collections.abc import Sequence

from cardroom.shared.errors import Unauthenticated

#: The metadata key a credential travels under (gRPC metadata keys are lower case).
HEADER = "authorization"


def bearer(token: str | None) -> list[tuple[str, str]]:
    """Call metadata carrying `token` (none when there is no token)."""
    return [(HEADER, f"Bearer {token}")] if token else []


def bearer_token(metadata: Sequence[tuple[str, str | bytes]] | None) -> str | None:
    """The token of an `authorization: Bearer <token>` header; None when there is none,
    Unauthenticated when the header is there but not of that form."""
    for key, value in metadata or ():
        if key.lower() != HEADER:
            continue
        text = value.decode() if isinstance(value, bytes) else value
        scheme, _, token = text.strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthenticated("the authorization header must be 'Bearer <token>'")
        return token.strip()
    return None
