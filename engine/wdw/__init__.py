"""Welt der Waben, "Strategie & Taktik" (Strategiemodul 1.00, 2001): a GM-moderated
world of realms on a hex map. The server computes everything mechanical exactly; the GM
rules on what needs judgement (docs/rules-wdw.md, docs/gm-wdw.md)."""
