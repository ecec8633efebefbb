"""What hands hold on a board: outs (:mod:`lookup.board.outs`), in every board game."""

from __future__ import annotations

__all__: list[str] = []
