"""The rules engine: a static Game, a plain-data State, check-then-act actions (R1-R10)."""
