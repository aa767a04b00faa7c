"""Today's UTC date, the day whose game a ``daily`` command plays, asked in this one place.

Read through the module (``daily_day.utc_today()``) so that a test can move the bot across
midnight UTC.
"""

from __future__ import annotations

import datetime as dt
import time

from games import daily


def utc_today() -> dt.date:
    return daily.utc_day(time.time())
