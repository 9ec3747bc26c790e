"""cache: LRU order, byte bound, oversize values, thread safety, keys."""
from __future__ import annotations

import threading

import numpy as np
import pytest

from idphoto_gui.core.analysis import cache as cache_mod
from idphoto_gui.core.analysis.cache import CacheKey, LruCache, model_key, nbytes_of
from idphoto_gui.core.models import model_hash


def _arr(n: int) -> np.ndarray:
    return np.zeros(n, np.uint8)


def test_put_get_len_bytes():
    c = LruCache(100)
    assert c.put("a", _arr(10)) and c.put("b", _arr(20))
    assert len(c) == 2 and c.bytes == 30
    assert c.get("a").nbytes == 10 and c.get("zz") is None and c.get("zz", 1) == 1
    assert "a" in c and "zz" not in c
    c.clear()
    assert len(c) == 0 and c.bytes == 0


def test_evicts_least_recently_used():
    c = LruCache(100)
    for k in "abc":
        c.put(k, _arr(30))
    c.get("a")                       # a is now the most recent
    c.put("d", _arr(30))             # 120 > 100: b goes
    assert c.keys() == ["c", "a", "d"] and c.bytes == 90


def test_replacing_a_key_updates_bytes():
    c = LruCache(100)
    c.put("a", _arr(50))
    c.put("a", _arr(10))
    assert len(c) == 1 and c.bytes == 10


def test_value_bigger_than_bound_is_not_stored():
    c = LruCache(100)
    c.put("small", _arr(10))
    assert not c.put("huge", _arr(101))
    assert "huge" not in c and "small" in c and c.bytes == 10


def test_sizer_and_default_sizer():
    c = LruCache(10, sizer=len)
    c.put("s", "hello")
    assert c.bytes == 5
    assert nbytes_of((_arr(3), [_arr(4)])) == 7
    with pytest.raises(TypeError):
        LruCache(10).put("x", object())


def test_resize_evicts_and_pop():
    c = LruCache(100)
    for k in "abcd":
        c.put(k, _arr(25))
    c.resize(50)
    assert c.keys() == ["c", "d"]
    assert c.pop("c").nbytes == 25 and c.bytes == 25 and c.pop("c") is None


def test_thread_safety():
    c = LruCache(10_000)
    errors = []

    def work(t: int) -> None:
        try:
            for i in range(2000):
                c.put((t, i % 50), _arr(7 + i % 13))
                c.get((t, (i * 7) % 50))
                if i % 500 == 0:
                    c.resize(5_000 + i)
        except Exception as exc:  # noqa: BLE001 - collected for the assert
            errors.append(exc)

    threads = [threading.Thread(target=work, args=(t,)) for t in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert c.bytes == sum(c.get(k).nbytes for k in c.keys()) <= c.max_bytes


def test_model_key_includes_hash_and_version():
    k = model_key("abc", "rvm", version=3)
    assert k == CacheKey("abc", "rvm", model_hash("rvm"), 3)
    assert k != model_key("abc", "u2netp", version=3) and k != model_key("abc", "rvm", version=4)
    hash(k)


def test_default_cache_singleton_and_env(monkeypatch):
    assert cache_mod.default_cache() is cache_mod.default_cache()
    monkeypatch.setenv(cache_mod.ENV_MAX_MB, "64")
    assert cache_mod._default_bound() == 64 * 1024 * 1024
    monkeypatch.setenv(cache_mod.ENV_MAX_MB, "lots")
    assert cache_mod._default_bound() == cache_mod.DEFAULT_MAX_BYTES
    old = cache_mod.default_cache().max_bytes
    try:
        assert cache_mod.configure_default_cache(1234).max_bytes == 1234
    finally:
        cache_mod.configure_default_cache(old)
