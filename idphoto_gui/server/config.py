"""Server settings and the bind rule: loopback by default, anything else only behind a token."""
from __future__ import annotations

import ipaddress
import os
import shlex
import stat
from dataclasses import dataclass
from pathlib import Path

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765
DEFAULT_MAX_MB = 32.0        # one upload: a 12 MP PNG is ~25 MB, a phone JPEG 3-6 MB
DEFAULT_QUEUE = 8            # jobs waiting behind the running one; more get 503 + Retry-After
DEFAULT_TIMEOUT_S = 120.0    # queue wait + work for one request (a 12 MP analysis is ~3 s)
DEFAULT_READ_TIMEOUT_S = 30.0  # between two chunks of a request body (a stalled client frees its slot)
DEFAULT_HEADER_TIMEOUT_S = 10.0   # from connect (or the end of the last answer) to the end of the headers
DEFAULT_BODY_TIMEOUT_S = 60.0     # from the end of the headers to the end of the body
DEFAULT_MAX_CONNECTIONS = 64      # open connections; a connection that sent no request yet is evicted first
DEFAULT_MAX_PER_CLIENT = 16       # uploads in flight from one address, and apart its waiting connections
DEFAULT_GET_RESERVE = 8           # connection slots no upload may take (/health always gets in)
DEFAULT_MIN_BODY_RATE = 4096.0    # bytes/s a request body must average after its first 2 s (server/slots.py)
MIN_TOKEN_CHARS = 16
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")   # always allowed in the Host header, any port


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
    header_timeout_s: float = DEFAULT_HEADER_TIMEOUT_S
    body_timeout_s: float = DEFAULT_BODY_TIMEOUT_S
    max_connections: int = DEFAULT_MAX_CONNECTIONS
    max_per_client: int = DEFAULT_MAX_PER_CLIENT
    get_reserve: int = DEFAULT_GET_RESERVE
    min_body_rate: float = DEFAULT_MIN_BODY_RATE
    allow_hosts: tuple[str, ...] = ()     # more names for the Host header (--allow-host)
    allow_origins: tuple[str, ...] = ()   # cross-origin pages allowed to call the API, answered with CORS

    @property
    def hosts(self) -> frozenset[str]:
        """Names the Host header may carry: loopback, the bound address, --allow-host (lower case, no port)."""
        return frozenset(host_name(h) for h in (*LOOPBACK_NAMES, self.host, *self.allow_hosts))

    @property
    def origins(self) -> frozenset[str]:
        """The --allow-origin values as browsers send them (scheme://host[:port], lower case, no slash)."""
        return frozenset(o.strip().rstrip("/").lower() for o in self.allow_origins)

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
        if not 0 <= self.port <= 65535:
            raise ConfigError(f"port {self.port} is out of range (0-65535)")
        if min(self.header_timeout_s, self.body_timeout_s) <= 0 or min(self.max_connections,
                                                                        self.max_per_client) < 1:
            raise ConfigError("deadlines must be positive and the connection caps at least 1")
        if not 0 <= self.get_reserve < self.max_connections or not self.min_body_rate >= 0:
            raise ConfigError("the reserve of slots must leave at least one for uploads and the body-rate floor "
                              "must not be negative")
        bad = [o for o in self.origins if not o.startswith(("http://", "https://")) or "/" in o.split("://", 1)[1]]
        if bad:
            raise ConfigError(f"--allow-origin takes scheme://host[:port] as a browser sends it "
                              f"(e.g. http://kiosk.local:3000), not {', '.join(bad)}")
        return self


def host_name(host: str) -> str:
    """The name part of a Host header or an address, lower case: `[::1]:8765` -> `::1`, `a.b:80` -> `a.b`."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:].split("]", 1)[0]
    if host.count(":") == 1:
        host = host.split(":", 1)[0]
    return host.rstrip(".")


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
    """The token in a file (first line, spaces stripped); ConfigError if unreadable, empty or, on POSIX,
    readable by group or others (another user could read the key to the API)."""
    try:
        mode = os.stat(path).st_mode
        if os.name == "posix" and mode & (stat.S_IRWXG | stat.S_IRWXO):
            raise ConfigError(f"the token file {path} is open to other users (mode {stat.filemode(mode)}); "
                              f"make it private first: chmod 600 {shlex.quote(str(path))}")
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the token file {path}: {exc}") from exc
    token = text.strip().splitlines()[0].strip() if text.strip() else ""
    if not token:
        raise ConfigError(f"the token file {path} is empty")
    return token
