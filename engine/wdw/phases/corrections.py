"""The GM's corrections of the state, first, each logged with its reason (design §4.2)."""

from __future__ import annotations

from engine.wdw import maploading
from engine.wdw.characters import apply_role, read_role
from engine.wdw.formulas import rues_capacity
from engine.wdw.labels import apply_relabel, read_relabel
from engine.wdw.month import Month
from engine.wdw.rulings import correction_of
from engine.wdw.settlement_fixes import apply_settlement_fix, read_settlement_fix
from engine.wdw.territory import apply_grant, read_grant


def run(month: Month) -> None:
    """Apply every correction of the month in the order the GM gave them."""
    state = month.state
    for ruling in month.corrections:
        map_text = maploading.map_text_of(ruling.text)
        if map_text is not None:
            maploading.apply(state, ruling, map_text)
            continue
        role = read_role(ruling.text)
        if role is not None:  # Strategie 6.3: a REP or a settlement's lord
            apply_role(state, role)
            state.log.append(f"{ruling.item} {ruling.text} ({ruling.reason})")
            continue
        relabel = read_relabel(ruling.text)
        if relabel is not None:  # Strategie 3.1, D34: the GM names the kind
            apply_relabel(state, relabel)
            state.log.append(f"{ruling.item} {ruling.text} ({ruling.reason})")
            continue
        grant = read_grant(ruling.text)
        if grant is not None:  # Strategie 1.2, 1.3: the GM gives a realm its land
            apply_grant(state, grant)
            state.log.append(f"{ruling.item} {ruling.text} ({ruling.reason})")
            continue
        settlement_fix = read_settlement_fix(ruling.text)
        if settlement_fix is not None:  # Strategie 3.2: a structure or the inhabitants
            apply_settlement_fix(state, settlement_fix)
            state.log.append(f"{ruling.item} {ruling.text} ({ruling.reason})")
            continue
        fix = correction_of(ruling)
        if fix is None:
            continue  # checked when it came in: cannot happen for a kept ruling
        if fix.what == "size":
            realm, number = (int(x) for x in fix.target.split("/"))
            unit = state.unit(realm, number)
            if unit is not None:
                unit.size = fix.value
        elif fix.what == "capacity":
            place = state.settlement(fix.target)
            if place is not None:  # Strategie 3.4: the half-year's capacity, 0 to full
                # A take-away stops at none left; it never frees what is already used.
                most = max(place.rues_used, rues_capacity(place.rues))
                place.rues_used = min(max(0, place.rues_used - fix.value), most)
        elif fix.what == "treasury":
            month.book(int(fix.target), "correction", fix.value)
        else:
            realm_ = state.realm(int(fix.target))
            # Strategie 6.5: the BükAz runs from -100 to +100.
            realm_.bukaz = max(-100, min(100, realm_.bukaz + fix.value))
        state.log.append(f"{ruling.item} {ruling.text} ({ruling.reason})")
