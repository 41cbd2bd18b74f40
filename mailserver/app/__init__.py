"""The application: what starts and wires the wings together.

Holds ``pbem serve`` (:mod:`.service`), the worker processes (:mod:`.workers`), the demo
game and its local mail stack (:mod:`.demo`, :mod:`.localmail`) and the command line
(:mod:`.cli`). The top wing: it may import every wing below it; nothing imports it.
"""
