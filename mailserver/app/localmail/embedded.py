"""An IMAP server inside the running event loop, for machines without Dovecot: pymap.

pymap (MIT) serves IMAP4rev1 with IDLE, UIDPLUS and MOVE from its Maildir backend: users
in ``pymap-etc-passwd``/``pymap-etc-shadow`` under the data directory, each user's INBOX
a Maildir with a Dovecot-style ``dovecot-uidlist``. Delivery goes through pymap's own
session API (what its admin "append" does), so UIDs, \\Recent and IDLE notifications are
the server's business as for any IMAP APPEND.

Maildir keywords must be declared per folder (``dovecot-keywords``); :meth:`add_user`
declares the given ones (the poller's processed keyword) in the user's INBOX, which makes
them permanent flags there.
"""

from __future__ import annotations

import asyncio
import contextvars
import io
import os
from argparse import Namespace
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from contextlib import AsyncExitStack
from datetime import UTC, datetime
from pathlib import Path

from pymap.backend.maildir import Config, Identity, Login, MaildirBackend
from pymap.backend.maildir.users import PasswordsFile, UsersFile
from pymap.concurrent import Subsystem
from pymap.imap import IMAPService
from pymap.parsing.message import AppendMessage
from pymap.parsing.specials import ExtensionOptions
from pysasl.hashing import Cleartext

from mailserver.app.localmail.dovecot import check_credentials, free_port


class EmbeddedImap:
    """pymap on a loopback port, serving the Maildirs under ``directory``."""

    def __init__(
        self,
        directory: Path,
        *,
        host: str = "127.0.0.1",
        imap_port: int | None = None,
        keywords: Sequence[str] = (),
    ) -> None:
        """``keywords``: IMAP keywords every user's INBOX accepts as permanent flags."""
        self.directory = directory
        self.host = host
        self.imap_port = imap_port or free_port(host)
        self.keywords = tuple(keywords)
        self.users: dict[str, str] = {}
        self._stack: AsyncExitStack | None = None
        self._login: Login | None = None
        self._config: Config | None = None
        self._executors: list[ThreadPoolExecutor] = []
        # pymap finds its IO thread pool in a context variable: keep it out of the caller's.
        self._context = contextvars.copy_context()
        directory.mkdir(parents=True, exist_ok=True)

    @property
    def running(self) -> bool:
        """The server is listening."""
        return self._stack is not None

    def maildir(self, address: str) -> Path:
        """The Maildir holding the user's INBOX."""
        return self.directory / address.lower()

    def add_user(self, address: str, password: str) -> None:
        """Add (or change) a mailbox owner; usable at once, also while the server runs."""
        check_credentials(address, password)
        name = address.lower()
        self.users[name] = password
        maildir = self.maildir(name)
        for sub in ("cur", "new", "tmp"):
            (maildir / sub).mkdir(parents=True, exist_ok=True)
        if self.keywords:
            _write_atomic(
                maildir / "dovecot-keywords",
                "".join(f"{i} {kwd}\n" for i, kwd in enumerate(self.keywords)),
            )
        base = str(self.directory)
        users, passwords = UsersFile(base), PasswordsFile(base)
        for user, secret in sorted(self.users.items()):
            users.set(UsersFile.build_record(user, user))
            passwords.set(PasswordsFile.build_record(user, secret))
        for table in (users, passwords):
            text = io.StringIO()
            table.write(text)
            _write_atomic(Path(table.get_file(base)), text.getvalue(), mode=0o600)

    async def start(self) -> None:
        """Listen on the IMAP port."""
        if self._stack is not None:
            return
        await asyncio.create_task(self._start(), context=self._context.copy())

    async def _start(self) -> None:
        io_pool = ThreadPoolExecutor(4, thread_name_prefix="pbem-imap-io")
        cpu_pool = ThreadPoolExecutor(1, thread_name_prefix="pbem-imap-auth")
        self._executors = [io_pool, cpu_pool]
        args = Namespace(
            debug=False,
            passlib_cfg=None,
            proxy_protocol=None,
            inherited_sockets=None,
        )
        config = Config(
            args,
            host=self.host,
            port=self.imap_port,
            base_dir=str(self.directory),
            layout="++",
            colon=None,
            subsystem=Subsystem.for_executor(io_pool),
            cpu_subsystem=Subsystem.for_executor(cpu_pool),
            tls_enabled=False,
            secure_auth=False,  # plain LOGIN on loopback, as any local client expects
            reject_dnsbl=False,
            invalid_user_sleep=0.0,
            hash_context=Cleartext(),  # passwords are shown to the user anyway
        )
        config.apply_context()
        self._context = contextvars.copy_context()  # with pymap's thread pool, for deliver()
        login = Login(config)
        backend = MaildirBackend(login, config)
        stack = AsyncExitStack()
        try:
            await backend.start(stack)
            await IMAPService(backend, config).start(stack)
        except BaseException:
            await stack.aclose()
            self._shutdown_executors()
            raise
        self._stack, self._login, self._config = stack, login, config

    async def stop(self) -> None:
        """Stop listening and drop the open connections."""
        stack, self._stack = self._stack, None
        if stack is None:
            return
        try:
            await asyncio.create_task(stack.aclose(), context=self._context.copy())
        finally:
            self._shutdown_executors()

    async def deliver(self, raw: bytes, rcpt: str) -> int:
        """Put a message into the user's INBOX as pymap's own APPEND would; its UID."""
        if self._login is None or self._config is None:
            raise RuntimeError("the embedded IMAP server is not running")
        name = rcpt.lower()
        if name not in self.users:
            raise KeyError(f"no such user: {rcpt}")
        task = asyncio.create_task(self._append(name, raw), context=self._context.copy())
        return await task

    async def _append(self, name: str, raw: bytes) -> int:
        assert self._login is not None and self._config is not None
        identity = Identity(self._config, self._login.tokens, name, None, frozenset())
        message = AppendMessage(raw, datetime.now(UTC), frozenset(), ExtensionOptions.empty())
        async with identity.new_session() as session:
            append_uid, _ = await session.append_messages("INBOX", [message])
        return int(next(iter(append_uid.uids)))

    def _shutdown_executors(self) -> None:
        for executor in self._executors:
            executor.shutdown(wait=False, cancel_futures=True)
        self._executors = []


def _write_atomic(path: Path, text: str, *, mode: int = 0o644) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_text(text)
    tmp.chmod(mode)
    os.replace(tmp, path)
