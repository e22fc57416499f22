"""The pure rules engine: dice, tables, errors, the command/event game loop.

Nothing in this package does I/O, reads the clock or keeps global mutable state.
"""
