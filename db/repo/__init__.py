"""Small repository functions for the mail server and the turn runner.

Every function takes a :class:`~sqlmodel.Session` and never commits: the caller owns the
transaction (normally :func:`db.session.transaction`). Functions that lock work for
exactly-once processing (``lock_game``, ``claim_due_outbox``,
``next_standby``) use ``SELECT ... FOR UPDATE [SKIP LOCKED]`` on PostgreSQL; SQLite has no
row locks, so there they require a transaction begun with ``BEGIN IMMEDIATE`` (the
database's single write lock does the serialising) and raise :class:`RuntimeError`
otherwise.

PostgreSQL text cannot hold NUL characters; the functions here that store text from
mails remove them (the raw bytes keep everything).

One module per job; every public name is importable from ``db.repo`` itself:

- ``rows``: What every module of the repository shares: storing a row at once (``INSERT
  ... RETURNING``, ``ON CONFLICT DO NOTHING``, statements built once per model), text as
  PostgreSQL can store it, addresses as compared, and SQLite's write-lock check.
- ``inbound``: Inbound mails as the poller took them in: their unique key, their
  outcome, the retention of their text; the mailboxes' UID marks; the rate of the
  unknown-sender reply.
- ``games``: Games and their seats: a game by number, the seats of an address, locking a
  game for its turn run (and claiming it before), a new occupant for a seat, the standby
  list.
- ``orders``: What the players send for a turn: order submissions (the latest one
  counts) and their messages (articles, secret messages) waiting for the printouts.
- ``outbox``: The outbox: enqueuing mails (one, or a turn run's many in one statement),
  the sender's claims with their lease and the owner's heartbeat, marking a mail sent or
  failed (with backoff).
- ``snapshots``: What a turn run keeps of each turn: the snapshot of the state after it
  (with what the evaluation read and the engine's events), and its sealed dice (secret
  and reveal).
- ``guards``: The counts intake's guards ask before answering a mail: answers sent to an
  address, the same mail answered already, mails refused (the guessing guard).
- ``ledger``: The ledger: bookings on a player's account and the balance they add up to.
- ``gm``: The GM's reports to the seats and rulings on a turn.
- ``access``: The host's keys and the state of each seat's web link.
"""

from db.repo.access import host_secret as host_secret
from db.repo.access import set_web_access as set_web_access
from db.repo.access import web_access as web_access
from db.repo.games import ClaimOutcome as ClaimOutcome
from db.repo.games import SeatKeys as SeatKeys
from db.repo.games import claim_turn as claim_turn
from db.repo.games import current_players as current_players
from db.repo.games import get_game_by_number as get_game_by_number
from db.repo.games import kinds_in_play as kinds_in_play
from db.repo.games import lock_game as lock_game
from db.repo.games import next_standby as next_standby
from db.repo.games import next_standby_for_game as next_standby_for_game
from db.repo.games import replace_player as replace_player
from db.repo.games import seat_by_numbers as seat_by_numbers
from db.repo.games import seat_keys_by_numbers as seat_keys_by_numbers
from db.repo.games import seats_of_address as seats_of_address
from db.repo.gm import gm_reports as gm_reports
from db.repo.gm import gm_rulings as gm_rulings
from db.repo.gm import store_gm_report as store_gm_report
from db.repo.gm import store_gm_ruling as store_gm_ruling
from db.repo.guards import answers_since as answers_since
from db.repo.guards import outbox_key_taken as outbox_key_taken
from db.repo.guards import refusals_since as refusals_since
from db.repo.guards import same_mail_answered as same_mail_answered
from db.repo.inbound import MAX_MESSAGE_ID_LENGTH as MAX_MESSAGE_ID_LENGTH
from db.repo.inbound import expire_inbound_mail as expire_inbound_mail
from db.repo.inbound import get_mailbox_state as get_mailbox_state
from db.repo.inbound import inbound_key as inbound_key
from db.repo.inbound import record_inbound_mail as record_inbound_mail
from db.repo.inbound import set_inbound_outcome as set_inbound_outcome
from db.repo.inbound import set_mailbox_state as set_mailbox_state
from db.repo.inbound import unknown_sender_reply_due as unknown_sender_reply_due
from db.repo.ledger import book as book
from db.repo.ledger import bookings as bookings
from db.repo.ledger import bookings_of_players as bookings_of_players
from db.repo.ledger import ledger_balance as ledger_balance
from db.repo.orders import SubmissionFields as SubmissionFields
from db.repo.orders import add_submission as add_submission
from db.repo.orders import latest_orders as latest_orders
from db.repo.orders import latest_submission as latest_submission
from db.repo.orders import latest_submissions as latest_submissions
from db.repo.orders import messages_sent as messages_sent
from db.repo.orders import store_submission as store_submission
from db.repo.orders import waiting_messages as waiting_messages
from db.repo.outbox import HEARTBEAT_GRACE as HEARTBEAT_GRACE
from db.repo.outbox import OUTBOX_LEASE as OUTBOX_LEASE
from db.repo.outbox import ClaimTerms as ClaimTerms
from db.repo.outbox import OutboxFields as OutboxFields
from db.repo.outbox import claim_due_outbox as claim_due_outbox
from db.repo.outbox import claim_due_outbox_ids as claim_due_outbox_ids
from db.repo.outbox import enqueue_outbox as enqueue_outbox
from db.repo.outbox import enqueue_outbox_id as enqueue_outbox_id
from db.repo.outbox import enqueue_outbox_many as enqueue_outbox_many
from db.repo.outbox import mark_failed as mark_failed
from db.repo.outbox import mark_sent as mark_sent
from db.repo.outbox import mark_sent_many as mark_sent_many
from db.repo.outbox import outbox_mails as outbox_mails
from db.repo.outbox import outbox_rows as outbox_rows
from db.repo.outbox import outbox_values as outbox_values
from db.repo.outbox import retry_delay as retry_delay
from db.repo.rows import ModelT as ModelT
from db.repo.rows import clean_text as clean_text
from db.repo.rows import normalise_address as normalise_address
from db.repo.rows import saved as saved
from db.repo.snapshots import dice_reveal as dice_reveal
from db.repo.snapshots import dice_secret as dice_secret
from db.repo.snapshots import load_snapshot as load_snapshot
from db.repo.snapshots import snapshot_taken as snapshot_taken
from db.repo.snapshots import snapshot_text as snapshot_text
from db.repo.snapshots import store_dice_reveal as store_dice_reveal
from db.repo.snapshots import store_dice_secret as store_dice_secret
from db.repo.snapshots import store_snapshot as store_snapshot
