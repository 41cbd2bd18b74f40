"""The 40-planet Ashes of Empire galaxy that both editions play on: the postal kind
(``engine.ashes``) and the board game (``engine.ashes_board``) import it from here, so
that names, aliases and distances have one source."""
