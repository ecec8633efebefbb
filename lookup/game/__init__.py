"""The games layer: how a hand is formed from hole and board cards, and who wins the pot.

The registry of games and their families (:mod:`~lookup.game.registry`,
:mod:`~lookup.game.family`), evaluation per game (:mod:`~lookup.game.evaluate`,
with Omaha's two-plus-three in :mod:`~lookup.game.omaha`), the one checked
``evaluate`` (:mod:`~lookup.game.entry`), the vectorised showdown kernels of
each family (:mod:`~lookup.game.kernels`), the best five cards of a game
(:mod:`~lookup.game.best_five`), showdowns, pots and the showdown file format.
It never imports equity, holdem or cli.
"""
