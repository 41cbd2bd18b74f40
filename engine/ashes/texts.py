"""The words of the printouts in German and English (Ashes 4)."""

from __future__ import annotations

from collections.abc import Mapping

WORDS: Mapping[str, tuple[str, str]] = {
    "title": (
        "=== Auswertung Partie {game} Runde {turn} ===",
        "=== Printout game {game} turn {turn} ===",
    ),
    "pv_head": (
        "PV-Übersicht und Planetenberichte für {ruler} Partie {game} Runde {turn}",
        "PV overview and planet reports for {ruler} game {game} turn {turn}",
    ),
    "gm_head": (
        "Gesamtübersicht des Spielleiters Partie {game} Runde {turn}",
        "Game master's full view game {game} turn {turn}",
    ),
    "declared": ("erklärt", "decl."),
    "planet_1": (
        "Planet {number} {name} Besitzer {ruler} GIP:{gip} PM% {pm}",
        "Planet {number} {name} owner {ruler} GIP:{gip} PM% {pm}",
    ),
    "no_planets": ("Sie besitzen keinen Planeten.", "You hold no planet."),
    "gnp_head": (
        "GNP-Tabelle Runde {turn} (Ränge, 1 = bester)",
        "GNP table turn {turn} (ranks, 1 = best)",
    ),
    "gnp_values": ("Werte (nur Spielleiter)", "Values (game master only)"),
    "ruler": ("Herrscher", "Ruler"),
    "fleet_head": (
        "Flottenübersicht von {ruler} Partie {game} Runde {turn}",
        "Fleet overview of {ruler} game {game} turn {turn}",
    ),
    "fleet_legend": (
        "Heimatplanet = {home} (I)= im Orbit (D)= nächste Runde (D+x)= in x+1 Runden",
        "Home planet = {home} (I)= in orbit (D)= next turn (D+x)= in x+1 turns",
    ),
    "cargo_legend": (
        "C0..C9 = Frachter (herrenlos), (D+0) = wartet auf Entladung",
        "C0..C9 = cargo ships (ownerless), (D+0) = waiting to unload",
    ),
    "no_fleets": ("Keine Flotten.", "No fleets."),
    "fleets_of": ("Flotten von {ruler}", "Fleets of {ruler}"),
    "battle_head": ("Gefechtsberichte", "Battle reports"),
    "landing": ("Landeversuch {a} AS {d} DS", "Landing attempt {a} AS {d} DS"),
    "attack": ("greift an", "attacks"),
    "defend": ("verteidigt", "defends"),
    "watch": ("ist neutral", "is neutral"),
    "to_home": ("{n} FI zum HP {planet}", "{n} FI to HP {planet}"),
    "lost_all": ("{n} FI ohne Zuflucht verloren", "{n} FI lost, nowhere to flee"),
    "falls_to": ("{name} fällt an {ruler}", "{name} falls to {ruler}"),
    "revolt_line": ("Revolte: {n} PDU zerstört", "Revolt: {n} PDU destroyed"),
    "neutral_line": ("{name} wird neutral", "{name} turns neutral"),
    "secret_head": ("Geheimbotschaft von {ruler}", "Secret report from {ruler}"),
    "secret_none": (
        "Keine meldepflichtigen Flotten (ab {n} FI).",
        "No fleets to report (from {n} FI).",
    ),
    "spy_head": (
        "Spionagebericht (Stand vor den Befehlen dieser Runde)",
        "Spy report (as it stood before this turn's orders)",
    ),
    "notices_head": ("Meldungen an {ruler}", "Messages to {ruler}"),
    "notices_head_all": ("Meldungen an die Spieler", "Messages to the players"),
    "media_head": ("Galactic Media Runde {turn}", "Galactic Media turn {turn}"),
    "media_none": ("Keine Meldungen.", "No news."),
    "votes_head": ("Abstimmungen (nur Spielleiter)", "Votes (game master only)"),
    "rounds_secret": ("Spieldauer (geheim): {rounds}", "Game length (secret): {rounds}"),
    "rounds_open": ("Spieldauer: noch nicht festgelegt", "Game length: not yet decided"),
    "vote_line": (
        "{ruler}: Runden {rounds}, Verlängerung {ext}, Abbruch {end}",
        "{ruler}: rounds {rounds}, extension {ext}, end {end}",
    ),
    "rule_vote": ("{ruler} zu Regelfragen: {text}", "{ruler} on rule questions: {text}"),
    "yes": ("ja", "yes"),
    "no": ("nein", "no"),
    "you_are_out": (
        "Sie sind in Runde {turn} aus der Partie ausgeschieden.",
        "You left the game in turn {turn}.",
    ),
    "game_over": ("Die Partie ist beendet.", "The game is over."),
    "neutral": ("Neutral", "Neutral"),
    "player_default": ("Spieler {letter}", "Player {letter}"),
    "gm_sign": ("Der Spielleiter", "The game master"),
}

NEWS: Mapping[str, tuple[str, str]] = {
    "welcome": (
        "Willkommen zu Partie {game}! Stimmen Sie bitte mit Ihren ersten Befehlen "
        "über die Dauer der Partie ab: eine Rundenzahl von 10 bis 30, z. B. "
        '"Rundenzahl 20" (2.1). Weitere Regelfragen mit "Abstimmung: ...".',
        "Welcome to game {game}! Please vote with your first orders on the length "
        'of the game: a number of rounds from 10 to 30, e.g. "Rounds 20" (2.1). '
        'Other rule questions with "Vote: ...".',
    ),
    "nmr": (
        "NMR: Von {ruler} sind keine Befehle eingegangen.",
        "NMR: no orders were received from {ruler}.",
    ),
    "short": ("{item} short on {planet}", "{item} short on {planet}"),
    "revolt": (
        "Revolte auf {planet}! {number} PDU zerstört.",
        "Revolt on {planet}! {number} PDU destroyed.",
    ),
    "independent": (
        "{planet} hat sich von {ruler} losgesagt und ist jetzt neutral.",
        "{planet} has broken away from {ruler} and is neutral now.",
    ),
    "conquest": ("{planet} fällt an {ruler}.", "{planet} falls to {ruler}."),
    "player_out": (
        "{ruler} scheidet aus der Partie aus ({reason}).",
        "{ruler} leaves the game ({reason}).",
    ),
    "rounds_decided": (
        "Die Dauer der Partie ist festgelegt und bleibt geheim (abgegebene Stimmen: {number}).",
        "The length of the game is decided and stays secret (votes cast: {number}).",
    ),
    "extension_requested": (
        "Eine Verlängerung der Partie ist beantragt. Bitte mit den "
        "nächsten Befehlen 0 bis 10 Runden angeben "
        '("Verlängerung 3"; 0 = dagegen).',
        "An extension of the game was requested. Please give 0 to 10 "
        'rounds with your next orders ("Extension 3"; 0 = against).',
    ),
    "extension_accepted": ("Die Partie wurde verlängert.", "The game has been extended."),
    "extension_rejected": ("Die Verlängerung wurde abgelehnt.", "The extension was rejected."),
    "game_over": (
        "Die Partie ist beendet ({reason}). Sieger: {winners}.",
        "The game is over ({reason}). Winner: {winners}.",
    ),
}

REASONS: Mapping[str, tuple[str, str]] = {
    "defeated": ("ohne Planeten und TR", "no planets and no TR left"),
    "nmr": ("keine Befehle", "no orders"),
    "resigned": ("Rücktritt", "resigned"),
    "planets": ("Planetensieg", "planet victory"),
    "rounds": ("Rundenzahl erreicht, GNP-Sieg", "last round played, GNP victory"),
    "vote": ("Abbruch durch Mehrheitsentscheid, GNP-Sieg", "ended by majority vote, GNP victory"),
    "last_player": ("alle anderen sind ausgeschieden", "all others are out"),
    "no_players": ("niemand ist mehr im Spiel", "nobody is left"),
}

NOTICES: Mapping[str, tuple[str, str]] = {
    "pv_rejected": (
        "PV zu Spieler {other} = {number} nicht möglich.",
        "PV to player {other} = {number} is not possible.",
    ),
    "hp_rejected": (
        "HP = {planet_no}: der Planet gehört Ihnen nicht.",
        "HP = {planet_no}: the planet is not yours.",
    ),
    "name_rejected": (
        'Name "{text}" abgelehnt (1 bis 15 Zeichen, eigener Planet).',
        'Name "{text}" rejected (1 to 15 characters, own planet).',
    ),
    "flight_failed": (
        "Flug {planet_no} -> {other}: keine Schiffe im Orbit, nichts gestartet.",
        "Flight {planet_no} -> {other}: no ships in orbit, nothing left.",
    ),
    "flight_cut": (
        "Flug {planet_no} -> {other}: nur {number} FI und {item} TR im Orbit, diese gestartet.",
        "Flight {planet_no} -> {other}: only {number} FI and {item} TR in orbit, those left.",
    ),
    "flight_bound": (
        "Flug ab {planet_no}: der Besitzer hat das Bündnis gesenkt; die "
        "Flotte flieht zum HP {other} (eine Runde länger, 6.3.6).",
        "Flight from {planet_no}: the owner lowered the alliance; the fleet "
        "flees to HP {other} (one turn longer, 6.3.6).",
    ),
    "cargo_no_control": (
        "Frachtflug {item} ab {planet_no}: kein eigener Planet mit eigenem FI im Orbit.",
        "Cargo flight {item} from {planet_no}: no own planet with an own FI in orbit.",
    ),
    "cargo_cut": (
        "Frachtflug {item} ab {planet_no}: {number} von {other} Frachtern beladen.",
        "Cargo flight {item} from {planet_no}: {number} of {other} ships loaded.",
    ),
    "cargo_unloaded": (
        "{number} {item} auf {planet} entladen; sie sind jetzt TR.",
        "{number} {item} unloaded on {planet}; they are TR now.",
    ),
    "build_not_owner": (
        "Bau auf {planet_no}: der Planet gehört Ihnen nicht.",
        "Production on {planet_no}: the planet is not yours.",
    ),
    "built": ("Gebaut auf {planet}: {text}", "Built on {planet}: {text}"),
    "spy_rejected": (
        "Spionage auf {planet_no} nicht möglich (7 PP nötig, {number} PP da).",
        "Spying on {planet_no} not possible (7 PP needed, {number} PP there).",
    ),
    "research_cut": (
        "Forschung {item}: nur {number} von {other} PP eingesetzt.",
        "Research {item}: only {number} of {other} PP spent.",
    ),
    "research_done": (
        "Forschung {item}: {other} PP eingesetzt, {number} erfolgreich.",
        "Research {item}: {other} PP spent, {number} succeeded.",
    ),
    "vote_late": (
        "Die Rundenzahl wurde schon festgelegt; Ihre Stimme zählt nicht mehr.",
        "The length of the game is already decided; your vote no longer counts.",
    ),
}

ORDER_FORM: Mapping[str, tuple[str, str]] = {
    "head": (
        "# Befehlsbogen Partie {game} Runde {turn} für {ruler}",
        "# Order form game {game} turn {turn} for {ruler}",
    ),
    "password": (
        '# Bitte an die nächste Zeile "Kennwort ..." anhängen, dann zurücksenden.',
        '# Please add "Password ..." to the next line, then send it back.',
    ),
    "header": (
        "Partie {game} Spieler {player} Runde {turn}",
        "Game {game} Player {player} Turn {turn}",
    ),
    "pv": ("# PV-Änderungen, z. B.: PV 5 = 0", "# PV changes, e.g.: PV 5 = 0"),
    "special": (
        "# Heimatplanet: HP = 10  Namen: 10 = Neuer Name  Herrscher = Name",
        "# Home planet: HP = 10  Names: 10 = New Name  Ruler = Name",
    ),
    "production": (
        "# Produktion (PDU FP OP RP FY TY FI TR), z. B.: 2: 1 PDU 7 FP 5 OP",
        "# Production (PDU FP OP RP FY TY FI TR), e.g.: 2: 1 PDU 7 FP 5 OP",
    ),
    "flights": (
        "# Flüge Start / FI / TR / Ziel, z. B.: 2 / 15 / 3 / 21",
        "# Flights from / FI / TR / to, e.g.: 2 / 15 / 3 / 21",
    ),
    "orbit": ("# Im Orbit: {text}", "# In orbit: {text}"),
    "cargo": (
        "# Frachtflüge Start / C0-C9 / Anzahl / Ziel, z. B.: 10 / C5 / 2 / 2",
        "# Cargo flights from / C0-C9 / count / to, e.g.: 10 / C5 / 2 / 2",
    ),
    "pp": (
        "# Spionage (7 PP): 4 ausspionieren  Forschung: 5 PP für PR auf 2, 3 PP für FM%",
        "# Spying (7 PP): spy on 4  Research: 5 PP for PR on 2, 3 PP for FM%",
    ),
    "rounds": (
        "# Spieldauer (nur mit den ersten Befehlen): Rundenzahl 20",
        "# Game length (with the first orders only): Rounds 20",
    ),
    "press": (
        '# Artikel für die GM: eine Zeile "Artikel", der Text, dann "Ende"',
        '# Article for the GM: a line "Article", the text, then "End"',
    ),
}


PRINTOUT_HEADINGS: tuple[str, ...] = (
    "=== Auswertung",
    "=== Printout",
    "PV-Übersicht und Planetenberichte für",
    "PV overview and planet reports for",
    "Flottenübersicht von",
    "Fleet overview of",
)
"""How the sections of a printout start (``title``, ``pv_head``, ``fleet_head`` above; also
the original program's printouts): a quoted printout in an order mail is recognised by
these lines (``GameKind.printout_headings``)."""

HALL_OF_FAME: Mapping[str, tuple[str, str]] = {
    "head": ("Hall of Fame – Partie {game} ({title})", "Hall of Fame – game {game} ({title})"),
    "end": (
        "Ende nach Runde {turn} von {rounds}; Grund: {reason}.",
        "Ended after turn {turn} of {rounds}; reason: {reason}.",
    ),
    "winners": ("Sieger: {winners}", "Winner(s): {winners}"),
    "table": (
        "Platz Spieler Herrscher            Planeten  GNP   Ränge (PL FP OP RP FY TY "
        "PDU SP FI TR GIP PP)",
        "Rank  Player  Ruler                Planets   GNP   Ranks (PL FP OP RP FY TY "
        "PDU SP FI TR GIP PP)",
    ),
    "out_head": ("Ausgeschiedene und ersetzte Spieler:", "Players out or replaced:"),
    "out_line": (
        "Spieler {seat} ({address}): {status} ab Runde {turn}",
        "Player {seat} ({address}): {status} from turn {turn}",
    ),
}
"""The final report (Hall of Fame, Ashes 4.5, 7.11) the GM gets at the end of a game."""

SEAT_STATUS: Mapping[str, tuple[str, str]] = {
    "dropped": ("ausgeschieden (NMR)", "out (NMR)"),
    "resigned": ("zurückgetreten", "resigned"),
    "eliminated": ("besiegt", "defeated"),
    "replaced": ("ersetzt", "replaced"),
}
"""How the Hall of Fame names what became of an occupant (``SeatRecord.status``)."""
