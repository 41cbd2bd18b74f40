"""The printout of a step (docs/rules-spacewar.md, "What a player sees"): what the
rulebook lets a player know and nothing more. Enemy fleets show as markers (their
positions are public on the board); their contents only as scouted or seen in battle,
with the round; troop values only when revealed. The GM (seat 0) sees everything."""

from __future__ import annotations

from engine.spacewar.board import SPACE, STRIPS, WORLDS
from engine.spacewar.fleets import fleet_ids_in
from engine.spacewar.ground import WEAKEST
from engine.spacewar.state import Note, SpacewarState
from engine.spacewar.texts import TEXTS, joined

WORDS = TEXTS.section("words.")
NOTES = TEXTS.section("note.")
CODES = TEXTS.section("code.")
FORM = TEXTS.section("order_form.")


def step_name(state: SpacewarState, lang: str) -> str:
    """The name of the next step: ``Aufstellung`` or ``Runde 5: Befehle``."""
    if state.over:
        return WORDS.say(lang, "step_over")
    if state.setup_step:
        return WORDS.say(lang, "step_setup")
    if state.phase == "move":
        return WORDS.say(lang, "step_move", round=state.round, player=state.mover)
    if state.phase == "battle":
        fight = state.fights[0]
        return WORDS.say(
            lang, "step_battle", round=state.round, field=fight.field, next=fight.round + 1
        )
    return WORDS.say(lang, "step_round", round=state.round)


SECTIONS = {
    "production": ("buy_refused", "bought_troops", "bought", "bought_ships"),
    "loading": (
        "load_refused",
        "loaded_troops",
        "unloaded_troops",
        "loaded_base",
        "unloaded_base",
        "loaded_jaeger",
        "unloaded_jaeger",
        "transferred",
    ),
    "movement": ("jump_refused", "hyperspace", "reroll", "landed"),
    "scouting": ("scouted", "scout_failed"),
    "battle": (
        "declared",
        "no_battle",
        "initiative",
        "battle_quiet",
        "fire_auto",
        "fire_none",
        "fire",
        "damage",
        "destroyed",
        "emergency",
        "emergency_no_slot",
        "emergency_ship",
        "battle_end",
    ),
    "ground": ("ground_start", "ground_pair", "ground_retreat", "ground_held", "conquered"),
}
"""The report's sections in the order of the phases, by the notes they hold; the other
notes (the start, refusals of the setup, the end) stand first."""
SECTION_OF = {key: section for section, keys in SECTIONS.items() for key in keys}


def report_lines(state: SpacewarState, player: int, lang: str) -> list[str]:
    """The step's report for ``player``: the notes he may read, section by section."""
    seen = [n for n in state.notes if n.seen_by(player)]
    out = [note_text(n, lang) for n in seen if n.key not in SECTION_OF]
    out = [f"  {line}" for line in out]
    for section in SECTIONS:
        lines = [note_text(n, lang) for n in seen if SECTION_OF.get(n.key) == section]
        if lines:
            out += ["", WORDS.say(lang, f"section_{section}"), *(f"  {line}" for line in lines)]
    return out


def note_text(note: Note, lang: str) -> str:
    """A report line in ``lang``; codes among its arguments in words."""
    args = [CODES.say(lang, a) if a in CODES else a for a in note.args]
    return NOTES.text(lang, note.key).format(*args)


def board_lines(state: SpacewarState, viewer: int, lang: str) -> list[str]:
    """The strategic board as both players see it: owners, income, bases, guerrillas,
    fleet markers and stranded Jäger (their contents stay hidden)."""
    out = [WORDS.say(lang, "board_head")]
    for field in (*WORLDS[6:][::-1], "H2", *SPACE, "H1", *WORLDS[:6]):
        parts = [field]
        if field in WORLDS:
            world = state.world(field)
            parts.append(WORDS.say(lang, "world_line", owner=world.owner, income=world.income))
            if world.guerrilla:
                parts.append(WORDS.say(lang, "guerrilla", n=world.guerrilla, of=world.guerrilla_of))
        base = state.base_at(field)
        if base is not None:
            parts.append(WORDS.say(lang, "base_marker", owner=base.owner))
        markers = [f"F{f.id}/{f.owner}" for f in state.fleets_at(field)]
        if markers:
            parts.append(WORDS.say(lang, "fleets_marker", fleets=" ".join(markers)))
        stranded = [s for s in state.stranded if s.field == field]
        for s in stranded:
            parts.append(WORDS.say(lang, "stranded", n=s.count, owner=s.owner))
        if field in STRIPS and len(parts) == 1:
            continue
        out.append("  " + " · ".join(parts))
    return out


def own_lines(state: SpacewarState, viewer: int, lang: str) -> list[str]:
    """A player's worlds with their stones, his fleets with their contents, his PE."""
    out = [WORDS.say(lang, "worlds_head")]
    for world in state.worlds:
        if viewer and world.owner != viewer:
            continue
        stones = joined(s.value for s in sorted(world.troops, key=lambda s: (-s.value, s.id)))
        base = state.base_at(world.id)
        extra = (
            WORDS.say(lang, "base_own", fighters=base.fighters)
            if base is not None and base.owner == world.owner
            else ""
        )
        out.append(
            WORDS.say(
                lang,
                "world_own",
                world=world.id,
                income=world.income,
                stones=stones or "-",
                base=extra,
            )
        )
    out += ["", WORDS.say(lang, "fleets_head")]
    for fleet in sorted(state.fleets, key=lambda f: (f.owner, f.id)):
        if viewer and fleet.owner != viewer:
            continue
        aboard = WORDS.say(lang, "base_aboard") if fleet.base is not None else ""
        out.append(
            WORDS.say(
                lang,
                "fleet_own",
                fleet=fleet.id,
                owner=fleet.owner,
                where=fleet.where,
                ships=" ".join(fleet_ids_in(fleet)),
                base=aboard,
            )
        )
    for number in (viewer,) if viewer else (1, 2):
        player = state.player(number)
        out += [
            "",
            WORDS.say(lang, "production_head"),
            WORDS.say(
                lang,
                "pe_line",
                player=number,
                pe=player.pe,
                income=player.income,
                spent=player.spent,
                pool=joined(player.pool),
            ),
        ]
    return out


def intel_lines(state: SpacewarState, viewer: int, lang: str) -> list[str]:
    """What the player has seen of the enemy, each with its round and source."""
    seen = [i for i in state.intel if viewer == 0 or i.viewer == viewer]
    if not seen:
        return []
    out = [WORDS.say(lang, "intel_head")]
    for sighting in sorted(seen, key=lambda i: (i.viewer, i.field)):
        source = WORDS.say(lang, f"source_{sighting.source}", round=sighting.round)
        out.append(f"  {sighting.field} ({source}):")
        out += [f"    {line}" for line in sighting.ships]
        if sighting.stones:
            out.append("    " + WORDS.say(lang, "stones_seen", stones=joined(sighting.stones)))
    return out


def standing_lines(state: SpacewarState, viewer: int, lang: str) -> list[str]:
    """The player's standing orders, as order lines he could mail again."""
    if not viewer:
        return []
    standing = state.player(viewer).standing
    lines = [FORM.say(lang, "no_attack", field=f) for f in standing.no_attack]
    lines += [FORM.say(lang, "scout_attack", field=f) for f in standing.scout_attack]
    lines += [
        FORM.say(
            lang, "stance", unit=e.split(":")[0], stance=FORM.say(lang, "stance_" + e.split(":")[1])
        )
        for e in standing.stances
    ]
    if standing.targets:
        lines.append(FORM.say(lang, "targets", units=" ".join(standing.targets)))
    for entry in standing.splits:
        ship, weapon, groups = entry.split(":")
        word = FORM.say(lang, f"weapon_{weapon}")
        lines.append(
            FORM.say(lang, "split", ship=ship, weapon=word, groups=groups.replace(",", "+"))
        )
    if standing.double_shot:
        lines.append(FORM.say(lang, "double_shot"))
    for entry in standing.jumps:
        fleet, rule, value = entry.split(":")
        lines.append(FORM.say(lang, f"jump_{rule}", fleet=fleet, value=value))
    for entry in standing.lineups:
        world, _, values = entry.partition(":")
        if values == WEAKEST:
            lines.append(FORM.say(lang, "lineup_weak", world=world))
        else:
            lines.append(FORM.say(lang, "lineup", world=world, values=values.replace(",", " ")))
    for entry in standing.assignments:
        fleet, _, values = entry.partition(":")
        lines.append(FORM.say(lang, "assignment", fleet=fleet, values=values.replace(",", " ")))
    for entry in standing.ground_retreats:
        where, rule, value = entry.split(":")
        lines.append(FORM.say(lang, f"ground_{rule}", where=where, value=value))
    return lines


def order_form(state: SpacewarState, seat: int, lang: str) -> str:
    """The prefilled order section for the next step, without the password line:
    the header, the standing orders (so that a reply keeps them) and reminders."""
    if state.over or seat not in (1, 2) or state.player(seat).out:
        return ""
    if state.phase == "move" and seat != state.mover:
        return ""
    lines = [
        FORM.say(lang, "header", game=state.game, player=seat, turn=state.turn + 1),
        FORM.say(lang, "step", step=step_name(state, lang)),
    ]
    hint = (
        "setup_hint"
        if state.setup_step
        else {"move": "move_hint", "battle": "battle_hint"}.get(state.phase, "round_hint")
    )
    lines.append(FORM.say(lang, hint))
    lines += standing_lines(state, seat, lang)
    return "\n".join(lines) + "\n"


def printout(state: SpacewarState, player: int, lang: str) -> str:
    """The printout of ``player`` (0: the GM's full view) after the state's step."""
    title = "gm_title" if player == 0 else "title"
    out = [
        WORDS.say(lang, title, game=state.game, round=state.round, turn=state.turn, player=player),
        WORDS.say(lang, "start_player", player=state.start_player or "-"),
        WORDS.say(lang, "next_step", step=step_name(state, lang)),
        "",
        *board_lines(state, player, lang),
        "",
        *own_lines(state, player, lang),
    ]
    intel = intel_lines(state, player, lang)
    if intel:
        out += ["", *intel]
    report = report_lines(state, player, lang)
    if report:
        out += ["", WORDS.say(lang, "report_head"), *report]
    if player and order_form(state, player, lang):
        out += [
            "",
            WORDS.say(lang, "form_head"),
            FORM.say(lang, "password"),
            order_form(state, player, lang).rstrip("\n"),
        ]
    return "\n".join(out) + "\n"
