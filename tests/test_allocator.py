"""The allocator's settings: freed memory really goes back to the system (glibc)."""

from __future__ import annotations

import platform

import pytest

from drawing import allocator
from tests.support.in_worker import own_heap


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's malloc_trim")
def test_freed_memory_goes_back_to_the_system() -> None:
    # 40 MB of blocks; one in a hundred stays, so that the heap cannot shrink from its top.
    blocks = [bytes(2048) for _ in range(20_000)]
    kept = blocks[::100]
    del blocks
    before = own_heap()
    allocator.give_back_freed()
    after = own_heap()
    assert before - after > 20_000, (before, after)
    assert len(kept) == 200
