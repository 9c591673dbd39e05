#!/usr/bin/env python3
"""
sqlmap tamper script: a new Idempotency-Key on every payload request.

Bids and buy-now require the header and replay the stored answer of a key already used, so
with one fixed key every payload after the first would get that first answer back and never
reach the handler. A fresh key per request lets each payload be judged on its own.
"""

import uuid

from lib.core.enums import PRIORITY

__priority__ = PRIORITY.NORMAL


def dependencies():
    pass


def tamper(payload, **kwargs):
    headers = kwargs.get("headers", {})
    headers["Idempotency-Key"] = str(uuid.uuid4())
    return payload
