"""Phase 9: space battles, landing attempts and equipping (B A.4.9.2-A.4.9.4, 2.5; the
basic game's rules are missing, decision D-1)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.ashes_board.fleets import distance, orbit, place, refuge, tidy, unload
from engine.ashes_board.revolt import fix_home, refill
from engine.ashes_board.state import ORBIT, BoardState, Fleet, Planet
from engine.ashes_board.tables import FIGHTER, KILL_DIVISOR, MORALE_UNITS, TRANSPORTER, TROOPS
from engine.core import NEUTRAL
from engine.dice import EVERYBODY, Dice


@dataclass
class Member:
    """One player's ships at a battle (seat 0: the neutral planet's or white ships)."""

    seat: int
    fighters: int
    transporters: int
    fleets: list[Fleet]
    lost_fi: int = 0
    lost_tr: int = 0

    @property
    def ships(self) -> int:
        return self.fighters + self.transporters

    @property
    def left(self) -> int:
        return self.ships - self.lost_fi - self.lost_tr

    def hit(self, kills: int) -> None:
        """Kills land on fighters first, then transporters (decision D-1)."""
        on_fi = min(kills, self.fighters - self.lost_fi)
        self.lost_fi += on_fi
        self.lost_tr += min(kills - on_fi, self.transporters - self.lost_tr)


def battle_phase(state: BoardState, dice: Dice) -> None:
    """Per planet in number order: the space battle, the landing attempt, equipping. The
    board is open: every die is seen by everybody."""
    for planet in state.planets:
        if orbit(state, planet.number):
            _at(state, planet, dice)
    unload(state)
    tidy(state)


def kills(state: BoardState, total: int) -> int:
    """B A.4.9.2: the sum of the dice "divided by 6 and rounded off" - down by default,
    to the nearest (half up) with ``battle_rounding`` = nearest (decision D-2)."""
    if state.options.battle_rounding == "nearest":
        return (2 * total + KILL_DIVISOR) // (2 * KILL_DIVISOR)
    return total // KILL_DIVISOR


def extra_dice(units: int, kind: str, face_up: bool) -> int:
    """B 2.5: with the morale counter face up one extra die per 4 units (troops: 3)."""
    return units // MORALE_UNITS[kind] if face_up else 0


def _who(seat: int) -> str:
    return f"seat {seat}" if seat else "neutral"


def _members(state: BoardState, planet: Planet) -> tuple[list[Member], list[Member]]:
    """Defenders and attackers (B A.4.9.2): the owner and those friendly to him defend,
    those hostile to him attack together; the others look on."""
    by_seat: dict[int, list[Fleet]] = {}
    for fleet in orbit(state, planet.number):
        by_seat.setdefault(fleet.owner, []).append(fleet)
    defenders: list[Member] = []
    attackers: list[Member] = []
    if planet.owner == NEUTRAL:
        defenders.append(Member(NEUTRAL, planet.fighters, 0, []))
    for seat, fleets in sorted(by_seat.items()):
        member = Member(
            seat, sum(f.fighters for f in fleets), sum(f.transporters for f in fleets), fleets
        )
        if planet.owner == NEUTRAL and seat == NEUTRAL:
            defenders[0].fighters += member.fighters
            defenders[0].fleets = fleets
        elif seat == planet.owner or (
            seat != NEUTRAL and state.options.extension and state.relation(seat, planet.owner) == 2
        ):
            defenders.append(member)
        elif state.hostile(seat, planet.owner):
            attackers.append(member)
    return defenders, attackers


def _roll_told(
    state: BoardState, dice: Dice, label: str, count: int, key: str, planet: int, seat: int
) -> int:
    """The kills (:func:`kills`) of ``count`` open d6 of ``seat`` at ``planet``, the
    faces and kills put in the report under ``key``: a battle's, the landers' and the
    troops' dice are rolled and read alike."""
    faces = [dice.roll(label, 6, seen_by=EVERYBODY) for _ in range(count)]
    hits = kills(state, sum(faces))
    state.say(key, planet=planet, owner=seat, dice=" ".join(map(str, faces)), kills=hits)
    return hits


def _shoot(
    state: BoardState,
    dice: Dice,
    label: str,
    hits: int,
    targets: list[Member],
    shooter: int,
) -> None:
    """B A.4.9.2: with several players on the other side "the player who shot them down
    decides who suffers, or it is decided by a die throw", kill by kill, among those with
    ships left: the first of his standing targets still there (``Player.targets``), else
    the die."""
    wanted = state.player(shooter).targets if shooter != NEUTRAL else []
    for _ in range(hits):
        alive = [m for m in targets if m.left > 0]
        if not alive:
            return
        chosen = [m for seat in wanted for m in alive if m.seat == seat]
        if chosen or len(alive) == 1:
            target = (chosen or alive)[0]
        else:
            target = dice.choose(f"{label} target", alive, seen_by=EVERYBODY)
        target.hit(1)


def _at(state: BoardState, planet: Planet, dice: Dice) -> None:
    defenders, attackers = _members(state, planet)
    attackers = [m for m in attackers if m.ships]
    if not attackers:
        return
    defending_fi = sum(m.fighters for m in defenders)
    if defending_fi and not _space_battle(state, planet, dice, defenders, attackers):
        return
    _landing(state, planet, dice, [m for m in attackers if m.left])


def _space_battle(
    state: BoardState,
    planet: Planet,
    dice: Dice,
    defenders: list[Member],
    attackers: list[Member],
) -> bool:
    """One exchange of fire; True when the attackers won. The loser flees home."""
    n = planet.number
    for side, others in ((defenders, attackers), (attackers, defenders)):
        for m in side:
            if not m.fighters:
                continue
            face_up = bool(m.seat) and state.player(m.seat).morale_fighters
            count = m.fighters + extra_dice(m.fighters, FIGHTER, face_up)
            label = f"battle P{n} {_who(m.seat)}"
            hits = _roll_told(state, dice, label, count, "battle_dice", n, m.seat)
            _shoot(state, dice, label, hits, others, m.seat)
    lost_d = sum(m.lost_fi + m.lost_tr for m in defenders)
    lost_a = sum(m.lost_fi + m.lost_tr for m in attackers)
    attackers_won = lost_a < lost_d  # a tie goes to the defenders (decision D-1)
    for m in defenders + attackers:
        _apply_losses(state, planet, m)
    _fighter_morale(state, defenders, attackers, attackers_won)
    state.say(
        "battle",
        planet=n,
        lost_defenders=lost_d,
        lost_attackers=lost_a,
        winner="attackers" if attackers_won else "defenders",
    )
    for m in attackers if not attackers_won else defenders:
        _flee(state, planet, m)
    return attackers_won


def _apply_losses(state: BoardState, planet: Planet, m: Member) -> None:
    fi, tr = m.lost_fi, m.lost_tr
    if m.seat == NEUTRAL and planet.owner == NEUTRAL:
        own = min(fi, planet.fighters)
        planet.fighters -= own
        fi -= own
    for fleet in m.fleets:
        take = min(fi, fleet.fighters)
        fleet.fighters -= take
        fi -= take
        take = min(tr, fleet.transporters)
        fleet.transporters -= take
        tr -= take
        fleet.pop = min(fleet.pop, fleet.transporters)


def _fighter_morale(
    state: BoardState, defenders: list[Member], attackers: list[Member], attackers_won: bool
) -> None:
    """B 2.5: fighters that win against more fighters turn their counter face up; those
    that lose against fewer turn it back (counted as the battle began, D-20)."""
    fi_d = sum(m.fighters for m in defenders)
    fi_a = sum(m.fighters for m in attackers)
    for side, mine, theirs, won in (
        (defenders, fi_d, fi_a, not attackers_won),
        (attackers, fi_a, fi_d, attackers_won),
    ):
        for m in side:
            if not m.seat or not m.fighters:
                continue
            if won and mine < theirs:
                _turn(state, m.seat, FIGHTER, up=True)
            elif not won and mine > theirs:
                _turn(state, m.seat, FIGHTER, up=False)


def _flee(state: BoardState, planet: Planet, m: Member) -> None:
    """B A.4.9.2: "The losing alliance flees to their home planets", placed as a flight
    from the battle planet (B G.4.4); without a refuge the ships are lost (D-1)."""
    if m.seat == NEUTRAL and planet.owner == NEUTRAL:
        lost = planet.fighters
        planet.fighters = 0
        lost += sum(f.fighters + f.transporters for f in m.fleets)
        for fleet in m.fleets:
            fleet.fighters = fleet.transporters = fleet.pop = 0
        if lost:
            state.say("neutral_lost", planet=planet.number, n=lost)
        return
    home = refuge(state, m.seat, planet.number)
    for fleet in m.fleets:
        if fleet.empty:
            continue
        if home is None:
            state.say(
                "lost_no_refuge",
                owner=m.seat,
                planet=planet.number,
                fi=fleet.fighters,
                tr=fleet.transporters,
            )
        else:
            cls = distance(planet.number, home)
            place(
                state,
                m.seat,
                home,
                cls,
                fleet.fighters,
                fleet.transporters,
                fleet.pop,
                arrived=cls == ORBIT,
            )
            state.say(
                "flee",
                owner=m.seat,
                planet=planet.number,
                target=home,
                fi=fleet.fighters,
                tr=fleet.transporters,
                space=cls,
            )
        fleet.fighters = fleet.transporters = fleet.pop = 0


def _landing(
    state: BoardState,
    planet: Planet,
    dice: Dice,
    attackers: list[Member],
) -> None:
    """The landing attempt (decision D-1): each attacking transporter and each land troop
    rolls a d6 (+ morale dice, B 2.5); floor(sum / 6) kills each way, at once. Land troops
    at 0 with a transporter left: the attacker with the most transporters left takes the
    planet (a tie: the lot), with no troops. Else the landing has failed."""
    # Only transporters land, and the troops shoot at them alone.
    landers = [
        Member(m.seat, 0, m.transporters - m.lost_tr, m.fleets)
        for m in attackers
        if m.transporters > m.lost_tr
    ]
    if not landers:
        return
    if state.options.landing == "postal":
        _postal_landing(state, planet, dice, landers)
        return
    n = planet.number
    owner = planet.owner
    troops = planet.troops
    tr_start = sum(m.transporters for m in landers)
    on_troops = 0
    for m in landers:
        face_up = state.player(m.seat).morale_transporters
        count = m.transporters + extra_dice(m.transporters, TRANSPORTER, face_up)
        label = f"landing P{n} {_who(m.seat)}"
        on_troops += _roll_told(state, dice, label, count, "landing_dice", n, m.seat)
    face_up = owner != NEUTRAL and state.player(owner).morale_troops
    count = troops + extra_dice(troops, TROOPS, face_up)
    label = f"landing P{n} troops"
    hits = _roll_told(state, dice, label, count, "troop_dice", n, owner)
    _shoot(state, dice, label, hits, landers, owner)
    for m in landers:
        _apply_losses(state, planet, m)
    planet.troops = max(0, troops - on_troops)
    left = {m.seat: m.transporters - m.lost_tr for m in landers}
    if planet.troops == 0 and any(left.values()):
        _conquer(state, planet, dice, left, troops, tr_start)
    else:
        _failed(state, planet, landers, troops, tr_start)


def _postal_landing(state: BoardState, planet: Planet, dice: Dice, landers: list[Member]) -> None:
    """Option ``landing`` = postal (decision D-1, reading (b)): Ashes 6.2.4 on the board,
    without dice. Transporters stand for AT and land troops for PDU; the board has no TM%,
    PM% or AD, so they are 100 % and 1: AS = the transporters landing, DS = the land
    troops. Each attacker loses INT(troops × his TR / all TR) transporters and destroys
    as many troops as he lands transporters, at most the troops there ("dasselbe PDU
    mehrfach"). AS > DS conquers: the most transporters as they landed take the planet
    (a tie: the lot), whose remaining troops are lost. Else the landing has failed."""
    troops = planet.troops
    tr_start = sum(m.transporters for m in landers)
    destroyed = 0
    for m in landers:
        m.lost_tr = troops * m.transporters // tr_start  # Ashes 6.2.4, INT
        kills = min(m.transporters, troops)
        destroyed += kills
        state.say(
            "landing_postal",
            planet=planet.number,
            owner=m.seat,
            tr=m.transporters,
            troops=troops,
            lost=m.lost_tr,
            kills=kills,
        )
        _apply_losses(state, planet, m)
    if tr_start > troops:
        planet.troops = 0  # Ashes 6.2.4 (L-2): the defenders' remaining troops are lost
        _conquer(state, planet, dice, {m.seat: m.transporters for m in landers}, troops, tr_start)
    else:
        planet.troops = troops - destroyed
        _failed(state, planet, landers, troops, tr_start)


def _conquer(
    state: BoardState,
    planet: Planet,
    dice: Dice,
    left: dict[int, int],
    troops: int,
    tr_start: int,
) -> None:
    most = max(left.values())
    best = [seat for seat, tr in sorted(left.items()) if tr == most]
    winner = (
        best[0]
        if len(best) == 1
        else dice.choose(f"landing P{planet.number} lot", best, seen_by=EVERYBODY)
    )
    old = planet.owner
    planet.owner = winner
    planet.fighters = 0
    state.say("conquest", planet=planet.number, owner=winner, old=old)
    if not planet.ever_owned:
        # B A.4.9.4: the first conquest of a neutral planet brings a factory of choice.
        good = state.player(winner).factory_choice
        planet.factories.append(good)
        state.say("equipped", planet=planet.number, owner=winner, good=good)
    planet.ever_owned = True
    if troops > tr_start:  # B 2.5: transporters conquer against stronger troops
        for seat in sorted(left):
            _turn(state, seat, TRANSPORTER, up=True)
    if old != NEUTRAL:
        if troops < tr_start:
            _turn(state, old, TROOPS, up=False)
        fix_home(state, old)
    fix_home(state, winner)


def _failed(
    state: BoardState,
    planet: Planet,
    landers: list[Member],
    troops: int,
    tr_start: int,
) -> None:
    state.say("landing_failed", planet=planet.number, troops=planet.troops)
    if tr_start > troops:  # B 2.5: troops repel more transporters; they lost to fewer
        if planet.owner != NEUTRAL:
            _turn(state, planet.owner, TROOPS, up=True)
        for m in landers:
            _turn(state, m.seat, TRANSPORTER, up=False)
    if planet.owner == NEUTRAL:
        refill(state, planet)


def _turn(state: BoardState, seat: int, unit: str, *, up: bool) -> None:
    """Turn a morale counter face up or back (B 2.5), and say so when it changes."""
    player = state.player(seat)
    attr = f"morale_{unit}s" if unit != TROOPS else "morale_troops"
    if getattr(player, attr) != up:
        setattr(player, attr, up)
        state.say("morale_up" if up else "morale_down", owner=seat, unit=unit)
