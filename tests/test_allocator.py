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


PICTURES = """
import sys
from drawing import allocator
from tests.support.in_worker import own_heap

if sys.argv[1] == "mapped":
    allocator.map_largest_blocks()
held = []
for _ in range(3):  # a Stella picture's pixels, drawn and let go, three times
    picture = bytearray(4 * 1024 * 1024)
    picture[::4096] = b"x" * len(picture[::4096])  # every page touched, as drawing does
    held.append(bytes(100))  # what a job keeps meanwhile: the heap's top moves on
    before = own_heap()
    del picture
print(before - own_heap())
"""


def _given_back(mode: str) -> int:
    """The kilobytes a freed 4 MB picture gave back at once, in a fresh process."""
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", PICTURES, mode], capture_output=True, text=True, check=True
    )
    return int(done.stdout)


@pytest.mark.skipif(platform.libc_ver()[0] != "glibc", reason="glibc's thresholds")
def test_the_largest_pictures_go_back_to_the_system_when_freed() -> None:
    # glibc's own threshold follows the largest block freed: the third picture stays held.
    assert _given_back("default") < 1024
    assert _given_back("mapped") > 3 * 1024
