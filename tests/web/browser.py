"""A headless Chromium driven by selenium (Debian's ``chromium`` and ``chromium-driver``),
where the screenshots of the browser tests go, and a free port for their server."""

from __future__ import annotations

import os
import shutil
import socket
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

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
