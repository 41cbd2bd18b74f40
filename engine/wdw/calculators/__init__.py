"""The calculators of Welt der Waben (design §9, most valuable first): each a module of
pure functions, state → a typed result → plain text from this package's catalog
(``locale/``). :mod:`engine.wdw.calculators.registry` lists them and says who may use
which; a player's calculators read only what the realm knows (:mod:`.knowledge`)."""
