"""The wording of the game-life mails (printouts, reminders, GM summary, notices), de/en.

The wording of intake's answers lives in :mod:`mailserver.texts`; its date and money
formats (``format_when``, ``format_money``) are used here too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

_TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "printout_subject": "Partie {game} Runde {turn}: Auswertung für Spieler {seat}",
        "start_intro": "Willkommen in Partie {game}! Sie spielen Position {seat}. Dies ist Ihre "
        "Startaufstellung (Auswertung Runde 0).",
        "takeover_intro": "Sie übernehmen Position {seat} in Partie {game} (Stand-by, 3.3). "
        "Anbei die aktuelle Auswertung dieser Position (Runde {turn}).",
        "password": "Ihr Kennwort: {password}",
        "password_hint": "Bitte beginnen Sie jede Befehlsmail mit der Zeile „Partie {game} "
        "Spieler {seat} Kennwort {password}“. Das Kennwort wird nicht wiederholt; heben Sie "
        "diese Mail auf.",
        "notes_head": "Mitteilungen des Spielleiters",
        "secrets_head": "Geheimnachrichten",
        "secret_from": "Von {ruler} (Spieler {seat}):",
        "secret_from_gm": "Vom Spielleiter weitergeleitet:",
        "late": "Diese Auswertung lief verspätet: der Abgabeschluss war {deadline}, ausgewertet "
        "wurde {ran}. Befehle, die bis zur Auswertung eingingen, wurden berücksichtigt.",
        "broke": "Ihr Kontostand ({balance}) deckte die Zuggebühr von {fee} nicht: Ihre Befehle "
        "für Runde {turn} wurden nicht ausgeführt (Regel 1.5). Bitte zahlen Sie beim Spielleiter "
        "ein.",
        "nmr_warning": "Von Ihnen lagen für Runde {turn} keine Befehle vor. Nach {limit} Runden "
        "ohne Befehle in Folge scheiden Sie aus (Regel 1.5).",
        "dropped": "Sie haben {count} Runden in Folge keine Befehle abgegeben und scheiden damit "
        "aus Partie {game} aus (Regel 1.5). Dies ist Ihre letzte Auswertung.",
        "out_by_rules": "Sie sind in Runde {turn} aus der Partie ausgeschieden.",
        "final": "Die Partie ist beendet. Dies ist die letzte Auswertung. Danke fürs Mitspielen!",
        "deadline": "Abgabeschluss (ZAT) für Runde {turn}: {when}",
        "no_deadline": "Der Abgabeschluss (ZAT) für Runde {turn} wird noch bekanntgegeben.",
        "balance": "Ihr Kontostand: {balance}",
        "fee_booked": "Zuggebühr Runde {turn}: {fee}",
        "footer": "Dies ist eine automatische Mail des Spielservers. Befehle bitte als Antwort "
        "oder neue Mail an diese Adresse.",
        "news_dropped": "Spieler {seat} ({ruler}) hat {count} Runden in Folge keine Befehle "
        "abgegeben und scheidet aus.",
        "news_takeover": "Position {seat} wird von einem neuen Spieler übernommen.",
        "news_vacant": "Position {seat} ist unbesetzt, bis ein Nachrücker gefunden ist.",
        "news_dropped_gm": "Der Spieler von Position {seat} ({ruler}) ist ausgeschieden.",
        "article_by": "– {ruler}",
        "reminder_subject": "Partie {game}: Erinnerung – Befehle für Runde {turn}",
        "reminder_body": "Für Runde {turn} von Partie {game} liegen noch keine Befehle von Ihnen "
        "(Spieler {seat}) vor. Abgabeschluss: {when}.",
        "notice_subject": "Partie {game}: Mitteilung des Spielleiters",
        "postponed": "Der Abgabeschluss für Runde {turn} von Partie {game} wurde verschoben auf "
        "{when} (Regel 1.6).",
        "deadline_set": "Der Abgabeschluss für Runde {turn} von Partie {game} ist jetzt {when}.",
        "paused": "Partie {game} ist vom Spielleiter angehalten; bis auf Weiteres wird nicht "
        "ausgewertet.",
        "resumed": "Partie {game} läuft weiter. {deadline}",
        "gm_summary_subject": "Partie {game} Runde {turn}: Zusammenfassung für den Spielleiter",
        "gm_held_subject": "Partie {game} Runde {turn}: Auswertung ANGEHALTEN",
        "dossier_subject": "Partie {game} Runde {turn}: die Befehle zur Auswertung",
        "dossier_intro": "Der ZAT von Runde {turn} der Partie {game} ist vorbei. Hier sind die "
        "geprüften Befehle aller Spieler (ohne Befehle: {missing}). Bitte schicken Sie jedem "
        "Spieler seinen Bericht („Bericht N“ … „Ende“, oder pbem gm report) und geben Sie die "
        "Runde dann frei („Veröffentlichen“, oder pbem gm publish).",
        "gm_held_body": "Die Auswertung von Runde {turn} der Partie {game} wurde angehalten: von "
        "{missing} der {active} aktiven Spieler liegen keine Befehle vor (Spieler {seats}). Das "
        "gab es in dieser Partie noch nie; vermutlich sind Mails verloren gegangen.\n\nPrüfen "
        "Sie bitte den Posteingang. Mit dem Befehl „Freigeben“ (release) läuft die Auswertung "
        "beim nächsten Takt, mit „Jetzt auswerten“ (run) sofort.",
        "held_reason": "{missing} von {active} aktiven Spielern ohne Befehle",
        "gm_turn": "Runde {turn} ist ausgewertet ({ran}).",
        "gm_orders": "Befehle von Spieler: {seats}",
        "gm_nmr": "Ohne Befehle (NMR): {seats}",
        "gm_broke": "Zuggebühr nicht gedeckt (als NMR behandelt): {seats}",
        "gm_dropped": "Ausgeschieden nach {count} NMR: {seats}",
        "gm_takeover": "Stand-by übernimmt Position {seat}: {address}",
        "gm_vacant": "Unbesetzt (kein Stand-by frei): {seats}",
        "gm_out": "Nach den Regeln ausgeschieden: Spieler {seat} ({reason})",
        "gm_secrets": "Zugestellte Geheimnachrichten: {count}",
        "gm_fees": "Zuggebühren gebucht: {count} × {fee}",
        "gm_next": "Nächster Abgabeschluss: {when}",
        "gm_no_next": "Nächster Abgabeschluss: noch nicht festgelegt.",
        "gm_finished": "Die Partie ist beendet; die Hall of Fame folgt in einer eigenen Mail.",
        "gm_view": "Gesamtansicht des Spielleiters:",
        "none": "keine",
        "hof_subject": "Partie {game}: Hall of Fame",
        "hof_head": "Hall of Fame – Partie {game} ({title})",
        "hof_end": "Ende nach Runde {turn} von {rounds}; Grund: {reason}.",
        "hof_winners": "Sieger: {winners}",
        "hof_table": "Platz Spieler Herrscher            Planeten  GNP   Ränge (PL FP OP RP FY TY "
        "PDU SP FI TR GIP PP)",
        "hof_out_head": "Ausgeschiedene und ersetzte Spieler:",
        "hof_out_line": "Spieler {seat} ({address}): {status} ab Runde {turn}",
        "hof_engine_out": "Spieler {seat} ({ruler}): ausgeschieden in Runde {turn} ({reason})",
        "status_dropped": "ausgeschieden (NMR)",
        "status_resigned": "zurückgetreten",
        "status_eliminated": "besiegt",
        "status_replaced": "ersetzt",
        "status_head": "Partie {game} ({kind}), Status: {status}. Letzte ausgewertete Runde: "
        "{turn}.",
        "status_held": "Die Auswertung ist ANGEHALTEN seit {when}: {reason}",
        "status_line": "Spieler {seat} {address} [{pstatus}] {state}",
        "status_sent": "Befehle da{final}",
        "status_final": ", endgültig",
        "status_missing": "keine Befehle ({nmr} NMR in Folge)",
    },
    "en": {
        "printout_subject": "Game {game} turn {turn}: printout for player {seat}",
        "start_intro": "Welcome to game {game}! You play position {seat}. This is your start "
        "position (printout of turn 0).",
        "takeover_intro": "You take over position {seat} in game {game} (stand-by, 3.3). Here "
        "is the current printout of the position (turn {turn}).",
        "password": "Your password: {password}",
        "password_hint": 'Please start every order mail with the line "Game {game} Player '
        '{seat} Password {password}". The password is not repeated; keep this mail.',
        "notes_head": "Notes of the game master",
        "secrets_head": "Secret messages",
        "secret_from": "From {ruler} (player {seat}):",
        "secret_from_gm": "Forwarded by the game master:",
        "late": "This evaluation ran late: the deadline was {deadline}, it ran {ran}. Orders "
        "that arrived before the evaluation were used.",
        "broke": "Your balance ({balance}) did not cover the turn fee of {fee}: your orders for "
        "turn {turn} were not executed (rule 1.5). Please pay in with the game master.",
        "nmr_warning": "No orders from you arrived for turn {turn}. After {limit} turns in a row "
        "without orders you are out (rule 1.5).",
        "dropped": "You sent no orders for {count} turns in a row and are out of game {game} "
        "(rule 1.5). This is your last printout.",
        "out_by_rules": "You left the game in turn {turn}.",
        "final": "The game is over. This is the last printout. Thank you for playing!",
        "deadline": "Deadline for turn {turn}: {when}",
        "no_deadline": "The deadline for turn {turn} will be announced.",
        "balance": "Your balance: {balance}",
        "fee_booked": "Turn fee turn {turn}: {fee}",
        "footer": "This is an automatic mail of the game server. Send orders as a reply or a "
        "new mail to this address.",
        "news_dropped": "Player {seat} ({ruler}) sent no orders for {count} turns in a row and "
        "is out.",
        "news_takeover": "A new player takes over position {seat}.",
        "news_vacant": "Position {seat} is vacant until a stand-by player is found.",
        "news_dropped_gm": "The player of position {seat} ({ruler}) has left the game.",
        "article_by": "– {ruler}",
        "reminder_subject": "Game {game}: reminder – orders for turn {turn}",
        "reminder_body": "There are no orders from you (player {seat}) for turn {turn} of game "
        "{game} yet. Deadline: {when}.",
        "notice_subject": "Game {game}: notice of the game master",
        "postponed": "The deadline for turn {turn} of game {game} was postponed to {when} "
        "(rule 1.6).",
        "deadline_set": "The deadline for turn {turn} of game {game} is now {when}.",
        "paused": "Game {game} is paused by the game master; no evaluation until further notice.",
        "resumed": "Game {game} continues. {deadline}",
        "gm_summary_subject": "Game {game} turn {turn}: summary for the game master",
        "gm_held_subject": "Game {game} turn {turn}: evaluation HELD",
        "dossier_subject": "Game {game} turn {turn}: the orders to adjudicate",
        "dossier_intro": "The deadline of turn {turn} of game {game} has passed. Here are the "
        "checked orders of every player (no orders: {missing}). Please send each player's "
        'report ("Report N" … "End", or pbem gm report) and then release the turn '
        '("Publish", or pbem gm publish).',
        "gm_held_body": "The evaluation of turn {turn} of game {game} is held: {missing} of the "
        "{active} active players sent no orders (players {seats}). That never happened in this "
        'game; mail was probably lost.\n\nPlease check the mailbox. The command "release" lets '
        'the turn run at the next tick, "run" runs it at once.',
        "held_reason": "{missing} of {active} active players without orders",
        "gm_turn": "Turn {turn} has been evaluated ({ran}).",
        "gm_orders": "Orders from players: {seats}",
        "gm_nmr": "No orders (NMR): {seats}",
        "gm_broke": "Turn fee not covered (treated as NMR): {seats}",
        "gm_dropped": "Out after {count} NMR: {seats}",
        "gm_takeover": "Stand-by takes over position {seat}: {address}",
        "gm_vacant": "Vacant (no stand-by waiting): {seats}",
        "gm_out": "Out by the rules: player {seat} ({reason})",
        "gm_secrets": "Secret messages delivered: {count}",
        "gm_fees": "Turn fees booked: {count} × {fee}",
        "gm_next": "Next deadline: {when}",
        "gm_no_next": "Next deadline: not set yet.",
        "gm_finished": "The game is over; the Hall of Fame follows in a mail of its own.",
        "gm_view": "The game master's full view:",
        "none": "none",
        "hof_subject": "Game {game}: Hall of Fame",
        "hof_head": "Hall of Fame – game {game} ({title})",
        "hof_end": "Ended after turn {turn} of {rounds}; reason: {reason}.",
        "hof_winners": "Winner(s): {winners}",
        "hof_table": "Rank  Player  Ruler                Planets   GNP   Ranks (PL FP OP RP FY TY "
        "PDU SP FI TR GIP PP)",
        "hof_out_head": "Players out or replaced:",
        "hof_out_line": "Player {seat} ({address}): {status} from turn {turn}",
        "hof_engine_out": "Player {seat} ({ruler}): out in turn {turn} ({reason})",
        "status_dropped": "out (NMR)",
        "status_resigned": "resigned",
        "status_eliminated": "defeated",
        "status_replaced": "replaced",
        "status_head": "Game {game} ({kind}), status: {status}. Latest evaluated turn: {turn}.",
        "status_held": "The evaluation is HELD since {when}: {reason}",
        "status_line": "Player {seat} {address} [{pstatus}] {state}",
        "status_sent": "orders in{final}",
        "status_final": ", final",
        "status_missing": "no orders ({nmr} NMR in a row)",
    },
}


def life_text(lang: str, key: str, **values: object) -> str:
    """One sentence of the game-life mails in ``lang`` (German for anything but English)."""
    return _TEXTS["en" if lang == "en" else "de"][key].format(**values)


def public_notice(
    languages: Iterable[str], parts: Sequence[tuple[str, Mapping[str, object]]]
) -> str:
    """A notice everybody reads (the newspaper): the sentences ``parts`` in every language.

    German first, one line per language; German alone when nobody reads English.
    """
    present = set(languages)
    wanted = [lang for lang in ("de", "en") if lang in present] or ["de"]
    return "\n".join(
        " ".join(life_text(lang, key, **values) for key, values in parts) for lang in wanted
    )
