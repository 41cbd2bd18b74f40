"""The ``pbem`` command line: one module per command group, one-line errors."""
