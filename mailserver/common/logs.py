"""Structured logs: one JSON object per line (or plain text for a terminal)."""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime


class JsonFormatter(logging.Formatter):
    """``{"time": ..., "level": ..., "logger": ..., "message": ...}`` per record."""

    def format(self, record: logging.LogRecord) -> str:
        data = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            data["exception"] = self.formatException(record.exc_info)
        return json.dumps(data, ensure_ascii=False)


def configure(fmt: str = "json", level: int = logging.INFO) -> None:
    """Log to stderr as JSON lines (``fmt="json"``) or readable text (``"text"``)."""
    handler = logging.StreamHandler(sys.stderr)
    if fmt == "json":
        handler.setFormatter(JsonFormatter())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    # aioimaplib logs every line at DEBUG (mail bodies, and passwords it fails to mask).
    logging.getLogger("aioimaplib").setLevel(logging.WARNING)
    # APScheduler logs every run of the periodic resync job at INFO.
    logging.getLogger("apscheduler").setLevel(logging.WARNING)
