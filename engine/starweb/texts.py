"""The words of the Starweb printouts in German and English (Starweb "Der Printout").

German words are the rulebook's (its THRAWN example and the reference list after it);
English words follow the English 7th edition (section 27 "The Printout"). Remarks on
orders and private notices arrive as codes (``no_gate:W5``); :func:`coded` words them
and shows an unknown code as it is, so a new code never breaks a printout.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from engine.starweb.state import Character

WORDS: Mapping[str, tuple[str, str]] = {
    "title": (
        "=== Starweb Partie {game} Runde {turn} ===",
        "=== Starweb game {game} turn {turn} ===",
    ),
    "gm_title": (
        "=== Starweb Partie {game} Runde {turn}: Gesamtübersicht des Spielleiters ===",
        "=== Starweb game {game} turn {turn}: game master's full view ===",
    ),
    # header totals (Starweb "Der Printout": "(Punkte=964,Geschenke=1,…)")
    "score": ("Punkte", "Score"),
    "gifts": ("Geschenke", "Gifts"),
    "worlds": ("Welten", "Worlds"),
    "fleets": ("Flotten", "Fleets"),
    "ships": ("Schiffe", "Ships"),
    "people": ("Leute", "People"),
    "artifacts": ("Kunstwerke", "Artifacts"),
    "contact": ("Kontakte", "Contact"),
    "ally": ("Alliierte", "Ally"),
    # world values, items 5-12 and 13-20 of the reference list
    "industry": ("Industrie", "Industry"),
    "metal": ("Metall", "Metal"),
    "mines": ("Minen", "Mines"),
    "population": ("Bevoelkerung", "Population"),
    "limit": ("Limit", "Limit"),
    "turns": ("Runden", "Turns"),
    "i_ships": ("I-Schiffe", "I-ships"),
    "p_ships": ("P-Schiffe", "P-ships"),
    "dead": ("Tote", "Deaths"),
    "kg_count": ("KGU", "CGU"),
    "plunder_count": ("geplündert", "Plunder"),
    "black_hole": ("Schwarzes Loch", "black hole"),
    # key values, item 22
    "cargo": ("Fracht", "Cargo"),
    "bomb": ("BRUCH-BOMBE", "PBB"),
    "peace": ("im Frieden", "at peace"),
    "neutral": ("---", "---"),
    # the sections after the worlds
    "contacts_head": ("Kontakte in dieser Runde:", "Contacts this turn:"),
    "no_contacts": ("Kontakte in dieser Runde: keine", "Contacts this turn: none"),
    "scores_head": (
        "Deren Punkte (nicht unbedingt in dieser Reihenfolge):",
        "Their scores (not necessarily in this order):",
    ),
    "echo_head": (
        "Befehle={count} -- <Fehler und Kommentar in Klammern>:",
        "Orders={count} -- <errors and comments in brackets>:",
    ),
    "nmr": (
        "Von Dir sind zu dieser Runde keine Befehle eingegangen (NMR).",
        "No orders of yours arrived for this turn (NMR).",
    ),
    "notices_head": ("Mitteilungen an [{name}]:", "Notices to [{name}]:"),
    "out": ("Du bist aus dem Spiel ausgeschieden.", "You are out of the game."),
    "game_over": (
        "Das Spiel ist zu Ende: die Endpunktzahl {end} ist erreicht.",
        "The game is over: the end score {end} has been reached.",
    ),
    "ranking_head": ("Endstand:", "Final standings:"),
    "ranking_line": (
        "{rank}. [{name}] {character}: {score} Punkte",
        "{rank}. [{name}] {character}: {score} points",
    ),
    # the game master's view
    "gm_players": ("Spieler:", "Players:"),
    "gm_player": (
        "{number} [{name}] {character}: Punkte={score}, Heimat=W{home}, "
        "Alliierte={allies}, Endpunkte-Stimme={vote}{flags}",
        "{number} [{name}] {character}: score={score}, home=W{home}, "
        "allies={allies}, end vote={vote}{flags}",
    ),
    "gm_nmr": (", NMR", ", NMR"),
    "gm_out": (", ausgeschieden", ", out"),
    "gm_none": ("-", "-"),
    "gm_end_score": ("Endpunktzahl (geheim): {end}", "End score (secret): {end}"),
    "gm_end_open": (
        "Endpunktzahl (geheim): noch nicht festgelegt",
        "End score (secret): not yet fixed",
    ),
    "gm_black_box": (
        "Wirkung der Black Box (geheim): {effect}",
        "Black Box effect (secret): {effect}",
    ),
    "gm_player_head": ("--- [{name}] ---", "--- [{name}] ---"),
    "gm_messages": ("Nachrichten der Spieler:", "The players' messages:"),
}
"""Single words and lines of the printout: key -> (German, English)."""

CHARACTERS: Mapping[str, tuple[str, str]] = {
    Character.EMPIRE_BUILDER.value: ("Reichsgründer", "Empire Builder"),
    Character.MERCHANT.value: ("Händler", "Merchant"),
    Character.PIRATE.value: ("Pirat", "Pirate"),
    Character.COLLECTOR.value: ("Kunstsammler", "Artifact Collector"),
    Character.BERSERKER.value: ("Berserker", "Berserker"),
    Character.APOSTLE.value: ("Apostel", "Apostle"),
}
"""The six characters (Starweb "Die Charaktere"; English rules section 4)."""

WORLD_FLAGS: Mapping[str, tuple[str, str]] = {
    "conquered": ("erobert", "captured"),
    "gift_from": ("Geschenk von [{p0}]", "gift from [{p0}]"),
    "neutralised": ("neutralisiert", "neutralised"),
    "destroyed": ("VERNICHTET", "BUSTED"),
    "plundered": ("geplündert", "plundered"),
    "kg_unloaded": ("KG-entladen", "CG-unloaded"),
    "ambush": ("Ambush", "Ambush"),
}
"""What happened to a world this turn (``WorldNote.flags``; items 15-19)."""

FLEET_FLAGS: Mapping[str, tuple[str, str]] = {
    "moved": ("bewegt", "moved"),
    "ambush": ("Ambush", "Ambush"),
    "fire": ("{0}", "{0}"),
    "conditional": ("{0}", "{0}"),
    "robots": ("R", "R"),
    "bomb_dropped": ("D", "D"),
    "captured": ("erobert", "captured"),
    "taken_from": ("genommen von [{p0}]", "taken from [{p0}]"),
    "gift_from": ("Geschenk von [{p0}]", "gift from [{p0}]"),
    "gift_to": ("Geschenk an [{p0}]", "gift to [{p0}]"),
    "kg_unloaded": ("KG-entladen", "CG-unloaded"),
}
"""What a key did or suffered this turn (``FleetNote.flags``; item 22 d-m)."""

REMARKS: Mapping[str, tuple[str, str]] = {
    "conflict": ("schließt sich mit {0} aus, ignoriert", "excluded by {0}, ignored"),
    "duplicate": ("doppelt, ignoriert", "given twice, ignored"),
    "unknown_player": ("Spieler {0} unbekannt", "unknown player {0}"),
    "not_met": ("[{p0}] noch nicht getroffen", "[{p0}] not met yet"),
    "self": ("das bist Du selbst", "that is yourself"),
    "no_gate": ("kein Tor nach {0}", "no gate to {0}"),
    "no_world": ("keine Welt {0}", "no world {0}"),
    "no_fleet": ("kein Key {0}", "no key {0}"),
    "not_yours": ("{0} gehört Dir nicht", "{0} is not yours"),
    "not_here": ("{0} ist nicht hier", "{0} is not here"),
    "not_adjacent": ("{0} ist keine Nachbarwelt", "{0} is not adjacent"),
    "no_ships": ("keine Schiffe", "no ships"),
    "too_few_ships": ("nur {0} Schiffe", "only {0} ships"),
    "reduced": ("nur {0} ausgeführt", "only {0} carried out"),
    "no_metal": ("kein Metall", "no metal"),
    "no_industry": ("keine nutzbare Industrie", "no usable industry"),
    "no_population": ("keine Bevölkerung", "no population"),
    "no_cargo": ("keine Fracht", "no cargo"),
    "full": ("kein Laderaum frei", "no cargo space left"),
    "not_robots": ("keine Roboterwelt", "not a robot world"),
    "recovering": ("die Welt erholt sich noch", "the world is still recovering"),
    "moved": ("die Flotte hat sich bewegt", "the fleet moved"),
    "destroyed": ("die Flotte wurde vernichtet", "the fleet was destroyed"),
    "gifted": ("verschenkt", "given away"),
    "gift_limit": ("nur zwei Geschenke je Runde", "only two gifts per turn"),
    "no_bomb": ("keine Bruch-Bombe an Bord", "no PBB on board"),
    "has_bomb": ("trägt schon eine Bruch-Bombe", "already carries a PBB"),
    "bomb_new": ("Bombe erst in dieser Runde gebaut", "bomb built this turn"),
    "too_few_for_bomb": ("zu wenige Schiffe für eine Bombe", "too few ships for a PBB"),
    "berserker_only": ("nur für Berserker", "Berserkers only"),
    "robot_world": ("Roboterwelten nur an Berserker", "robot worlds go to Berserkers only"),
    "apostle_only": ("nur für Apostel", "Apostles only"),
    "collector_only": ("nur für Kunstsammler", "Artifact Collectors only"),
    "no_artifact": ("kein Kunstwerk {0}", "no artifact {0}"),
    "artifact_twice": ("nur ein Befehl je Kunstwerk", "one order per artifact only"),
    "jihad_once": ("der Jihad ist schon erklärt", "the jihad was declared already"),
    "turn_one_only": ("nur mit den Befehlen der 1. Runde", "with the turn 1 orders only"),
    "out_of_range": ("außerhalb von {0}-{1}", "outside {0}-{1}"),
    "no_target": ("Ziel {0} nicht hier", "target {0} not here"),
    "ally": ("[{p0}] ist Dein Alliierter", "[{p0}] is your ally"),
    "built_this_turn": ("Schiff erst in dieser Runde gebaut", "ship built this turn"),
}
"""Why an order was not (fully) carried out (``EchoLine.remark``): code -> wording;
``{0}``, ``{1}`` are the code's arguments (``no_gate:W5``), ``{p0}`` … the argument read
as a player's number and shown as his code name."""

NOTICES: Mapping[str, tuple[str, str]] = {
    "gift_received": (
        "{0} ist ein Geschenk von [{p1}].",
        "{0} is a gift from [{p1}].",
    ),
    "black_box": (
        "Die Black Box meldet sich: {rest}",
        "The Black Box reports: {rest}",
    ),
    "black_box:metal": (
        "Die Black Box hat ein Metall erzeugt.",
        "The Black Box has made a metal.",
    ),
    "black_box:mines": (
        "Die Black Box hat die Minen verdoppelt.",
        "The Black Box has doubled the mines.",
    ),
    "black_box:industry": (
        "Die Black Box hat eine Industrie gebaut.",
        "The Black Box has built an industry.",
    ),
    "black_box:explode": (
        "Die Black Box ist explodiert!",
        "The Black Box has exploded!",
    ),
    "black_box:nothing": ("Die Black Box schweigt.", "The Black Box is silent."),
    "black_hole": (
        "{0} ist in ein Schwarzes Loch geraten und verloren.",
        "{0} fell into a black hole and is lost.",
    ),
    "world_lost": ("{0} ist verloren.", "{0} is lost."),
    "end_vote": (
        "Dein Vorschlag für die Endpunktzahl: {0}.",
        "Your proposal for the end score: {0}.",
    ),
    "jihad": ("Dein Jihad gilt [{p0}].", "Your jihad is against [{p0}]."),
}
"""Private notices (``PlayerReport.notices``): code -> wording, arguments as in
:data:`REMARKS`; ``{rest}`` is everything after the matched code."""

ORDER_SECTION: tuple[str, str] = (
    "=== Befehle für Runde {turn} ===",
    "=== Orders for turn {turn} ===",
)
"""The line that opens the prefilled order section at the end of a printout. It is not
one of :data:`PRINTOUT_HEADINGS`: what follows it is what the player sends back."""

ORDER_FORM: Mapping[str, tuple[str, str]] = {
    "password": (
        '# Bitte an die nächste Zeile "Kennwort ..." anhängen, dann zurücksenden.',
        '# Please add "Password ..." to the next line, then send it back.',
    ),
    "header": (
        "Partie {game} Spieler {player} Runde {turn}",
        "Game {game} Player {player} Turn {turn}",
    ),
    "howto": (
        "# Befehle wie im Regelheft, z. B. F35W6W19 W13B5F160 P9T1F45 A=BORG",
        "# Orders as in the rules, e.g. F35W6W19 W13B5F160 P9T1F45 A=BORG",
    ),
    "keys_head": ("# Deine Keys:", "# Your keys:"),
    "key": ("# F{fleet} auf W{world}, {ships}", "# F{fleet} at W{world}, {ships}"),
    "ship": ("1 Schiff", "1 ship"),
    "ships": ("{n} Schiffe", "{n} ships"),
    "cargo": ("Fracht {n}", "cargo {n}"),
    "worlds_head": ("# Deine Welten:", "# Your worlds:"),
    "world": ("# W{world} ({gates}){values}", "# W{world} ({gates}){values}"),
    "end_vote": (
        "# Vorschlag für die Endpunktzahl ({low}-{high}, nur in Runde 1): E={default}",
        "# Proposal for the end score ({low}-{high}, turn 1 only): E={default}",
    ),
    "press": (
        '# Nachricht an alle (ohne Namen): eine Zeile "Artikel", der Text, dann "Ende"',
        '# Message to all (unsigned): a line "Article", the text, then "End"',
    ),
}
"""The prefilled order section: a header the order grammar reads (game, seat, turn; the
player adds his password as in Ashes) and comment lines as a reminder."""

PRINTOUT_HEADINGS: tuple[str, ...] = (
    "=== Starweb",
    "Kontakte in dieser Runde:",
    "Contacts this turn:",
    "Deren Punkte",
    "Their scores",
    "Befehle=",
    "Orders=",
)
"""How the sections of a printout start (``title``, ``contacts_head``, ``scores_head``,
``echo_head`` above): a pasted printout in an order mail is cut from these lines on
(``GameKind.printout_headings``). :data:`ORDER_SECTION` is deliberately not one."""


def order_section_line(turn: int, lang: str) -> str:
    """The line opening the order section: ``=== Befehle für Runde 8 ===``."""
    de, en = ORDER_SECTION
    return (de if lang == "de" else en).format(turn=turn)


def coded(
    table: Mapping[str, tuple[str, str]],
    code: str,
    lang: str,
    player_name: Callable[[str], str],
) -> str:
    """A remark, notice or flag code (``name:arg:arg``) worded from ``table``.

    The longest known prefix of the colon-separated parts wins (``black_box:metal``
    before ``black_box``); the remaining parts are the arguments ``{0}``, ``{1}`` …,
    ``{p0}`` … the same read as a player's number and named by ``player_name``, ``{rest}``
    all of them. A code without wording is shown as it is.
    """
    parts = code.split(":")
    for cut in range(len(parts), 0, -1):
        key = ":".join(parts[:cut])
        if key in table:
            args = parts[cut:]
            names = {f"p{i}": player_name(a) for i, a in enumerate(args)}
            de, en = table[key]
            try:
                return (de if lang == "de" else en).format(*args, rest=":".join(args), **names)
            except (IndexError, KeyError):
                return code
    return code
