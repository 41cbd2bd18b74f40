"""Every text of the host's mails, in German and English: one catalog.

Each entry is a key with its German and English wording (``str.format`` placeholders);
:func:`say` picks the player's (or the GM's) language. A test checks that both languages
have the same placeholders. Game texts (printouts, order descriptions) are the game's
own; this is what the host writes around them.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence

TEXTS: dict[str, tuple[str, str]] = {
    # -- Answers to players' mails (intake)
    "ack_subject": (
        "Befehle erhalten – Partie {game}, Spieler {seat}, Runde {turn}",
        "Orders received – game {game}, player {seat}, turn {turn}",
    ),
    "ack_intro": (
        "Ihre Befehle für Runde {turn} sind angekommen und gespeichert.",
        "Your orders for turn {turn} have arrived and are stored.",
    ),
    "ack_replaces": (
        "Sie ersetzen Ihre früheren Befehle für diese Runde.",
        "They replace your earlier orders for this turn.",
    ),
    "ack_final": (
        "Sie sind als endgültig markiert (Fertig).",
        "They are marked final.",
    ),
    "ack_later": (
        "Sie gelten für Runde {turn} (die nächste Auswertung ist Runde {next}).",
        "They are for turn {turn} (the next evaluation is turn {next}).",
    ),
    "ack_settings_only": (
        "Diese Mail enthält keine Befehle, nur Einstellungen; Ihre gespeicherten Befehle für "
        "Runde {turn} bleiben unverändert.",
        "This mail holds no orders, only settings; your stored orders for turn {turn} stay as "
        "they were.",
    ),
    "files_title": ("Einstellungen:", "Settings:"),
    "ack_messages_only": (
        "Diese Mail enthält keine Befehle, nur Nachrichten; Ihre gespeicherten Befehle für Runde "
        "{turn} bleiben unverändert.",
        "This mail holds no orders, only messages; your stored orders for turn {turn} stay as "
        "they were.",
    ),
    "diff_title": (
        "Änderungen gegenüber Ihren vorigen Befehlen für diese Runde:",
        "Changes against your previous orders for this turn:",
    ),
    "diff_none": (
        "Keine Änderungen gegenüber Ihren vorigen Befehlen für diese Runde.",
        "No changes against your previous orders for this turn.",
    ),
    "diff_added": (
        "  neu:      {text}",
        "  new:      {text}",
    ),
    "diff_removed": (
        "  entfällt: {text}",
        "  dropped:  {text}",
    ),
    "kept_title": (
        "Aus Ihren früheren Mails zu dieser Runde bleiben bestehen (eine neue Mail ersetzt die "
        "Befehle, nicht die Nachrichten):",
        "From your earlier mails for this turn these stay (a new mail replaces the orders, not "
        "the messages):",
    ),
    "kept_press": (
        "Artikel",
        "article",
    ),
    "kept_secret": (
        "Geheimnachricht an Spieler {to}",
        "secret message to player {to}",
    ),
    "messages_more": (
        "  … und {n} weitere Nachrichten in dieser Mail (jede wie oben behandelt).",
        "  … and {n} more messages in this mail (each handled as above).",
    ),
    "messages_title": (
        "Nachrichten:",
        "Messages:",
    ),
    "msg_press": (
        "  Artikel für die {paper}: erscheint in der nächsten Auswertung.",
        "  Article for the {paper}: appears in the next printout.",
    ),
    "msg_secret": (
        "  Geheimnachricht an Spieler {to}: wird mit der nächsten Auswertung zugestellt.",
        "  Secret message to player {to}: delivered with the next printout.",
    ),
    "msg_urgent": (
        "  Eildepesche an Spieler {to}: sofort weitergeleitet.",
        "  Urgent dispatch to player {to}: forwarded at once.",
    ),
    "msg_no_urgent": (
        "  Eildepesche: in dieser Partie gibt es keine Eildepeschen; nicht weitergeleitet.",
        "  Urgent dispatch: this game has no urgent dispatches; not forwarded.",
    ),
    "msg_no_newspaper": (
        "  Artikel: diese Partie hat keine Zeitung; nicht gespeichert.",
        "  Article: this game has no newspaper; not kept.",
    ),
    "msg_urgent_limit": (
        "  Eildepesche an Spieler {to}: NICHT weitergeleitet – höchstens {per_mail} je Mail und "
        "{per_turn} je Runde.",
        "  Urgent dispatch to player {to}: NOT forwarded – at most {per_mail} per mail and "
        "{per_turn} per turn.",
    ),
    "msg_gm_limit": (
        "  Nachricht an den Spielleiter: NICHT weitergeleitet – höchstens {per_mail} je Mail "
        "und {per_turn} je Runde.",
        "  Message to the game master: NOT forwarded – at most {per_mail} per mail and "
        "{per_turn} per turn.",
    ),
    "msg_urgent_postage": (
        "  Eildepesche an Spieler {to}: sofort weitergeleitet; Porto {amount} gebucht.",
        "  Urgent dispatch to player {to}: forwarded at once; postage {amount} booked.",
    ),
    "msg_gm": (
        "  Nachricht an den Spielleiter: sofort weitergeleitet.",
        "  Message to the game master: forwarded at once.",
    ),
    "msg_bad_addressee": (
        "  Spieler {to} gibt es in dieser Partie nicht: die Nachricht wurde NICHT zugestellt.",
        "  There is no player {to} in this game: the message was NOT delivered.",
    ),
    "msg_self": (
        "  Eine Nachricht an sich selbst wurde nicht zugestellt.",
        "  A message to yourself was not delivered.",
    ),
    "deadline": (
        "Abgabeschluss (ZAT) für Runde {turn}: {when}",
        "Deadline for turn {turn}: {when}",
    ),
    "no_deadline": (
        "Der Abgabeschluss (ZAT) für Runde {turn} wird noch bekanntgegeben.",
        "The deadline for turn {turn} will be announced.",
    ),
    "turn_past": (
        "Runde {turn} ist schon ausgewertet; Befehle für Runde {turn} werden nicht mehr "
        "angenommen. Die nächste Auswertung ist Runde {next}.",
        "Turn {turn} has already been evaluated; orders for it are no longer accepted. The next "
        "evaluation is turn {next}.",
    ),
    "footer": (
        "Dies ist eine automatische Antwort des Spielservers. Ihr Kennwort wird nie wiederholt.",
        "This is an automatic answer of the game server. Your password is never repeated.",
    ),
    "quoted_hint": (
        "Ihre Mail enthält {count} zitierte Zeilen (mit „>“ am Anfang). Sie werden nicht "
        "gelesen, denn meist ist das die zitierte letzte Auswertung. Wenn Sie Ihre Befehle in "
        "das zitierte Befehlsformular geschrieben haben, schicken Sie sie bitte noch einmal ohne "
        "„>“ am Zeilenanfang (im Mailprogramm: Antwort ohne Zitat, oder das Befehlsformular in "
        "den eigenen Text kopieren).",
        'Your mail holds {count} quoted lines (starting with ">"). They are not read, because '
        "mostly they are the quoted last printout. If you wrote your orders into the quoted "
        'order form, please send them again without ">" at the start of the lines (in your mail '
        "program: reply without quoting, or copy the order form into your own text).",
    ),
    "reject_subject": (
        "Nicht angenommen – Partie {game}",
        "Not accepted – game {game}",
    ),
    "reject_password": (
        "Ihre Mail für Partie {game}, Spieler {seat} wurde NICHT angenommen: das Kennwort fehlt "
        "oder ist falsch. Bitte schreiben Sie vor die Befehle eine Zeile „Partie {game} Spieler "
        "{seat} Kennwort …“ (oder schreiben Sie es in den Betreff).",
        "Your mail for game {game}, player {seat} was NOT accepted: the password is missing or "
        'wrong. Please put a line "Game {game} Player {seat} Password …" before the orders (or '
        "write it in the Subject).",
    ),
    "reject_player": (
        "Ihre Mail wurde NICHT angenommen: in Partie {game} gibt es keinen Spieler {seat}.",
        "Your mail was NOT accepted: game {game} has no player {seat}.",
    ),
    "reject_no_player": (
        "Ihre Mail für Partie {game} wurde NICHT angenommen: bitte nennen Sie Ihre Spielernummer "
        "und Ihr Kennwort („Partie {game} Spieler 2 Kennwort …“).",
        "Your mail for game {game} was NOT accepted: please give your player number and password "
        '("Game {game} Player 2 Password …").',
    ),
    "reject_game": (
        "Ihre Mail wurde NICHT angenommen: eine Partie {game} gibt es auf diesem Server nicht.",
        "Your mail was NOT accepted: there is no game {game} on this server.",
    ),
    "reject_finished": (
        "Ihre Mail wurde NICHT angenommen: Partie {game} ist beendet.",
        "Your mail was NOT accepted: game {game} is over.",
    ),
    "reject_adjudicating": (
        "Ihre Mail wurde NICHT angenommen: der ZAT von Runde {turn} der Partie {game} ist "
        "vorbei, und der Spielleiter wertet sie gerade aus. Befehle für die nächste Runde "
        "schicken Sie bitte nach der Auswertung.",
        "Your mail was NOT accepted: the deadline of turn {turn} of game {game} has passed and "
        "the game master is adjudicating it. Please send orders for the next turn after the "
        "printouts.",
    ),
    "reject_too_big": (
        "Ihre Mail wurde NICHT gelesen: sie ist {size} kB groß, angenommen werden höchstens "
        "{limit} kB. Bitte schicken Sie die Befehle ohne Anhänge.",
        "Your mail was NOT read: it is {size} kB, at most {limit} kB are accepted. Please send "
        "the orders without attachments.",
    ),
    "reject_too_long": (
        "Ihre Mail wurde NICHT gelesen: der Text hat {lines} Zeilen und {chars} Zeichen, "
        "angenommen werden höchstens {max_lines} Zeilen und {max_chars} Zeichen.",
        "Your mail was NOT read: its text has {lines} lines and {chars} characters, at most "
        "{max_lines} lines and {max_chars} characters are accepted.",
    ),
    "reject_locked": (
        "Ihre Mail wurde NICHT gelesen: für diese Position kamen zu viele falsche Kennwörter. "
        "Weitere Versuche werden {hours} Stunde(n) lang nicht gelesen und nicht beantwortet; der "
        "Spielleiter ist informiert.",
        "Your mail was NOT read: there were too many wrong passwords for this position. Further "
        "tries are neither read nor answered for {hours} hour(s); the game master has been told.",
    ),
    "gm_locked": (
        "Für {who} in Partie {game} kamen {tries} falsche Kennwörter (zuletzt von {sender}). "
        "Weitere Versuche werden {hours} Stunde(n) lang nicht gelesen. Wenn das ein Angriff ist, "
        "geben Sie dem Spieler ein neues Kennwort (Ersatz durch dieselbe Adresse).",
        "{who} of game {game} got {tries} wrong passwords (the last from {sender}). Further "
        "tries are not read for {hours} hour(s). If this is an attack, give the player a new "
        "password (replace the seat with the same address).",
    ),
    "step_not_awaited": (
        "Hinweis: dieser Schritt ({step}) wartet nicht auf Ihre Befehle; sie werden bei dieser "
        "Auswertung nicht ausgeführt.",
        "Note: this step ({step}) does not wait for your orders; they are not carried out in "
        "this evaluation.",
    ),
    "reject_no_game": (
        "Ihre Mail wurde NICHT angenommen: es ist nicht zu erkennen, für welche Partie sie ist. "
        "Bitte schreiben Sie vor die Befehle eine Zeile wie „Partie 227 Spieler 2 Kennwort …“ "
        "(oder schreiben Sie sie in den Betreff).",
        "Your mail was NOT accepted: it does not say which game it is for. Please put a line "
        'like "Game 227 Player 2 Password …" before the orders (or write it in the Subject).',
    ),
    "reject_out": (
        "Ihre Mail wurde NICHT angenommen: Sie spielen in Partie {game} nicht mehr mit.",
        "Your mail was NOT accepted: you no longer play in game {game}.",
    ),
    "reject_gm_password": (
        "Ihre Spielleiter-Mail für Partie {game} wurde NICHT ausgeführt: das "
        "Spielleiter-Kennwort fehlt oder ist falsch („Partie {game} Spielleiter Kennwort …“).",
        "Your GM mail for game {game} was NOT carried out: the GM password is missing or wrong "
        '("Game {game} GM password ...").',
    ),
    "warn_gm_password": (
        "An den Server kam eine Spielleiter-Mail für Partie {game} von der Adresse {sender} mit "
        "falschem oder fehlendem Kennwort. Sie wurde NICHT ausgeführt.",
        "The server received a GM mail for game {game} from {sender} with a wrong or missing "
        "password. It was NOT carried out.",
    ),
    "warn_gm_other_address": (
        "An den Server kam eine Spielleiter-Mail für Partie {game} von der Adresse {sender} mit "
        "dem richtigen Kennwort. Sie wurde ausgeführt.",
        "The server received a GM mail for game {game} from {sender} with the right password. It "
        "was carried out.",
    ),
    "warn_subject": (
        "Hinweis: Mail für Ihre Position in Partie {game}",
        "Notice: mail for your position in game {game}",
    ),
    "warn_wrong_password": (
        "An den Server kam eine Mail für Ihre Position (Partie {game}, Spieler {seat}) von der "
        "Adresse {sender} mit falschem oder fehlendem Kennwort. Sie wurde NICHT angenommen. Wenn "
        "Sie das nicht waren, ist das nur zur Kenntnis.",
        "The server received a mail for your position (game {game}, player {seat}) from {sender} "
        "with a wrong or missing password. It was NOT accepted. If that was not you, this is for "
        "your information only.",
    ),
    "warn_other_address": (
        "An den Server kam eine Mail für Ihre Position (Partie {game}, Spieler {seat}) von der "
        "Adresse {sender} mit dem richtigen Kennwort. Sie wurde angenommen. Wenn Sie das nicht "
        "waren, ändern Sie bitte Ihr Kennwort beim Spielleiter.",
        "The server received a mail for your position (game {game}, player {seat}) from {sender} "
        "with the right password. It was accepted. If that was not you, please ask the game "
        "master for a new password.",
    ),
    "urgent_footer": (
        "Diese Eildepesche hat der Spielserver weitergeleitet. Antworten Sie mit einer eigenen "
        "Eildepesche in Ihrer Befehlsmail; der Absender kennt Ihre Adresse nicht.",
        "The game server forwarded this urgent dispatch. Answer with an urgent dispatch of your "
        "own in your order mail; the sender does not know your address.",
    ),
    "urgent_subject": (
        "Eildepesche von {ruler} – Partie {game}",
        "Urgent dispatch from {ruler} – game {game}",
    ),
    "urgent_intro": (
        "Eildepesche von {ruler} (Spieler {seat}) in Partie {game}:",
        "Urgent dispatch from {ruler} (player {seat}) in game {game}:",
    ),
    "gm_subject": (
        "Nachricht von Spieler {seat} – Partie {game}",
        "Message from player {seat} – game {game}",
    ),
    "gm_intro": (
        "Nachricht von Spieler {seat} ({ruler}, {sender}) in Partie {game}:",
        "Message from player {seat} ({ruler}, {sender}) in game {game}:",
    ),
    # -- Game life: printouts, reminders, the GM's summary, notices
    "printout_subject": (
        "Partie {game} Runde {turn}: Auswertung für Spieler {seat}",
        "Game {game} turn {turn}: printout for player {seat}",
    ),
    "start_intro": (
        "Willkommen in Partie {game}! Sie spielen Position {seat}. Dies ist Ihre "
        "Startaufstellung (Auswertung Runde 0).",
        "Welcome to game {game}! You play position {seat}. This is your start position (printout "
        "of turn 0).",
    ),
    "takeover_intro": (
        "Sie übernehmen Position {seat} in Partie {game} (Stand-by). Anbei die aktuelle "
        "Auswertung dieser Position (Runde {turn}).",
        "You take over position {seat} in game {game} (stand-by). Here is the current "
        "printout of the position (turn {turn}).",
    ),
    "password": (
        "Ihr Kennwort: {password}",
        "Your password: {password}",
    ),
    "password_hint": (
        "Bitte beginnen Sie jede Befehlsmail mit der Zeile „Partie {game} Spieler {seat} "
        "Kennwort {password}“. Das Kennwort wird nicht wiederholt; heben Sie diese Mail auf.",
        'Please start every order mail with the line "Game {game} Player {seat} Password '
        '{password}". The password is not repeated; keep this mail.',
    ),
    "notes_head": (
        "Mitteilungen des Spielleiters",
        "Notes of the game master",
    ),
    "secrets_head": (
        "Geheimnachrichten",
        "Secret messages",
    ),
    "secret_from": (
        "Von {ruler} (Spieler {seat}):",
        "From {ruler} (player {seat}):",
    ),
    "secret_from_gm": (
        "Vom Spielleiter weitergeleitet:",
        "Forwarded by the game master:",
    ),
    "late": (
        "Diese Auswertung lief verspätet: der Abgabeschluss war {deadline}, ausgewertet wurde "
        "{ran}. Befehle, die bis zur Auswertung eingingen, wurden berücksichtigt.",
        "This evaluation ran late: the deadline was {deadline}, it ran {ran}. Orders that "
        "arrived before the evaluation were used.",
    ),
    "broke": (
        "Ihr Kontostand ({balance}) deckte die Zuggebühr von {fee} nicht: Ihre Befehle für Runde "
        "{turn} wurden nicht ausgeführt (Hausregeln des Servers, „Fees“). Bitte zahlen Sie beim "
        "Spielleiter ein.",
        "Your balance ({balance}) did not cover the turn fee of {fee}: your orders for turn "
        "{turn} were not executed (host rules, 'Fees'). Please pay in with the game master.",
    ),
    "nmr_warning": (
        "Von Ihnen lagen für Runde {turn} keine Befehle vor. Nach {limit} Runden ohne Befehle in "
        "Folge scheiden Sie aus (Hausregeln des Servers, „NMR and leaving the game“).",
        "No orders from you arrived for turn {turn}. After {limit} turns in a row without orders "
        "you are out (host rules, 'NMR and leaving the game').",
    ),
    "dropped": (
        "Sie haben {count} Runden in Folge keine Befehle abgegeben und scheiden damit aus Partie "
        "{game} aus (Hausregeln des Servers, „NMR and leaving the game“). Dies ist Ihre letzte "
        "Auswertung.",
        "You sent no orders for {count} turns in a row and are out of game {game} (host rules, "
        "'NMR and leaving the game'). This is your last printout.",
    ),
    "final": (
        "Die Partie ist beendet. Dies ist die letzte Auswertung. Danke fürs Mitspielen!",
        "The game is over. This is the last printout. Thank you for playing!",
    ),
    "printout_deadline": (
        "Abgabeschluss (ZAT) für Runde {turn}: {when}",
        "Deadline for turn {turn}: {when}",
    ),
    "printout_no_deadline": (
        "Der Abgabeschluss (ZAT) für Runde {turn} wird noch bekanntgegeben.",
        "The deadline for turn {turn} will be announced.",
    ),
    "balance": (
        "Ihr Kontostand: {balance}",
        "Your balance: {balance}",
    ),
    "balance_postage": (
        "  darin Porto für {count} Eildepesche(n) dieser Runde: {amount}",
        "  including postage for {count} urgent dispatch(es) this turn: {amount}",
    ),
    "cli_web_both": (
        "--renew und --revoke schließen sich aus.",
        "--renew and --revoke exclude each other.",
    ),
    "cli_no_seat": (
        "Partie {game} hat keinen Spieler {seat}.",
        "Game {game} has no player {seat}.",
    ),
    "cli_web_revoked": (
        "Der Web-Link von Spieler {seat} in Partie {game} ist gesperrt (--renew gibt einen neuen).",
        "The web link of player {seat} in game {game} is revoked (--renew makes a new one).",
    ),
    "web_public": (
        "Die öffentliche Seite der Partie (Termin, wer Befehle geschickt hat, Zeitung):",
        "The game's public page (deadline, who has sent orders, newspaper):",
    ),
    "web_private": (
        "Ihre eigene Seite (Ausdrucke, Befehle prüfen und abschicken) – geheim, nicht weitergeben:",
        "Your own page (printouts, check and send orders) – secret, do not pass it on:",
    ),
    "ack_web": (
        "Diese Befehle kamen über Ihre Seite im Web.",
        "These orders came through your web page.",
    ),
    "printout_footer": (
        "Dies ist eine automatische Mail des Spielservers. Befehle bitte als Antwort oder neue "
        "Mail an diese Adresse.",
        "This is an automatic mail of the game server. Send orders as a reply or a new mail to "
        "this address.",
    ),
    "news_dropped": (
        "Spieler {seat} ({ruler}) hat {count} Runden in Folge keine Befehle abgegeben und "
        "scheidet aus.",
        "Player {seat} ({ruler}) sent no orders for {count} turns in a row and is out.",
    ),
    "news_takeover": (
        "Position {seat} wird von einem neuen Spieler übernommen.",
        "A new player takes over position {seat}.",
    ),
    "news_vacant": (
        "Position {seat} ist unbesetzt, bis ein Nachrücker gefunden ist.",
        "Position {seat} is vacant until a stand-by player is found.",
    ),
    "news_dropped_gm": (
        "Der Spieler von Position {seat} ({ruler}) ist ausgeschieden.",
        "The player of position {seat} ({ruler}) has left the game.",
    ),
    "seat_name": (
        "Spieler {seat}",
        "player {seat}",
    ),
    "article_by": (
        "– {ruler}",
        "– {ruler}",
    ),
    "reminder_subject": (
        "Partie {game}: Erinnerung – Befehle für Runde {turn}",
        "Game {game}: reminder – orders for turn {turn}",
    ),
    "reminder_body": (
        "Für Runde {turn} von Partie {game} liegen noch keine Befehle von Ihnen (Spieler {seat}) "
        "vor. Abgabeschluss: {when}.",
        "There are no orders from you (player {seat}) for turn {turn} of game {game} yet. "
        "Deadline: {when}.",
    ),
    "notice_subject": (
        "Partie {game}: Mitteilung des Spielleiters",
        "Game {game}: notice of the game master",
    ),
    "postponed": (
        "Der Abgabeschluss für Runde {turn} von Partie {game} wurde verschoben auf {when}.",
        "The deadline for turn {turn} of game {game} was postponed to {when}.",
    ),
    "deadline_set": (
        "Der Abgabeschluss für Runde {turn} von Partie {game} ist jetzt {when}.",
        "The deadline for turn {turn} of game {game} is now {when}.",
    ),
    "paused": (
        "Partie {game} ist vom Spielleiter angehalten; bis auf Weiteres wird nicht ausgewertet.",
        "Game {game} is paused by the game master; no evaluation until further notice.",
    ),
    "gm_summary_subject": (
        "Partie {game} Runde {turn}: Zusammenfassung für den Spielleiter",
        "Game {game} turn {turn}: summary for the game master",
    ),
    "gm_held_subject": (
        "Partie {game} Runde {turn}: Auswertung ANGEHALTEN",
        "Game {game} turn {turn}: evaluation HELD",
    ),
    "dossier_subject": (
        "Partie {game} Runde {turn}: die Befehle zur Auswertung",
        "Game {game} turn {turn}: the orders to adjudicate",
    ),
    "dossier_intro": (
        "Der ZAT von Runde {turn} der Partie {game} ist vorbei. Hier sind die geprüften Befehle "
        "aller Spieler (ohne Befehle: {missing}). Bitte schicken Sie jedem Spieler seinen "
        "Bericht („Bericht N“ … „Ende“, oder pbem gm report) und geben Sie die Runde dann frei "
        "(„Veröffentlichen“, oder pbem gm publish).",
        "The deadline of turn {turn} of game {game} has passed. Here are the checked orders of "
        'every player (no orders: {missing}). Please send each player\'s report ("Report N" … '
        '"End", or pbem gm report) and then release the turn ("Publish", or pbem gm publish).',
    ),
    "gm_held_body": (
        "Die Auswertung von Runde {turn} der Partie {game} wurde angehalten: von {missing} der "
        "{active} aktiven Spieler liegen keine Befehle vor (Spieler {seats}). Das gab es in "
        "dieser Partie noch nie; vermutlich sind Mails verloren gegangen.\n\nPrüfen Sie bitte "
        "den Posteingang. Mit dem Befehl „Freigeben“ (release) läuft die Auswertung beim "
        "nächsten Takt, mit „Jetzt auswerten“ (run) sofort.",
        "The evaluation of turn {turn} of game {game} is held: {missing} of the {active} active "
        "players sent no orders (players {seats}). That never happened in this game; mail was "
        'probably lost.\n\nPlease check the mailbox. The command "release" lets the turn run at '
        'the next tick, "run" runs it at once.',
    ),
    "held_reason": (
        "{missing} von {active} aktiven Spielern ohne Befehle",
        "{missing} of {active} active players without orders",
    ),
    "gm_turn": (
        "Runde {turn} ist ausgewertet ({ran}).",
        "Turn {turn} has been evaluated ({ran}).",
    ),
    "gm_orders": (
        "Befehle von Spieler: {seats}",
        "Orders from players: {seats}",
    ),
    "gm_nmr": (
        "Ohne Befehle (NMR): {seats}",
        "No orders (NMR): {seats}",
    ),
    "gm_broke": (
        "Zuggebühr nicht gedeckt (als NMR behandelt): {seats}",
        "Turn fee not covered (treated as NMR): {seats}",
    ),
    "gm_dropped": (
        "Ausgeschieden nach {count} NMR: {seats}",
        "Out after {count} NMR: {seats}",
    ),
    "gm_takeover": (
        "Stand-by übernimmt Position {seat}: {address}",
        "Stand-by takes over position {seat}: {address}",
    ),
    "gm_vacant": (
        "Unbesetzt (kein Stand-by frei): {seats}",
        "Vacant (no stand-by waiting): {seats}",
    ),
    "gm_out": (
        "Nach den Regeln ausgeschieden: Spieler {seat} ({reason})",
        "Out by the rules: player {seat} ({reason})",
    ),
    "gm_secrets": (
        "Zugestellte Geheimnachrichten: {count}",
        "Secret messages delivered: {count}",
    ),
    "gm_fees": (
        "Zuggebühren gebucht: {count} × {fee}",
        "Turn fees booked: {count} × {fee}",
    ),
    "gm_next": (
        "Nächster Abgabeschluss: {when}",
        "Next deadline: {when}",
    ),
    "gm_no_next": (
        "Nächster Abgabeschluss: noch nicht festgelegt.",
        "Next deadline: not set yet.",
    ),
    "gm_finished": (
        "Die Partie ist beendet; die Hall of Fame folgt in einer eigenen Mail.",
        "The game is over; the Hall of Fame follows in a mail of its own.",
    ),
    "gm_view": (
        "Gesamtansicht des Spielleiters:",
        "The game master's full view:",
    ),
    "none": (
        "keine",
        "none",
    ),
    "hof_subject": (
        "Partie {game}: Hall of Fame",
        "Game {game}: Hall of Fame",
    ),
    "status_head": (
        "Partie {game} ({kind}), Status: {status}. Letzte ausgewertete Runde: {turn}.",
        "Game {game} ({kind}), status: {status}. Latest evaluated turn: {turn}.",
    ),
    "status_held": (
        "Die Auswertung ist ANGEHALTEN seit {when}: {reason}",
        "The evaluation is HELD since {when}: {reason}",
    ),
    "told_subject": (
        "Partie {game}: Ihre Position",
        "Game {game}: your position",
    ),
    "told_replaced": (
        "Position {seat} in Partie {game} hat einen neuen Spieler: der Spielleiter ({gm}) hat "
        "sie am {when} neu vergeben. Ihr Kennwort gilt nicht mehr. Wenn das nicht abgesprochen "
        "war, schreiben Sie bitte dem Spielleiter.",
        "Position {seat} in game {game} has a new player: the game master ({gm}) gave it away on "
        "{when}. Your password is no longer valid. If this was not agreed, please write to the "
        "game master.",
    ),
    "told_dropped": (
        "Sie spielen Position {seat} in Partie {game} nicht mehr: der Spielleiter ({gm}) hat Sie "
        "am {when} ausscheiden lassen. Wenn das nicht abgesprochen war, schreiben Sie bitte dem "
        "Spielleiter.",
        "You no longer play position {seat} in game {game}: the game master ({gm}) took you out "
        "on {when}. If this was not agreed, please write to the game master.",
    ),
    "refused_subject": (
        "Partie {game}: eine Mail wurde abgewiesen",
        "Game {game}: a mail was refused",
    ),
    "refused_body": (
        "Die Mail „{subject}“ an {address} (Spieler {seat}) in Partie {game} wurde vom "
        "Mailserver endgültig abgewiesen: {error}\nDie Adresse ist im Status markiert; bitte "
        "klären Sie die Adresse mit dem Spieler.",
        'The mail "{subject}" to {address} (player {seat}) in game {game} was refused for good '
        "by the mail server: {error}\nThe address is marked in the status; please sort out the "
        "address with the player.",
    ),
    "status_bounced": (
        "  (Mails an diese Adresse werden abgewiesen, zuletzt {when})",
        "  (mail to this address is refused, last {when})",
    ),
    "status_line": (
        "Spieler {seat} {address} [{pstatus}] {state}",
        "Player {seat} {address} [{pstatus}] {state}",
    ),
    "status_sent": (
        "Befehle da{final}",
        "orders in{final}",
    ),
    "status_final": (
        ", endgültig",
        ", final",
    ),
    "status_missing": (
        "keine Befehle ({nmr} NMR in Folge)",
        "no orders ({nmr} NMR in a row)",
    ),
    # -- Replies to the GM's commands
    "subject": (
        "Partie {game}: Befehle des Spielleiters – {done} ausgeführt, {failed} Fehler",
        "Game {game}: GM commands – {done} done, {failed} failed",
    ),
    "intro": (
        "Partie {game}: Ihre Befehle, Zeile für Zeile.",
        "Game {game}: your commands, line by line.",
    ),
    "line": (
        "Zeile {line}: {text}",
        "Line {line}: {text}",
    ),
    "subject_line": (
        "Betreff: {text}",
        "Subject: {text}",
    ),
    "error": (
        "  FEHLER: {message}",
        "  ERROR: {message}",
    ),
    "error_at": (
        "  FEHLER (Spalte {column}, „{text}“): {message}",
        '  ERROR (column {column}, "{text}"): {message}',
    ),
    "summary": (
        "{done} Befehle ausgeführt, {failed} mit Fehler.",
        "{done} commands done, {failed} failed.",
    ),
    "nothing": (
        "In dieser Mail wurde kein Befehl gefunden. Die Befehle stehen je in einer Zeile unter "
        "der Kopfzeile „Partie {game} Spielleiter Kennwort …“; siehe docs/gm-commands.md.",
        'No command was found in this mail. Commands go one per line below the header line "Game '
        '{game} GM Password …"; see docs/gm-commands.md.',
    ),
    "wrong_game": (
        "Die Kopfzeile nennt Partie {named}, das Kennwort gehört aber zu Partie {game}. Es wurde "
        "nichts ausgeführt.",
        "The header names game {named}, but the password is game {game}'s. Nothing was done.",
    ),
    "internal": (
        "Interner Fehler; nichts davon wurde ausgeführt. Der Betreiber ist informiert.",
        "Internal error; none of it was done. The operator has been told.",
    ),
    "started": (
        "Partie gestartet: {count} Spieler bekommen die Auswertung von Runde 0 mit ihrem Kennwort.",
        "Game started: {count} players get the turn 0 printout with their password.",
    ),
    "reply_deadline": (
        "Abgabeschluss für Runde {turn}: {when}.",
        "Deadline of turn {turn}: {when}.",
    ),
    "reply_no_deadline": (
        "Kein Abgabeschluss gesetzt.",
        "No deadline set.",
    ),
    "reply_paused": (
        "Die Partie ist angehalten; es wird nicht ausgewertet, bis „Weiter“ kommt.",
        'The game is paused; no turn runs until "Resume".',
    ),
    "reply_resumed": (
        "Die Partie läuft weiter.",
        "The game runs again.",
    ),
    "released": (
        "Die angehaltene Runde ist freigegeben.",
        "The held turn is released.",
    ),
    "run_done": (
        "Runde {turn} ist ausgewertet; {mails} Mails sind im Postausgang.",
        "Turn {turn} is evaluated; {mails} mails are in the outbox.",
    ),
    "run_over": (
        "Runde {turn} ist ausgewertet, die Partie ist zu Ende; {mails} Mails sind im Postausgang.",
        "Turn {turn} is evaluated and the game is over; {mails} mails are in the outbox.",
    ),
    "run_other": (
        "Nicht ausgewertet ({status}). {reason}",
        "Not evaluated ({status}). {reason}",
    ),
    "preview": (
        "Vorschau von Runde {turn}: {count} Ausdrucke gehen als eigene Mails an {address}; an "
        "die Spieler geht nichts.",
        "Preview of turn {turn}: {count} printouts go to {address} as mails of their own; "
        "nothing goes to the players.",
    ),
    "replaced": (
        "Position {seat} übernimmt {address} ({language}); er/sie bekommt das Kennwort und die "
        "aktuelle Auswertung.",
        "{address} ({language}) takes over seat {seat} and gets the password and the current "
        "printout.",
    ),
    "reply_dropped": (
        "Spieler {seat} ({address}) scheidet aus.",
        "Player {seat} ({address}) leaves the game.",
    ),
    "standby": (
        "{address} ({language}) steht auf der Warteliste.",
        "{address} ({language}) is on the standby list.",
    ),
    "news": (
        "Die Nachricht erscheint in der Zeitung der Auswertung von Runde {turn}.",
        "The news appears in the newspaper of the turn {turn} printouts.",
    ),
    "report": (
        "Der Bericht an Spieler {seat} ist gespeichert ({files} Anhänge); er geht mit "
        "„Veröffentlichen“ hinaus.",
        'The report to player {seat} is kept ({files} attachments); it goes out with "Publish".',
    ),
    "secret": (
        "Die Geheimnachricht liegt der Auswertung von Runde {turn} für Spieler {seat} bei.",
        "The secret message goes with player {seat}'s turn {turn} printout.",
    ),
    "resent": (
        "Die Auswertung von Runde {turn} für Spieler {seat} ist erneut im Postausgang.",
        "Player {seat}'s turn {turn} printout is in the outbox again.",
    ),
    "preview_subject": (
        "Partie {game} VORSCHAU Runde {turn}: {who}",
        "Game {game} PREVIEW turn {turn}: {who}",
    ),
    "preview_gm": (
        "Spielleiter",
        "game master",
    ),
    "preview_seat": (
        "Spieler {seat}",
        "player {seat}",
    ),
    "preview_note": (
        "VORSCHAU – nichts davon wurde an die Spieler geschickt; die Runde ist nicht ausgewertet.",
        "PREVIEW – none of this was sent to the players; the turn is not evaluated.",
    ),
    "bad_when": (
        "Der Termin ist nicht lesbar: {reason}",
        "The date cannot be read: {reason}",
    ),
    "past": (
        "Der Termin {when} liegt in der Vergangenheit.",
        "The deadline {when} is in the past.",
    ),
    # -- The echo of an order text
    "echo_game": (
        "Partie",
        "Game",
    ),
    "echo_player": (
        "Spieler",
        "Player",
    ),
    "echo_turn": (
        "Runde",
        "Turn",
    ),
    "echo_password": (
        "Kennwort angegeben",
        "password given",
    ),
    "echo_no_password": (
        "kein Kennwort",
        "no password",
    ),
    "echo_unknown": (
        "?",
        "?",
    ),
    "echo_understood": (
        "Verstanden ({n} Befehle):",
        "Understood ({n} orders):",
    ),
    "echo_understood_1": (
        "Verstanden (1 Befehl):",
        "Understood (1 order):",
    ),
    "echo_none": (
        "Keine Befehle verstanden.",
        "No orders understood.",
    ),
    "echo_errors": (
        "Fehler ({n}) – diese Zeilen werden NICHT ausgeführt:",
        "Errors ({n}) – these lines will NOT be carried out:",
    ),
    "echo_errors_1": (
        "Fehler (1) – diese Zeile wird NICHT ausgeführt:",
        "Error (1) – this line will NOT be carried out:",
    ),
    "echo_line": (
        "Zeile",
        "Line",
    ),
    "echo_column": (
        "Spalte",
        "column",
    ),
    "echo_notes": (
        "Nicht als Befehl gelesen:",
        "Not read as orders:",
    ),
    "echo_more": (
        "  … und {n} weitere (die ersten {shown} stehen oben; der Rest der Mail wurde genauso "
        "gelesen).",
        "  … and {n} more (the first {shown} are above; the rest of the mail was read the same "
        "way).",
    ),
    "echo_ended": (
        "(Die Befehle enden mit „Ende“ in der Mail.)",
        '(The orders end with "End" in the mail.)',
    ),
    # -- The command line
    "cli_error": (
        "Fehler: {message}",
        "Error: {message}",
    ),
    "cli_file_missing": (
        "Die Datei {file} gibt es nicht.",
        "There is no file {file}.",
    ),
    "cli_file_unreadable": (
        "Die Datei {file} ist nicht lesbar: {reason}",
        "The file {file} cannot be read: {reason}",
    ),
    "cli_settings_missing": (
        "Die Einstellungsdatei {source} gibt es nicht.",
        "The configuration file {source} does not exist.",
    ),
    "cli_settings_unreadable": (
        "Die Einstellungsdatei {source} ist nicht lesbar: {detail}",
        "The configuration file {source} cannot be read: {detail}",
    ),
    "cli_settings_toml": (
        "{source} ist kein gültiges TOML: {detail}",
        "{source} is not valid TOML: {detail}",
    ),
    "cli_settings_unknown": (
        "{where}unbekannte Einstellung {key}.",
        "{where}unknown setting {key}.",
    ),
    "cli_settings_unknown_near": (
        "{where}unbekannte Einstellung {key}; die nächste bekannte ist {nearest}.",
        "{where}unknown setting {key}; the nearest known one is {nearest}.",
    ),
    "cli_settings_invalid": (
        "{where}{key}: {detail}",
        "{where}{key}: {detail}",
    ),
    "cli_not_utf8": (
        "{file} ist kein UTF-8-Text.",
        "{file} is not UTF-8 text.",
    ),
    "cli_no_player": (
        "Spieler {player} gibt es in dieser Partie nicht.",
        "There is no player {player} in this game.",
    ),
    "cli_database_from_env": (
        "Datenbank: {database} (aus PBEM_DATABASE_URL)",
        "Database: {database} (from PBEM_DATABASE_URL)",
    ),
    "cli_database_default": (
        "Datenbank: {database} (die Voreinstellung; --config FILE oder PBEM_DATABASE_URL wählen "
        "eine andere)",
        "Database: {database} (the default; --config FILE or PBEM_DATABASE_URL choose another)",
    ),
    "cli_database_missing": (
        "Die Datenbank {database} gibt es nicht: --config FILE oder PBEM_DATABASE_URL nennen "
        "eine andere, 'pbem gm create' legt sie an.",
        "There is no database {database}: --config FILE or PBEM_DATABASE_URL name another, 'pbem "
        "gm create' makes it.",
    ),
    "cli_database_unusable": (
        "Die Datenbank {database} lässt sich nicht öffnen: {reason}",
        "Cannot open the database {database}: {reason}",
    ),
    "cli_no_game": (
        "Es gibt keine Partie {game}.",
        "There is no game {game}.",
    ),
    "cli_unreadable_command": (
        "{line!r} ist nicht lesbar.",
        "Cannot read {line!r}.",
    ),
    "cli_bad_seat": (
        "--player {text}: schreiben Sie PLATZ=ADRESSE[,SPRACHE][,FELD=WERT...].",
        "--player {text}: write SEAT=ADDRESS[,LANG][,FIELD=VALUE...].",
    ),
    "cli_bad_seat_language": (
        "--player {text}: die Sprache ist de oder en.",
        "--player {text}: the language is de or en.",
    ),
    "cli_bad_option": (
        "--option {text}: schreiben Sie NAME=WERT.",
        "--option {text}: write KEY=VALUE.",
    ),
    "cli_bad_game_file": (
        "Spieldatei {file}: {reason}",
        "Game file {file}: {reason}",
    ),
    "cli_bad_players": (
        "In der Spieldatei ist players keine Liste von Tabellen.",
        "In the game file, players is not a list of tables.",
    ),
    "cli_bad_player": (
        "In der Spieldatei ist der Spieler {entry!r} nicht lesbar (seat und address fehlen?).",
        "In the game file, cannot read the player {entry!r} (seat and address missing?).",
    ),
    "cli_bad_time": (
        "--at {text}: schreiben Sie HH:MM.",
        "--at {text}: write HH:MM.",
    ),
    "cli_bad_hours": (
        "--reminder-hours {text}: schreiben Sie Stunden mit Komma, etwa 48,12.",
        "--reminder-hours {text}: write hours with commas, e.g. 48,12.",
    ),
    "cli_bad_whole_number": (
        "{key} = {value!r}: keine ganze Zahl.",
        "{key} = {value!r}: not a whole number.",
    ),
    "cli_required": (
        "{option} fehlt (als Option oder in --file).",
        "{option} is required (as an option or in --file).",
    ),
    "cli_empty_text": (
        "Der Text ist leer.",
        "The text is empty.",
    ),
    "cli_outbox_note": (
        "Mails kommen nur in den Postausgang; der laufende Dienst (pbem serve) verschickt sie.",
        "Mails go into the outbox only; the running service (pbem serve) sends them.",
    ),
    "cli_too_big": (
        "Die Mail ist größer als {limit} kB und wird nicht gelesen (wie beim Server).",
        "The mail is larger than {limit} kB and is not read (as the server would not).",
    ),
    "cli_too_long": (
        "Der Text hat {lines} Zeilen und {chars} Zeichen; gelesen werden höchstens "
        "{max_lines} Zeilen und {max_chars} Zeichen (wie beim Server).",
        "The text has {lines} lines and {chars} characters; at most {max_lines} lines and "
        "{max_chars} characters are read (as the server would).",
    ),
    "cli_gm_password": (
        "Das Spielleiter-Kennwort ist {password} – es wird nur dieses eine Mal angezeigt und "
        "nur als Hash gespeichert.",
        "The GM password is {password} – it is shown this once and stored only as a hash.",
    ),
    "cli_created": (
        "Partie {game} ({kind}) mit {players} Spielern angelegt, Status {status}. Weiter: pbem "
        "gm start {game}",
        "Game {game} ({kind}) created with {players} players, status {status}. Next: pbem gm "
        "start {game}",
    ),
    "cli_started": (
        "Partie {game} gestartet: {count} Auswertungen der Runde 0 im Postausgang. Abgabeschluss "
        "der Runde 1: {deadline}.",
        "Game {game} started: {count} turn 0 printouts in the outbox. Deadline of turn 1: "
        "{deadline}.",
    ),
    "cli_no_deadline": (
        "keiner",
        "none",
    ),
    "cli_password_columns": (
        "Spieler|Kennwort",
        "Seat|Password",
    ),
    "cli_report_kept": (
        "Bericht an Spieler {seat} der Partie {game} gespeichert ({count} Anhänge).",
        "Report for seat {seat} of game {game} kept ({count} attachments).",
    ),
    "cli_published": (
        "Runde {turn} der Partie {game} veröffentlicht: {count} Mails.",
        "Turn {turn} of game {game} published: {count} mails.",
    ),
    "cli_preview_title": (
        "Partie {game}, Runde {turn}: {who}",
        "Game {game}, turn {turn}: {who}",
    ),
    "cli_preview_gm": (
        "Spielleiter",
        "GM",
    ),
    "cli_preview_seat": (
        "Spieler {seat}",
        "seat {seat}",
    ),
    "cli_held": (
        " (angehalten)",
        " (held)",
    ),
    "cli_no_games": (
        "Keine Partien.",
        "No games.",
    ),
    "cli_game_columns": (
        "Partie|Art|Status|Runde|Spieler|Nächster Abgabeschluss",
        "Game|Kind|Status|Turn|Players|Next deadline",
    ),
    "cli_standby_added": (
        "{address} ({language}) steht auf der Warteliste.",
        "{address} ({language}) is on the standby list.",
    ),
    "cli_standby_empty": (
        "Die Warteliste ist leer.",
        "The standby list is empty.",
    ),
    "cli_standby_columns": (
        "#|Adresse|Name|Sprache|Art|Seit",
        "#|Address|Name|Language|Kind|Since",
    ),
    "cli_any_kind": (
        "jede",
        "any",
    ),
}
"""Key -> (German, English)."""

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
"""For an address no game knows: its language is unknown, so it is in both."""


WIDTH = 78
"""Prose in the host's mails wraps at this column (fixed-width mail, readable anywhere)."""


def say(lang: str, key: str, /, **values: object) -> str:
    """The text ``key`` in ``lang`` (German for anything but English), filled in."""
    return pick(TEXTS, lang, key, **values)


def pick(texts: Mapping[str, tuple[str, str]], lang: str, key: str, /, **values: object) -> str:
    """The text ``key`` of a German/English table in ``lang`` (German for anything but
    English), filled in: the catalog's lookup, for the web pages' own table too."""
    de, en = texts[key]
    return (en if lang == "en" else de).format(**values)


def wrap(text: str) -> str:
    """Host prose as mails carry it: every line longer than :data:`WIDTH` wrapped (an
    indented line keeps its indent). Not for a game's printout or a player's own text."""
    return "\n".join(_wrap(line) for line in text.split("\n"))


def _wrap(line: str) -> str:
    if len(line) <= WIDTH:
        return line
    indent = line[: len(line) - len(line.lstrip())]
    return textwrap.fill(
        line.strip(),
        WIDTH,
        initial_indent=indent,
        subsequent_indent=indent + ("  " if indent else ""),
        break_long_words=False,
        break_on_hyphens=False,
    )


def public_notice(
    languages: Iterable[str], parts: Sequence[tuple[str, Mapping[str, object]]]
) -> str:
    """A notice everybody reads (the newspaper): the sentences ``parts`` in every language.

    German first, one line per language; German alone when nobody reads English.
    """
    present = set(languages)
    wanted = [lang for lang in ("de", "en") if lang in present] or ["de"]
    return "\n".join(" ".join(say(lang, key, **values) for key, values in parts) for lang in wanted)
