"""Server settings and the bind rule: loopback by default, anything else only behind a token."""
from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
DEFAULT_MAX_MB = 32.0        # one upload: a 12 MP PNG is ~25 MB, a phone JPEG 3-6 MB
DEFAULT_QUEUE = 8            # jobs waiting behind the running one; more get 503 + Retry-After
DEFAULT_TIMEOUT_S = 120.0    # queue wait + work for one request (a 12 MP analysis is ~3 s)
DEFAULT_READ_TIMEOUT_S = 30.0  # between two chunks of a request body (a stalled client frees its slot)
MIN_TOKEN_CHARS = 16


class ConfigError(ValueError):
    """The server cannot start with these settings (message says why)."""


@dataclass(frozen=True)
class ServerConfig:
    """What `create_app` and `idphoto serve` need; the defaults are safe on a shared machine."""

    host: str = DEFAULT_HOST
    port: int = DEFAULT_PORT
    token: str | None = None
    max_body_bytes: int = int(DEFAULT_MAX_MB * 1_000_000)
    queue_size: int = DEFAULT_QUEUE
    timeout_s: float = DEFAULT_TIMEOUT_S
    read_timeout_s: float = DEFAULT_READ_TIMEOUT_S
    model: str = "rvm"
    warm_up: bool = True

    def checked(self) -> "ServerConfig":
        """Self, or ConfigError: a host other than loopback needs a token, numbers must be sane."""
        if not is_loopback(self.host) and not self.token:
            raise ConfigError(f"refusing to listen on {self.host} without a token: other machines could "
                              "reach the server. Use --token-file, or keep the default 127.0.0.1.")
        if self.token is not None and len(self.token) < MIN_TOKEN_CHARS:
            raise ConfigError(f"the token is too short ({len(self.token)} characters, at least "
                              f"{MIN_TOKEN_CHARS}); e.g. `python -c \"import secrets; print(secrets.token_urlsafe())\"`")
        if self.max_body_bytes <= 0 or self.queue_size < 0 or self.timeout_s <= 0 or self.read_timeout_s <= 0:
            raise ConfigError("size limit, time-outs must be positive and the queue size not negative")
        return self


def is_loopback(host: str) -> bool:
    """True for localhost, 127.0.0.0/8 and ::1 (only this machine can connect)."""
    name = host.strip().strip("[]").lower()
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False  # a host name: it may resolve to anything


def read_token(path: str | Path) -> str:
    """The token in a file (first line, spaces stripped); ConfigError if unreadable or empty."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the token file {path}: {exc}") from exc
    token = text.strip().splitlines()[0].strip() if text.strip() else ""
    if not token:
        raise ConfigError(f"the token file {path} is empty")
    return token
