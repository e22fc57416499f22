"""WAB: the "Feuille de référence WAB 2e édition v2.0" (seed 002), the battle rules of Atlantis battles.

`tables` reads the sheet's tables (data/tables.toml) through small pure functions; `profiles` holds
profiles, units and their formation. docs/rules/wab.md maps the sheet, line by line, to the data and code.
"""
