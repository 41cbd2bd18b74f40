"""The wording of the mails the server writes, in German and English."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

_DAYS = {
    "de": ("Mo.", "Di.", "Mi.", "Do.", "Fr.", "Sa.", "So."),
    "en": ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"),
}

_GERMAN_ZONES = {"CET": "MEZ", "CEST": "MESZ"}

_TEXTS: dict[str, dict[str, str]] = {
    "de": {
        "ack_subject": "Befehle erhalten – Partie {game}, Spieler {seat}, Runde {turn}",
        "ack_intro": "Ihre Befehle für Runde {turn} sind angekommen und gespeichert.",
        "ack_replaces": "Sie ersetzen Ihre früheren Befehle für diese Runde.",
        "ack_final": "Sie sind als endgültig markiert (Fertig).",
        "ack_later": "Sie gelten für Runde {turn} (die nächste Auswertung ist Runde {next}).",
        "ack_messages_only": "Diese Mail enthält keine Befehle, nur Nachrichten; Ihre "
        "gespeicherten Befehle für Runde {turn} bleiben unverändert.",
        "ack_no_orders_yet": "Für Runde {turn} liegen noch keine Befehle von Ihnen vor.",
        "diff_title": "Änderungen gegenüber Ihren vorigen Befehle für diese Runde:",
        "diff_none": "Keine Änderungen gegenüber Ihren vorigen Befehlen für diese Runde.",
        "diff_added": "  neu:      {text}",
        "diff_removed": "  entfällt: {text}",
        "messages_title": "Nachrichten:",
        "msg_press": "  Artikel für die {paper}: erscheint in der nächsten Auswertung.",
        "msg_secret": "  Geheimnachricht an Spieler {to}: wird mit der nächsten Auswertung "
        "zugestellt.",
        "msg_urgent": "  Eildepesche an Spieler {to}: sofort weitergeleitet.",
        "msg_no_urgent": "  Eildepesche: in dieser Partie gibt es keine Eildepeschen; nicht "
        "weitergeleitet.",
        "msg_no_newspaper": "  Artikel: diese Partie hat keine Zeitung; nicht gespeichert.",
        "msg_urgent_postage": "  Eildepesche an Spieler {to}: sofort weitergeleitet; Porto "
        "{amount} gebucht.",
        "msg_gm": "  Nachricht an den Spielleiter: sofort weitergeleitet.",
        "msg_bad_addressee": "  Spieler {to} gibt es in dieser Partie nicht: die Nachricht "
        "wurde NICHT zugestellt.",
        "msg_self": "  Eine Nachricht an sich selbst wurde nicht zugestellt.",
        "deadline": "Abgabeschluss (ZAT) für Runde {turn}: {when}",
        "no_deadline": "Der Abgabeschluss (ZAT) für Runde {turn} wird noch bekanntgegeben.",
        "turn_past": "Runde {turn} ist schon ausgewertet; Befehle für Runde {turn} werden nicht "
        "mehr angenommen. Die nächste Auswertung ist Runde {next}.",
        "footer": "Dies ist eine automatische Antwort des Spielservers. Ihr Kennwort wird nie "
        "wiederholt.",
        "reject_subject": "Nicht angenommen – Partie {game}",
        "reject_password": "Ihre Mail für Partie {game}, Spieler {seat} wurde NICHT angenommen: "
        "das Kennwort fehlt oder ist falsch. Bitte schreiben Sie in die erste Zeile "
        "„Partie {game} Spieler {seat} Kennwort …“.",
        "reject_player": "Ihre Mail wurde NICHT angenommen: in Partie {game} gibt es keinen "
        "Spieler {seat}.",
        "reject_no_player": "Ihre Mail für Partie {game} wurde NICHT angenommen: bitte nennen Sie "
        "Ihre Spielernummer und Ihr Kennwort („Partie {game} Spieler 2 Kennwort …“).",
        "reject_game": "Ihre Mail wurde NICHT angenommen: eine Partie {game} gibt es auf diesem "
        "Server nicht.",
        "reject_finished": "Ihre Mail wurde NICHT angenommen: Partie {game} ist beendet.",
        "reject_adjudicating": "Ihre Mail wurde NICHT angenommen: der ZAT von Runde {turn} der "
        "Partie {game} ist vorbei, und der Spielleiter wertet sie gerade aus. Befehle für die "
        "nächste Runde schicken Sie bitte nach der Auswertung.",
        "step_not_awaited": "Hinweis: dieser Schritt ({step}) wartet nicht auf Ihre Befehle; "
        "sie werden bei dieser Auswertung nicht ausgeführt.",
        "reject_no_game": "Ihre Mail wurde NICHT angenommen: es ist nicht zu erkennen, für welche "
        "Partie sie ist. Bitte schreiben Sie in die erste Zeile „Partie 227 Spieler 2 "
        "Kennwort …“.",
        "reject_out": "Ihre Mail wurde NICHT angenommen: Sie spielen in Partie {game} nicht mehr "
        "mit.",
        "reject_gm_password": "Ihre Spielleiter-Mail für Partie {game} wurde NICHT ausgeführt: "
        "das Spielleiter-Kennwort fehlt oder ist falsch („Partie {game} Spielleiter Kennwort …“).",
        "warn_gm_password": "An den Server kam eine Spielleiter-Mail für Partie {game} von der "
        "Adresse {sender} mit falschem oder fehlendem Kennwort. Sie wurde NICHT ausgeführt.",
        "warn_gm_other_address": "An den Server kam eine Spielleiter-Mail für Partie {game} von "
        "der Adresse {sender} mit dem richtigen Kennwort. Sie wurde ausgeführt.",
        "warn_subject": "Hinweis: Mail für Ihre Position in Partie {game}",
        "warn_wrong_password": "An den Server kam eine Mail für Ihre Position (Partie {game}, "
        "Spieler {seat}) von der Adresse {sender} mit falschem oder fehlendem Kennwort. Sie "
        "wurde NICHT angenommen. Wenn Sie das nicht waren, ist das nur zur Kenntnis.",
        "warn_other_address": "An den Server kam eine Mail für Ihre Position (Partie {game}, "
        "Spieler {seat}) von der Adresse {sender} mit dem richtigen Kennwort. Sie wurde "
        "angenommen. Wenn Sie das nicht waren, ändern Sie bitte Ihr Kennwort beim Spielleiter.",
        "urgent_subject": "Eildepesche von {ruler} – Partie {game}",
        "urgent_intro": "Eildepesche von {ruler} (Spieler {seat}) in Partie {game}:",
        "gm_subject": "Nachricht von Spieler {seat} – Partie {game}",
        "gm_intro": "Nachricht von Spieler {seat} ({ruler}, {sender}) in Partie {game}:",
    },
    "en": {
        "ack_subject": "Orders received – game {game}, player {seat}, turn {turn}",
        "ack_intro": "Your orders for turn {turn} have arrived and are stored.",
        "ack_replaces": "They replace your earlier orders for this turn.",
        "ack_final": "They are marked final.",
        "ack_later": "They are for turn {turn} (the next evaluation is turn {next}).",
        "ack_messages_only": "This mail holds no orders, only messages; your stored orders for "
        "turn {turn} stay as they were.",
        "ack_no_orders_yet": "There are no orders from you for turn {turn} yet.",
        "diff_title": "Changes against your previous orders for this turn:",
        "diff_none": "No changes against your previous orders for this turn.",
        "diff_added": "  new:      {text}",
        "diff_removed": "  dropped:  {text}",
        "messages_title": "Messages:",
        "msg_press": "  Article for the {paper}: appears in the next printout.",
        "msg_secret": "  Secret message to player {to}: delivered with the next printout.",
        "msg_urgent": "  Urgent dispatch to player {to}: forwarded at once.",
        "msg_no_urgent": "  Urgent dispatch: this game has no urgent dispatches; not forwarded.",
        "msg_no_newspaper": "  Article: this game has no newspaper; not kept.",
        "msg_urgent_postage": "  Urgent dispatch to player {to}: forwarded at once; postage "
        "{amount} booked.",
        "msg_gm": "  Message to the game master: forwarded at once.",
        "msg_bad_addressee": "  There is no player {to} in this game: the message was NOT "
        "delivered.",
        "msg_self": "  A message to yourself was not delivered.",
        "deadline": "Deadline for turn {turn}: {when}",
        "no_deadline": "The deadline for turn {turn} will be announced.",
        "turn_past": "Turn {turn} has already been evaluated; orders for it are no longer "
        "accepted. The next evaluation is turn {next}.",
        "footer": "This is an automatic answer of the game server. Your password is never "
        "repeated.",
        "reject_subject": "Not accepted – game {game}",
        "reject_password": "Your mail for game {game}, player {seat} was NOT accepted: the "
        'password is missing or wrong. Please start with "Game {game} Player {seat} '
        'Password …".',
        "reject_player": "Your mail was NOT accepted: game {game} has no player {seat}.",
        "reject_no_player": "Your mail for game {game} was NOT accepted: please give your player "
        'number and password ("Game {game} Player 2 Password …").',
        "reject_game": "Your mail was NOT accepted: there is no game {game} on this server.",
        "reject_finished": "Your mail was NOT accepted: game {game} is over.",
        "reject_adjudicating": "Your mail was NOT accepted: the deadline of turn {turn} of "
        "game {game} has passed and the game master is adjudicating it. Please send orders "
        "for the next turn after the printouts.",
        "step_not_awaited": "Note: this step ({step}) does not wait for your orders; they "
        "are not carried out in this evaluation.",
        "reject_no_game": "Your mail was NOT accepted: it does not say which game it is for. "
        'Please start with "Game 227 Player 2 Password …".',
        "reject_out": "Your mail was NOT accepted: you no longer play in game {game}.",
        "reject_gm_password": "Your GM mail for game {game} was NOT carried out: the GM "
        'password is missing or wrong ("Game {game} GM password ...").',
        "warn_gm_password": "The server received a GM mail for game {game} from {sender} with "
        "a wrong or missing password. It was NOT carried out.",
        "warn_gm_other_address": "The server received a GM mail for game {game} from {sender} "
        "with the right password. It was carried out.",
        "warn_subject": "Notice: mail for your position in game {game}",
        "warn_wrong_password": "The server received a mail for your position (game {game}, "
        "player {seat}) from {sender} with a wrong or missing password. It was NOT accepted. "
        "If that was not you, this is for your information only.",
        "warn_other_address": "The server received a mail for your position (game {game}, "
        "player {seat}) from {sender} with the right password. It was accepted. If that was "
        "not you, please ask the game master for a new password.",
        "urgent_subject": "Urgent dispatch from {ruler} – game {game}",
        "urgent_intro": "Urgent dispatch from {ruler} (player {seat}) in game {game}:",
        "gm_subject": "Message from player {seat} – game {game}",
        "gm_intro": "Message from player {seat} ({ruler}, {sender}) in game {game}:",
    },
}

UNKNOWN_SENDER_SUBJECT = "Play-by-email game server / Spielserver"
UNKNOWN_SENDER_BODY = """\
Guten Tag,

dies ist der automatische Spielserver für Postspiele per E-Mail. Ihre Adresse ist hier
keiner Partie zugeordnet, und Ihre Mail nennt keine Partie, die es hier gibt; sie wurde
nicht bearbeitet. Wenn Sie mitspielen möchten, wenden Sie sich bitte an den Spielleiter.
Befehle beginnen mit einer Zeile wie „Partie 227 Spieler 2 Kennwort …“.

Hello,

this is the automatic game server for play-by-email games. Your address does not belong
to any game here and your mail does not name a game that exists here; it was not acted
on. If you would like to play, please write to the game master. Orders start with a line
like "Game 227 Player 2 Password …".

(You will get this explanation at most once a day. / Diese Erklärung kommt höchstens
einmal am Tag.)
"""


def text(lang: str, key: str, **values: object) -> str:
    """One sentence of the server's mails in ``lang`` (German for anything but English)."""
    table = _TEXTS["en" if lang == "en" else "de"]
    return table[key].format(**values)


def format_when(moment: datetime, timezone: str, lang: str) -> str:
    """A deadline as a player reads it in his own time zone: ``Mo., 07.12.2026, 18:00 MEZ``."""
    local = moment.astimezone(ZoneInfo(timezone))
    day = _DAYS["en" if lang == "en" else "de"][local.weekday()]
    zone = local.tzname() or timezone
    if lang == "en":
        return f"{day} {local:%d %b %Y, %H:%M} {zone} ({timezone})"
    zone = _GERMAN_ZONES.get(zone, zone)
    return f"{day}, {local:%d.%m.%Y, %H:%M} Uhr {zone} ({timezone})"


def format_money(cents: int, currency: str) -> str:
    """``0,80 EUR``."""
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100},{cents % 100:02d} {currency}"
