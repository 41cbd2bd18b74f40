"""A mail on its way in: the IMAP poller, the router (who sent it, may we answer),
the reading of its body, intake in one transaction, the acknowledgement and its echo,
submissions and message orders. May import ``gm`` and every wing below it.
"""
