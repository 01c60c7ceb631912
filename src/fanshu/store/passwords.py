"""Password hashes for club-mode accounts: ``hashlib.scrypt`` (standard library), each
password with a salt of its own, stored as one self-describing string::

    scrypt$16384$8$1$<salt, base64>$<hash, base64>

so that the cost can be raised later without breaking the hashes already stored (each
is checked with the parameters it was made with).

>>> stored = hash_password("correct horse")
>>> stored.startswith("scrypt$16384$8$1$")
True
>>> verify_password("correct horse", stored), verify_password("wrong horse", stored)
(True, False)
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import secrets

__all__ = [
    "SCRYPT_N",
    "SCRYPT_P",
    "SCRYPT_R",
    "dummy_hash",
    "hash_password",
    "verify_password",
]

#: scrypt's cost (CPU and memory: 128 · n · r bytes = 16 MiB), block size and parallelism.
SCRYPT_N = 2**14
SCRYPT_R = 8
SCRYPT_P = 1
_SALT_BYTES = 16
_HASH_BYTES = 32
#: Above what ``verify_password`` accepts from a stored string: an edited row cannot make
#: a log-in take minutes or gigabytes.
_MAX_N = 2**20
_MAX_RP = 16


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(
        password.encode("utf-8", "surrogatepass"),
        salt=salt,
        n=n,
        r=r,
        p=p,
        maxmem=256 * n * r + 1024 * 1024,
        dklen=_HASH_BYTES,
    )


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def hash_password(password: str) -> str:
    """The string to store for ``password`` (a fresh salt each time)."""
    salt = secrets.token_bytes(_SALT_BYTES)
    digest = _scrypt(password, salt, SCRYPT_N, SCRYPT_R, SCRYPT_P)
    return f"scrypt${SCRYPT_N}${SCRYPT_R}${SCRYPT_P}${_b64(salt)}${_b64(digest)}"


@functools.lru_cache(maxsize=1)  # one value: the hash compared when no account matches
def dummy_hash() -> str:
    """A hash checked against when the account does not exist, so that an unknown name
    takes the same time as a wrong password (no telling which names exist by the
    answer's speed).  Made on first use: importing the store costs no scrypt."""
    return hash_password(secrets.token_urlsafe(16))


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (a constant-time compare;
    a string that is not a hash of ours is never a match)."""
    try:
        scheme, n_text, r_text, p_text, salt_text, hash_text = stored.split("$")
        n, r, p = int(n_text), int(r_text), int(p_text)
        salt, expected = base64.b64decode(salt_text), base64.b64decode(hash_text)
    except ValueError:
        return False
    if scheme != "scrypt" or not (1 < n <= _MAX_N and 0 < r <= _MAX_RP and 0 < p <= _MAX_RP):
        return False
    try:
        digest = _scrypt(password, salt, n, r, p)
    except ValueError:  # n not a power of two …
        return False
    return hmac.compare_digest(digest, expected)
