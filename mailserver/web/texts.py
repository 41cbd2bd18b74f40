"""The pages' own words, in German and English (the mails' texts are in the catalog)."""

from __future__ import annotations

from mailserver.common.catalog import pick

TEXTS: dict[str, tuple[str, str]] = {
    "games": ("Partien", "Games"),
    "no_games": ("Zur Zeit läuft keine Partie.", "No game is running."),
    "game": ("Partie", "Game"),
    "kind": ("Spiel", "Game kind"),
    "status": ("Stand", "Status"),
    "turn": ("Runde", "Turn"),
    "deadline": ("Nächster Abgabetermin (ZAT)", "Next deadline"),
    "no_deadline": ("Noch kein Termin", "Not set yet"),
    "seats": ("Spieler", "Players"),
    "seat": ("Spieler", "Player"),
    "orders_sent": ("Befehle für die nächste Runde", "Orders for the coming turn"),
    "sent": ("eingegangen", "received"),
    "sent_final": ("eingegangen (fertig)", "received (final)"),
    "not_sent": ("noch nicht", "not yet"),
    "late": ("Verspätet", "Late"),
    "late_n": ("{n}× keine Befehle (NMR)", "{n}× no orders (NMR)"),
    "on_time": ("–", "–"),
    "newspaper_of": ("{paper} der Runde {turn}", "{paper} of turn {turn}"),
    "no_news": ("Noch keine Artikel.", "No articles yet."),
    "by_gm": ("Die Spielleitung", "The game master"),
    "final_report": ("Schlussbericht", "Final report"),
    "status_running": ("läuft", "running"),
    "status_paused": ("angehalten", "paused"),
    "status_finished": ("beendet", "finished"),
    "status_adjudicating": ("Spielleitung wertet aus", "the GM is adjudicating"),
    "status_setup": ("in Vorbereitung", "being set up"),
    "player_active": ("spielt", "playing"),
    "player_dropped": ("ausgeschieden (NMR)", "dropped (NMR)"),
    "player_resigned": ("ausgestiegen", "resigned"),
    "player_eliminated": ("aus dem Spiel", "out of the game"),
    "public_page": ("Öffentliche Seite der Partie", "The game's public page"),
    "your_page": ("Ihre Seite – Spieler {seat}", "Your page – player {seat}"),
    "secret_note": (
        "Diese Adresse ist Ihr Schlüssel: geben Sie sie nicht weiter.",
        "This address is your key: do not pass it on.",
    ),
    "printouts": ("Ihre Ausdrucke", "Your printouts"),
    "printout_of": ("Ausdruck der Runde {turn}", "Printout of turn {turn}"),
    "no_printout": ("Noch kein Ausdruck.", "No printout yet."),
    "map": ("Die Karte", "The map"),
    "report": ("Der Bericht als JSON", "The report as JSON"),
    "orders": ("Befehle für Runde {turn}", "Orders for turn {turn}"),
    "orders_help": (
        "Schreiben Sie Ihre Befehle wie in eine Mail (Kopfzeile und Kennwort sind nicht nötig). "
        "Sie werden beim Tippen geprüft; abgeschickt gehen sie den Weg einer Mail, und die "
        "Bestätigung kommt per Mail.",
        "Write your orders as in a mail (no header line or password needed). They are "
        "checked as you type; once sent they take the path of a mail, and the "
        "acknowledgement arrives by mail.",
    ),
    "check": ("Prüfen", "Check"),
    "send": ("Abschicken", "Send"),
    "understood": ("Verstanden", "Understood"),
    "errors": ("Fehler", "Errors"),
    "line": ("Zeile", "line"),
    "too_long": ("Der Text ist zu lang.", "The text is too long."),
    "sent_ok": (
        "Ihre Befehle sind abgeschickt; die Bestätigung kommt per Mail.",
        "Your orders are sent; the acknowledgement arrives by mail.",
    ),
    "sent_refused": (
        "Die Befehle wurden nicht angenommen; die Mail mit der Begründung ist unterwegs.",
        "The orders were not taken; a mail with the reason is on its way.",
    ),
    "too_many": (
        "Zu viele Sendungen von dieser Seite in der letzten Stunde: diese wurde nicht "
        "angenommen und wird nicht beantwortet. Bitte versuchen Sie es später.",
        "Too many submissions from this page in the last hour: this one was not taken "
        "and gets no answer. Please try again later.",
    ),
    "no_orders_now": (
        "Zur Zeit nimmt die Partie von Ihnen keine Befehle an.",
        "The game takes no orders from you at the moment.",
    ),
    "gm_page": ("Spielleitung – Partie {game}", "Game master – game {game}"),
    "held": ("Die Runde ist angehalten", "The turn is held"),
    "not_held": ("Keine Runde angehalten.", "No turn is held."),
    "mails": ("Mails seit der letzten Auswertung", "Mails since the last evaluation"),
    "no_mails": ("Keine.", "None."),
    "when": ("Zeit", "Time"),
    "direction": ("Richtung", "Direction"),
    "in": ("ein", "in"),
    "out": ("aus", "out"),
    "address": ("Adresse", "Address"),
    "subject": ("Betreff", "Subject"),
    "what": ("Art", "Kind"),
    "note": ("Vermerk", "Note"),
    "gm_view": ("Gesamtsicht der Runde {turn}", "Full view of turn {turn}"),
    "not_found": ("Diese Seite gibt es nicht.", "There is no such page."),
    "forbidden": (
        "Diese Anfrage kam nicht von der Seite selbst und wird nicht ausgeführt.",
        "This request did not come from the page itself and is not carried out.",
    ),
    "js_note": (
        "Die Prüfung beim Tippen braucht JavaScript; ohne es prüft „Prüfen“.",
        "Checking as you type needs JavaScript; without it, use “Check”.",
    ),
    "checked": ("Ergebnis der Prüfung", "Result of the check"),
}


def text(lang: str, key: str, /, **values: object) -> str:
    """The page text ``key`` in ``lang`` (German for anything but English), filled in."""
    return pick(TEXTS, lang, key, **values)
