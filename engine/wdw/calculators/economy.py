"""The economy forecast (design §9.3): a realm's treasury month by month up to the next
Einnahmetermin — the month being played as its phases pay the orders given (an
:class:`Opening`: builds, workers' AB, raising, training), the builds it plans paid month
by month (F12, the people's BWP a month each, D19), and in the income month the
settlements' net income (F1, with the BWP built by then) and the units' upkeep (F7, the
units raised and trained by then); the months with a shortfall (the advice of [R 3.1]:
pay ahead)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.plaindata import copy_plain
from engine.wdw import texts
from engine.wdw.calculators.knowledge import Knowledge
from engine.wdw.calculators.texts import say
from engine.wdw.checks_army import defended, give, immune_to, levels
from engine.wdw.formulas import income, structure_limit, upkeep
from engine.wdw.home_terrain import class_at, home_terrain
from engine.wdw.mapfile import Field
from engine.wdw.options import WdwOptions
from engine.wdw.population import follow
from engine.wdw.state import STRUCTURES, Realm, Settlement, Unit


@dataclass(frozen=True)
class Site:
    """A settlement's field as the forecast needs it: its terrain class (F1, F2),
    whether it allows Bev 10 (F4: a coast at HS 1 or a navigable river) and whether it
    is an atoll (1.1: no income)."""

    terrain_class: str
    big: bool
    atoll: bool = False

    @classmethod
    def of(cls, field: Field, home: str = "") -> Site:
        """The site of a settlement on ``field`` for a realm whose Heimatgelände is
        ``home`` (normal there, D33)."""
        return cls(class_at(field, home), field.big_site, field.atoll)


@dataclass(frozen=True)
class Holdings:
    """What a forecast reads of a realm: its own settlements and units, and each
    settlement's site by its field."""

    settlements: tuple[Settlement, ...]
    units: tuple[Unit, ...]
    sites: Mapping[str, Site]


@dataclass(frozen=True)
class Plan:
    """A build the forecast pays: ``bwp`` more of ``structure`` in ``settlement``."""

    settlement: Settlement
    structure: str
    bwp: int


@dataclass(frozen=True)
class Payment:
    """One month's BWP of a build: paid (``cost`` the sum of the month's BWP), or
    interrupted for want of ``missing`` GS, or stopped at the structure's limit (F4)."""

    settlement: str
    structure: str
    cost: int
    missing: int = 0
    at_limit: bool = False


@dataclass(frozen=True)
class Spent:
    """A payment of the month being played as its phase booked it: the ledger's
    ``cause`` and ``what`` (engine.wdw.state.Booking) and the GS paid; or an army order
    the treasury could not pay, ``missing`` GS short (``cause`` "army")."""

    cause: str
    what: str
    cost: int
    missing: int = 0


@dataclass(frozen=True)
class Opening:
    """The month being played as its phases carry out the orders given: the treasury it
    begins with, what they paid (:class:`Spent`), and the builds they interrupted or
    stopped at the limit; the realm, settlements and units given to :func:`forecast`
    are then as they stand after it."""

    treasury: int
    spent: tuple[Spent, ...]
    payments: tuple[Payment, ...]


@dataclass(frozen=True)
class MonthRow:
    """One month of the forecast."""

    month: int
    year: int
    start: int
    payments: tuple[Payment, ...]
    income: tuple[tuple[str, int], ...]
    """In an income month: each settlement's net income (F1); else empty."""
    upkeep: int
    end: int
    short: int
    """GS the month could not pay (an interrupted build, upkeep beyond the treasury)."""
    spent: tuple[Spent, ...] = ()
    """In the month being played: what its phases paid (:class:`Opening`)."""


@dataclass(frozen=True)
class Forecast:
    """The forecast of one realm."""

    realm: int
    name: str
    rows: tuple[MonthRow, ...]


def months_to_income(month: int, options: WdwOptions) -> int:
    """Months from ``month`` (counted) to the next income month (counted), D12."""
    for ahead in range(12):
        if (month - 1 + ahead) % 12 + 1 in options.income_months:
            return ahead + 1
    return 12


def next_income(month: int, options: WdwOptions) -> tuple[int, int]:
    """Strategie 2.1, D12: the next Einnahmetermin from ``month`` (the month the reader
    plays next, counted) as (its month 1–12, the months to it counted)."""
    months = months_to_income(month, options)
    return (month - 1 + months - 1) % 12 + 1, months


def forecast(
    realm: Realm,
    holdings: Holdings,
    plans: tuple[Plan, ...],
    start: tuple[int, int],
    months: int,
    options: WdwOptions,
    opening: Opening | None = None,
) -> Forecast:
    """Strategie 2.1, 3.1, 4.2 (F1, F4, F7, F12; D10–D12, D25): ``months`` months from
    ``start`` (month, year) for ``realm`` with its own settlements and units
    (``holdings``). With an ``opening`` the first month is what it paid, and ``plans``
    are the BWP left for the months after. The treasury never goes below 0 (D25)."""
    settlements, units, sites = holdings.settlements, holdings.units, holdings.sites
    built = {(s.name, st): getattr(s, st) for s in settlements for st in STRUCTURES}
    left = [p.bwp for p in plans]
    treasury = realm.treasury
    month, year = start
    rows = []
    for ahead in range(months):
        begin, short = treasury, 0
        payments: list[Payment] = []
        spent: tuple[Spent, ...] = ()
        if ahead == 0 and opening is not None:
            begin, spent, payments = opening.treasury, opening.spent, list(opening.payments)
            short = sum(s.missing for s in spent) + sum(p.missing for p in payments)
        # The month's own phases paid its builds in the opening.
        for i, plan in enumerate(plans if ahead or opening is None else ()):
            place, site = plan.settlement, sites[plan.settlement.kf]
            paid, count, stop = 0, 0, None
            for _ in range(options.build_people):  # D19: the people's BWP a month
                if not left[i]:
                    break
                now = {st: built[(place.name, st)] for st in STRUCTURES}
                if now[plan.structure] + 1 > structure_limit(
                    plan.structure, now, big_site=site.big
                ):
                    stop = Payment(place.name, plan.structure, 0, at_limit=True)
                    left[i] = 0
                    break
                cost = options.bwp_cost(site.terrain_class)
                if cost > treasury:
                    stop = Payment(place.name, plan.structure, cost, cost - treasury)
                    short += cost - treasury
                    break
                treasury -= cost
                built[(place.name, plan.structure)] += 1
                left[i] -= 1
                paid, count = paid + cost, count + 1
            if count:  # one line per build with the month's sum
                payments.append(Payment(place.name, plan.structure, paid))
            if stop is not None:
                payments.append(stop)
        earned: tuple[tuple[str, int], ...] = ()
        paid = 0
        if month in options.income_months:
            earned = tuple(
                (
                    s.name,
                    income(
                        follow(s.population, s.bev, built[(s.name, "bev")]),  # Strategie 3.2
                        sum(built[(s.name, st)] for st in STRUCTURES),
                        sites[s.kf].terrain_class,
                        atoll=sites[s.kf].atoll,
                        exact=options.income_rounding == "exact",
                    ),
                )
                for s in settlements
            )
            # Strategie 4.2: the training months done by then, the first month's counted
            # in the opening already (engine.wdw.phases.arming).
            trained = ahead if opening else ahead + 1
            paid = sum(upkeep(u.unit_class, u.size, _rs(u, trained), options) for u in units)
            after = treasury + sum(n for _, n in earned) - paid
            short += max(0, -after)
            treasury = max(0, after)
        rows.append(
            MonthRow(month, year, begin, tuple(payments), earned, paid, treasury, short, spent)
        )
        month, year = (1, year + 1) if month == 12 else (month + 1, year)
    return Forecast(realm.seat, realm.name, tuple(rows))


def _rs(unit: Unit, months: int) -> int:
    """Strategie 4.2: the unit's RS after ``months`` more months, a training it is in
    done when they cover its months left (it stays in its settlement)."""
    if not 0 < unit.training_months <= months:
        return unit.rs()
    done = copy_plain(unit)
    to = unit.training_to
    give(done, levels(to), defended(to), immune_to(to))
    return done.rs()


def holdings(known: Knowledge, realm: Realm) -> Holdings:
    """The settlements and units ``known`` holds of ``realm`` (a realm's own knowledge, or
    the GM's: the same figures for the same realm), each settlement's site as its
    Heimatgelände makes it (D33)."""
    own = tuple(s for s in known.settlements if s.owner == realm.seat)
    home = home_terrain(realm, known.settlements, known.the_map)
    sites = {s.kf: Site.of(known.field(s.kf), home) for s in own}
    return Holdings(own, tuple(u for u in known.units if u.realm == realm.seat), sites)


def _quiet(row: MonthRow) -> bool:
    """A month in which the treasury neither pays nor earns anything."""
    return (
        not row.payments and not row.spent and not row.income and not row.upkeep and not row.short
    )


def _quiet_line(run: list[MonthRow], lang: str) -> str:
    """A run of quiet months in one line: their first and last, and the treasury."""
    first, last = run[0], run[-1]
    if first is last:
        return say(lang, "economy.quiet", month=first.month, year=first.year, treasury=first.end)
    return say(lang, "economy.quiet_run", first=first, last=last, treasury=last.end)


def _spent_text(spent: Spent, lang: str) -> str:
    """A payment of the month being played, in the words of the printout's ledger."""
    if spent.missing:
        return say(lang, "economy.unpaid", missing=spent.missing)
    where = f" {spent.what}" if spent.what else ""
    return say(
        lang,
        "economy.spent",
        cause=texts.say(lang, f"ledger.{spent.cause}") + where,
        cost=spent.cost,
    )


def render(result: Forecast, lang: str) -> list[str]:
    """The forecast in lines, the shortfalls last; a run of months in which nothing is
    paid or earned in one line (the dossier's part B listed each, design §9.3)."""
    lines = [say(lang, "economy.head", realm=result.realm, name=result.name)]
    run: list[MonthRow] = []
    for row in result.rows:
        if _quiet(row):
            run.append(row)
            continue
        if run:
            lines.append(_quiet_line(run, lang))
            run = []
        parts = [say(lang, "economy.start", treasury=row.start)]
        parts += [_spent_text(s, lang) for s in row.spent]
        for p in row.payments:
            if p.at_limit:
                key = "economy.limit"
            elif p.missing:
                key = "economy.interrupted"
            else:
                key = "economy.build"
            # The texts name the payment's fields (``{payment.cost}``); the structure by
            # its short name, as the printouts say it (Strategie 3.2: "Rüs", not "rues").
            structure = texts.say(lang, f"struct.{p.structure}")
            parts.append(say(lang, key, payment=p, structure=structure))
        if row.income:
            each = ", ".join(f"{name} {n:+d}" for name, n in row.income)
            total = sum(n for _, n in row.income)
            parts.append(say(lang, "economy.income", total=total, each=each, upkeep=row.upkeep))
        parts.append(say(lang, "economy.end", treasury=row.end))
        lines.append(say(lang, "economy.month", month=row.month, year=row.year) + "; ".join(parts))
    if run:
        lines.append(_quiet_line(run, lang))
    short = [r for r in result.rows if r.short]
    if short:
        when = ", ".join(f"{r.month}/{r.year} ({r.short})" for r in short)
        lines.append(say(lang, "economy.short", months=when))
    else:
        lines.append(say(lang, "economy.no_short"))
    return lines
