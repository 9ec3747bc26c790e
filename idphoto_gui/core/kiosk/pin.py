"""The kiosk's operator PIN: a salted scrypt hash in kiosk.json, parameters checked before use (a tampered or
weak block counts as no PIN), checked in constant time, never raising: the PIN pad must keep working."""
from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from dataclasses import asdict, dataclass
from typing import Any

log = logging.getLogger(__name__)

PIN_DIGITS = (4, 8)                  # shortest and longest PIN
# scrypt cost: ~50 ms on one core, 16 MiB (RFC 7914 interactive-login guidance: N=2^14, r=8, p=1).
SCRYPT = {"n": 2 ** 14, "r": 8, "p": 1}


@dataclass(frozen=True)
class PinHash:
    """A salted scrypt hash of the operator PIN (hex strings, so kiosk.json stays text)."""

    salt: str
    hash: str
    algo: str = "scrypt"
    n: int = SCRYPT["n"]
    r: int = SCRYPT["r"]
    p: int = SCRYPT["p"]


SCRYPT_N_RANGE = (2 ** 14, 2 ** 20)  # accepted scrypt cost; r and p must be SCRYPT's
SALT_HEX = (32, 128)                 # 16 to 64 bytes of salt, as hex
HASH_HEX = 64                        # dklen 32, as hex



def parse_pin(block: Any) -> tuple[PinHash | None, str]:
    """(PinHash, "") for a sound PIN block, else (None, why): a tampered or weak block means no PIN."""
    if block is None:
        return None, ""
    if not isinstance(block, dict):
        return None, "the PIN entry is not an object"
    salt, digest, algo = block.get("salt"), block.get("hash"), block.get("algo", "scrypt")
    n, r, p = block.get("n", SCRYPT["n"]), block.get("r", SCRYPT["r"]), block.get("p", SCRYPT["p"])
    if algo != "scrypt":
        return None, f"unknown PIN algorithm {str(algo)[:20]!r}"
    if not (type(n) is int and SCRYPT_N_RANGE[0] <= n <= SCRYPT_N_RANGE[1] and n & (n - 1) == 0):
        return None, "the PIN's scrypt n is not a power of two from 2^14 to 2^20"
    if type(r) is not int or r != SCRYPT["r"] or type(p) is not int or p != SCRYPT["p"]:
        return None, f"the PIN's scrypt r and p must be {SCRYPT['r']} and {SCRYPT['p']}"
    if not _hex(salt, *SALT_HEX) or not _hex(digest, HASH_HEX, HASH_HEX):
        return None, "the PIN's salt or hash is not hexadecimal of the right length"
    extra = set(block) - {"salt", "hash", "algo", "n", "r", "p"}
    if extra:
        return None, f"the PIN entry has unknown keys {sorted(extra)[:3]}"
    return PinHash(salt.lower(), digest.lower(), "scrypt", n, r, p), ""


def _hex(text: Any, lo: int, hi: int) -> bool:
    return isinstance(text, str) and lo <= len(text) <= hi and len(text) % 2 == 0 \
        and all(c in "0123456789abcdefABCDEF" for c in text)


def valid_pin(pin: str) -> bool:
    """Digits only, 4 to 8 of them."""
    return pin.isdigit() and PIN_DIGITS[0] <= len(pin) <= PIN_DIGITS[1]


def _scrypt(pin: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    # scrypt needs 128 * r * n bytes (16 MiB at the default n, 1 GiB at the largest accepted)
    return hashlib.scrypt(pin.encode("utf-8"), salt=salt, n=n, r=r, p=p, maxmem=2 * 128 * r * n + (1 << 20),
                          dklen=32)


def hash_pin(pin: str) -> PinHash:
    """A new salted hash of a PIN (ValueError when the PIN is not 4-8 digits)."""
    if not valid_pin(pin):
        raise ValueError("a PIN is 4 to 8 digits")
    salt = secrets.token_bytes(16)
    return PinHash(salt.hex(), _scrypt(pin, salt, **SCRYPT).hex())


def check_pin(pin: str, stored: PinHash | None) -> bool:
    """True when `pin` matches the stored hash (constant-time compare); False when none is set or the
    stored parameters are unsound (never raises: the PIN pad must keep working)."""
    if stored is None or not isinstance(pin, str) or not pin.isdigit():
        return False
    sound, problem = parse_pin(asdict(stored))
    if sound is None:
        log.warning("kiosk PIN not checked: %s", problem)
        return False
    try:
        digest = _scrypt(pin, bytes.fromhex(sound.salt), sound.n, sound.r, sound.p)
    except (ValueError, MemoryError) as exc:
        log.warning("kiosk PIN not checked: %s", exc)
        return False
    return hmac.compare_digest(digest.hex(), sound.hash)
