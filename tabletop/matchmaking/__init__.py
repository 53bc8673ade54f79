"""The ranked queue: players wait for a game, matched by rating within a window that widens with waiting.

`rule.py` is the pure matching rule, `service.py` the queue over the store (no Discord), `post.py` the pass
that opens matched games in the server's queue channel, `commands.py` the replies of `/queue`.
"""
