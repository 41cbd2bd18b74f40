"""A headless Chromium driven by selenium (Debian's ``chromium`` and ``chromium-driver``),
where the screenshots of the browser tests go, and the pages served for them on a free
port."""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from sqlalchemy import Engine

from config.settings import Settings
from mailserver.web.app import create_app
from tests.web.helpers import SETTINGS

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
INSTALL_HINT = "apt-get install -y chromium chromium-driver"
ARTIFACTS_ENV = "PBEM_TEST_ARTIFACTS"


def artifacts_dir() -> Path:
    """Where screenshots go: ``$PBEM_TEST_ARTIFACTS``, else ``tests/artifacts/`` (ignored
    by git)."""
    folder = Path(os.environ.get(ARTIFACTS_ENV) or ROOT / "tests" / "artifacts")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def chromium() -> webdriver.Chrome:
    """A headless Chromium; the test fails with the install line when it is missing."""
    binary = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    driver = CHROMEDRIVER if Path(CHROMEDRIVER).exists() else shutil.which("chromedriver")
    if not binary or not driver:
        pytest.fail(f"the browser tests need Chromium and its driver: {INSTALL_HINT}")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for argument in (
        "--headless=new",
        "--no-sandbox",  # CI runs as root
        "--disable-dev-shm-usage",
        "--window-size=1280,1600",
        "--lang=de-DE",
    ):
        options.add_argument(argument)
    return webdriver.Chrome(service=Service(executable_path=driver), options=options)


def free_port() -> int:
    """A TCP port on 127.0.0.1 that is free just now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextlib.contextmanager
def served(engine: Engine) -> Iterator[str]:
    """The pages on ``engine`` served by uvicorn in a thread of its own on a free loopback
    port, which is also their base URL (the links in them point there); that URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    settings = Settings(
        database_url="sqlite://", web={**SETTINGS.web.model_dump(), "base_url": base}
    )
    config = uvicorn.Config(
        create_app(settings, engine), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(200):
        if server.started:
            break
        time.sleep(0.05)
    try:
        yield base
    finally:
        server.should_exit = True
        thread.join(10)
