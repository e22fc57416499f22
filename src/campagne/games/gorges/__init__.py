"""Gorges Tranchées: the "Règles de campagne" of the Île des Gorges Tranchées (seed 001).

`data` reads the seed's tables (data/tables.toml), races (data/races.toml) and fixed numbers
(data/constants.toml); `odds` gives the exact odds of the conquest save roll. docs/rules/gorges.md maps
each section of the seed to the data and code that hold it.
"""
