"""The web pages of the host (docs/web.md): a public page per game and an index, a private
page per player and a GM page per game reached by secret links, and the order form that
checks orders as they are typed and submits them through the mail intake.

The package never names a game: every page is built from ``engine.core`` contracts.
"""
